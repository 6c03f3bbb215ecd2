#!/usr/bin/env bash
# Installs the Debian 12 packages PipePlan needs; only what is missing. Runs apt-get as root
# directly, or through sudo for a normal user.
#
#   bash packaging/install-deps.sh          what `dev.sh run` needs: build the window and run it
#   bash packaging/install-deps.sh test     also what `dev.sh test` needs (an X server, PDF tools,
#                                           clang-format, the desktop-file validators)
#   bash packaging/install-deps.sh check    also what `dev.sh check` needs (clang-tidy, lintian)
#
# Every package is named here: apt runs with --no-install-recommends, so nothing may be reached
# only through a Recommends (Qt6Charts' CMake config needs Qt6OpenGL's, which qt6-base-dev only
# recommends; the offscreen and xcb platform plugins are only recommended by libqt6gui6).
set -euo pipefail

mode=${1:-run}
case "$mode" in
run | test | check) ;;
*)
    echo "usage: $0 [run | test | check]" >&2
    exit 2
    ;;
esac
packages=(
    # build (ccache: rebuilds and the other presets reuse what was compiled once)
    cmake ninja-build g++ pkg-config ca-certificates ccache
    qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-charts-dev qt6-svg-dev
    # lupdate and lrelease: the sentences to translate and the pseudo-locale the build makes
    qt6-l10n-tools
    libqcustomplot-dev libgl-dev
    # CMake looks for the test and benchmark frameworks whenever it configures
    libgtest-dev libgmock-dev libbenchmark-dev
    # measured runs (GSL's nonlinear least squares) and profiler traces (RapidJSON SAX, zlib)
    libgsl-dev rapidjson-dev zlib1g-dev
    # man pages generated from the programs' own --help (CMake needs it to configure)
    help2man
    # running the window: platform plugins (xcb, offscreen), fonts, the SVG icon
    qt6-qpa-plugins libqt6svg6 fontconfig fonts-dejavu-core
)
if [ "$mode" = test ] || [ "$mode" = check ]; then
    packages+=(
        # the tests: a formatting check, an X server, PDF tools, a tiny full filesystem
        clang-format xvfb xauth poppler-utils util-linux
        # desktop integration checks
        desktop-file-utils appstream
        # pipeplan-cli watch against a real server: the tests start their own on a loopback port
        prometheus
    )
fi
if [ "$mode" = check ]; then
    packages+=(clang-tidy lintian dpkg-dev file man-db bash-completion)
fi

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
