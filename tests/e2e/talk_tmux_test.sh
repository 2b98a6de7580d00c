#!/usr/bin/env bash
# End-to-end: talk, nudges and the move clock at a shared table,
# played from three terminals of 80x24 (two players, a watcher). Checks:
# a player's talk reaches the other player's screen while their question
# stays whole with its key help; the talk line opens on the key help's row
# without moving the question; a watcher's talk stays among watchers; a
# nudge reaches the one asked; the clock is on every screen; the log keeps
# the talk and the save does not.
#
#   tests/e2e/talk_tmux_test.sh path/to/racetable
set -u
. "$(dirname "$0")/lib.sh"
BIN=${1:?usage: talk_tmux_test.sh path/to/racetable}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
command -v tmux >/dev/null || { echo "tmux not installed: skipped"; exit 77; }

WORK=$(mktemp -d /tmp/racetable-talk-XXXXXX)
L=rt-talk-$$
export XDG_STATE_HOME=$WORK/state XDG_CONFIG_HOME=$WORK/config TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8
cleanup() {
  tmux -L "$L" kill-server 2>/dev/null
  if [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null; then
    # The server saves and logs as it goes: remove its directory once it is gone.
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; nap 0.1; done
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

pane() { tmux -L "$L" capture-pane -p -t "$1" 2>/dev/null; }
fail() {
  echo "FAIL: $*"
  for s in ana ben dan; do
    echo "--- $s"
    pane $s
  done
  echo "--- server log"
  tail -20 "$WORK/socks/talk.log" 2>/dev/null
  exit 1
}
# Waits up to 10 s for a pane to show a text.
wait_for() {
  for _ in $(seq 1 100); do
    case "$(pane "$1")" in *"$2"*) return 0 ;; esac
    nap 0.1
  done
  fail "$1 never showed '$2'"
}

out=$("$BIN" host go-wacky --seats human,human,easy --names Ana,Ben,Cleo --name talk --dir "$WORK/socks" \
      --pace 100 --seed 7 --move-time 120 --detach --save "$WORK/game.save") || fail "host: $out"
SERVER_PID=$(echo "$out" | sed -n 's/.*(pid \([0-9]*\)).*/\1/p')
join="$BIN join talk --dir $WORK/socks"
tmux -L "$L" new-session -d -s ana -x 80 -y 24 "$join --seat 1; echo EXIT=\$?; sleep 600"
tmux -L "$L" new-session -d -s ben -x 80 -y 24 "$join --seat 2; echo EXIT=\$?; sleep 600"
tmux -L "$L" new-session -d -s dan -x 80 -y 24 "$join --watch; echo EXIT=\$?; sleep 600"

# Both players are this user: seat 1 is called by the user's name, seat 2 "NAME 2".
ME=$(id -un)
# Whoever is asked first (A), the other waits (W).
for _ in $(seq 1 100); do
  case "$(pane ana)" in *"Enter play"*) A=ana; AN=$ME; W=ben; WN="$ME 2"; break ;; esac
  case "$(pane ben)" in *"Enter play"*) A=ben; AN="$ME 2"; W=ana; WN=$ME; break ;; esac
  nap 0.1
done
[ -n "${A:-}" ] || fail "nobody was asked"
wait_for $W "Waiting for $AN"
wait_for $W "$AN: 1"   # the move clock, on every screen
wait_for dan "$AN: 1"

tmux -L "$L" send-keys -t $W t
wait_for $W "Say:"
tmux -L "$L" send-keys -t $W -l "hello $AN, no hurry"
tmux -L "$L" send-keys -t $W Enter
wait_for $A "» $WN: hello $AN, no hurry"
wait_for dan "» $WN: hello $AN, no hurry"
# The question of the one asked is whole, with its key help.
a=$(pane $A)
case "$a" in *"Your move"*) ;; *) fail "the question left the screen" ;; esac
case "$a" in *"1 "*) ;; *) fail "the first option left the screen" ;; esac
case "$a" in *"t talk"*) ;; *) fail "the key help left the screen" ;; esac

# The one asked opens the talk line: the screen above it stays as it was.
before=$(pane $A | sed -n '2,22p')
tmux -L "$L" send-keys -t $A t
wait_for $A "Say:"
after=$(pane $A | sed -n '2,22p')
[ "$before" = "$after" ] || fail "opening the talk line moved the screen above it"
tmux -L "$L" send-keys -t $A 3   # a quick phrase
wait_for $W "» $AN: one moment"

# The watcher's talk stays among watchers.
tmux -L "$L" send-keys -t dan t
tmux -L "$L" send-keys -t dan -l "$AN holds green"
tmux -L "$L" send-keys -t dan Enter
wait_for dan "(watching): $AN holds green"
nap 0.5
case "$(pane ana)$(pane ben)" in *"holds green"*) fail "a watcher's talk reached a player" ;; esac

# The one waiting nudges the one asked: their screen says so.
tmux -L "$L" send-keys -t $W p
wait_for $A "$WN nudges you"
wait_for $W "Nudged $AN"

grep -q "talk: seat [12] ($WN): hello $AN, no hurry" "$WORK/socks/talk.log" || fail "the log lacks the talk"
grep -q "no hurry" "$WORK/game.save" && fail "the save holds the talk"
echo "PASS"
