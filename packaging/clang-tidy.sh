#!/usr/bin/env bash
# Runs clang-tidy (with the root .clang-tidy) over the project's own sources, core/ app/ ui/,
# and fails on any warning.
#
#   packaging/clang-tidy.sh BUILD_DIR
#
# BUILD_DIR holds compile_commands.json (every CMake preset exports it) and must have been built
# once, so that the moc files the sources include exist. Two files at a time (JOBS=N to change);
# CLANG_TIDY=path picks another clang-tidy. Takes several minutes: the analyzer checks are slow on
# Qt code.
set -euo pipefail

if [[ $# -ne 1 ]]; then
    echo "usage: $0 BUILD_DIR (a built directory with compile_commands.json)" >&2
    exit 2
fi
build_dir=$(cd "$1" && pwd)
if [[ ! -f "$build_dir/compile_commands.json" ]]; then
    echo "$0: no compile_commands.json in $build_dir (configure with" \
        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON)" >&2
    exit 2
fi
clang_tidy=${CLANG_TIDY:-clang-tidy}
jobs=${JOBS:-2}

cd "$(dirname "$0")/.."
shopt -s nullglob
files=(core/*/*.cpp app/*.cpp app/*/*.cpp ui/*/*.cpp)
echo "clang-tidy: ${#files[@]} files, $jobs at a time ($("$clang_tidy" --version | grep -m1 -o 'version [0-9.]*'))"

# Each file's report is printed whole once that file is done, so parallel reports do not mix;
# the "N warnings generated." counts (mostly suppressed ones in Qt's headers) are left out.
# xargs exits non-zero if any clang-tidy did.
status=0
# shellcheck disable=SC2016 # the inner script expands its own arguments
printf '%s\0' "${files[@]}" | xargs -0 -n1 -P"$jobs" sh -c '
    out=$("$0" -p "$1" --quiet --warnings-as-errors="*" "$2" 2>&1) && rc=0 || rc=$?
    printf "%s\n" "$out" | grep -Ev "^$|^[0-9]+ warnings?( and [0-9]+ errors?)? generated\.$" || true
    if [ "$rc" -ne 0 ]; then echo "clang-tidy: $2: FAILED (exit $rc)"; exit 1; fi
' "$clang_tidy" "$build_dir" || status=$?

if [[ $status -ne 0 ]]; then
    echo "clang-tidy: failed, see the reports above" >&2
    exit 1
fi
echo "clang-tidy: no warnings"
