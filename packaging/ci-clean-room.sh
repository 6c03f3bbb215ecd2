#!/usr/bin/env bash
# What CI runs inside the bare Debian 12 root (`.ci/run` calls packaging/clean-room.sh with it):
# the README's two commands exactly as a newcomer types them, then the gauntlet. Prints the time
# each step took.
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
timed() { # timed LABEL COMMAND...
    local label=$1 started=$SECONDS
    shift
    printf '\n==== %s: %s\n' "$label" "$*"
    "$@"
    timings+=("$(printf '%-44s %4d s' "$label" $((SECONDS - started)))")
}

# 1. The test command (installs the packages on this bare root first).
timed "dev.sh test (install, build, every test)" bash packaging/dev.sh test

# 2. The run command: --version, then the window rendered to a PNG on a real X server (xcb).
version_output=$(bash packaging/dev.sh run --version | tail -n 1)
echo "$version_output"
grep -qE '^pipeplan [0-9]+\.[0-9]+\.[0-9]+$' <<<"$version_output" || {
    echo "dev.sh run --version printed '$version_output'" >&2
    exit 1
}
smoke=/tmp/pipeplan-smoke.png
rm -f "$smoke"
timed "dev.sh run --screenshot (under Xvfb)" \
    xvfb-run -a -s '-screen 0 1600x1000x24' bash packaging/dev.sh run --default --screenshot "$smoke"
./build-ci/tests/pipeplan-pngcheck "$smoke"

# 3. The gauntlet: clang-tidy, core-only, ASan+UBSan, the .deb (lintian, installed, man, completion).
export PIPEPLAN_INSTALL_DEB=1
timed "dev.sh check (tidy, core-only, asan, .deb)" bash packaging/dev.sh check

printf '\n==== timings\n'
printf '%s\n' "${timings[@]}"
