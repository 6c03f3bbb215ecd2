#!/usr/bin/env bash
# Runs a command on a fresh clone of this repository inside a bare Debian 12 root: the machine a
# newcomer has, with nothing installed by hand.
#
#   bash packaging/clean-room.sh 'COMMAND' [REPO_DIR]
#   bash packaging/clean-room.sh 'bash packaging/dev.sh run --version'
#
# The root is `debootstrap --variant=minbase bookworm` from the apt source this machine is
# configured with (its deb822 .sources or one-line sources.list; the same suites are copied in, so
# the root sees the versions this machine sees). The pristine root is cached in
# $PIPEPLAN_CLEAN_ROOM/base (default /var/tmp/pipeplan-clean-room) and only reused when its
# debootstrap finished; every run works in a throwaway copy of it and removes it afterwards
# (PIPEPLAN_CLEAN_ROOM_KEEP=1 keeps it for a look). COMMAND runs as root in /root/pipeplan with a
# clean environment (HOME, PATH, LANG=C.UTF-8, TERM=dumb, CI=true). Needs root (or sudo) and
# network access to the apt source. Exit status: COMMAND's.
#
# Two caches survive between runs without making the root less bare: the compiler cache and
# clang-tidy's cache of passes, kept beside the base in $PIPEPLAN_CLEAN_ROOM/caches/{ccache,
# clang-tidy} and bind-mounted at /root/.cache/ccache and /root/.cache/pipeplan-clang-tidy (where
# ccache and packaging/clang-tidy.sh look), unmounted before the root is deleted. Nothing else of
# a run is kept: every package is installed again, every file compiled or fetched from the cache.
# PIPEPLAN_CLEAN_ROOM_CACHES=0 runs without them (empty caches of the run's own, as a newcomer).
set -euo pipefail

command_to_run=${1:?usage: clean-room.sh 'COMMAND' [REPO_DIR]}
repo=$(cd "${2:-$(dirname "$0")/..}" && pwd)

if [ "$(id -u)" -ne 0 ]; then
    exec sudo --preserve-env=PIPEPLAN_CLEAN_ROOM,PIPEPLAN_CLEAN_ROOM_KEEP,PIPEPLAN_CLEAN_ROOM_CACHES \
        bash "$0" "$command_to_run" "$repo"
fi

cache=${PIPEPLAN_CLEAN_ROOM:-/var/tmp/pipeplan-clean-room}
base=$cache/base
mkdir -p "$cache"

log() { printf 'clean-room: %s\n' "$*" >&2; }

# The machine's own apt source: the first URI of its deb822 files, else its one-line list.
apt_mirror() {
    local mirror=""
    if compgen -G '/etc/apt/sources.list.d/*.sources' >/dev/null; then
        mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/*.sources)
    fi
    if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
        mirror=$(awk '/^deb / { for (i = 2; i <= NF; i++) if ($i ~ /:\/\//) { print $i; exit } }' \
            /etc/apt/sources.list)
    fi
    printf '%s\n' "${mirror:-http://deb.debian.org/debian}"
}

SECONDS=0
if [ ! -f "$base/.pipeplan-base-complete" ]; then
    command -v debootstrap >/dev/null || {
        log "installing debootstrap"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
    }
    mirror=$(apt_mirror)
    log "making a minimal Debian 12 root from $mirror (once; cached in $base)"
    rm -rf "$base" "$base.partial"
    if ! debootstrap --variant=minbase bookworm "$base.partial" "$mirror" >"$cache/debootstrap.log" 2>&1; then
        log "debootstrap failed; its log: $cache/debootstrap.log"
        tail -n 20 "$cache/debootstrap.log" >&2
        exit 1
    fi
    # The machine's own suites (updates, security) so the root sees what the machine sees.
    if compgen -G '/etc/apt/sources.list.d/*.sources' >/dev/null; then
        cp /etc/apt/sources.list.d/*.sources "$base.partial/etc/apt/sources.list.d/"
        : >"$base.partial/etc/apt/sources.list"
    elif [ -f /etc/apt/sources.list ]; then
        cp /etc/apt/sources.list "$base.partial/etc/apt/sources.list"
    fi
    touch "$base.partial/.pipeplan-base-complete"
    mv "$base.partial" "$base"
    log "base ready after ${SECONDS}s"
fi

work=$(mktemp -d "$cache/run.XXXXXX")
kept_caches=()
if [ "${PIPEPLAN_CLEAN_ROOM_CACHES:-1}" != 0 ]; then
    kept_caches=(ccache:root/.cache/ccache clang-tidy:root/.cache/pipeplan-clang-tidy)
fi
# Anything of the run still mounted under the root (above all a kept cache, which is on the same
# file system, so --one-file-system would not stop rm at it).
still_mounted() { awk -v root="$work" '$5 == root || index($5, root "/") == 1 { found = 1 } END { exit !found }' /proc/self/mountinfo; }
cleanup() {
    local entry
    for entry in "${kept_caches[@]}"; do
        umount "$work/${entry#*:}" 2>/dev/null || umount -l "$work/${entry#*:}" 2>/dev/null || true
    done
    umount -R "$work" 2>/dev/null || umount -R -l "$work" 2>/dev/null || true
    if [ "${PIPEPLAN_CLEAN_ROOM_KEEP:-0}" = 1 ]; then
        log "kept $work"
    elif still_mounted; then
        log "$work still has something mounted: left in place rather than deleted"
    else
        rm -rf --one-file-system "$work"
    fi
}
trap cleanup EXIT

cp -a "$base/." "$work/"
cp /etc/resolv.conf "$work/etc/resolv.conf" 2>/dev/null || true
git clone -q "$repo" "$work/root/pipeplan"
# The root is a mount point of its own, as on a real machine: tests that unshare a mount
# namespace (the full-disk tests' tmpfs) need to make "/" private, which only a mount point can be.
mount --bind "$work" "$work"
mount --make-private "$work"
mount -t proc proc "$work/proc"
mount -t sysfs sysfs "$work/sys"
mount --rbind /dev "$work/dev"
mount --make-rslave "$work/dev"
for entry in "${kept_caches[@]}"; do
    mkdir -p "$cache/caches/${entry%%:*}" "$work/${entry#*:}"
    mount --bind "$cache/caches/${entry%%:*}" "$work/${entry#*:}"
done
[ ${#kept_caches[@]} -eq 0 ] || log "caches kept between runs: $cache/caches ($(du -sh "$cache/caches" | cut -f1))"
log "fresh root ready after ${SECONDS}s; running: $command_to_run"

started=$SECONDS
set +e
chroot "$work" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 TERM=dumb CI=true bash -c "cd /root/pipeplan && $command_to_run"
status=$?
set -e
log "exit $status after $((SECONDS - started))s (${SECONDS}s in all)"
exit $status
