#!/usr/bin/env bash
# What CI runs inside the bare Debian 12 root (`.ci/run` calls packaging/clean-room.sh with it):
# the README's two commands exactly as a newcomer types them, then the gauntlet. Ends with one
# table of every phase, its seconds, and its cache hits (ccache's, and clang-tidy's cache of
# passes), also when a phase fails.
set -euo pipefail
cd "$(dirname "$0")/.."

PIPEPLAN_CI_STATS=$(mktemp /tmp/pipeplan-ci-stats.XXXXXX)
export PIPEPLAN_CI_STATS
started_all=$SECONDS

table() {
    local status=$?
    printf '\n==== phases (%s)\n' "$([ "$status" -eq 0 ] && echo green || echo "FAILED, exit $status")"
    awk -F '\t' '{ printf "%-52s %5d s  %s\n", $1, $2, $3 }
                 match($3, /ccache [0-9]+\/[0-9]+/) {
                     split(substr($3, RSTART + 7, RLENGTH - 7), n, "/"); hits += n[1]; calls += n[2] }
                 END { if (calls > 0) printf "%-52s          ccache %d/%d hits (%.0f %%)\n",
                                             "compiles in all", hits, calls, 100 * hits / calls }' \
        "$PIPEPLAN_CI_STATS"
    printf '%-52s %5d s\n' "inside the clean room, in all" $((SECONDS - started_all))
}
trap table EXIT

# ci_phase LABEL COMMAND...: a phase of this script's own (dev.sh records its own phases).
ci_phase() {
    local label=$1 started=$SECONDS
    shift
    printf '\n==== %s: %s\n' "$label" "$*"
    "$@"
    printf '%s\t%d\t\n' "$label" $((SECONDS - started)) >>"$PIPEPLAN_CI_STATS"
}

# 1. The test command (installs the packages on this bare root first).
bash packaging/dev.sh test

# 2. The run command: --version, then the window rendered to a PNG on a real X server (xcb).
version_output=$(bash packaging/dev.sh run --version | tail -n 1)
echo "$version_output"
grep -qE '^pipeplan [0-9]+\.[0-9]+\.[0-9]+$' <<<"$version_output" || {
    echo "dev.sh run --version printed '$version_output'" >&2
    exit 1
}
smoke=/tmp/pipeplan-smoke.png
rm -f "$smoke"
ci_phase "run --screenshot under Xvfb (build is a no-op)" \
    xvfb-run -a -s '-screen 0 1600x1000x24' bash packaging/dev.sh run --default --screenshot "$smoke"
./build-ci/tests/pipeplan-pngcheck "$smoke"

# 3. The gauntlet: clang-tidy, core-only, ASan+UBSan, the .deb (lintian, installed, man, completion).
export PIPEPLAN_INSTALL_DEB=1
bash packaging/dev.sh check
