#!/usr/bin/env bash
# End-to-end: shared tables from the shell's menus, in three real 80x24
# terminals. Pane A opens Tables, hosts RC Racer in real time (seat 1: A,
# seat 2: a player at another terminal); pane B joins seat 2 from its Tables
# page; pane C watches. Both players program their controllers with the
# arrow keys (and Enter for "done") until the race is over. Midway B's
# program is killed and B comes back to its seat from the menu. Checks: the
# game ends on every pane, B rejoined, the watcher was never asked to play,
# both players slid tiles with the arrows, and the save replays.
#
#   tests/e2e/tables_tmux_test.sh path/to/racetable
set -u
. "$(dirname "$0")/lib.sh"
BIN=${1:?usage: tables_tmux_test.sh path/to/racetable}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
command -v tmux >/dev/null || { echo "tmux not installed: skipped"; exit 77; }
SECONDS_LIMIT=${E2E_SECONDS:-600}

WORK=$(mktemp -d /tmp/racetable-tables-XXXXXX)
L=rt-tables-$$
mkdir -p "$WORK/run" "$WORK/state"
chmod 700 "$WORK/run"
# XDG_CONFIG_HOME: the shell remembers settings; never the user's own.
export XDG_RUNTIME_DIR=$WORK/run XDG_STATE_HOME=$WORK/state XDG_CONFIG_HOME=$WORK/config TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8
TABLES=$WORK/run/racetable
cleanup() {
  tmux -L "$L" kill-server 2>/dev/null
  for f in "$TABLES"/*.table; do
    [ -e "$f" ] || continue
    pid=$(sed -n 's/.*"pid":\([0-9]*\).*/\1/p' "$f")
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
  done
  [ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

t() { tmux -L "$L" "$@"; }
pane() { t capture-pane -p -t "$1" 2>/dev/null; }
keys() { t send-keys -t "$1" "${@:2}"; }
fail() {
  echo "FAIL: $*"
  for p in A B C; do
    echo "--- pane $p"
    pane "$p" | sed 's/ *$//'
  done
  echo "--- server log"
  tail -20 "$TABLES"/*.log 2>/dev/null
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

for p in A B C; do t new-session -d -s "$p" -x 80 -y 24 "$BIN; echo EXIT=\$?; sleep 600"; done
for p in A B C; do wait_for "$p" "Tables"; done

# A: Tables -> Host a new table -> RC Racer -> seats (you, another terminal).
keys A 3
wait_for A "Host a new table"
keys A Enter
wait_for A "Host a table: which game?"
digit=$("$BIN" list | awk '{print $1}' | grep -n '^rc-racer$' | cut -d: -f1)
keys A "$digit"
wait_for A "who is playing?"
wait_for A "Human at another terminal"
keys A End Enter
wait_for A "variants and seed"
# Tick "real-time" (the third variant), then start.
keys A Home Down Down Space End Enter
# The Host page: its settings above, "Open the table" highlighted.
wait_for A "Host a table: RC Racer"
wait_for A "Who may come"
keys A Enter
wait_for A "Waiting for players" 20
tname=$(basename "$(ls "$TABLES"/*.sock | head -1)" .sock)
[ -n "$tname" ] || fail "no table socket"

# B: Tables -> the table -> sit at seat 2.
keys B 3
wait_for B "$tname: RC Racer"
keys B Down Enter
wait_for B "Sit at seat 2"
keys B 1
wait_for B "table $tname"
# C: Tables -> the table -> watch.
keys C 3
wait_for C "$tname: RC Racer"
keys C Down Enter
wait_for C "Watch"
keys C w
wait_for C "watching"

arrows=(Up Left Down Right)
start=$SECONDS
n=0
killed=0
over=0
save=$(ls "$WORK"/state/racetable/*.save 2>/dev/null | head -1)
while [ $((SECONDS - start)) -lt "$SECONDS_LIMIT" ]; do
  n=$((n + 1))
  for p in A B; do
    s=$(pane "$p")
    case "$s" in
      *"GAME OVER"*) ;;
      *"Get ready"*) ;;
      *"Now!"*)
        # Two arrows a look (a loaded machine shows "Now!" in few looks; each seat must slide).
        if [ $((n % 3)) -eq 2 ]; then keys "$p" Enter; else
          keys "$p" "${arrows[$(((n + RANDOM) % 4))]}" "${arrows[$(((n + RANDOM) % 4))]}"; fi ;;
      *"Your move"*) keys "$p" Enter ;;
    esac
  done
  nap 0.15
  c=$(pane C)
  case "$c" in *"Your move"* | *"Now!"*) fail "the watcher was asked to play" ;; esac
  case "$(pane A)$(pane B)$c" in *"EXIT="*) fail "a shell ended before the game did" ;; esac
  [ -z "$save" ] && save=$(ls "$WORK"/state/racetable/*.save 2>/dev/null | head -1)
  steps=$(grep -c '^step ' "$save" 2>/dev/null)
  steps=${steps:-0}
  if [ $killed -eq 0 ] && [ "$steps" -gt 30 ]; then
    # B's program dies; B starts racetable again and goes back to its seat.
    t respawn-pane -k -t B "$BIN; echo EXIT=\$?; sleep 600"
    wait_for B "Tables"
    keys B 3
    wait_for B "$tname: RC Racer"
    keys B Down Enter
    wait_for B "Back to your seat 2"
    keys B 1
    wait_for B "table $tname"
    killed=1
  fi
  if [[ "$(pane A)" == *"GAME OVER"* && "$(pane B)" == *"GAME OVER"* && "$c" == *"GAME OVER"* ]]; then
    over=1
    break
  fi
done
[ $over -eq 1 ] || fail "the game did not end within $SECONDS_LIMIT s"
[ $killed -eq 1 ] || fail "the game ended before B could be killed"
grep -q "is back at seat 2" "$TABLES"/*.log || fail "B did not rejoin its seat"
"$BIN" replay "$save" | grep -q '^result: ' || fail "the save does not replay to a result"
# Both players slid controller tiles with the arrow keys (one tile per key).
for seat in 1 2; do
  grep -Eq "^step $seat [0-9]+ (up|down|left|right)\$" "$save" || fail "seat $seat never slid a tile"
done
sleep 1.2 # a key pressed just as the game ends does not skip the result
for p in A B C; do keys "$p" q; done # q after the game: back to the title
for p in A B C; do wait_for "$p" "Play a game" 5; done
for p in A B C; do keys "$p" q; done # q on the title asks first
for p in A B C; do wait_for "$p" "Quit?" 5; done
# A table still open that A hosts from the menu: A is asked what becomes of it.
for p in A B C; do
  case "$(pane "$p")" in *"close my tables"*) keys "$p" c ;; *) keys "$p" q ;; esac
done
for p in A B C; do wait_for "$p" "EXIT=0" 5; done
echo "PASS: hosted, joined, watched, rejoined and finished RC Racer in $((SECONDS - start)) s"
