#!/bin/sh
# The compiler launcher (CMAKE_CXX_COMPILER_LAUNCHER) when ccache is installed:
#
#   ccache-compile.sh SOURCE_DIR COMPILER ARGS...
#
# One cache serves every preset of a checkout (build/, build-ci/, build-core/): paths under
# SOURCE_DIR are hashed relative to it (base_dir), the build directory is not hashed (hash_dir),
# and -Werror is left out of the hash (ignore_options), so the README's run command after the
# test command, and the core-only build, are cache hits of the -Werror build's objects.
#
# Leaving -Werror out of the hash must not let a warning through: a hit replays the compiler's
# stderr but returns 0, so an object cached by a build without -Werror (whose compile warned)
# would pass a -Werror build silently. When -Werror is on the command line, any "warning:" on the
# stderr fails the compile here and removes the object, exactly as the compiler would have.
# tests/tools/ccache-werror-test.sh proves it.
#
# The cache lives where ccache keeps it ($CCACHE_DIR, else ~/.cache/ccache); CI's clean room
# mounts a directory kept between runs there.
set -u
source_dir=$1
shift

export CCACHE_BASEDIR="$source_dir"
export CCACHE_NOHASHDIR=1
export CCACHE_IGNOREOPTIONS="-Werror"
: "${CCACHE_MAXSIZE:=12G}"
export CCACHE_MAXSIZE

werror=0
output=""
previous=""
for argument in "$@"; do
    [ "$argument" = -Werror ] && werror=1
    [ "$previous" = -o ] && output=$argument
    previous=$argument
done

if [ "$werror" -eq 0 ]; then
    exec ccache "$@"
fi

stderr_file=$(mktemp "${TMPDIR:-/tmp}/pipeplan-ccache.XXXXXX") || exit 1
ccache "$@" 2>"$stderr_file"
status=$?
cat "$stderr_file" >&2
if [ "$status" -eq 0 ] && grep -q 'warning:' "$stderr_file"; then
    echo "ccache-compile.sh: -Werror: the compile warned (the warning above); failing as the" \
        "compiler would" >&2
    [ -n "$output" ] && rm -f "$output"
    status=1
fi
rm -f "$stderr_file"
exit "$status"
