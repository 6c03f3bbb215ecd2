#!/bin/sh
# The folders of core/ form layers, and no file includes a folder above its own: inputs below,
# evaluation above (core/model holds the scenario's inputs, core/plan its evaluation, the file
# format and the plan result).
#
#   core-layers.sh SOURCE_DIR
set -u
cd "$1/core" || exit 1
layer() {
    case $1 in
    base) echo 0 ;;
    measured | tail | training | hardware) echo 1 ;;
    project) echo 2 ;;
    track) echo 3 ;;
    model) echo 4 ;;
    plan) echo 5 ;;
    watch) echo 6 ;;
    *) echo "" ;;
    esac
}
status=0
for dir in */; do
    dir=${dir%/}
    own=$(layer "$dir")
    if [ -z "$own" ]; then
        echo "core/$dir: a folder with no layer: add it to tests/tools/core-layers.sh" >&2
        status=1
        continue
    fi
    for file in "$dir"/*.h "$dir"/*.cpp; do
        [ -e "$file" ] || continue
        for included in $(sed -n 's|^#include "core/\([a-z]*\)/.*|\1|p' "$file" | sort -u); do
            other=$(layer "$included")
            if [ -z "$other" ] || [ "$other" -gt "$own" ] ||
                { [ "$other" -eq "$own" ] && [ "$included" != "$dir" ]; }; then
                echo "core/$file includes core/$included/, which is not below core/$dir/" >&2
                status=1
            fi
        done
    done
done
[ "$status" -eq 0 ] && echo "core/: every include points down (base < hardware, measured, tail, training < project < track < model < plan < watch)"
exit "$status"
