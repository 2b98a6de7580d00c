#!/usr/bin/env bash
# End-to-end: shared tables in real terminals. For each game (default: every
# game `racetable list` shows), a detached server hosts two people and a
# computer; two tmux panes join as the players and press keys until the game
# is over, a third pane watches. Midway one player's client is killed and
# started again (it rejoins its seat). Checks: the game ends, both players and
# the spectator see the game-over box of the shell's play screen, the save replays to a result, and
# (where the game shows hands) a pane never shows another player's hand.
#
#   tests/e2e/net_tmux_test.sh path/to/racetable [GAME...]
set -u
. "$(dirname "$0")/lib.sh"
BIN=${1:?usage: net_tmux_test.sh path/to/racetable [GAME...]}
shift
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
command -v tmux >/dev/null || { echo "tmux not installed: skipped"; exit 77; }
GAMES=("$@")
if [ ${#GAMES[@]} -eq 0 ]; then
  mapfile -t GAMES < <("$BIN" list | awk '{print $1}')
fi
PER_GAME_SECONDS=${E2E_SECONDS:-600}

WORK=$(mktemp -d /tmp/racetable-e2e-XXXXXX)
L=rt-e2e-$$
# XDG_CONFIG_HOME: the shell remembers settings; never the user's own.
export XDG_STATE_HOME=$WORK/state XDG_CONFIG_HOME=$WORK/config TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8
cleanup() {
  tmux -L "$L" kill-server 2>/dev/null
  [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "FAIL ($GAME): $*"
  for p in 0 1 2; do
    echo "--- pane $p"
    tmux -L "$L" capture-pane -p -t "e2e.$p" 2>/dev/null | sed 's/ *$//' | grep -v '^$'
  done
  echo "--- server log"
  cat "$WORK/socks/e2e.log" 2>/dev/null | tail -20
  exit 1
}

pane() { tmux -L "$L" capture-pane -p -t "e2e.$1" 2>/dev/null; }
# all_panes_show TEXT WHAT: waits (10 s at most) until every pane shows TEXT.
all_panes_show() {
  local end=$((SECONDS + 10)) p
  for p in 0 1 2; do
    until [[ "$(pane $p)" == *"$1"* ]]; do
      [ $SECONDS -lt $end ] || fail "pane $p: $2"
      nap 0.1
    done
  done
}

for GAME in "${GAMES[@]}"; do
  echo "== $GAME"
  rm -rf "$WORK/socks" "$WORK/game.save"
  # Seeds of short three-player games where one was measured; Racesmack's must
  # last past the 40 steps after which a client is killed.
  case "$GAME" in
    scrap-racer) seed=56 ;; wacky-races) seed=46 ;; go-wacky) seed=157 ;; *) seed=7 ;;
  esac
  out=$("$BIN" host "$GAME" --seats human,human,normal --names Ana,Ben,Cleo --name e2e --dir "$WORK/socks" \
        --pace 100 --contest-pace quick --seed "$seed" --detach --save "$WORK/game.save") || fail "host: $out"
  SERVER_PID=$(echo "$out" | sed -n 's/.*(pid \([0-9]*\)).*/\1/p')
  join="$BIN join e2e --dir $WORK/socks"
  # Both players are this user: seat 1 takes the user's name, seat 2 "NAME 2".
  ME=$(id -un)
  # Seat 2 is joined once seat 1 is taken: the second seat a person takes is "NAME 2".
  tmux -L "$L" new-session -d -s e2e -x 110 -y 90 "$join --seat 1; echo EXIT=\$?; sleep 600"
  end=$((SECONDS + 10))
  until grep -q "takes seat 1" "$WORK/socks/e2e.log" 2>/dev/null; do
    [ $SECONDS -lt $end ] || fail "seat 1 was never taken"
    nap 0.1
  done
  tmux -L "$L" split-window -v -t e2e "$join --seat 2; echo EXIT=\$?; sleep 600"
  tmux -L "$L" split-window -v -t e2e "$join --watch; echo EXIT=\$?; sleep 600"
  tmux -L "$L" select-layout -t e2e even-vertical

  # Random choices among the first three options; in RC Racer's programming
  # those are slides and "done" is the highlighted default, so Enter is among
  # the keys there (else a round waits for the slide limit).
  keys=(1 2 3)
  [ "$GAME" = rc-racer ] && keys=(1 2 3 Enter)
  # Go Wacky!'s players take their first option: a choice among three made the game
  # 40-64 s long, over the minute a test may take.
  [ "$GAME" = go-wacky ] && keys=(1)
  RANDOM=$seed  # the same keys each run: a game of about the same length
  start=$SECONDS
  killed=0
  over=0
  shown=("" "")
  while [ $((SECONDS - start)) -lt "$PER_GAME_SECONDS" ]; do
    for p in 0 1; do
      key=${keys[RANDOM % ${#keys[@]}]}
      # In a timed contest a player rolls, as people do, else it runs its whole count.
      [[ "${shown[p]}" == *'Contest: go!'* ]] && key=Space
      tmux -L "$L" send-keys -t "e2e.$p" "$key"
    done
    nap 0.08
    p0=$(pane 0); p1=$(pane 1); p2=$(pane 2)
    shown=("$p0" "$p1")
    if [ "$GAME" = go-wacky ]; then
      case "$p0" in *"$ME 2's hand"*) fail "pane 1 shows seat 2's hand";; esac
      case "$p1" in *"$ME's hand"*) fail "pane 2 shows seat 1's hand";; esac
      case "$p2" in *"$ME's hand"*|*"$ME 2's hand"*) fail "the spectator sees a hand";; esac
    fi
    steps=$(grep -c '^step ' "$WORK/game.save" 2>/dev/null || echo 0)
    if [ $killed -eq 0 ] && [ "$steps" -gt 40 ]; then
      # Kill player 2's client and start it again: it rejoins its seat.
      tmux -L "$L" respawn-pane -k -t e2e.1 "$join --seat 2; echo EXIT=\$?; sleep 600"
      killed=1
    fi
    case "$p0$p1$p2" in *"EXIT="*) fail "a client ended before the game did";; esac
    if [[ "$p0" == *"GAME OVER"* && "$p1" == *"GAME OVER"* && "$p2" == *"GAME OVER"* ]]; then
      over=1
      break
    fi
  done
  [ $over -eq 1 ] || fail "the game did not end within $PER_GAME_SECONDS s"
  [ $killed -eq 1 ] || fail "the game ended before a client could be killed"
  grep -q "is back at seat 2 ($ME 2)" "$WORK/socks/e2e.log" || fail "player 2 did not rejoin"
  sleep 1.2  # the result holds keys for a second after the game ends (play_screen.cpp)
  # q after the game goes back to the title, and q there quits.
  for p in 0 1 2; do tmux -L "$L" send-keys -t "e2e.$p" q; done
  all_panes_show "Play a game" "did not go back to the title"
  for p in 0 1 2; do tmux -L "$L" send-keys -t "e2e.$p" q; done
  all_panes_show "Leave racetable?" "q on the title did not ask first"
  for p in 0 1 2; do tmux -L "$L" send-keys -t "e2e.$p" q; done
  all_panes_show "EXIT=0" "did not leave cleanly"
  "$BIN" replay "$WORK/game.save" | grep -q '^result: ' || fail "the save does not replay to a result"
  for _ in $(seq 1 50); do [ -e "$WORK/socks/e2e.sock" ] || break; nap 0.1; done
  [ -e "$WORK/socks/e2e.sock" ] && fail "the server did not close after the game"
  SERVER_PID=
  tmux -L "$L" kill-server 2>/dev/null
  echo "ok: $GAME in $((SECONDS - start)) s"
done
echo "PASS"
