#!/usr/bin/env bash
# Runs clang-tidy (with the root .clang-tidy) over the project's own sources, core/ app/ ui/,
# and fails on any warning.
#
#   packaging/clang-tidy.sh BUILD_DIR
#
# BUILD_DIR holds compile_commands.json (every CMake preset exports it) and must have been built
# once, so that the moc files the sources include exist. Two files at a time (JOBS=N to change);
# CLANG_TIDY=path picks another clang-tidy.
#
# A file that passed is remembered in a cache of passes ($PIPEPLAN_TIDY_CACHE, default
# ~/.cache/pipeplan-clang-tidy; CI's clean room keeps it between runs), keyed by clang-tidy's
# version, the .clang-tidy, the file's compile command and its preprocessed text (every header it
# includes, the moc output too). A file is checked again whenever any of those changed; a failure
# is never remembered. PIPEPLAN_TIDY_CACHE=off checks every file. With PIPEPLAN_PHASE_NOTE=FILE
# (packaging/dev.sh's phases), the hits are written to FILE for CI's table.
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
cache=${PIPEPLAN_TIDY_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pipeplan-clang-tidy}

cd "$(dirname "$0")/.."
source_dir=$(pwd)
shopt -s nullglob
files=(core/*/*.cpp core/*/*/*.cpp app/*.cpp app/*/*.cpp ui/*/*.cpp)
version=$("$clang_tidy" --version)
echo "clang-tidy: ${#files[@]} files, $jobs at a time ($(grep -m1 -o 'version [0-9.]*' <<<"$version"))"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake -DCOMPILE_COMMANDS="$build_dir/compile_commands.json" -DOUTPUT="$scratch/commands.tsv" \
    -P packaging/tidy-commands.cmake
# What every key starts with: the tool and its configuration.
{
    printf '%s\n' "$version"
    cat .clang-tidy
} >"$scratch/config"
if [[ $cache != off ]]; then
    mkdir -p "$cache"
    # Passes nobody asked about for 60 days are dropped.
    find "$cache" -type f -name '*.passed' -mtime +60 -delete 2>/dev/null || true
fi

# Each file's report is printed whole once that file is done, so parallel reports do not mix;
# the "N warnings generated." counts (mostly suppressed ones in Qt's headers) are left out.
# xargs exits non-zero if any clang-tidy did.
status=0
# shellcheck disable=SC2016 # the inner script expands its own arguments
printf '%s\0' "${files[@]}" | xargs -0 -n1 -P"$jobs" bash -c '
    set -uo pipefail
    clang_tidy=$1 build_dir=$2 scratch=$3 cache=$4 source_dir=$5 file=$6
    key=""
    if [ "$cache" != off ]; then
        entry=$(awk -F "\t" -v f="$source_dir/$file" "\$1 == f { print; exit }" "$scratch/commands.tsv")
        if [ -n "$entry" ]; then
            directory=$(cut -f2 <<<"$entry")
            command=$(cut -f3 <<<"$entry")
            preprocess=$(cut -f4 <<<"$entry")
            # A file that does not preprocess gets no key: clang-tidy then says what is wrong.
            if key=$({ cat "$scratch/config"; printf "%s\n" "$command";
                       (cd "$directory" && sh -c "$preprocess") || exit 1; } | sha256sum); then
                key=${key%% *}
            else
                key=""
            fi
        fi
        if [ -n "$key" ] && [ -f "$cache/$key.passed" ]; then
            touch "$cache/$key.passed"
            : >"$scratch/hit.${file//\//_}"
            exit 0
        fi
    fi
    out=$("$clang_tidy" -p "$build_dir" --quiet --warnings-as-errors="*" "$file" 2>&1) && rc=0 || rc=$?
    printf "%s\n" "$out" | grep -Ev "^$|^[0-9]+ warnings?( and [0-9]+ errors?)? generated\.$" || true
    if [ "$rc" -ne 0 ]; then echo "clang-tidy: $file: FAILED (exit $rc)"; exit 1; fi
    if [ -n "$key" ]; then printf "%s\n" "$file" >"$cache/$key.passed.$$" &&
        mv "$cache/$key.passed.$$" "$cache/$key.passed"; fi
' bash "$clang_tidy" "$build_dir" "$scratch" "$cache" "$source_dir" || status=$?

hits=$(find "$scratch" -name 'hit.*' | wc -l)
echo "clang-tidy: $hits of ${#files[@]} files passed before with the same key (cache $cache);" \
    "$((${#files[@]} - hits)) checked"
if [[ -n ${PIPEPLAN_PHASE_NOTE:-} ]]; then
    echo "tidy cache $hits/${#files[@]} files passed before" >"$PIPEPLAN_PHASE_NOTE"
fi
if [[ $status -ne 0 ]]; then
    echo "clang-tidy: failed, see the reports above" >&2
    exit 1
fi
echo "clang-tidy: no warnings"
