#!/usr/bin/env bash
# The two-command start (see README.md), and the longer gauntlet:
#   bash packaging/dev.sh run [ARGS]   install what is missing, build the window (the pipeplan
#                                      target and what it links, nothing else), open PipePlan
#                                      (ARGS go to it)
#   bash packaging/dev.sh test         install what is missing, build everything with warnings as
#                                      errors, run every test (about 5 minutes on 2 cores from a
#                                      clean clone, under one when ccache holds the objects)
# Each step is a phase; with PIPEPLAN_CI_STATS=FILE its seconds and cache hits go to FILE (CI's
# table at the end of packaging/ci-clean-room.sh).
#   bash packaging/dev.sh check        the gauntlet: clang-tidy, the core alone without QtGui, the
#                                      whole suite under ASan+UBSan, and the .deb checked by lintian
#   bash packaging/dev.sh package      the .deb alone (build-ci/pipeplan_*.deb), checked by lintian;
#                                      PIPEPLAN_INSTALL_DEB=1 also installs it and checks man and
#                                      bash completion as installed (CI's clean room does)
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-run}
shift || true
jobs=$(nproc 2>/dev/null || echo 2)

step() { printf '\n== %s (%s)\n' "$*" "$(date +%H:%M:%S)"; }

# ccache's hits and misses so far ("HITS MISSES"), to tell each phase's share; "none" before
# ccache is installed (a phase that installs it compiled nothing).
ccache_counts() {
    if command -v ccache >/dev/null; then
        ccache --print-stats 2>/dev/null | awk -F '\t' '
            $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hits += $2 }
            $1 == "cache_miss" { misses += $2 }
            END { print hits + 0, misses + 0 }'
    else
        echo none
    fi
}

# phase LABEL COMMAND...: runs COMMAND as one step. With PIPEPLAN_CI_STATS=FILE, appends
# "LABEL <tab> SECONDS <tab> NOTE" to FILE, NOTE being ccache's hits in the phase, or what the
# command wrote to $PIPEPLAN_PHASE_NOTE (clang-tidy's cache of passes does).
phase() {
    local label=$1 started=$SECONDS before after note
    shift
    step "$label"
    before=$(ccache_counts)
    PIPEPLAN_PHASE_NOTE=$(mktemp)
    export PIPEPLAN_PHASE_NOTE
    local status=0
    "$@" || status=$?
    if [ "$status" -ne 0 ]; then
        rm -f "$PIPEPLAN_PHASE_NOTE"
        if [ -n "${PIPEPLAN_CI_STATS:-}" ]; then
            printf '%s	%d	FAILED (exit %d)
' "$label" $((SECONDS - started)) "$status" >>"$PIPEPLAN_CI_STATS"
        fi
        exit "$status"
    fi
    after=$(ccache_counts)
    note=$(cat "$PIPEPLAN_PHASE_NOTE")
    rm -f "$PIPEPLAN_PHASE_NOTE"
    if [ -z "$note" ]; then
        note=$(awk -v before="$before" -v after="$after" 'BEGIN {
            if (before == "none" || after == "none") exit
            split(before, b, " "); split(after, a, " ")
            hits = a[1] - b[1]; calls = hits + a[2] - b[2]
            if (calls > 0) printf "ccache %d/%d hits (%.0f %%)", hits, calls, 100 * hits / calls }')
    fi
    if [ -n "${PIPEPLAN_CI_STATS:-}" ]; then
        printf '%s\t%d\t%s\n' "$label" $((SECONDS - started)) "$note" >>"$PIPEPLAN_CI_STATS"
    fi
}

configure_and_build() { # configure_and_build PRESET [ninja target...]
    local preset=$1
    shift
    cmake --preset "$preset" >/dev/null
    if [ $# -gt 0 ]; then
        cmake --build --preset "$preset" -j "$jobs" --target "$@"
    else
        cmake --build --preset "$preset" -j "$jobs"
    fi
}

build_ci() { configure_and_build ci; }

package() {
    build_ci
    step "package: cpack -G DEB"
    rm -f build-ci/pipeplan_*.deb
    (cd build-ci && cpack -G DEB >/dev/null)
    local deb
    deb=$(ls build-ci/pipeplan_*.deb)
    step "package: lintian $deb"
    # --fail-on warning: a warning is as red as an error. Overrides live in
    # packaging/lintian-overrides, each with the reason it is right.
    lintian --fail-on error,warning --tag-display-limit 0 "$deb"
    step "package: man pages and bash completion in $deb"
    local unpacked
    unpacked=$(mktemp -d)
    dpkg-deb -x "$deb" "$unpacked"
    for page in pipeplan pipeplan-cli; do
        test -s "$unpacked/usr/share/man/man1/$page.1.gz" || {
            echo "missing man page $page.1.gz" >&2
            exit 1
        }
    done
    test -s "$unpacked/usr/share/bash-completion/completions/pipeplan-cli"
    rm -rf "$unpacked"
    if [ "${PIPEPLAN_INSTALL_DEB:-0}" = 1 ]; then
        step "package: install $deb and use it as a person would"
        local as_root=()
        [ "$(id -u)" -eq 0 ] || as_root=(sudo)
        DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "./$deb" >/dev/null
        pipeplan-cli --version
        # man(1) lists every subcommand of pipeplan-cli.
        local manual
        manual=$(MANWIDTH=100 man pipeplan-cli 2>/dev/null)
        local commands
        commands=$(pipeplan-cli --help | awk '/^Commands:/ { inside = 1; next }
                                             inside && /^  [a-z]/ { print $1; next }
                                             inside { inside = 0 }')
        for command in $commands; do
            grep -qw -- "$command" <<<"$manual" || {
                echo "man pipeplan-cli does not mention '$command'" >&2
                exit 1
            }
        done
        MANWIDTH=100 man pipeplan >/dev/null
        # bash-completion loads the completion on demand, as an interactive shell does.
        bash -c 'source /usr/share/bash-completion/bash_completion
                 __load_completion pipeplan-cli && complete -p pipeplan-cli'
    fi
}

case "$mode" in
run)
    # Only the window and what it links: the tests and the benchmarks are `test`'s business.
    phase "run: install packages" bash packaging/install-deps.sh run
    phase "run: build pipeplan" configure_and_build default pipeplan
    exec ./build/app/pipeplan "$@"
    ;;
test)
    phase "test: install packages" bash packaging/install-deps.sh test
    phase "test: build everything (warnings are errors)" build_ci
    phase "test: ctest" ctest --preset ci -j "$jobs"
    ;;
check)
    phase "check: install packages" bash packaging/install-deps.sh check
    phase "check: build (warnings are errors)" build_ci
    phase "check: clang-tidy over core/, app/, ui/" bash packaging/clang-tidy.sh build-ci
    # The core and the CLI alone, with QtGui/QtWidgets not even looked for: the model stays pure.
    phase "check: core-only build" configure_and_build core-only
    phase "check: core-only ctest" ctest --preset core-only -j "$jobs"
    # Everything again under AddressSanitizer and UndefinedBehaviorSanitizer. Leak checking is off:
    # Qt keeps process-lifetime allocations (fonts, plugins) that are not leaks of ours.
    phase "check: ASan+UBSan build" configure_and_build asan
    # The clipping walk measures layouts, which ASan does not change: under it, two of its 16
    # rooms per plan (a laptop in light, a shared screen in dark with the guide) walk the same
    # code as all 64, at a tenth of the time (a room takes about 25 s under ASan).
    phase "check: ASan+UBSan ctest" env ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
        UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ctest --preset asan -j "$jobs" \
        -E 'Clipping\.NoTextIsCutInAnyWorkspaceOrTab/.*_(1366x768_presentation|1366x768_normal_dark|1366x768_normal_light_guide|1920x1080_normal|1920x1080_presentation_light|1920x1080_presentation_dark( |$))'
    phase "check: .deb (lintian, installed)" package
    ;;
package)
    bash packaging/install-deps.sh check
    package
    ;;
*)
    echo "usage: $0 run [ARGS] | test | check | package" >&2
    exit 2
    ;;
esac
