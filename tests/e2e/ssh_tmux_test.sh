#!/usr/bin/env bash
# End to end: `racetable serve --ssh` with the real OpenSSH
# client. A server on a free loopback port with a fresh state directory;
# keys made by ssh-keygen in a temporary directory; a throwaway known_hosts.
#
#   tests/e2e/ssh_tmux_test.sh path/to/racetable session|attacks|game
#
# session: the host key's fingerprint (serve --ssh --fingerprint) is the one
#   the client records; Ana's first login registers her name and lands on
#   the title screen at 80x24 (the time from `ssh` to the title is printed);
#   the shell knows her name and runs under the session's limits, as a fresh
#   program holding no host key in memory and no descriptor but its
#   terminal (the session process does hold the key); a resize
#   redraws; a Go Wacky! game started, her ssh killed mid-game (the shell saves as a
#   dropped local player's does), back in with the same key under another
#   typed name: still Ana, the game there to continue; quit: ssh exits 0;
#   a client with LANG=C gets the shell in ASCII.
# attacks: each refused and logged with the address (and key fingerprint):
#   another key taking a registered name; an invalid name; no key (guests
#   off); a command (`ssh host touch FILE`: refused, nothing runs); a shell
#   without a terminal; the sftp subsystem; -L/-W and -R forwarding; -X;
#   -A (never granted: no agent reaches the session); 300 TCP connections
#   that never speak SSH and 50 that stall after the version line while a
#   real player still logs in within 2 s and plays (all closed by the
#   login deadline); --ban ends a logged-in player's session within a second
#   and refuses the key (the reason in the userauth banner), --bans lists
#   it, --unban lifts it; a client that never reads its output while the
#   shell redraws megabytes: the shell waits in write(2) and the session's
#   memory stays put; then a second server: --guests lets a client without
#   a key in as guest-1; --per-minute and --max-per-address refuse; a third
#   server: --max-per-key 1 refuses a key's second session in one line.
# game: a whole Go Wacky! game against a computer over SSH, to the end
#   (about a minute: the contests run in real time).
# tables: the server's tables (its table process): Ana hosts a Go Wacky!
#   table from the shell, Bob joins it from his Tables page, Cat watches;
#   they talk (Bob a line, Ana a quick phrase), Ana mutes Bob (his next
#   line reaches Cat, not her), and the one asked keeps the question whole;
#   Bob's ssh is killed mid-game and he is back in his seat with the same
#   key (Cat's key is offered none); the table process is killed and comes
#   back with the table; the server gets SIGTERM mid-game, every
#   table saved with its seats' keys; started again, both players resume.
# restart: Ana hosts, Bob sits, the server gets SIGTERM and starts again
#   (--grace 5); only Ana comes back: after the grace period a computer
#   plays Ben's seat and the game goes on; Bob back takes his seat again.
# host: the Host page over SSH: Ana hosts a table for named players (bob,
#   cat) with a move clock; `ssh HOST tables` lists it to bob, not to eve;
#   eve is refused (not listed, `watch` says there is no such table, status
#   1); bob sits down; `watch` without -t is refused in a line; cat watches
#   with `ssh -t HOST watch friends`; a computer seat named 'B0b' (like the
#   registered bob) is refused in one line; bob's Finished games and Stats
#   show no path of the server's.
# Exit 77 (skipped) when tmux or the OpenSSH client is missing.
set -u
. "$(dirname "$0")/lib.sh"
BIN=${1:?usage: ssh_tmux_test.sh path/to/racetable session|attacks|game|tables|restart|host}
MODE=${2:?usage: ssh_tmux_test.sh path/to/racetable session|attacks|game|tables|restart|host}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
command -v tmux >/dev/null || { echo "tmux not installed: skipped"; exit 77; }
command -v ssh >/dev/null && command -v ssh-keygen >/dev/null || { echo "openssh-client not installed: skipped"; exit 77; }

WORK=$(mktemp -d /tmp/racetable-ssh-XXXXXX)
L=rt-ssh-$$
STATE=$WORK/state
KH=$WORK/known_hosts
SERVER_PIDS=()
cleanup() {
  tmux -L "$L" kill-server 2>/dev/null
  for pid in "${SERVER_PIDS[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${SERVER_PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; nap 0.1; done
  done
  [ -n "${AGENT_PID:-}" ] && kill "$AGENT_PID" 2>/dev/null
  [ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

t() { tmux -L "$L" "$@"; }
pane() { t capture-pane -p -t "$1" 2>/dev/null; }
fail() {
  echo "FAIL ($MODE): $*"
  for p in $(t list-sessions -F '#S' 2>/dev/null); do
    echo "--- pane $p"
    pane "$p" | sed 's/ *$//' | grep -v '^$'
  done
  echo "--- server log"
  tail -30 "$WORK"/server*.out 2>/dev/null
  exit 1
}
wait_for() {
  local until=$((SECONDS + ${3:-15}))
  while [ $SECONDS -lt $until ]; do
    has_line "$(pane "$1")" "$2" && return 0
    nap 0.05
  done
  fail "pane $1 never showed '$2'"
}
log_has() {
  local until=$((SECONDS + ${3:-5}))
  while [ $SECONDS -lt $until ]; do
    grep -Eq -- "$2" "$1" && return 0
    nap 0.05
  done
  fail "the server log $1 has no line matching '$2'"
}
now_ms() { date +%s%3N; }

# start_server OUT ARGS...: a server on a free port; sets PORT.
start_server() {
  local out=$1
  shift
  "$BIN" serve --ssh 127.0.0.1:0 "$@" >"$out" 2>&1 {NAP_FD}>&- &
  SERVER_PIDS+=($!)
  PORT=""
  for _ in $(seq 100); do
    PORT=$(sed -n 's/^racetable SSH server on 127.0.0.1 port \([0-9]*\)$/\1/p' "$out")
    [ -n "$PORT" ] && break
    nap 0.05
  done
  [ -n "$PORT" ] || fail "the server did not start: $(cat "$out")"
}
key() { ssh-keygen -q -t ed25519 -N "" -C "$1" -f "$WORK/keys/$1"; }
mkdir -p "$WORK/keys"
chmod 700 "$WORK/keys"
# ssh as a script would: no agent, no config of the user's, this known_hosts.
SSH=(ssh -F none -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile="$KH" -o IdentitiesOnly=yes
  -o IdentityAgent=none)
# ssh_in SESSION KEY NAME [ssh options...]: a player's terminal at 80x24.
ssh_in() {
  local s=$1 k=$2 name=$3
  shift 3
  t new-session -d -s "$s" -x 80 -y 24 -- sh -c \
    '"$@"; echo "[ssh exit $?]"; exec sleep 3600' sh "${SSH[@]}" -tt -i "$WORK/keys/$k" -p "$PORT" "$@" "$name@127.0.0.1"
}
ssh_exit() {
  local until=$((SECONDS + ${2:-15})) code
  while [ $SECONDS -lt $until ]; do
    code=$(pane "$1" | grep -Eo '^\[ssh exit [0-9]+\]' | tail -1 | tr -dc '0-9')
    [ -n "$code" ] && { echo "$code"; return 0; }
    nap 0.1
  done
  fail "ssh in pane $1 did not end"
}
# The pid of the process of the session whose shell shows in pane $1: the
# newest shell process of the server.
shell_pid_of() { sed -n 's/.* starts the shell .*(shell pid \([0-9]*\))$/\1/p' "$1" | tail -1; }

if [ "$MODE" = session ]; then
  key ana
  fp=$("$BIN" serve --ssh --fingerprint --state-dir "$STATE" | awk '{print $1}')
  [ "$(stat -c %a "$STATE/host_ed25519_key")" = 600 ] || fail "the host key is not 0600"
  [ "$(stat -c %a "$STATE")" = 700 ] || fail "the state directory is not 0700"
  start_server "$WORK/server.out" --state-dir "$STATE"
  grep -q "Host key fingerprint: $fp " "$WORK/server.out" || fail "the fingerprint printed at start is not --fingerprint's ($fp)"
  grep -q "^Players type: ssh -p $PORT NAME@HOST" "$WORK/server.out" || fail "the start does not say what players type"

  echo "1. Ana's first login registers her name; the title screen at 80x24"
  started=$(now_ms)
  ssh_in A ana Ana
  wait_for A 'Playing as Ana' 15
  echo "   from ssh to the title: $(($(now_ms) - started)) ms"
  wait_for A 'Play a game' 5
  # The client recorded the key the server printed.
  [ "$(ssh-keygen -l -F "[127.0.0.1]:$PORT" -f "$KH" | awk '/ED25519/ {print $3}')" = "$fp" ] ||
    fail "known_hosts holds another key than $fp"
  log_has "$WORK/server.out" "ssh 127.0.0.1: Ana logged in with key SHA256:[^ ]+ \(a new player: the name is registered\)"
  [ "$(stat -c %a "$STATE/registry/registry.db")" = 600 ] || fail "the registry is not 0600"
  [ "$(stat -c %a "$STATE/registry")" = 700 ] || fail "the registry's directory is not 0700"
  shell=$(shell_pid_of "$WORK/server.out")
  [ -n "$shell" ] || fail "no shell pid in the log"
  # What the session process may use (setrlimit).
  grep -Eq '^Max open files +256 +256' "/proc/$shell/limits" || fail "no open-file limit on the session"
  grep -Eq '^Max cpu time +3600 +3600' "/proc/$shell/limits" || fail "no CPU limit on the session"
  # The shell is this program started afresh, not a fork of the session: its
  # memory holds no host key (the session's does: the check can see one), its
  # arguments name no player (ps shows them to everyone), and it has only the
  # terminal open.
  session=$(sed -n 's/.* Ana logged in .*(session pid \([0-9]*\);.*/\1/p' "$WORK/server.out" | tail -1)
  [ "$(tr '\0' ' ' <"/proc/$shell/cmdline")" = "racetable-shell " ] ||
    fail "the shell's arguments are '$(tr '\0' ' ' <"/proc/$shell/cmdline")'"
  # It is racetable-shell from beside the program, which loads neither libssh
  # (nor its OpenSSL and Kerberos) nor SQLite: half the CPU of a login.
  [ "$(readlink "/proc/$shell/exe")" = "$(dirname "$(readlink -f "$BIN")")/racetable-shell" ] ||
    fail "the shell runs $(readlink "/proc/$shell/exe"), not racetable-shell beside $BIN"
  grep -Eq 'libssh|libcrypto|libkrb5|libsqlite3' "/proc/$shell/maps" && fail "the shell loaded libssh or SQLite"
  # (Its own self-pipe aside: a pipe both of whose ends it holds; and its
  # one link to the server's tables, a socket.)
  held=$(for fd in /proc/"$shell"/fd/*; do readlink "$fd"; done)
  [ "$(grep -c '^socket:' <<<"$held")" -le 1 ] || fail "the shell holds more than one socket: $held"
  grep -Ev '^(/dev/pts/[0-9]+|pipe:\[[0-9]+\]|socket:\[[0-9]+\])$' <<<"$held" && fail "the shell holds more than its terminal (above)"
  while read -r p; do
    [ "$(grep -cxF "$p" <<<"$held")" = 2 ] || fail "the shell holds one end of a pipe it did not make: $p"
  done < <(grep '^pipe:' <<<"$held" | sort -u)
  memory=$(python3 "$(dirname "$0")/ssh_key_in_memory.py" "$STATE/host_ed25519_key" "$session" "$shell")
  echo "   the host key in memory: $(tr '\n' ' ' <<<"$memory")(session, shell)"
  grep -q "^$shell absent$" <<<"$memory" || fail "the shell's memory holds the host key: $memory"
  grep -q "^$session found$" <<<"$memory" || echo "   (the session's memory could not be read or searched: $memory)"
  # Nor can the shell (or anything else of this user) read the session's:
  # the server is not dumpable, so its /proc files are root's (only visible
  # when this test is not run as root).
  if [ "$(id -u)" != 0 ]; then
    [ "$(stat -c %u "/proc/$session/mem")" = 0 ] || fail "the session's memory is readable by its own user (dumpable)"
  fi
  # The host key was read into memory by the listening process: no session
  # holds the file open (and Landlock keeps it from opening it again).
  for fd in /proc/"$session"/fd/*; do
    [ "$(readlink "$fd")" = "$STATE/host_ed25519_key" ] && fail "the session holds the host key's file open ($fd)"
  done
  # Both confined (net/confine.h): no privileges to gain, and a seccomp
  # filter unless the server said at start that the kernel lacks it.
  for p in "$session" "$shell"; do
    grep -Eq '^NoNewPrivs:[[:space:]]+1$' "/proc/$p/status" || fail "process $p may gain privileges (no no_new_privs)"
    if ! grep -q 'lacks .*seccomp' "$WORK/server.out"; then
      grep -Eq '^Seccomp:[[:space:]]+2$' "/proc/$p/status" || fail "process $p has no seccomp filter"
    fi
  done
  if grep -q 'this kernel lacks' "$WORK/server.out"; then
    echo "   $(grep -o 'this kernel lacks [^:]*' "$WORK/server.out" | head -1): checked what there is"
  fi

  echo "2. a resize redraws; a Go Wacky! game with Ana's name on seat 1"
  t resize-window -t A -x 100 -y 30
  wait_for A '^ {17}____ ' 5  # the logo centred in 100 columns: (100 - 67) / 2 + 1
  t resize-window -t A -x 80 -y 24
  wait_for A '^ {7}____ ' 5
  t send-keys -t A Enter
  wait_for A '[0-9]+\. Go Wacky!'  # the list is drawn line by line: its line, not its heading
  n=$(pane A | grep -Eo '[0-9]+\. Go Wacky!' | head -1 | cut -d. -f1)
  t send-keys -t A "$n"
  wait_for A 'who is playing\?'
  wait_for A 'Seat 1 +Ana ' 5  # the page may show before its rows are read
  t send-keys -t A Enter
  wait_for A 'variants and seed'
  t send-keys -t A Enter
  wait_for A 'Draw Pile' 20
  # A fresh seed: Ana's first decision may be a forced pass played for her
  # ("Played for you"), and relaxed contests before it take their time.
  wait_for A '│ Your move|Played for you' 120
  pane A | grep -q '│ Your move' && t send-keys -t A Enter
  sleep 1

  echo "3. her connection drops mid-game: the shell saves and ends"
  ssh_pid=$(ps -o pid= --ppid "$(t display -p -t A '#{pane_pid}')" | tr -d ' ' | head -1)
  [ -n "$ssh_pid" ] || fail "no ssh client found"
  kill -9 "$ssh_pid"
  log_has "$WORK/server.out" "Ana left after" 15
  for _ in $(seq 100); do kill -0 "$shell" 2>/dev/null || break; nap 0.1; done
  kill -0 "$shell" 2>/dev/null && fail "the shell (pid $shell) outlived the hang-up"
  # Her saves and settings are hers: XDG_STATE_HOME and XDG_CONFIG_HOME are set for her.
  ls "$STATE"/players/ana/state/racetable/go-wacky-*.save >/dev/null 2>&1 || fail "no save after the hang-up"
  [ -f "$STATE/players/ana/config/racetable/settings.json" ] || fail "her settings are not in her directory"

  echo "4. back with the same key, another name typed: still Ana, the game to continue"
  ssh_in B ana somebody-else
  # Only now: killing the last session ends the tmux server, and a new-session
  # racing that exit fails with "server exited unexpectedly".
  t kill-session -t A
  wait_for B 'Playing as Ana' 15
  wait_for B 'Continue a saved game +1 saved' 5
  t send-keys -t B Down Enter
  wait_for B 'Go Wacky!' 5
  t send-keys -t B Enter
  wait_for B 'Draw Pile' 15
  t send-keys -t B q
  wait_for B 'Quit\?' 5
  wait_for B 'The game is saved, and Continue on the title screen goes on' 5
  pane B | grep -q 'racetable resume' && fail "an SSH player is told to run a command"
  t send-keys -t B t
  wait_for B 'Play a game' 10
  t send-keys -t B q
  wait_for B 'Leave racetable' 5  # the title asks before quitting
  t send-keys -t B q
  code=$(ssh_exit B 15)
  [ "$code" = 0 ] || fail "ssh exit status $code after quitting (want 0)"
  [ "$(ls "$STATE"/players/ | wc -l)" = 1 ] || fail "a second player was registered: $(ls "$STATE/players")"

  echo "5. a client whose locale is not UTF-8 gets ASCII"
  ssh_in C ana ana -o SetEnv=LANG=C
  wait_for C 'Playing as Ana' 15
  wait_for C '^ +-=-=-=-=' 5  # the chequered flag in ASCII
  pane C | grep -q '▄' && fail "UTF-8 drawn for a client whose LANG is C"
  log_has "$WORK/server.out" "Ana starts the shell at 80x24, TERM [^ ]+, ASCII"
  echo "PASS ($MODE, ${SECONDS}s)"
  exit 0
fi

# The Tables page's steps, for the tables and restart modes.
# open_tables PANE: the Tables page from the title screen.
open_tables() {
  t send-keys -t "$1" Down Down Enter
  wait_for "$1" 'Tables: games on this server' 10
}
# sit PANE TEXT KEY: the table highlighted, Enter, the choice whose label matches TEXT, by its KEY.
sit() {
  wait_for "$1" 'go-wacky: Go Wacky!' 10
  t send-keys -t "$1" Down Enter
  wait_for "$1" "$2" 10
  t send-keys -t "$1" "$3"
}
# one_move: whoever is asked plays their first option (a contest: Space).
one_move() {
  local until=$((SECONDS + 30)) p
  while [ $SECONDS -lt $until ]; do
    for p in "$@"; do
      if [[ $(pane "$p") == *'Contest: go!'* ]]; then
        t send-keys -t "$p" Space
        return 0
      fi
      if [[ $(pane "$p") == *'│ Your move'* ]]; then
        t send-keys -t "$p" Enter
        return 0
      fi
    done
    nap 0.1
  done
  fail "nobody was asked anything in 30 s"
}
ssh_pid_of() { ps -o pid= --ppid "$(t display -p -t "$1" '#{pane_pid}')" | tr -d ' ' | head -1; }


if [ "$MODE" = tables ]; then
  key ana
  key bob
  key cat
  start_server "$WORK/server.out" --state-dir "$STATE"
  log_has "$WORK/server.out" "ssh: table process started"
  echo "1. Ana hosts a Go Wacky! table from the shell: the server's, she its host"
  ssh_in A ana ana
  wait_for A 'Playing as ana' 15
  open_tables A
  wait_for A 'No tables yet' 5
  t send-keys -t A Enter
  wait_for A '[0-9]+\. Go Wacky!'  # the list is drawn line by line: its line, not its heading
  n=$(pane A | grep -Eo '[0-9]+\. Go Wacky!' | head -1 | cut -d. -f1)
  t send-keys -t A "$n"
  wait_for A 'Seat 2 .*Human at another terminal' 10
  t send-keys -t A Enter
  wait_for A 'variants and seed'
  t send-keys -t A Enter
  wait_for A 'Host a table: Go Wacky!' 10
  wait_for A 'Who may come  *anyone on this server' 5
  t send-keys -t A Enter
  wait_for A 'Waiting for players: seat 2 \(Ben\) \(they' 10
  wait_for A 'join from their Tables page' 5
  log_has "$WORK/server.out" "tables: ana \(key SHA256:[^ ]+\) hosts table go-wacky \(go-wacky, public\)"

  echo "2. Bob joins it from his Tables page; Cat watches"
  ssh_in B bob bob
  wait_for B 'Playing as bob' 15
  open_tables B
  wait_for B 'go-wacky: Go Wacky! +waiting · host ana · 1 free · 1 playing' 10
  sit B 'Sit at seat 2 \(Ben\)' 1
  wait_for B 'bob \(you\)' 10
  wait_for A 'bob \(here\)' 10
  ssh_in C cat cat
  wait_for C 'Playing as cat' 15
  open_tables C
  sit C 'Watch +\(w\)' w
  wait_for C 'table go-wacky · watching' 10
  pane C | grep -q "hand: \[" && fail "a watcher sees a hand"

  echo "2b. talk over SSH: Bob says a line, Ana a quick phrase, Ana mutes Bob; the question stays on screen"
  # say PANE TEXT: t, the line, Enter.
  say() {
    t send-keys -t "$1" t
    wait_for "$1" 'Say:' 10
    t send-keys -t "$1" -l "$2"
    t send-keys -t "$1" Enter
  }
  # wait_talk PANE TEXT: a timed contest's screen shows no talk until it ends (the
  # deal is random: one may open the game), so the players play it as people would.
  wait_talk() {
    local until=$((SECONDS + 20)) p
    while [ $SECONDS -lt $until ]; do
      has_line "$(pane "$1")" "$2" && return 0
      for p in A B; do
        [[ "$(pane "$p")" == *'Contest: go!'* ]] && t send-keys -t "$p" Space
      done
      nap 0.1
    done
    fail "pane $1 never showed '$2'"
  }
  say B 'hello ana, good luck'
  wait_talk A '» bob: hello ana, good luck'
  wait_talk C '» bob: hello ana, good luck'
  t send-keys -t A t
  wait_for A 'Say:' 10
  t send-keys -t A 1  # a quick phrase
  wait_talk B '» ana: good game'
  say A '/mute bob'
  wait_for A 'Muted bob' 10
  log_has "$WORK/server.out" "table go-wacky: ana mutes bob"
  say B 'are you still there?'
  wait_talk C '» bob: are you still there\?'
  nap 0.5
  pane A | grep -q 'are you still there' && fail "a muted player's talk reached the one who muted"
  # Whoever is asked still has the whole question, its first option and the key help at
  # 80x24; in a die race (a seed may open with one) both still have its key.
  asked=""
  for p in A B; do pane "$p" | grep -q '│ Your move' && asked=$p; done
  if [ -n "$asked" ]; then
    pane "$asked" | grep -Eq '^ *(▶)? *1 [A-Z]' || fail "the first option left $asked's screen"
    pane "$asked" | grep -q 't talk' || fail "the key help left $asked's screen"
  else
    for p in A B; do
      # Nothing to press now (a die race another rolls alone, Round 'n Round's
      # rolls made for the roller, a move played for you): the help line names
      # no action key. Otherwise the line that says what the key does is there.
      pane "$p" | grep -v '^ *$' | tail -1 | grep -Eq 'Space|Enter' || continue
      pane "$p" | grep -Eq 'Press Space|Waiting for|Contest: go' ||
        fail "talk pushed the race's key or the question off $p's screen"
    done
  fi
  grep -q "hello ana" "$STATE/tables/go-wacky.save" && fail "the save holds the talk"
  one_move A B
  sleep 1

  echo "3. Bob's ssh is killed mid-game; back with the same key: his seat; Cat's key is offered none"
  kill -9 "$(ssh_pid_of B)"
  log_has "$WORK/server.out" "table go-wacky: bob .* left seat 2 \(bob\)" 15
  t send-keys -t C q
  wait_for C 'Leave the table\?' 10
  # The popup is drawn line by line: wait for its line, not one look.
  wait_for C 'cat@127\.0\.0\.1`' 10
  t send-keys -t C t
  wait_for C 'Play a game' 10
  open_tables C
  wait_for C 'seat 2: bob \(bob, away\)|go-wacky: Go Wacky!' 10
  t send-keys -t C Down Enter
  wait_for C 'Watch +\(w\)' 10
  pane C | grep -Eq 'Sit at seat|Back to your seat' && fail "Cat is offered a seat that is Bob's"
  t send-keys -t C Escape
  ssh_in B2 bob bob
  t kill-session -t B
  wait_for B2 'Playing as bob' 15
  open_tables B2
  sit B2 'Back to your seat 2 \(bob\)' 1
  wait_for B2 'bob \(you\)' 10
  log_has "$WORK/server.out" "table go-wacky: bob .* is back at seat 2 \(bob\)"
  one_move A B2
  sleep 1

  echo "4. the table process dies (SIGKILL): started again, the table back from its save, Ana back in her seat"
  tp=$(sed -n 's/.*ssh: table process started (pid \([0-9]*\)).*/\1/p' "$WORK/server.out" | tail -1)
  [ -n "$tp" ] || fail "no table process pid in the log"
  kill -9 "$tp"
  log_has "$WORK/server.out" "ssh: the table process ended \(signal 9\); starting it again" 10
  log_has "$WORK/server.out" "tables: table go-wacky is back" 10
  wait_for A 'TABLE LOST' 10
  t send-keys -t A Enter
  wait_for A 'Play a game' 10
  open_tables A
  sit A 'Back to your seat 1 \(ana\)' 1
  wait_for A 'ana \(you\)' 10
  wait_for B2 'TABLE LOST' 10
  t send-keys -t B2 Enter
  wait_for B2 'Play a game' 10
  open_tables B2
  sit B2 'Back to your seat 2 \(bob\)' 1
  wait_for B2 'bob \(you\)' 10
  one_move A B2
  sleep 1

  echo "5. SIGTERM to the server mid-game: every table saved; started again, both players resume"
  server=${SERVER_PIDS[-1]}
  kill -TERM "$server"
  for _ in $(seq 100); do kill -0 "$server" 2>/dev/null || break; nap 0.1; done
  kill -0 "$server" 2>/dev/null && fail "the server did not stop in 10 s"
  log_has "$WORK/server.out" "tables: every table saved; the table process ends"
  grep -q "^owner 1 key SHA256:[^ ]* ana$" "$STATE/tables/go-wacky.save" || fail "the save does not say seat 1 is ana's key's"
  grep -q "^owner 2 key SHA256:[^ ]* bob$" "$STATE/tables/go-wacky.save" || fail "the save does not say seat 2 is bob's key's"
  [ "$(stat -c %a "$STATE/tables")" = 700 ] || fail "STATE/tables is not 0700"
  for p in A B2 C; do t kill-session -t "$p" 2>/dev/null; done
  start_server "$WORK/server2.out" --state-dir "$STATE"
  log_has "$WORK/server2.out" "tables: table go-wacky is back \(go-wacky\)"
  ssh_in A2 ana ana
  ssh_in B3 bob bob
  for p in A2 B3; do
    wait_for $p 'Playing as' 15
    open_tables $p
  done
  sit A2 'Back to your seat 1 \(ana\)' 1
  sit B3 'Back to your seat 2 \(bob\)' 1
  wait_for A2 'ana \(you\)' 10
  wait_for B3 'bob \(you\)' 10
  one_move A2 B3
  echo "PASS ($MODE, ${SECONDS}s)"
  exit 0
fi

if [ "$MODE" = restart ]; then
  key ana
  key bob
  start_server "$WORK/server.out" --state-dir "$STATE" --grace 5
  log_has "$WORK/server.out" "ssh: table process started"

  echo "1. Ana hosts a Go Wacky! table, Bob sits at seat 2, a move is played"
  ssh_in A ana ana
  wait_for A 'Playing as ana' 15
  open_tables A
  t send-keys -t A Enter
  wait_for A '[0-9]+\. Go Wacky!'
  n=$(pane A | grep -Eo '[0-9]+\. Go Wacky!' | head -1 | cut -d. -f1)
  t send-keys -t A "$n"
  wait_for A 'Seat 2 .*Human at another terminal' 10
  t send-keys -t A Enter
  wait_for A 'variants and seed'
  t send-keys -t A Enter
  wait_for A 'Host a table: Go Wacky!' 10
  t send-keys -t A Enter
  wait_for A 'Waiting for players: seat 2 \(Ben\)' 10
  ssh_in B bob bob
  wait_for B 'Playing as bob' 15
  open_tables B
  sit B 'Sit at seat 2 \(Ben\)' 1
  wait_for B 'bob \(you\)' 10
  one_move A B

  echo "2. SIGTERM; the server started again; only Ana comes back"
  server=${SERVER_PIDS[-1]}
  kill -TERM "$server"
  for _ in $(seq 100); do kill -0 "$server" 2>/dev/null || break; nap 0.1; done
  kill -0 "$server" 2>/dev/null && fail "the server did not stop in 10 s"
  for p in A B; do t kill-session -t "$p" 2>/dev/null; done
  start_server "$WORK/server2.out" --state-dir "$STATE" --grace 5
  log_has "$WORK/server2.out" "tables: table go-wacky is back \(go-wacky\)"
  ssh_in A2 ana ana
  wait_for A2 'Playing as' 15
  open_tables A2
  sit A2 'Back to your seat 1 \(ana\)' 1
  wait_for A2 'ana \(you\)' 10

  echo "3. after the grace period a computer plays Ben's seat and the game goes on"
  log_has "$WORK/server2.out" "table go-wacky: a computer \(normal\) plays seat 2 \(bob\) until its player is back" 15
  wait_for A2 'computer stands in' 10
  one_move A2
  one_move A2
  pane A2 | grep -q 'Waiting for players' && fail "the table still waits for bob"

  echo "4. Bob is back: his seat again"
  ssh_in B2 bob bob
  wait_for B2 'Playing as bob' 15
  open_tables B2
  sit B2 'Back to your seat 2 \(bob\)' 1
  wait_for B2 'bob \(you\)' 10
  log_has "$WORK/server2.out" "table go-wacky: the computer stands down from seat 2 \(bob\)" 10
  echo "PASS ($MODE, ${SECONDS}s)"
  exit 0
fi

if [ "$MODE" = host ]; then
  key ana
  key bob
  key cat
  key eve
  start_server "$WORK/server.out" --state-dir "$STATE"
  log_has "$WORK/server.out" "ssh: table process started"
  batch() { "${SSH[@]}" -o BatchMode=yes -p "$PORT" "$@"; }
  open_tables() {
    t send-keys -t "$1" Down Down Enter
    wait_for "$1" 'Tables: games on this server' 10
  }

  echo "1. Ana hosts 'friends' on the Host page: named players (bob, cat), a 30 s move clock"
  ssh_in A ana ana
  wait_for A 'Playing as ana' 15
  open_tables A
  t send-keys -t A Enter
  wait_for A '[0-9]+\. Go Wacky!'  # the list is drawn line by line: its line, not its heading
  n=$(pane A | grep -Eo '[0-9]+\. Go Wacky!' | head -1 | cut -d. -f1)
  t send-keys -t A "$n"
  wait_for A 'Seat 2 .*Human at another terminal' 10
  t send-keys -t A Enter
  wait_for A 'variants and seed'
  t send-keys -t A Enter
  wait_for A 'Host a table: Go Wacky!' 10
  for row in 'Table name +go-wacky \(the game.s\)' 'Who may come +anyone on this server' 'Watchers +others may watch' \
    "Watchers' talk +among watchers only" 'Move clock +none' 'Open the table'; do
    wait_for A "$row" 5  # the page is drawn line by line
  done
  t send-keys -t A Home Enter
  t send-keys -t A -l 'friends'
  t send-keys -t A Enter Down Enter Enter
  wait_for A 'Who may come +only the players you name' 5
  t send-keys -t A Down Enter
  t send-keys -t A -l 'bob, cat'
  t send-keys -t A Enter Down Down Down Enter
  wait_for A 'Move clock +30 s a move' 5
  wait_for A 'Players named +bob, cat' 5
  t send-keys -t A End Enter
  wait_for A 'Waiting for players' 10
  log_has "$WORK/server.out" "tables: ana \(key SHA256:[^ ]+\) hosts table friends \(go-wacky, named\)"

  echo "2. ssh HOST tables: bob sees it (named, the clock); eve, not named, sees nothing"
  out=$(batch -i "$WORK/keys/bob" -T bob@127.0.0.1 tables 2>&1) || fail "ssh host tables exited $?: $out"
  grep -Pq '^friends\tgo-wacky\twaiting\tana\t1 free\t1 playing\t0 watching\tnamed,clock-30s\tdeal committed: SHA-256 [0-9a-f]{64}$' <<<"$out" ||
    fail "bob's tables: $out"
  out=$(batch -i "$WORK/keys/eve" -T eve@127.0.0.1 tables 2>&1) || fail "ssh host tables exited $?: $out"
  grep -q friends <<<"$out" && fail "eve, not named, is told of the table: $out"

  echo "3. eve is refused: not on her Tables page, and ssh -t ... watch friends says there is no such table"
  ssh_in E eve eve
  wait_for E 'Playing as eve' 15
  open_tables E
  wait_for E 'No tables yet' 5
  t new-session -d -s EW -x 80 -y 24 -- sh -c \
    '"$@"; echo "[ssh exit $?]"; exec sleep 3600' sh "${SSH[@]}" -tt -i "$WORK/keys/eve" -p "$PORT" eve@127.0.0.1 watch friends
  wait_for EW 'no table friends' 15
  [ "$(ssh_exit EW 10)" = 1 ] || fail "a refused watch did not end with status 1"

  echo "4. Bob sits down; watch without a terminal is refused; Cat watches with ssh -t ... watch friends"
  ssh_in B bob bob
  wait_for B 'Playing as bob' 15
  open_tables B
  wait_for B 'friends: Go Wacky! +waiting · invited · host ana' 10
  t send-keys -t B Down Enter
  wait_for B 'may sit down' 10
  # The popup is drawn line by line: wait for the clock's line, not just the first.
  wait_for B 'A clock of 30 s a move; others may watch\.' 5
  t send-keys -t B 1
  wait_for B 'bob \(you\)' 10
  out=$(batch -i "$WORK/keys/cat" -T cat@127.0.0.1 watch friends 2>&1)
  code=$?
  [ "$code" = 1 ] || fail "watch without a terminal exited $code (want 1): $out"
  grep -q "racetable: watch needs a terminal: ssh -t -p $PORT NAME@THIS-HOST watch friends" <<<"$out" ||
    fail "watch without a terminal: $out"
  t new-session -d -s C -x 80 -y 24 -- sh -c \
    '"$@"; echo "[ssh exit $?]"; exec sleep 3600' sh "${SSH[@]}" -tt -i "$WORK/keys/cat" -p "$PORT" cat@127.0.0.1 watch friends
  wait_for C 'table friends · watching' 15
  pane C | grep -q "hand: \[" && fail "a watcher sees a hand"
  log_has "$WORK/server.out" "table friends: cat .* watches"

  echo "5. A computer seat named like a registered player (bob, as 'B0b') is refused in one line"
  ssh_in AX ana ana
  wait_for AX 'Playing as ana' 15
  open_tables AX
  t send-keys -t AX Enter
  wait_for AX '[0-9]+\. Go Wacky!'
  n=$(pane AX | grep -Eo '[0-9]+\. Go Wacky!' | head -1 | cut -d. -f1)
  t send-keys -t AX "$n"
  wait_for AX 'Seat 2 .*Human at another terminal' 10
  t send-keys -t AX Home Right
  wait_for AX 'Seat 3 .*Computer' 5
  t send-keys -t AX Down Down Down Enter
  wait_for AX 'Type the name' 5
  t send-keys -t AX BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
  t send-keys -t AX -l 'B0b'
  t send-keys -t AX Enter
  wait_for AX 'Seat 3 +B0b' 5
  t send-keys -t AX Home Enter
  wait_for AX 'variants and seed'
  t send-keys -t AX Enter
  wait_for AX 'Host a table: Go Wacky!' 10
  wait_for AX 'Open the table' 5
  t send-keys -t AX End Enter
  wait_for AX "its name 'B0b' looks like the player 'bob'" 10
  pane AX | grep -q 'Waiting for players' && fail "the table opened with a computer passing for bob"

  echo "6. Over SSH, Finished games and Stats name no path of the server's"
  ssh_in S bob bob
  wait_for S 'Playing as bob' 15
  t send-keys -t S Down Down Down Down Enter
  wait_for S 'No games yet' 10
  pane S | grep -qF "$WORK" && fail "Finished games shows a path of the server's"
  ssh_in S2 bob bob
  wait_for S2 'Playing as bob' 15
  t send-keys -t S2 Down Down Down Down Down Enter
  wait_for S2 'No finished games yet' 10
  pane S2 | grep -qF "$WORK" && fail "Stats shows a path of the server's"
  echo "PASS ($MODE, ${SECONDS}s)"
  exit 0
fi

if [ "$MODE" = game ]; then
  key ana
  start_server "$WORK/server.out" --state-dir "$STATE"
  ssh_in G ana ana
  wait_for G 'Playing as ana' 15
  # The whole game is played confined (net/confine.h), unless the kernel lacks it.
  shell=$(shell_pid_of "$WORK/server.out")
  if ! grep -q 'lacks .*seccomp' "$WORK/server.out"; then
    grep -Eq '^Seccomp:[[:space:]]+2$' "/proc/$shell/status" || fail "the shell plays without its seccomp filter"
  fi
  t send-keys -t G Enter
  wait_for G '[0-9]+\. Go Wacky!'  # the list is drawn line by line
  n=$(pane G | grep -Eo '[0-9]+\. Go Wacky!' | head -1 | cut -d. -f1)
  t send-keys -t G "$n"
  wait_for G 'who is playing\?'
  t send-keys -t G Left Left  # two players: ana and a computer
  wait_for G 'Players +◀ 2 ▶'
  t send-keys -t G Enter
  wait_for G 'variants and seed'
  # Seed 368: a short two-player game (few Go Wacky! contests; a random seed took 15-70 s).
  t send-keys -t G Up Enter 368 Enter Down Enter
  wait_for G 'seed 368' 20
  wait_for G 'Draw Pile' 20
  t send-keys -t G + + +
  started=$SECONDS
  # One capture a round: a key sent after the result showed could close it
  # unseen (a key closes it after a second), and the loop would never end.
  while s=$(pane G) && [[ $s != *'GAME OVER'* ]]; do
    if [[ $s == *'Contest: go!'* ]]; then
      t send-keys -t G Space
    elif [[ $s == *'│ Your move'* ]]; then
      t send-keys -t G Enter
      nap 0.1
    else
      nap 0.05
    fi
    [ $((SECONDS - started)) -lt 240 ] || fail "the game did not end in 240 s"
  done
  echo "   the game took $((SECONDS - started)) s"
  pane G | grep -q '1st' || fail "no first place on the final screen"
  until [[ $(pane G) == *'Play a game'* ]]; do
    [ $((SECONDS - started)) -lt 270 ] || fail "Enter did not leave the final screen"
    t send-keys -t G Enter
    nap 0.3
  done
  t send-keys -t G q
  wait_for G 'Leave racetable' 5
  t send-keys -t G q
  code=$(ssh_exit G 15)
  [ "$code" = 0 ] || fail "ssh exit status $code after the game (want 0)"
  grep -q '"game":"go-wacky"' "$STATE/players/ana/state/racetable/history.jsonl" ||
    fail "the finished game is not in ana's own history"
  echo "PASS ($MODE, ${SECONDS}s)"
  exit 0
fi

[ "$MODE" = attacks ] || fail "unknown mode $MODE"
key ana
key bob
start_server "$WORK/server.out" --state-dir "$STATE" --per-minute 1000 --login-timeout 5
LOG=$WORK/server.out
batch() { "${SSH[@]}" -o BatchMode=yes -p "$PORT" "$@"; }
batch -i "$WORK/keys/ana" -T ana@127.0.0.1 </dev/null >/dev/null 2>&1  # registers ana (and says: no terminal)
log_has "$LOG" "ana logged in"
bob_fp=$(ssh-keygen -lf "$WORK/keys/bob.pub" | awk '{print $2}' | sed 's/[+/.]/\\&/g')  # as a regex

echo "1. another key cannot take a registered name"
out=$(batch -i "$WORK/keys/bob" ana@127.0.0.1 true 2>&1) && fail "bob's key got in as ana"
grep -q "racetable: the name 'ana' belongs to another key. Pick another name: ssh -p $PORT NAME@THIS-HOST" <<<"$out" ||
  fail "no one-line reason for a taken name: $out"
log_has "$LOG" "ssh 127.0.0.1: refused: the name 'ana' belongs to another key \(key $bob_fp\)"
echo "   and names that are not names"
out=$(batch -i "$WORK/keys/bob" x@127.0.0.1 true 2>&1) && fail "a one-letter name got in"
grep -q "racetable: the name 'x' is 1 characters long: a name has 2 to 16" <<<"$out" || fail "no reason for a short name: $out"
out=$(batch -i "$WORK/keys/bob" 'guest-1@127.0.0.1' true 2>&1) && fail "a guest's name was taken by a key"
[ ! -e "$STATE/players/bob" ] || fail "bob was registered"

echo "2. no key, guests off: refused (passwords are never offered)"
out=$(batch -o PubkeyAuthentication=no -o PasswordAuthentication=yes ana@127.0.0.1 true 2>&1) && fail "got in without a key"
grep -q "Permission denied (publickey)" <<<"$out" || fail "a login without a key was not refused for want of a key: $out"

echo "3. a command: refused, nothing runs"
out=$(batch -i "$WORK/keys/ana" ana@127.0.0.1 touch "$WORK/pwned" 2>&1)
code=$?
[ "$code" = 1 ] || fail "ssh host touch FILE exited $code (want 1): $out"
grep -q "racetable: 'touch $WORK/pwned' was not run: this server runs the game (ssh -p $PORT NAME@THIS-HOST), \`watch TABLE\` (with ssh -t) and \`tables\`, nothing else" <<<"$out" ||
  fail "no line says what is offered: $out"
[ ! -e "$WORK/pwned" ] || fail "the command ran"
log_has "$LOG" "refused: the command 'touch [^']*' \(ana, key SHA256:[^ ]+; nothing runs\)"
out=$(batch -i "$WORK/keys/ana" -T ana@127.0.0.1 </dev/null 2>&1)
grep -q "racetable: the game needs a terminal" <<<"$out" || fail "a shell without a terminal was not told: $out"

echo "4. sftp, -L/-W, -R, -X and -A: refused"
out=$(sftp -b /dev/null -F none -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile="$KH" -o IdentitiesOnly=yes \
  -o IdentityAgent=none -o BatchMode=yes -i "$WORK/keys/ana" -P "$PORT" ana@127.0.0.1 2>&1) && fail "sftp got in"
grep -q "subsystem request failed" <<<"$out" || fail "sftp was not refused: $out"
log_has "$LOG" "refused: the sftp subsystem \(ana, key SHA256:[^ ]+\)"
out=$(batch -i "$WORK/keys/ana" -W 127.0.0.1:22 ana@127.0.0.1 </dev/null 2>&1) && fail "-W forwarded"
grep -q "administratively prohibited" <<<"$out" || fail "-W was not refused: $out"
# -L: a connection to the forwarded port is refused by the server.
lport=$((20000 + RANDOM % 20000))
batch -i "$WORK/keys/ana" -N -L "127.0.0.1:$lport:127.0.0.1:$PORT" ana@127.0.0.1 >"$WORK/fwd.out" 2>&1 &
fwd=$!
for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$lport") 2>/dev/null && break; nap 0.1; done
kill "$fwd" 2>/dev/null
log_has "$LOG" "refused: port forwarding \(ssh -L, -D or -W; ana, key SHA256:[^ ]+\)"
out=$(batch -i "$WORK/keys/ana" -N -o ExitOnForwardFailure=yes -R "127.0.0.1:$lport:127.0.0.1:22" ana@127.0.0.1 2>&1) &&
  fail "-R forwarded"
grep -q "remote port forwarding failed" <<<"$out" || fail "-R was not refused: $out"
log_has "$LOG" "refused: remote port forwarding \(ssh -R; ana, key SHA256:[^ ]+\)"
out=$(DISPLAY=:7 batch -i "$WORK/keys/ana" -X -T ana@127.0.0.1 </dev/null 2>&1)
grep -q "X11 forwarding request failed" <<<"$out" || fail "-X was not refused: $out"
log_has "$LOG" "refused: X11 forwarding \(ssh -X; ana, key SHA256:[^ ]+\)"
# -A: the agent forwarding request is answered with nothing; no agent
# channel is ever opened towards the client, and the shell gets no socket.
eval "$(ssh-agent -s)" >/dev/null
AGENT_PID=$SSH_AGENT_PID
ssh-add -q "$WORK/keys/ana" 2>/dev/null
out=$(ssh -F none -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile="$KH" -o IdentitiesOnly=yes -o BatchMode=yes \
  -A -v -T -i "$WORK/keys/ana" -p "$PORT" ana@127.0.0.1 </dev/null 2>&1)
grep -q "Requesting authentication agent forwarding" <<<"$out" || fail "the client did not ask for agent forwarding: $out"
grep -q "auth-agent@openssh.com" <<<"$out" && fail "the server opened an agent channel"

echo "5. 300 connections that never speak and 50 stalled after the version line; a player still gets in"
exec {probe}<>"/dev/tcp/127.0.0.1/$PORT"  # shows the server's version line
read -r -t 5 -u "$probe" version
exec {probe}>&-
[[ "$version" == SSH-2.0-* ]] || fail "no SSH version line from the server: $version"
fds=()
for _ in $(seq 300); do
  exec {fd}<>"/dev/tcp/127.0.0.1/$PORT" || fail "connection refused by the kernel"
  fds+=("$fd")
done
for _ in $(seq 50); do
  exec {fd}<>"/dev/tcp/127.0.0.1/$PORT" || fail "connection refused by the kernel"
  printf 'SSH-2.0-OpenSSH_9.2\r\n' >&"$fd"
  fds+=("$fd")
done
flooded=$(now_ms)
ssh_in F ana ana
# Refused or closed for the flood, the player never sees the title. How long it
# took is printed, not judged: a loaded machine makes it 2-6 s (make bench-ssh).
wait_for F 'Playing as ana' 20
took=$(($(now_ms) - flooded))
echo "   from ssh to the title with 350 connections hanging: $took ms"
t send-keys -t F Enter  # and plays: the game's choice answers
wait_for F 'which game\?' 5
t send-keys -t F Escape
wait_for F 'Play a game' 5
t send-keys -t F q
wait_for F 'Leave racetable' 5
t send-keys -t F q
[ "$(ssh_exit F 10)" = 0 ] || fail "the player's ssh did not end cleanly"
# Every flood connection is closed by the server by the login deadline (5 s
# from its accept: on a loaded machine the last ones are accepted a little
# later, so look again for a while before calling one still open).
sleep 5
open=0
until=$((SECONDS + 10))
while :; do
  still=()
  for fd in "${fds[@]}"; do
    gone=0
    while :; do
      read -r -t 0.01 -u "$fd" _ 2>/dev/null  # a reset connection is a closed one
      rc=$?
      [ $rc = 0 ] && continue        # the version line
      [ $rc -gt 128 ] || gone=1      # nothing yet: still open
      break
    done
    if [ $gone = 1 ]; then exec {fd}>&-; else still+=("$fd"); fi
  done
  fds=("${still[@]}")
  open=${#fds[@]}
  [ "$open" = 0 ] || [ $SECONDS -ge $until ] && break
  nap 0.5
done
for fd in "${fds[@]}"; do exec {fd}>&-; done
echo "   the flood's connections all closed $(($(now_ms) - flooded)) ms after it began"
[ "$open" = 0 ] || fail "$open of the 350 connections were still open after the login deadline"
log_has "$LOG" "ssh 127.0.0.1: closed a connection still logging in, to make room for a newer one"
log_has "$LOG" "ssh 127.0.0.1: closed: not logged in within 5 s \(no key offered\)"
lines=$(wc -l <"$LOG")
[ "$lines" -lt 120 ] || fail "the flood wrote $lines log lines (repeats are counted, not written)"

echo "6. a ban (serve --ssh --ban) ends the player's session at once and refuses the key; --unban lifts it"
ssh_in K ana ana
wait_for K 'Playing as ana' 10
ana_fp=$(ssh-keygen -lf "$WORK/keys/ana.pub" | awk '{print $2}')
ana_fp_re=$(sed 's/[+/.]/\\&/g' <<<"$ana_fp")
banned_at=$(now_ms)
"$BIN" serve --ssh --ban ana --state-dir "$STATE" | grep -qF "banned ana's key $ana_fp: it can no longer log in" ||
  fail "--ban ana did not say what it banned"
wait_for K 'racetable: your key is banned from this server; your game is saved' 5
echo "   from --ban to the player told: $(($(now_ms) - banned_at)) ms"
[ "$(ssh_exit K 10)" != 0 ] || fail "a banned player's ssh exited 0"
log_has "$LOG" "ssh 127.0.0.1: ended ana's session \(pid [0-9]+\): key $ana_fp_re is banned"
out=$(batch -i "$WORK/keys/ana" -T ana@127.0.0.1 </dev/null 2>&1) && fail "a banned key got in"
grep -q "^racetable: this key is banned from this server.$" <<<"$out" || fail "a banned key was not told why: $out"
log_has "$LOG" "ssh 127.0.0.1: refused: key $ana_fp_re is banned \(ana\) \(since [0-9TZ:-]+\)"
"$BIN" serve --ssh --bans --state-dir "$STATE" | grep -qF "$ana_fp  ana  since " || fail "--bans does not list ana"
"$BIN" serve --ssh --ban nobody-here --state-dir "$STATE" >/dev/null 2>&1 && fail "--ban of an unknown name succeeded"
"$BIN" serve --ssh --unban ana --state-dir "$STATE" | grep -q "^lifted the ban on ana's key" || fail "--unban ana"
out=$(batch -i "$WORK/keys/ana" -T ana@127.0.0.1 </dev/null 2>&1)
grep -q "racetable: the game needs a terminal" <<<"$out" || fail "ana could not log in after --unban: $out"

echo "7. a client that never reads its output: the session's memory stays bounded"
# bob's ssh writes the game's screen into a pipe nobody reads, while he
# goes between two games' rules at 200x50, some 13 KB of screen a round,
# 300 rounds: far more than the client's window (2 MB) and the pipe (64 KB)
# hold. The session stops reading the shell's terminal when the window is
# shut, so the shell waits to write and the session's memory stays put.
t new-session -d -s R -x 200 -y 50 -- sh -c \
  '"$@" | sleep 3600' sh "${SSH[@]}" -tt -i "$WORK/keys/bob" -p "$PORT" bob@127.0.0.1
log_has "$LOG" "bob starts the shell at 200x50" 15
session=$(sed -n 's/.* bob logged in .*(session pid \([0-9]*\);.*/\1/p' "$LOG" | tail -1)
shell=$(shell_pid_of "$LOG")
rss() { awk '/^VmRSS/ {print $2}' "/proc/$1/status"; }
sleep 1
t send-keys -t R Enter
nap 0.5
t send-keys -t R r
nap 0.5
before=$(rss "$session")
rounds=$(printf 'q Down r q Up r %.0s' $(seq 25))
for _ in $(seq 12); do
  # shellcheck disable=SC2086 # the keys, one word each
  t send-keys -t R $rounds
  nap 0.2
done
sleep 2
after=$(rss "$session")
peak=$(awk '/^VmHWM/ {print $2}' "/proc/$session/status")
wchan=$(cat "/proc/$shell/wchan")
syscall=$(cut -d' ' -f1 "/proc/$shell/syscall" 2>/dev/null)
echo "   session RSS ${before} kB before, ${after} kB after 300 rounds (peak ${peak} kB); the shell waits in $wchan (system call ${syscall:-?})"
# x86-64's write and writev are 1 and 20: the shell is blocked writing its screen.
if [ "$(uname -m)" = x86_64 ] && [ -n "$syscall" ]; then
  [ "$syscall" = 1 ] || [ "$syscall" = 20 ] || fail "the shell is not waiting to write (system call $syscall): no stall was made"
fi
[ "$after" -lt $((before + 8192)) ] || fail "the session's memory grew from $before kB to $after kB"
[ "$peak" -lt 65536 ] || fail "the session's memory peaked at $peak kB"
kill -0 "$session" 2>/dev/null || fail "the session ended under the flood"
t kill-session -t R
log_has "$LOG" "bob left after" 15

echo "8. a second server: --guests, --per-minute 6, --max-per-address 1"
STATE2=$WORK/state2
start_server "$WORK/server2.out" --state-dir "$STATE2" --guests --per-minute 6 --max-per-address 1
ssh_in G ana whoever -o PubkeyAuthentication=no -o KbdInteractiveAuthentication=yes
wait_for G 'Playing as guest-1' 15
[ -d "$STATE2/guests/1" ] || fail "no guest directory"
out=$(batch -i "$WORK/keys/ana" -tt ana@127.0.0.1 2>&1) && fail "a second session from the address got in"
grep -q "racetable: your address has a session open already (at most 1): close one first" <<<"$out" ||
  fail "the per-address limit was not said: $out"
t send-keys -t G q
wait_for G 'Leave racetable' 5
t send-keys -t G q
[ "$(ssh_exit G 10)" = 0 ] || fail "the guest's ssh did not end cleanly"
for _ in $(seq 50); do [ -e "$STATE2/guests/1" ] || break; nap 0.1; done
[ ! -e "$STATE2/guests/1" ] || fail "the guest's directory was kept"
for _ in $(seq 6); do batch -o ConnectTimeout=3 -i "$WORK/keys/ana" -T ana@127.0.0.1 </dev/null >/dev/null 2>&1; done
log_has "$WORK/server2.out" "refused a connection: more than 6 a minute from this address"

echo "9. a third server: --max-per-key 1 refuses the key's second session in one line"
STATE3=$WORK/state3
start_server "$WORK/server3.out" --state-dir "$STATE3" --max-per-key 1
ssh_in P ana ana
wait_for P 'Playing as ana' 15
out=$(batch -i "$WORK/keys/ana" -tt ana@127.0.0.1 2>&1) && fail "the key's second session got in"
grep -q "racetable: this key has a session open already (at most 1): close one first" <<<"$out" ||
  fail "the per-key limit was not said: $out"
log_has "$WORK/server3.out" "refused: ana \\(key SHA256:.*\\): this key has a session open already"
batch -i "$WORK/keys/bob" -T bob@127.0.0.1 </dev/null >/dev/null 2>&1  # another key still gets in
log_has "$WORK/server3.out" "bob logged in"
t send-keys -t P q
wait_for P 'Leave racetable' 5
t send-keys -t P q
[ "$(ssh_exit P 10)" = 0 ] || fail "ana's ssh did not end cleanly"
log_has "$WORK/server3.out" "ana left after"
out=$(batch -i "$WORK/keys/ana" -T ana@127.0.0.1 </dev/null 2>&1)
grep -q "this key has" <<<"$out" && fail "the key's slot was not given back when its session ended: $out"
echo "PASS ($MODE, ${SECONDS}s)"
