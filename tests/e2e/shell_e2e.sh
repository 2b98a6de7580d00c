#!/usr/bin/env bash
# End to end: the real racetable binary in tmux at 80x24, driven by keys.
#  1. Title -> Go Wacky! -> 1 human + 3 computers -> seed 203 -> played to the
#     end with keys only; the window shrinks to 60x18 and back on the way;
#     the final screen shows the result.
#  2. A second game gets SIGHUP mid-game (as when an SSH connection drops):
#     the terminal is restored, the game saved, and `racetable resume`
#     continues the very same game.
#  3. A third game loses its terminal (tmux kills the session, as a dropped
#     SSH connection does) right after the human's move: the program ends
#     promptly and its save holds that move.
#  4. RC Racer for one human starts in real time (ticked on the options
#     screen, recorded in the save); arrow keys slide, Enter says done.
#  5. Saving fails (a file size limit of 0): the header says NOT SAVED, the
#     quit dialog says the game is lost, and the program exits 2.
#  6. Each of the five games is played to the end (one human, computers at
#     the top speed); the final screen names a winner (E2E_CAPTURES=DIR keeps
#     each final screen, for the README's screenshot).
# Every wait polls the screen with a deadline (no fixed sleeps), so a busy
# machine only makes it slower. Exit 77 (skipped) when tmux is missing.
# PART runs one part (ctest runs each as its own test, side by side): whole
# (1), hangup (2), dropped (3), controls (4 and 5), or a game's id (6 for that
# game); all (the default) runs every part.
#   usage: tests/e2e/shell_e2e.sh path/to/racetable [PART]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

bin=${1:?usage: $0 path/to/racetable [whole|hangup|dropped|controls|GAME|all]}
part=${2:-all}
want() { [ "$part" = all ] || [ "$part" = "$1" ]; }
command -v tmux >/dev/null 2>&1 || { echo "SKIP: tmux is not installed"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/racetable-e2e.XXXXXX")
sock="racetable-e2e-$$"
conf="$work/tmux.conf"
cat >"$conf" <<'CONF'
set -g default-terminal "screen-256color"
set -g history-limit 100
CONF
export XDG_STATE_HOME="$work/state"
export HOME="$work/home"
mkdir -p "$HOME"

t() { tmux -L "$sock" -f "$conf" "$@"; }
cleanup() {
  t kill-server >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  if [ -n "${pane:-}" ]; then
    echo "---- screen of $pane ----" >&2
    t capture-pane -p -t "$pane" >&2 || true
    echo "-------------------------" >&2
  fi
  exit 1
}

# start NAME CMD...: a new 80x24 session running the command; a shell
# around it prints "[exit N]" when it ends (tmux's own pane status can lag).
# Each session remembers its own settings (the shell keeps the speed and the
# seats last chosen), so every step starts from the defaults.
start() {
  pane=$1
  shift
  t new-session -d -s "$pane" -x 80 -y 24 -e XDG_CONFIG_HOME="$work/config-$pane" -- sh -c \
    'tty=$(stty -g); env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen-256color "$@"; code=$?
     [ "$(stty -g)" = "$tty" ] && echo "[terminal modes restored]"; echo "[exit $code]"; exec sleep 3600' sh "$@"
}
# The program's pid: the child of the pane's shell.
program_pid() { ps -o pid= --ppid "$(t display -p -t "$pane" '#{pane_pid}')" | tr -d ' ' | head -1; }
screen() { t capture-pane -p -t "$pane"; }
keys() { t send-keys -t "$pane" "$@"; }
# wait_for REGEX [SECONDS]: until the screen matches.
wait_for() {
  local re=$1 limit=${2:-30} end=$((SECONDS + ${2:-30}))
  while [ $SECONDS -lt $end ]; do
    if has_line "$(screen)" "$re"; then return 0; fi
    nap 0.1
  done
  fail "no '$re' on screen after ${limit}s"
}
# exit_status [SECONDS]: waits for the program to end; prints its exit code.
exit_status() {
  local end=$((SECONDS + ${1:-30})) code
  while [ $SECONDS -lt $end ]; do
    code=$(t capture-pane -p -S - -t "$pane" | grep -Eo '^\[exit [0-9]+\]' | tail -1 | tr -dc '0-9')
    if [ -n "$code" ]; then
      echo "$code"
      return 0
    fi
    nap 0.1
  done
  fail "the program did not end"
}
# The board: from the piles line to the viewer's hand.
board() { screen | sed -n '/^Draw Pile:/,/s hand:/{s/ *$//;p;/s hand:/q;}'; }
changed_from() { [ "$(screen)" != "$1" ]; }
# Answers whatever the game asks of the human until the screen matches
# STOP_REGEX (or the human has answered MAX times).
play_until() {
  local stop=$1 max=${2:-100000} limit=${3:-600} answered=0 s
  local end=$((SECONDS + limit))
  while [ $SECONDS -lt $end ]; do
    s=$(screen)
    if has_line "$s" "$stop"; then return 0; fi
    if [ "$answered" -ge "$max" ]; then return 0; fi
    if [[ $s == *'Contest: go!'* ]]; then
      keys Space
    elif [[ $s == *'│ Your move'* ]]; then
      keys Enter
      answered=$((answered + 1))
      # Wait until the answer shows before looking again.
      local until=$((SECONDS + 20))
      while [ $SECONDS -lt $until ] && ! changed_from "$s"; do
        nap 0.05
      done
    else
      nap 0.1
    fi
  done
  fail "the game did not reach '$stop' in ${limit}s"
}

if want whole; then
echo "1. a whole game of Go Wacky! at 80x24"
start g1 "$bin"
wait_for 'Play a game' 30
keys Enter
wait_for '[0-9]+\. Go Wacky!'  # the list is drawn line by line: its line, not its heading
n=$(screen | grep -Eo '[0-9]+\. Go Wacky!' | head -1 | cut -d. -f1)
[ -n "$n" ] || fail "Go Wacky! is not in the game list"
keys "$n"
wait_for 'who is playing\?'
[ "$(screen | grep -c 'Computer, normal')" = 3 ] || fail "the default seats are not 1 human + 3 computers"
screen | grep -q 'Human' || fail "no human seat"
keys Enter
wait_for 'variants and seed'
# Seed 203: one of the shortest four-player games (the whole script waits on it).
keys Up Enter 203 Enter Down Enter
wait_for 'seed 203' 30
wait_for 'Draw Pile' 30
keys + + +
play_until 'GAME OVER' 6 600
echo "   resize to 60x18 and back"
t resize-window -t g1 -x 60 -y 18
wait_for 'at least 80×24 \(now 60×18\)' 30
t resize-window -t g1 -x 80 -y 24
wait_for 'Draw Pile' 30
play_until 'GAME OVER' 100000 900
final=$(screen)
grep -Eq 'wins with|share the win' <<<"$final" || fail "the final screen has no result"
for name in Ana Ben Cleo Dev; do
  grep -Eq "(1st|2nd|3rd|4th) +$name" <<<"$final" || fail "$name is missing from the final standings"
done
grep -q 'Enter/q title' <<<"$final" || fail "no way on from the final screen"
echo "$final" | sed -n '1,24p'
# The result stays up a moment before a key may close it: press q until the
# title shows (q is "back" after a game), then q there quits.
end=$((SECONDS + 30))
until [[ $(screen) == *'Play a game'* ]]; do
  [ $SECONDS -lt $end ] || fail "q did not leave the final screen for the title"
  keys q
  nap 0.3
done
keys q
wait_for 'Leave racetable\?'  # the title asks before quitting
keys q
end=$((SECONDS + 10))
until has_line "$(screen)" '^\[exit '; do
  [ $SECONDS -lt $end ] || fail "q on the title did not quit"
  nap 0.2
done
status=$(exit_status 30)
[ "$status" = 0 ] || fail "exit status $status after q (want 0)"
screen | grep -q 'terminal modes restored' || fail "the terminal modes were not restored"

echo "   (${SECONDS}s)"
fi
if want hangup; then
echo "2. SIGHUP mid-game, then racetable resume"
# The game this step knows: every question asked (passes too, as before
# forced moves were played for the player) and the computers at the normal
# contest pace, so seed 8 asks Ana often enough to be cut off mid-game.
for p in g2 g3; do
  mkdir -p "$work/config-$p/racetable"
  echo '{"version": 1, "forced_moves": "ask"}' >"$work/config-$p/racetable/settings.json"
done
start g2 "$bin" play go-wacky --seed 8 --contest-pace normal
wait_for 'who is playing\?'
keys Enter
wait_for 'variants and seed'
keys Enter
wait_for 'Draw Pile' 30
keys + + +
play_until 'never matches this' 4 300
wait_for '│ Your move' 120
before=$(board)
[ -n "$before" ] || fail "no board on screen"
pid=$(program_pid)
[ -n "$pid" ] || fail "cannot find the program's pid"
kill -HUP "$pid"
status=$(exit_status 30)
[ "$status" = 129 ] || fail "exit status $status after SIGHUP (want 129)"
t capture-pane -p -J -S - -t g2 | tr -d '\n' | grep -q 'game saved to .*racetable resume' ||
  fail "no 'game saved' message after SIGHUP"
screen | grep -q 'Draw Pile' && fail "the terminal was not restored (the game screen is still up)"
screen | grep -q 'terminal modes restored' || fail "the terminal modes were not restored"
ls "$XDG_STATE_HOME"/racetable/go-wacky-*.save >/dev/null 2>&1 || fail "no save file"

start g3 "$bin" resume
wait_for 'Continue a saved game'
wait_for 'seed 8'
keys Enter
wait_for '│ Your move' 30
after=$(board)
if [ "$before" != "$after" ]; then
  echo "before:"; echo "$before"; echo "after:"; echo "$after"
  fail "the resumed game is not the game that was interrupted"
fi
play_until 'never matches this' 2 120  # and it goes on
keys q
wait_for 'Quit\?'
keys q
status=$(exit_status 30)
[ "$status" = 0 ] || fail "exit status $status after save and quit (want 0)"
fi
if want dropped; then
echo "3. the terminal itself goes away (tmux kills the session, as a dropped SSH link does)"
# Every question asked (as in 2): with forced moves played for her, Ana's first
# own choice comes 45 s into the game.
mkdir -p "$work/config-g4/racetable"
echo '{"version": 1, "forced_moves": "ask"}' >"$work/config-g4/racetable/settings.json"
start g4 "$bin" play go-wacky --seed 9
wait_for 'who is playing\?'
keys Enter
wait_for 'variants and seed'
keys Enter
wait_for '│ Your move' 60
pid=$(program_pid)
[ -n "$pid" ] || fail "cannot find the program's pid"
save=$(grep -l '^seed 9$' "$XDG_STATE_HOME"/racetable/*.save | head -1)
[ -n "$save" ] || fail "the game was not saved when it asked the human"
steps_at_prompt=$(grep -c '^step ' "$save")
keys Enter  # the human moves; the computers take their time (speed 3)
end=$((SECONDS + 20))
while [[ $(screen) == *'│ Your move'* ]]; do
  [ $SECONDS -lt $end ] || fail "the move was not taken"
  nap 0.05
done
t kill-session -t g4
pane=
end=$((SECONDS + 30))
while kill -0 "$pid" 2>/dev/null; do
  [ $SECONDS -lt $end ] || fail "the program is still running after its terminal went away"
  nap 0.1
done
steps_after=$(grep -c '^step ' "$save")
[ "$steps_after" -gt "$steps_at_prompt" ] ||
  fail "the hang-up did not save the moves since the last prompt ($steps_after steps, $steps_at_prompt before)"
fi
if want controls; then
echo "4. RC Racer for one human: real time by default, the controller solved with arrow keys"
start g5 "$bin" play rc-racer --seats human,normal --seed 3 --option racers=die-liner,turbobot
wait_for 'who is playing\?'
keys Enter
wait_for 'variants and seed'
screen | grep -q '\[✓\] real-time' || fail "real-time is not ticked for one human"
screen | grep -q '\[ \] counted-slides' || fail "counted-slides is ticked for one human"
keys Enter
wait_for '│ Your move' 60 # a starting space
keys Enter
wait_for 'slide the tile beside the gap that way' 60
wait_for 'Contest: go!' 10 # after "Get ready!"
wait_for 'clock [0-9]' 10
keys Left Up Right Down
wait_for "Ana's controller +[1-4] slides?" 10
keys Enter # the highlight is on "done"
wait_for 'done \([1-4]\)' 10
keys q
wait_for 'Quit\?'
keys q
status=$(exit_status 30)
[ "$status" = 0 ] || fail "exit status $status after save and quit (want 0)"
grep -qx 'variant real-time' "$XDG_STATE_HOME"/racetable/rc-racer-*.save || fail "the save does not record real-time"
echo "5. a full disk (a file size limit of 0, as a full disk refuses every write): shown, and exit 2"
# Every question asked, at the normal contest pace: the first question is Ana's
# own choice, before which nothing is saved.
mkdir -p "$work/config-g6/racetable"
echo '{"version": 1, "forced_moves": "ask"}' >"$work/config-g6/racetable/settings.json"
start g6 sh -c 'ulimit -f 0; trap "" XFSZ; exec "$0" play go-wacky --seed 7 --seats human,normal,normal,normal --contest-pace normal' "$bin"
wait_for 'who is playing\?'
keys Enter
wait_for 'variants and seed'
keys Enter
wait_for 'Settings not remembered' 10  # the settings file cannot be written either: said first
screen | grep -q 'Enter starts the game anyway' || fail "the settings failure does not say how to go on"
keys Enter
wait_for 'Your move' 30
keys Enter  # Ana's first card: a game nobody has decided anything in is not saved at all
wait_for 'NOT SAVED: File too large - s saves again' 60
keys q
wait_for 'Quit\? The game is NOT saved'
screen | grep -q 'no earlier save of it' || fail "the quit dialog does not say the game is lost"
keys q
status=$(exit_status 30)
[ "$status" = 2 ] || fail "exit status $status after quitting an unsaved game (want 2)"
screen | grep -q 'could not be saved: cannot write: File too large; it is lost' || fail "no line says the game is lost"
fi
[ "$part" = all ] && echo "6. each of the five games to the end at 80x24 (one human, computers at the top speed)"
for spec in "go-wacky 11 human,normal,normal" "scrap-racer 12 human,normal,normal" \
  "wacky-races 13 human,normal,normal" "rc-racer 14 human,normal" "racesmack 15 human,normal,normal"; do
  read -r game seed seats <<<"$spec"
  want "$game" || continue
  started=$SECONDS
  # At the quick contest pace: a fresh settings file would choose relaxed (a
  # newcomer's first game), which part 1 plays.
  start "e6-$game" "$bin" play "$game" --seed "$seed" --seats "$seats" --contest-pace quick
  wait_for 'who is playing\?'
  keys Enter
  wait_for 'variants and seed'
  keys Enter
  wait_for "seed $seed" 60
  keys + + +
  play_until 'GAME OVER' 100000 600
  final=$(screen)
  grep -q '1st' <<<"$final" || fail "$game: no first place on the final screen"
  grep -q 'Enter or q: title' <<<"$final" || fail "$game: the game-over box lost its keys line"
  [ -n "${E2E_CAPTURES:-}" ] && printf '%s\n' "$final" >"$E2E_CAPTURES/$game.txt"
  # The result stays up a moment before a key may close it: Enter until the title.
  end=$((SECONDS + 30))
  until [[ $(screen) == *'Play a game'* ]]; do
    [ $SECONDS -lt $end ] || fail "$game: Enter did not leave the final screen for the title"
    keys Enter
    nap 0.3
  done
  keys q
  wait_for 'Leave racetable\?'
  keys q
  status=$(exit_status 30)
  [ "$status" = 0 ] || fail "$game: exit status $status after q on the title (want 0)"
  echo "   $game: $((SECONDS - started))s"
done
echo "PASS (${SECONDS}s)"
