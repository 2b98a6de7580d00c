#!/usr/bin/env bash
# End-to-end: a record of every game, the replay viewer and recordings
# with the real program in 80x24 tmux panes.
#  1. Three finished games: Go Wacky! against a computer and Racesmack
#     hot-seat (two humans) in line mode, and Racesmack at a shared table
#     hosted here (its host process records it). `stats --json` lists the
#     three with the places their transcripts give.
#  2. The shell's Stats page shows the same numbers as `stats`.
#  3. The viewer (`racetable replay FILE` in a terminal): steps forward and
#     back, by turn, to the end; switches the view; a seat's hand is on
#     screen only in that seat's view, never a watcher's.
#  4. The asciicast of a save is byte-identical across two runs, and
#     asciinema reads it when installed.
#
#   tests/e2e/replay_tmux_test.sh path/to/racetable
set -u
. "$(dirname "$0")/lib.sh"
BIN=${1:?usage: replay_tmux_test.sh path/to/racetable}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
command -v tmux >/dev/null || { echo "tmux not installed: skipped"; exit 77; }

WORK=$(mktemp -d /tmp/racetable-replay-XXXXXX)
L=rt-replay-$$
mkdir -p "$WORK/run" "$WORK/state/racetable"
chmod 700 "$WORK/run" "$WORK/state" "$WORK/state/racetable"
export XDG_RUNTIME_DIR=$WORK/run XDG_STATE_HOME=$WORK/state XDG_CONFIG_HOME=$WORK/config TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8
STATE=$WORK/state/racetable
cleanup() {
  tmux -L "$L" kill-server 2>/dev/null
  for f in "$WORK"/run/racetable/*.table; do
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
  echo "--- pane V"
  pane V | sed 's/ *$//'
  exit 1
}
wait_for() {
  local until=$((SECONDS + ${3:-10}))
  while [ $SECONDS -lt $until ]; do
    case "$(pane "$1")" in *"$2"*) return 0 ;; esac
    nap 0.1
  done
  fail "pane $1 never showed '$2'"
}
# Waits until pane $1 no longer shows $2 (a key was read and the screen redrawn).
wait_gone() {
  local until=$((SECONDS + ${3:-10}))
  while [ $SECONDS -lt $until ]; do
    case "$(pane "$1")" in *"$2"*) ;; *) return 0 ;; esac
    nap 0.1
  done
  fail "pane $1 still shows '$2'"
}
# The transcript's placings ("1. Ana — 68 cards", "2. Eve (computer) — ...") as "1 Ana,2 Eve (computer)".
places_of() { "$BIN" replay "$1" | sed -n 's/^\([0-9]\)\. \(.*[^ ]\) *— .*/\1 \2/p' | paste -sd, -; }
# The same from the newest-first stats JSON, for the game whose save is $1.
stats_places() {
  "$BIN" stats --json | tr '{' '\n' | awk -v save="\"save\":\"$1\"" '
    function flush() { if (match_) for (i = 1; i <= n; i++) out = out (out == "" ? "" : ",") seats[i]; n = 0; match_ = 0 }
    index($0, "\"date\"") { flush() }
    index($0, save) { match_ = 1 }
    index($0, "\"human\"") { name = $0; sub(/.*"name":"/, "", name); sub(/".*/, "", name)
                             place = $0; sub(/.*"place":/, "", place); sub(/[,}].*/, "", place)
                             seats[++n] = place " " name }
    END { flush(); print out }' | tr ',' '\n' | sort | paste -sd, -
}

# 1. Three finished games.
yes 1 | "$BIN" play go-wacky --line --seats human,normal --names Ana,Ben --seed 5 --save "$STATE/one.save" >/dev/null ||
  fail "line-mode game 1"
yes 1 | "$BIN" play racesmack --line --seats human,human --names Ana,Cleo --seed 2 --save "$STATE/two.save" >/dev/null ||
  fail "line-mode game 2"
"$BIN" host racesmack --seats human,normal --names Dee,Eve --seed 7 --pace 0 --detach --name e2e \
  --save "$STATE/three.save" >/dev/null 2>&1 || fail "host"
# Answers at a person's pace (a flood is disconnected by the table).
start=$SECONDS
(while sleep 0.03; do echo 1; done) | timeout 60 "$BIN" join e2e --seat 1 >/dev/null 2>&1
echo "shared game: $((SECONDS - start)) s"
for _ in $(seq 50); do [ "$(wc -l <"$STATE/history.jsonl")" -ge 3 ] && break; nap 0.1; done
[ "$(wc -l <"$STATE/history.jsonl")" -eq 3 ] || fail "history.jsonl has $(wc -l <"$STATE/history.jsonl") lines, not 3"
[ "$(stat -c %a "$STATE/history.jsonl")" = 600 ] || fail "history.jsonl is not private (0600)"
for g in one two three; do
  want=$(places_of "$STATE/$g.save" | tr ',' '\n' | sort | paste -sd, -)
  got=$(stats_places "$STATE/$g.save")
  [ -n "$want" ] && [ "$want" = "$got" ] || fail "stats --json places for $g: '$got', transcript: '$want'"
done
"$BIN" stats --json | grep -q '"table":"e2e"' || fail "the shared table's game is not marked as such"

# 2. The Stats page shows what `stats` prints.
line=$("$BIN" stats | head -1)  # Your games: 3, 2 won, average place 1.33
games=$(echo "$line" | sed -n 's/Your games: \([0-9]*\),.*/\1/p')
won=$(echo "$line" | sed -n 's/.*, \([0-9]*\) won,.*/\1/p')
avg=$(echo "$line" | sed -n 's/.*average place \([0-9.]*\).*/\1/p')
[ "$games" = 3 ] || fail "stats counts $games games: $line"
t new-session -d -s V -x 80 -y 24 "$BIN; echo EXIT=\$?; sleep 600"
wait_for V "Finished and saved games"
keys V 6
wait_for V "Your games: $games   won: $won   average place: $avg"
# A computer is marked once, with its level: "2nd Eve (computer, normal)".
wait_for V "Racesmack: $(places_of "$STATE/three.save" | sed 's/^1 /1st /; s/,2 / (you), 2nd /; s/ (computer)$//') (computer, normal)"
# Enter on the newest game: watch replay, seen as your seat.
keys V Enter
wait_for V "as $(id -un)"  # the seat took its sitter's name
keys V q q
wait_for V "Finished and saved games"
# The list of games: newest first, delete asks first.
keys V 5
wait_for V "finished, "
keys V x
wait_for V "Delete?"
keys V n
keys V q q
wait_for V "Leave racetable?"  # the title asks before quitting
keys V q
wait_for V "EXIT=0"

# 3. The viewer, from the command line.
t respawn-pane -k -t V "$BIN replay '$STATE/one.save'; echo EXIT=\$?; sleep 600"
wait_for V "as watcher  0/"
s=$(pane V)
case "$s" in *"'s hand:"*) fail "a watcher sees a hand" ;; esac
case "$s" in *"v view"*) ;; *) fail "the key that switches the view is not named" ;; esac
keys V Right Right Right
wait_for V "as watcher  3/"
keys V Left
wait_for V "as watcher  2/"
keys V PageDown
wait_gone V "as watcher  2/"
keys V Home
wait_for V "as watcher  0/"
for _ in 1 2 3 4 5 6; do keys V Right; done
wait_for V "as watcher  6/"
keys V v
wait_for V "as Ana  6/"
s=$(pane V)
case "$s" in *"Ana's hand:"*) ;; *) fail "Ana's view does not show her hand" ;; esac
case "$s" in *"Ben (computer)'s hand:"*) fail "Ana's view shows Ben's hand" ;; esac
keys V v
wait_for V "as Ben  6/"
s=$(pane V)
# Ben is a computer: the board names him so.
case "$s" in *"Ben (computer)'s hand:"*) ;; *) fail "Ben's view does not show his hand" ;; esac
case "$s" in *"Ana's hand:"*) fail "Ben's view shows Ana's hand" ;; esac
keys V v
wait_for V "as watcher  6/"
case "$(pane V)" in *"'s hand:"*) fail "the watcher sees a hand after switching back" ;; esac
keys V End
wait_for V "GAME OVER"
keys V q
wait_for V "EXIT=0"

# 4. Recordings: the same save, the same bytes; asciinema reads them.
"$BIN" replay "$STATE/one.save" --asciicast "$WORK/a.cast" --seat 1 2>/dev/null || fail "asciicast 1"
"$BIN" replay "$STATE/one.save" --asciicast "$WORK/b.cast" --seat 1 2>/dev/null || fail "asciicast 2"
cmp -s "$WORK/a.cast" "$WORK/b.cast" || fail "two recordings of the same save differ"
head -1 "$WORK/a.cast" | grep -q '^{"version":2,"width":80,"height":24' || fail "asciicast header: $(head -1 "$WORK/a.cast")"
if "$BIN" replay "$STATE/one.save" --asciicast "$WORK/no/such/dir/c.cast" 2>/dev/null; then
  fail "a failed recording exits 0"
fi
if command -v asciinema >/dev/null; then
  # asciinema wants a terminal: it plays the recording (1000 times as fast) in a pane.
  t new-session -d -s P -x 80 -y 24 "asciinema play -s 1000 -i 0.01 '$WORK/a.cast' >/dev/null 2>'$WORK/play.err'; echo \$? >'$WORK/play.rc'"
  for _ in $(seq 100); do [ -s "$WORK/play.rc" ] && break; nap 0.1; done
  [ "$(cat "$WORK/play.rc" 2>/dev/null)" = 0 ] || fail "asciinema play refused the recording: $(tail -1 "$WORK/play.err")"
else
  echo "asciinema not installed: the player check is skipped (apt-get install asciinema)"
fi
echo "replay e2e: ok ($SECONDS s)"
