#!/usr/bin/env bash
# A ctest: the bash completion offers pipeplan-cli's subcommands and a subcommand's flags, as the
# program's --help lists them.   check-completion.sh BIN_DIR COMPLETION_FILE
set -euo pipefail
export PATH="$(cd "$1" && pwd):$PATH"
# shellcheck source=/dev/null
source "$2"
complete -p pipeplan-cli >/dev/null

complete_line() { # complete_line WORD... : COMPREPLY for the last word
    COMP_WORDS=(pipeplan-cli "$@")
    COMP_CWORD=$#
    _pipeplan_cli
    printf '%s\n' "${COMPREPLY[@]}"
}
failures=0
expect() { # expect "WORDS" CANDIDATE
    local words
    read -r -a words <<<"$1"
    [ "${1: -1}" = " " ] && words+=("")
    if ! complete_line "${words[@]}" | grep -xF -- "$2" >/dev/null; then
        echo "completing 'pipeplan-cli $1' does not offer '$2'" >&2
        failures=$((failures + 1))
    fi
}
expect_not() {
    local words
    read -r -a words <<<"$1"
    if complete_line "${words[@]}" | grep -xF -- "$2" >/dev/null; then
        echo "completing 'pipeplan-cli $1' offers '$2'" >&2
        failures=$((failures + 1))
    fi
}
for command in $(_pipeplan_cli_commands); do expect "${command:0:3}" "$command"; done
[ "$(_pipeplan_cli_commands | wc -l)" -ge 12 ] || { echo "too few commands" >&2; exit 1; }
expect "run" runtime
expect "runtime --us" --users
expect "runtime --" --parallel-fraction
expect_not "runtime --" --stage-ms
expect "pipeline --" --stage-ms
# A core-only build has no report command to complete flags for.
if pipeplan-cli report --help >/dev/null 2>&1; then
    expect "report x.json -" -o
    expect "report x.json --pa" --page
fi
expect "report x.json --page " a4
expect "schedule --schedule " zb-h1
expect "montecarlo --distribution t" triangular
[ "$failures" -eq 0 ] && echo "completion offers every command and its flags"
exit $((failures > 0))
