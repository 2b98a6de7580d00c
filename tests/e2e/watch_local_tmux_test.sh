#!/usr/bin/env bash
# End-to-end: a local game opened to watchers, in two real 80x24 terminals.
# Pane A plays Wacky Races (Ana, human, against two computers), presses w
# ("Let others watch") and opens it to this account; the page shows the
# command. Pane B runs that command and watches to the end. Checks: B is a
# watcher (never asked to play), B's header counts as watching on A, B never
# shows Ana's hand row (A does), both see the game end, and leaving the game
# on A closes B's table.
#
#   tests/e2e/watch_local_tmux_test.sh path/to/racetable
set -u
. "$(dirname "$0")/lib.sh"
BIN=${1:?usage: watch_local_tmux_test.sh path/to/racetable}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
command -v tmux >/dev/null || { echo "tmux not installed: skipped"; exit 77; }
SECONDS_LIMIT=${E2E_SECONDS:-120}

# A short directory: the command shown fits the page with little wrapping.
WORK=$(mktemp -d /tmp/rtw-XXXXXX)
L=rt-watch-$$
mkdir -p "$WORK/run" "$WORK/state"
chmod 700 "$WORK/run"
# XDG_CONFIG_HOME: the shell remembers settings; never the user's own.
export XDG_RUNTIME_DIR=$WORK/run XDG_STATE_HOME=$WORK/state XDG_CONFIG_HOME=$WORK/config TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8
cleanup() {
  tmux -L "$L" kill-server 2>/dev/null
  [ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

t() { tmux -L "$L" "$@"; }
pane() { t capture-pane -p -t "$1" 2>/dev/null; }
keys() { t send-keys -t "$1" "${@:2}"; }
fail() {
  echo "FAIL: $*"
  for p in A B; do
    echo "--- pane $p"
    pane "$p" | sed 's/ *$//'
  done
  exit 1
}
# Waits until pane $1 shows text $2 (up to $3 seconds, default 10).
wait_for() {
  local until=$((SECONDS + ${3:-10}))
  while [ $SECONDS -lt $until ]; do
    case "$(pane "$1")" in *"$2"*) return 0 ;; esac
    nap 0.2
  done
  fail "pane $1 never showed '$2'"
}
# Ana's hand: the row "Ana (PT): [Frm] [Des] ..." that only her own view has.
HAND='^Ana \([A-Z][A-Z]\): '

t new-session -d -s A -x 80 -y 24 "$BIN play wacky-races --seed 5 --seats human,easy,easy --names Ana,Cleo,Dev; echo EXIT=\$?; sleep 600"
wait_for A "who is playing?"
keys A End Enter
wait_for A "Start the game"
keys A End Enter
wait_for A "Ana (you)"
# The computers at the quickest pace (remembered only in this test's config).
keys A + + +

# The menu entry: w, then "your account only".
keys A w
wait_for A "Let others watch"
wait_for A "Your account"
keys A o
wait_for A "0 watching"
# The page again: the command, which may wrap inside the box.
keys A w
wait_for A "Others may watch"
cmd=$(pane A | sed -n '/they run:/,/Watching now/p' | sed 's/^[^│|]*[│|] *//; s/ *[│|].*$//' |
  grep -v 'they run:\|Watching now' | tr '\n' ' ' | sed 's/  */ /g; s/ *$//')
case "$cmd" in
  "racetable join wacky-races --dir $WORK/run/racetable --watch") ;;
  *) fail "the page shows the command as '$cmd'" ;;
esac
keys A n
wait_for A "l: the log"  # back at the game (80x24: the log pane gives way to the board)
# The log gives the command too: read in the log page, paging down from its
# top to the note (it is where the game was when it was opened, which depends
# on how quickly the computers played). Reading pane A once right after the
# dialog closed could still find the command in the dialog.
keys A l
wait_for A "The whole log"
keys A PPage PPage PPage
wait_for A " 0% of "
note="Open to watchers (your account only): racetable join wacky-races"
for _ in 1 2 3 4 5 6 7 8; do
  page=$(pane A)
  [[ $page == *"$note"* || $page == *"100% of "* ]] && break
  where=$(grep -o '[0-9]*% of [0-9]*' <<<"$page")
  keys A NPage
  until=$((SECONDS + 10))
  while [[ $(pane A) == *"$where"* ]] && [ $SECONDS -lt $until ]; do nap 0.1; done
done
wait_for A "$note"
keys A l
wait_for A "l: the log"

# B runs the command shown (racetable is $BIN here).
t new-session -d -s B -x 80 -y 24 "${cmd/racetable/$BIN}; echo EXIT=\$?; sleep 600"
wait_for B "watching" 10
wait_for A "1 watching" 10

# A plays its first option at every question until the race is over; B is
# read after every key.
over=0
a_hand=0
b_frames=0
until=$((SECONDS + SECONDS_LIMIT))
while [ $SECONDS -lt $until ]; do
  a=$(pane A)
  b=$(pane B)
  b_frames=$((b_frames + 1))
  printf '%s\n' "$a" | grep -Eq "$HAND" && a_hand=$((a_hand + 1))
  if printf '%s\n' "$b" | grep -Eq "$HAND"; then fail "the watcher sees Ana's hand"; fi
  case "$b" in *"Your move"* | *"Your turn"*) fail "the watcher was asked to play" ;; esac
  case "$a" in
    *"GAME OVER"*)
      case "$b" in *"GAME OVER"*) over=1; break ;; esac ;;
    *"Your move"*) keys A 1 ;;
    *) keys A Space ;;
  esac
  nap 0.1
done
[ $over -eq 1 ] || fail "the game did not end on both panes within $SECONDS_LIMIT s"
[ $a_hand -gt 0 ] || fail "Ana's hand never showed on her own screen (the check saw nothing)"
if pane B | grep -Eq "$HAND"; then fail "the watcher sees Ana's hand at the end"; fi

# Leaving the game closes the watchers' table; the watcher keeps the result.
sleep 1.5
keys A Enter
wait_for A "Play a game" 10
for _ in $(seq 50); do [ -e "$WORK/run/racetable/wacky-races.sock" ] || break; nap 0.1; done
[ ! -e "$WORK/run/racetable/wacky-races.sock" ] || fail "the socket is still there after the game closed"
[ ! -e "$WORK/run/racetable/wacky-races.table" ] || fail "the table is still listed after the game closed"
case "$(pane B)" in *"GAME OVER"*) ;; *) fail "the watcher lost the result" ;; esac
keys B q
wait_for B "Play a game" 10
keys B q
wait_for B "Leave racetable?" 10
keys B q
wait_for B "EXIT=0" 10
echo "ok: watched to the end in $b_frames looks, Ana's hand on her screen $a_hand times, never on the watcher's"
