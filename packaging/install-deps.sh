#!/usr/bin/env bash
# Installs the Debian 12 packages PipePlan needs to build, test and run; only what is missing.
# Runs apt-get as root directly, or through sudo for a normal user.
set -euo pipefail

packages=(
    # build
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev libqcustomplot-dev libgl-dev
    libgtest-dev libbenchmark-dev clang-format clang-tidy
    # looking at the program and its reports (tests use them too)
    xvfb xauth poppler-utils
    # desktop integration checks
    desktop-file-utils appstream
)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
