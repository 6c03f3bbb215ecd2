#!/usr/bin/env bash
# Writes the man pages pipeplan.1 and pipeplan-cli.1 into OUT_DIR from the programs' own --help
# (Debian's help2man), so a flag added to a program is in its manual at the next build:
#   make-man-pages.sh BIN_DIR OUT_DIR [--cli-only]
# pipeplan-cli's page gets a COMMANDS section with every subcommand's usage and flags, read from
# `pipeplan-cli COMMAND --help`. check-man-pages.sh (a ctest) proves nothing was dropped.
set -euo pipefail
bin_dir=$(cd "$1" && pwd)
out_dir=$2
cli_only=${3:-}
mkdir -p "$out_dir"
export PATH="$bin_dir:$PATH" QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
# Qt's warnings about a missing runtime directory are not part of any help text.
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}

# roff: backslashes as \e, minus signs as \-, a leading . or ' made literal.
roff() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\([.']\)/\\\\\&\1/"; }

# A command's --help; a core-only build's `report --help` says it is not built, and exits 2.
command_help() { pipeplan-cli "$1" --help 2>&1 || true; }

cli_commands() {
    pipeplan-cli --help | awk '/^Commands:/ { inside = 1; next }
                               inside && !finished && /^  [a-z]/ { print $1; next }
                               inside { inside = 0; finished = 1 }'
}

# One .SS per subcommand: its description, its usage and a .TP per flag.
cli_commands_section() {
    echo '[COMMANDS]'
    local command
    for command in $(cli_commands); do
        printf '.SS "%s"\n' "$(printf 'pipeplan-cli %s' "$command" | roff)"
        command_help "$command" | awk '
            function roff(text) {
                gsub(/\\/, "\\e", text); gsub(/-/, "\\-", text)
                if (text ~ /^[.\047]/) text = "\\&" text
                return text
            }
            /^Usage: / { usage = substr($0, 8); next }
            /^ +-/ {
                line = $0
                sub(/^ +/, "", line)
                # The flag (and its short form), then an optional value such as X, FILE,
                # KEY=VALUE or a4|letter, then the description after the spaces.
                match(line, /^(-[a-zA-Z], )?--[a-z0-9-]+/)
                flag = substr(line, 1, RLENGTH); rest = substr(line, RLENGTH + 1)
                value = ""
                if (match(rest, /^ [A-Z][A-Za-z0-9=_.|]*|^ [a-z0-9]+\|[a-z0-9|]+/)) {
                    value = substr(rest, 2, RLENGTH - 1); rest = substr(rest, RLENGTH + 1)
                }
                sub(/^ +/, "", rest)
                flags[++count] = ".TP\n\\fB" roff(flag) "\\fR" (value == "" ? "" : " \\fI" roff(value) "\\fR") "\n" roff(rest)
                next
            }
            /^ *$/ { next }
            { about = about (about == "" ? "" : "\n") roff($0) }
            END {
                if (about != "") print about
                print ".PP\nUsage: \\fB" roff(usage) "\\fR"
                for (i = 1; i <= count; i++) print flags[i]
            }'
    done
}

includes=$(mktemp)
trap 'rm -f "$includes"' EXIT
{
    cli_commands_section
    echo '[EXIT STATUS]'
    echo '0 on success; 2 on invalid input, with one line on standard error naming the flag and what is wrong.'
    echo '[SEE ALSO]'
    echo '.BR pipeplan (1)'
} >"$includes"
help2man --no-info --section 1 --source PipePlan \
    --name 'plan the runtime and scaling of batch jobs and pipelines (command line)' \
    --include "$includes" --output "$out_dir/pipeplan-cli.1" pipeplan-cli

[ "$cli_only" = --cli-only ] && exit 0
{
    echo '[DESCRIPTION]'
    echo 'PipePlan shows how long a batch scoring job runs, how it scales with workers (linear and'
    echo 'Amdahl-limited), which pipeline stage is the bottleneck, where a pipeline idles, and which'
    echo 'lever (pre-filtering, a faster device, batching, more workers) shortens it most.'
    echo 'It also schedules training pipelines and estimates the project around them.'
    echo '[FILES]'
    echo '.TP'
    echo '\fI*.pipeplan.json\fR'
    echo 'Scenario files (format documented in the project).'
    echo '[SEE ALSO]'
    echo '.BR pipeplan\-cli (1)'
} >"$includes"
help2man --no-info --section 1 --source PipePlan \
    --name 'plan the runtime and scaling of batch jobs and pipelines' \
    --include "$includes" --output "$out_dir/pipeplan.1" pipeplan
