#!/bin/sh
# with-full-disk.sh DIR COMMAND [ARGS...]: runs COMMAND in a mount namespace of its own with a
# 64 KiB tmpfs at DIR (a disk that fills after a few saves), exported as PIPEPLAN_FULL_DISK_DIR.
# As root the namespace needs nothing more (and a chroot, such as CI's clean room, refuses user
# namespaces); as a normal user a user namespace maps it to root where the kernel allows one.
set -eu
if [ "${1:-}" = --inside ]; then
    shift
    mkdir -p "$1"
    mount -t tmpfs -o size=64k tmpfs "$1"
    PIPEPLAN_FULL_DISK_DIR=$1
    export PIPEPLAN_FULL_DISK_DIR
    shift
    exec "$@"
fi
if [ "$(id -u)" -eq 0 ]; then
    exec unshare --mount sh "$0" --inside "$@"
fi
exec unshare --mount --map-root-user sh "$0" --inside "$@"
