#!/bin/sh
# The compiler cache cannot hide a warning from -Werror (packaging/ccache-compile.sh):
# a file whose compile warns is cached by a build without -Werror, then compiled again with
# -Werror. ccache hashes without -Werror, so the second compile is a hit of the first; it must
# still fail, and leave no object behind.
#
#   ccache-werror-test.sh LAUNCHER COMPILER
set -u
launcher=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
compiler=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CCACHE_DIR="$work/cache"
cd "$work" || exit 1

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
hits() { ccache --print-stats | awk -F '\t' '$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { n += $2 } END { print n + 0 }'; }

cat >warns.cpp <<'CPP'
int answer()
{
    int unused = 0; // -Wunused-variable
    return 42;
}
CPP

# 1. Without -Werror: compiles, warns, and the object is cached with its warning.
sh "$launcher" "$work" "$compiler" -Wall -c warns.cpp -o warns.o 2>first.err ||
    fail "the compile without -Werror failed: $(cat first.err)"
grep -q 'warning:.*unused' first.err || fail "the first compile did not warn: $(cat first.err)"
[ -s warns.o ] || fail "no object from the first compile"
[ "$(hits)" -eq 0 ] || fail "a hit in an empty cache"

# 2. The same command again is a hit, and replays the warning.
rm -f warns.o
sh "$launcher" "$work" "$compiler" -Wall -c warns.cpp -o warns.o 2>second.err ||
    fail "the second compile without -Werror failed"
[ "$(hits)" -eq 1 ] || fail "the second compile was not a cache hit ($(hits) hits)"
grep -q 'warning:' second.err || fail "the hit did not replay the warning"

# 3. With -Werror: still a hit of the same object (-Werror is not hashed), and it fails.
rm -f warns.o
if sh "$launcher" "$work" "$compiler" -Wall -Werror -c warns.cpp -o warns.o 2>third.err; then
    fail "-Werror passed a cached warning: $(cat third.err)"
fi
[ "$(hits)" -eq 2 ] || fail "the -Werror compile was not the cache hit this test is about ($(hits) hits)"
grep -q 'warning:' third.err || fail "the failing -Werror compile did not show the warning"
[ ! -e warns.o ] || fail "the failing -Werror compile left an object behind"

# 4. A clean file under -Werror passes through the same launcher (the guard is not always-fail).
printf 'int clean() { return 1; }\n' >clean.cpp
sh "$launcher" "$work" "$compiler" -Wall -Werror -c clean.cpp -o clean.o 2>fourth.err ||
    fail "a clean file failed under -Werror: $(cat fourth.err)"
[ -s clean.o ] || fail "no object for the clean file"

echo "PASS: a cached warning still fails -Werror ($(hits) hits)"
