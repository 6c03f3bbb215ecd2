#!/usr/bin/env bash
# The two-command start (see README.md), and the longer gauntlet:
#   bash packaging/dev.sh run [ARGS]   install what is missing, build, open PipePlan (ARGS go to it)
#   bash packaging/dev.sh test         install what is missing, build with warnings as errors, run
#                                      every test (about 10 minutes on 2 cores from a clean clone)
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

build_ci() {
    cmake --preset ci >/dev/null
    cmake --build --preset ci -j "$jobs"
}

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
    bash packaging/install-deps.sh
    cmake --preset default >/dev/null
    cmake --build --preset default -j "$jobs"
    exec ./build/app/pipeplan "$@"
    ;;
test)
    bash packaging/install-deps.sh
    step "build (warnings are errors)"
    build_ci
    step "tests"
    ctest --preset ci -j "$jobs"
    ;;
check)
    bash packaging/install-deps.sh check
    build_ci
    step "clang-tidy over core/, app/ and ui/ (any warning fails)"
    bash packaging/clang-tidy.sh build-ci
    # The core and the CLI alone, with QtGui/QtWidgets not even looked for: the model stays pure.
    step "core-only build and tests"
    cmake --preset core-only >/dev/null
    cmake --build --preset core-only -j "$jobs"
    ctest --preset core-only -j "$jobs"
    # Everything again under AddressSanitizer and UndefinedBehaviorSanitizer. Leak checking is off:
    # Qt keeps process-lifetime allocations (fonts, plugins) that are not leaks of ours.
    step "ASan+UBSan build and tests"
    cmake --preset asan >/dev/null
    cmake --build --preset asan -j "$jobs"
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        ctest --preset asan -j "$jobs"
    package
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
