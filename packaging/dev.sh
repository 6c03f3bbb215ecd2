#!/usr/bin/env bash
# The two-command start (see README.md):
#   bash packaging/dev.sh run    install what is missing, build, open PipePlan on its default scenario
#   bash packaging/dev.sh test   install what is missing, build with warnings as errors, run every test
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-run}
bash packaging/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)

case "$mode" in
run)
    cmake --preset default >/dev/null
    cmake --build --preset default -j "$jobs"
    shift || true
    exec ./build/app/pipeplan "$@"
    ;;
test)
    # The whole project, warnings as errors.
    cmake --preset ci
    cmake --build --preset ci -j "$jobs"
    ctest --preset ci -j "$jobs"
    # Static analysis of core/, app/ and ui/ with the root .clang-tidy; any warning fails.
    bash packaging/clang-tidy.sh build-ci
    # The core and the CLI alone, with QtGui/QtWidgets not even looked for: the model stays pure.
    cmake --preset core-only
    cmake --build --preset core-only -j "$jobs"
    ctest --preset core-only -j "$jobs"
    # Everything again under AddressSanitizer and UndefinedBehaviorSanitizer. Leak checking is off:
    # Qt keeps process-lifetime allocations (fonts, plugins) that are not leaks of ours.
    cmake --preset asan
    cmake --build --preset asan -j "$jobs"
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        ctest --preset asan -j "$jobs"
    ;;
*)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac
