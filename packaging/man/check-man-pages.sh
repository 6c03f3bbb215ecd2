#!/usr/bin/env bash
# A ctest: the generated man pages hold every subcommand of pipeplan-cli and every flag that
# `pipeplan-cli COMMAND --help` and `pipeplan --help` print (the manuals stay in sync with the
# programs).   check-man-pages.sh BIN_DIR MAN_DIR [--cli-only]
set -euo pipefail
bin_dir=$(cd "$1" && pwd)
man_dir=$2
cli_only=${3:-}
export PATH="$bin_dir:$PATH" QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
failures=0

# The page's text with roff's \- turned back into -.
page_text() { sed -e 's/\\-/-/g' "$1"; }
flags_of() { grep -oE '^ +(-[a-zA-Z], )?--[a-z0-9-]+' | grep -oE -- '--[a-z0-9-]+'; }
expect() { # expect PAGE WHAT TEXT
    if ! grep -qF -- "$3" <<<"$(page_text "$1")"; then
        echo "$(basename "$1"): $2 '$3' is missing (regenerate: packaging/man/make-man-pages.sh)" >&2
        failures=$((failures + 1))
    fi
}

cli_page=$man_dir/pipeplan-cli.1
test -s "$cli_page" || { echo "no $cli_page" >&2; exit 1; }
commands=$(pipeplan-cli --help | awk '/^Commands:/ { inside = 1; next }
                                      inside && !finished && /^  [a-z]/ { print $1; next }
                                      inside { inside = 0; finished = 1 }')
[ -n "$commands" ] || { echo "pipeplan-cli --help lists no commands" >&2; exit 1; }
# The lines of one subcommand's .SS block.
block_of() {
    page_text "$cli_page" | awk -v title=".SS \"pipeplan-cli $1\"" '
        $0 == title { inside = 1; next }
        inside && /^\.S[SH] / { inside = 0 }
        inside { print }'
}
for command in $commands; do
    expect "$cli_page" "subcommand" ".SS \"pipeplan-cli $command\""
    block=$(block_of "$command")
    for flag in $({ pipeplan-cli "$command" --help 2>&1 || true; } | flags_of); do
        if ! grep -qE -- "^\\\\fB(-[a-zA-Z], )?$flag\\\\fR" <<<"$block"; then
            echo "pipeplan-cli.1: flag $flag of $command is missing" >&2
            failures=$((failures + 1))
        fi
    done
done
if [ "$cli_only" != --cli-only ]; then
    gui_page=$man_dir/pipeplan.1
    test -s "$gui_page" || { echo "no $gui_page" >&2; exit 1; }
    for flag in $(pipeplan --help 2>/dev/null | flags_of); do
        expect "$gui_page" "option" "$flag"
    done
fi
[ "$failures" -eq 0 ] && echo "man pages list $(wc -w <<<"$commands") commands and every flag"
exit $((failures > 0))
