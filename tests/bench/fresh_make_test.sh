#!/usr/bin/env bash
# How long `make test` takes a newcomer: a fresh Debian (debootstrap, minbase,
# with only git, make and ca-certificates added), a fresh clone of this
# checkout's HEAD, an empty ccache; `make test` installs the rest with apt,
# builds and runs every test. A benchmark, not a test. Needs root, debootstrap
# and the network; the machine should be otherwise idle.
#
#   sudo tests/bench/fresh_make_test.sh [SUITE] [MIRROR]
set -euo pipefail
SUITE=${1:-bookworm}
MIRROR=${2:-http://deb.debian.org/debian}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
[ "$(id -u)" = 0 ] || { echo "fresh_make_test: run as root (debootstrap, chroot)"; exit 1; }
command -v debootstrap >/dev/null || { echo "fresh_make_test: apt-get install debootstrap"; exit 1; }
ROOT=$(mktemp -d /var/tmp/racetable-fresh.XXXXXX)
# The new system's root, as a machine's: apt's own user and the tests' second user go through it.
chmod 755 "$ROOT"
MOUNTS=()
cleanup() {
  local i
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do umount -l "${MOUNTS[$i]}" 2>/dev/null || true; done
  # Never remove through a mount that is still there (the host's /dev, /proc).
  if findmnt -rn -o TARGET | grep -q "^$ROOT/"; then
    echo "fresh_make_test: $ROOT still has mounts: left in place"
  else
    rm -rf --one-file-system "$ROOT"
  fi
}
trap cleanup EXIT
stamp() { date +%s.%N; }
echo "fresh_make_test: debootstrap $SUITE into $ROOT (not timed)"
debootstrap --variant=minbase "$SUITE" "$ROOT" "$MIRROR" >"$ROOT.debootstrap.log" 2>&1 ||
  { tail -5 "$ROOT.debootstrap.log"; exit 1; }
rm -f "$ROOT.debootstrap.log"
for d in proc sys dev dev/pts; do mount --bind "/$d" "$ROOT/$d"; MOUNTS+=("$ROOT/$d"); done
cp /etc/resolv.conf "$ROOT/etc/"
chroot "$ROOT" bash -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git make ca-certificates' >/dev/null
git clone -q "$SRC" "$ROOT/src/racetable"
echo "fresh_make_test: make test in a fresh clone of $(git -C "$SRC" rev-parse --short HEAD) (load average $(cut -d' ' -f1 /proc/loadavg))"
t0=$(stamp)
status=0
chroot "$ROOT" bash -c 'cd /src/racetable && HOME=/root make test' >"$ROOT/make-test.log" 2>&1 || status=$?
t1=$(stamp)
B=$ROOT/src/racetable/build
configured=$(stat -c %Y "$B/CMakeCache.txt" 2>/dev/null || echo "$t0")
built=$(find "$B" -maxdepth 2 -type f -perm -u+x -newer "$B/CMakeCache.txt" -printf '%T@\n' | sort -n | tail -1)
tail -4 "$ROOT/make-test.log" | grep -E "tests passed|Total Test" || tail -20 "$ROOT/make-test.log"
awk -v t0="$t0" -v c="$configured" -v b="${built:-$t1}" -v t1="$t1" -v st="$status" 'BEGIN {
  printf "fresh_make_test: make test %.0f s (exit %d): apt and cmake %.0f s, build %.0f s, tests %.0f s\n",
         t1 - t0, st, c - t0, b - c, t1 - b }'
exit "$status"
