#!/usr/bin/env python3
"""SSH server benchmark. A benchmark, not a test.

Starts one `racetable serve --ssh` on a free loopback port with a fresh state
directory and connects N real OpenSSH clients (`ssh -tt`, each on its own
pseudo-terminal at 80x24, each with its own Ed25519 key and loopback address,
so each is a player of its own), a few per second as people arrive. Reports:

  - connect-to-title: from starting `ssh` until the title screen's menu has
    arrived on that client's terminal (key exchange, login, the session and
    shell processes, the first screen), p50/p99/max;
  - memory of the session processes (each connection has a session process
    and a shell process): RSS and PSS summed over the server's descendants,
    per session (PSS splits a shared page between the processes that map it:
    the honest figure for many processes of one binary);
  - keypress-to-screen while everyone plays at human pace (each client
    presses an arrow every --think-min..--think-max ms on the title menu,
    which redraws the highlight): from the key leaving the client until the
    first bytes of the next screen arrive, p50/p99;
  - CPU of the server and all its sessions while playing and while idle
    (nobody presses anything), as a share of one core;
  - keypress-to-every-screen at the server's tables (--tables, default one
    per four sessions): every fourth player hosts a Scrap Racer table for
    four people from the shell's Tables page, three others sit at it, and
    all play at human pace (the one asked presses Enter --think-min..
    --think-max ms after the table went quiet). From the key leaving the
    player's terminal until every one of the four terminals at that table
    has the first bytes of its next screen: p50/p99 (a key that changed
    nobody's screen -- pressed by one not asked -- is not counted).

The server is given room for every player (--max-sessions, --max-per-address,
--max-pending: all logging in at once may wait their turn; a login crowded out
would never reach the title and vanish from the figures). Hosting and sitting
down report how many got there, how long it took, and why the others did not:
the server's refusal when the Tables page shows one, else the screen that did
not come within --step-seconds.

Everything is bounded: the whole run stops after --deadline seconds; every
client and the server are stopped by pid at the end; the temporary
directory is removed (--keep keeps it).

  tests/bench/ssh_bench.py --binary build/racetable --sessions 200
"""

import argparse
import fcntl
import heapq
import os
import random
import re
import resource
import selectors
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import termios
import time

CLK_TCK = os.sysconf("SC_CLK_TCK")
TITLE_MARK = b"choose a game, the players, go"
DOWN, UP = b"\x1b[B", b"\x1b[A"
RIGHT, LEFT, ENTER = b"\x1b[C", b"\x1b[D", b"\r"
# The shell's keys to host a Scrap Racer table for four people (the title,
# Tables, host, game 5, 4 players, seats 3 and 4 "at another terminal",
# the Host page's defaults),
# each step with what its screen shows once it is there.
HOST_STEPS = [
    ([DOWN, DOWN, ENTER], b"Tables: games on this server"),
    ([ENTER], b"which game?"),
    ([b"5"], b"Scrap Racer: who is playing?"),
    ([RIGHT, RIGHT, DOWN, DOWN, DOWN, LEFT, LEFT, DOWN, LEFT, LEFT, DOWN, ENTER], b"variants and seed"),
    # The Host page: "Open the table" is highlighted, its defaults (the
    # game's name, open to everyone on the server, watchers, no clocks).
    ([ENTER], b"Host a table: Scrap Racer"),
    ([ENTER], b"Waiting for players"),
]
QUIET = 1.0  # seconds without a byte at a table before its next key (the pace's dice are drawn)
# What the shell says when the server's tables refuse or do not answer (client/tables_page.cpp shows
# it on the Tables page): a player who does not get in is reported with the first of these found.
REFUSALS = [b"did not answer in time", b"not reachable", b"as many tables as it takes", b"is full",
            b"full of connections", b"cannot"]
ESCAPE = re.compile(rb"\x1b(\[[0-9;?]*[A-Za-z]|\([A-Za-z0-9]|[=>])")


def why_not(expected, screen):
    """Why a scripted step did not reach its screen: the server's refusal
    if the screen shows one, else the screen never came."""
    text = ESCAPE.sub(b" ", screen)
    for refusal in REFUSALS:
        at = text.rfind(refusal)
        if at >= 0:
            start = max(text.rfind(b"  ", 0, at), at - 80, 0)
            words = b" ".join(text[start:at + len(refusal) + 40].split())
            return "refused: " + words.decode("utf-8", "replace")
    return f"never saw {expected.decode()!r}"


def now():
    return time.monotonic()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def make_room(sessions):
    """Room on this machine for N clients and the server's 2N processes, or
    a line saying which limit stands in the way and how to raise it."""
    # A pseudo-terminal master here for each client, with ssh's pipes while it starts.
    files = 2 * sessions + 256
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < files:
        if hard != resource.RLIM_INFINITY and hard < files:
            sys.exit(f"ssh_bench: {sessions} sessions need {files} open files here; the hard limit is "
                     f"{hard} (raise it: ulimit -Hn {files}, or LimitNOFILE in a unit)")
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, hard))
    # Each player: an ssh client here, a session and a shell under the server.
    procs = 3 * sessions + 256
    soft, hard = resource.getrlimit(resource.RLIMIT_NPROC)
    if os.geteuid() != 0 and soft != resource.RLIM_INFINITY and soft < procs:
        if hard != resource.RLIM_INFINITY and hard < procs:
            sys.exit(f"ssh_bench: {sessions} sessions need {procs} processes of this user; the hard "
                     f"limit is {hard} (ulimit -Hu)")
        resource.setrlimit(resource.RLIMIT_NPROC, (procs, hard))
    # Two pseudo-terminals a player: the client's here and the shell's.
    try:
        pty_max = int(open("/proc/sys/kernel/pty/max").read())
        pty_used = int(open("/proc/sys/kernel/pty/nr").read())
        if pty_max - pty_used < 2 * sessions:
            sys.exit(f"ssh_bench: {sessions} sessions need {2 * sessions} pseudo-terminals; "
                     f"{pty_max - pty_used} are free (sysctl kernel.pty.max={pty_used + 2 * sessions + 256})")
    except OSError:
        pass


def descendants(root):
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def stat_fields(pid):
    """/proc/PID/stat after the command's name: fields[1] is the parent,
    fields[11] and [12] the user and system ticks, [13] and [14] those of
    its children that ended."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None
    return stat[stat.rindex(")") + 2:].split()


def cpu_seconds(pids, reaped=False):
    """CPU time of these processes; with reaped, also of their children
    that ended and were waited for."""
    total = 0
    for pid in pids:
        fields = stat_fields(pid)
        if fields is None:
            continue
        total += int(fields[11]) + int(fields[12])
        if reaped:
            total += int(fields[13]) + int(fields[14])
    return total / CLK_TCK


def table_process_pid(work):
    """The table process, as the server's log names it."""
    try:
        with open(os.path.join(work, "server.out")) as f:
            for line in f:
                if "table process started (pid " in line:
                    pid = int(line.split("(pid ")[1].split(")")[0])
        return pid
    except (OSError, ValueError, IndexError, UnboundLocalError):
        return None


def cpu_by_kind(server, players, work):
    """CPU seconds so far of each kind of process a login runs: OpenSSH's
    client here, the listening process, the table process, the session
    processes and the shells (the exec'd program), and this benchmark.
    CPU time, not wall time, so the figures hold on a busy machine too."""
    kinds = server_processes(server, work)
    own = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "machine": machine_busy_seconds(),
        "ssh client": cpu_seconds([p.proc.pid for p in players if p.proc]),
        "listening process": cpu_seconds(kinds["listening process"]),
        "session processes": cpu_seconds(kinds["session processes"], reaped=True),
        "shells": cpu_seconds(kinds["shells"]),
        "table process": cpu_seconds(kinds["table process"]),
        "this benchmark": own.ru_utime + own.ru_stime,
    }


def server_processes(server, work):
    """The server's processes by kind: the listening process, the table
    process, the session processes (its other children) and the shells
    (everything below them)."""
    table = table_process_pid(work)
    tree = descendants(server.pid)
    sessions = [pid for pid in tree if (f := stat_fields(pid)) and int(f[1]) == server.pid and pid != table]
    return {
        "listening process": [server.pid],
        "table process": [table] if table else [],
        "session processes": sessions,
        "shells": [pid for pid in tree if pid not in (server.pid, table) and pid not in sessions],
    }


def machine_busy_seconds():
    """CPU seconds the whole machine spent busy so far (every core, every
    process and the kernel's own threads: /proc/stat less idle and iowait)."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / CLK_TCK


def report_cpu_per_login(before, after, logins, seconds):
    """Milliseconds of CPU a login cost each kind of process, between two
    cpu_by_kind(); and how busy the machine was, so that what others ran
    beside the logins (a build, the kernel's threads) is seen."""
    n = max(1, logins)
    kinds = [k for k in after if k != "machine"]
    parts = [f"{kind} {1000.0 * (after[kind] - before[kind]) / n:.1f}" for kind in kinds]
    total = sum(after[k] - before[k] for k in kinds)
    busy = after["machine"] - before["machine"]
    print(f"CPU per login ({logins} logins in {seconds:.0f} s; ms of CPU, not wall time): " + ", ".join(parts) +
          f"; in all {1000.0 * total / n:.1f} ms, {100.0 * total / max(seconds, 1e-9):.0f} % of one core; "
          f"the machine was busy {100.0 * busy / max(seconds, 1e-9):.0f} % of one core of {os.cpu_count()} "
          f"({100.0 * (busy - total) / max(seconds, 1e-9):.0f} % not these processes: the kernel's threads, "
          f"other work)", flush=True)


def memory_kb(pids):
    """RSS, PSS and private memory (pages no other process maps) in kB,
    summed over pids."""
    rss = pss = private = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
                    elif line.startswith(("Private_Clean:", "Private_Dirty:")):
                        private += int(line.split()[1])
        except OSError:
            # The server and its sessions are not dumpable (no user but
            # root may read their memory maps): run the benchmark as root.
            print(f"ssh_bench: cannot read /proc/{pid}/smaps_rollup: its memory is not counted", flush=True)
            continue
    return rss, pss, private


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(round(p / 100.0 * (len(values) - 1)))))
    return values[k]


class Player:
    def __init__(self, index, args, work, port):
        self.index = index
        self.name = f"p{index:03d}"
        self.key = os.path.join(work, "keys", self.name)
        self.master = -1
        self.proc = None
        self.started = 0.0
        self.title_at = None
        self.seen = b""
        self.key_sent_at = None
        self.next_key_at = None
        self.latencies = []
        self.down = True
        self.args = args
        self.work = work
        self.port = port
        # A scripted walk through the shell (hosting or joining a table).
        self.steps = []
        self.step_keys = []
        self.step_at = 0.0
        self.next_key_at_script = 0.0
        self.buf = b""
        self.failed = None
        self.table = None
        self.asked = 0.0  # when "Your move" last arrived
        self.script_started = 0.0
        self.script_done = None  # when the walk's last screen came

    def start(self):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        # Each player from a network of its own, as people arrive from their
        # own machines: the server counts connections still logging in per
        # /24 (at most 16 of one, ssh_limits.h), which is not what this measures.
        source = f"127.{1 + self.index // 250}.{self.index % 250}.1"
        cmd = ["ssh", "-tt", "-b", source] + ssh_options(self.key, self.work, self.port) + \
            [f"{self.name}@127.0.0.1"]
        self.started = now()
        self.proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     start_new_session=True, close_fds=True)
        os.close(slave)
        os.set_blocking(master, False)
        self.master = master

    def script(self, steps, t, scripting):
        self.script_started = t
        self.script_done = None
        self.steps = list(steps)
        self.step_keys = []
        self.buf = b""
        self.step_at = t
        self.next_step(t)
        scripting.add(self)

    def next_step(self, t):
        if self.steps:
            keys, _ = self.steps[0]
            self.step_keys = list(keys)
            self.buf = b""
            self.step_at = t

    def scripting(self):
        return bool(self.steps) and self.failed is None

    def drive(self, t):
        """Sends the step's next keys (80 ms apart); fails a step that took
        over --step-seconds (the shell's own deadline for an answer from the
        server's tables is 5 s: past it the page says so, and why_not reads it)."""
        if not self.scripting():
            return
        if self.step_keys and t >= self.next_key_at_script:
            self.write(self.step_keys.pop(0))
            self.next_key_at_script = t + 0.08
        elif t - self.step_at > self.args.step_seconds:
            self.failed = why_not(self.steps[0][1], self.buf)

    def write(self, data):
        try:
            os.write(self.master, data)
        except OSError:
            pass

    def on_output(self, data, t):
        if self.table is not None:
            self.table.on_output(self, data, t)
        if self.steps:
            self.buf = (self.buf + data)[-16384:]
            mark = self.steps[0][1]
            if not self.step_keys and mark in self.buf:
                self.steps.pop(0)
                rest = self.buf
                self.next_step(t)
                if not self.steps:
                    self.buf = rest
                    self.script_done = t
        if b"Your move" in data or b"our move" in data:
            self.asked = t
        if self.title_at is None:
            self.seen = (self.seen + data)[-4096:]
            if TITLE_MARK in self.seen:
                self.title_at = t
                self.seen = b""
        elif self.key_sent_at is not None:
            self.latencies.append((t - self.key_sent_at) * 1000.0)
            self.key_sent_at = None

    def press(self, t):
        try:
            os.write(self.master, DOWN if self.down else UP)
        except OSError:
            return
        self.down = not self.down
        self.key_sent_at = t

    def stop(self):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except OSError:
                pass
        if self.master >= 0:
            os.close(self.master)
            self.master = -1


def ssh_options(key, work, port):
    return ["-F", "/dev/null", "-i", key, "-o", "IdentitiesOnly=yes",
            "-o", f"UserKnownHostsFile={work}/known_hosts", "-o", "BatchMode=yes",
            "-o", "ServerAliveInterval=0", "-p", str(port)]


class BenchTable:
    """Four players at one of the server's tables, and the keys measured there."""

    def __init__(self, host, rng, args):
        self.host = host
        self.players = [host]
        self.rng = rng
        self.args = args
        self.last_output = now()
        self.next_key_at = None
        self.pressed_at = None
        self.presser = None
        self.arrived = {}
        self.samples = []
        self.own = []
        self.no_change = 0
        self.row = 0

    def on_output(self, player, data, t):
        self.last_output = t
        if self.pressed_at is not None and player not in self.arrived:
            self.arrived[player] = t

    def tick(self, t):
        if self.pressed_at is not None:
            if len(self.arrived) == len(self.players):
                self.samples.append((max(self.arrived.values()) - self.pressed_at) * 1000.0)
                if self.presser in self.arrived:
                    self.own.append((self.arrived[self.presser] - self.pressed_at) * 1000.0)
                self.pressed_at = None
            elif t - self.pressed_at > 5:
                self.no_change += 1  # pressed by one not asked, or a screen that never came
                self.pressed_at = None
            return
        if t - self.last_output < QUIET:
            self.next_key_at = None
            return
        if self.next_key_at is None:
            self.next_key_at = t + self.rng.uniform(self.args.think_min, self.args.think_max) / 1000.0
            return
        if t < self.next_key_at:
            return
        # The one asked most recently; nobody asked yet: anyone.
        asked = max(self.players, key=lambda p: p.asked)
        self.presser = asked if asked.asked > 0 else self.rng.choice(self.players)
        self.arrived = {}
        self.pressed_at = t
        self.next_key_at = None
        self.presser.write(ENTER)


class Bench:
    """The clients, and one loop that reads every terminal as its bytes come.
    The loop's work is bounded by what is due, not by the number of players:
    at 1000 sessions a pass over everyone every few milliseconds would make
    the bench's own lag the figure it measures."""

    TICK = 0.005  # how often the tables and scripts are looked at

    def __init__(self, args, rng):
        self.args = args
        self.rng = rng
        self.players = []
        self.tables = []
        self.scripting = set()
        self.presses = []  # heap of (when, index): menu keys while everyone plays
        self.sel = selectors.DefaultSelector()
        self.begun = now()

    def add(self, player):
        self.sel.register(player.master, selectors.EVENT_READ, player)
        self.players.append(player)

    def out_of_time(self):
        return now() - self.begun > self.args.deadline

    def pump(self, until, mode=None):
        """Reads and drives until `until`. mode: "menu" (everyone presses an
        arrow at human pace), "tables" (the tables play), None (only scripts)."""
        next_tick = 0.0
        while True:
            t = now()
            if t >= until or self.out_of_time():
                return
            if t >= next_tick:
                next_tick = t + self.TICK
                for p in list(self.scripting):
                    p.drive(t)
                    if not p.scripting():
                        self.scripting.discard(p)
                if mode == "tables":
                    for table in self.tables:
                        table.tick(t)
            if mode == "menu":
                while self.presses and self.presses[0][0] <= t:
                    _, i = heapq.heappop(self.presses)
                    p = self.players[i]
                    if p.key_sent_at is None:
                        p.press(t)
                    heapq.heappush(self.presses, (t + self.rng.uniform(self.args.think_min, self.args.think_max)
                                                  / 1000.0, i))
            wait = max(0.0, min(next_tick, until) - now())
            if mode == "menu" and self.presses:
                wait = min(wait, max(0.0, self.presses[0][0] - now()))
            for key, _ in self.sel.select(timeout=wait):
                p = key.data
                try:
                    data = os.read(p.master, 65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    self.sel.unregister(p.master)
                    continue
                p.on_output(data, now())

    def wait_for(self, players, limit):
        """Pumps until none of `players` is scripting any more, at most `limit` seconds."""
        until = now() + limit
        while now() < until and not self.out_of_time() and any(p.scripting() for p in players):
            self.pump(min(until, now() + 0.2))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default="build/racetable")
    ap.add_argument("--sessions", type=int, default=200)
    ap.add_argument("--arrivals", type=float, default=20.0, help="new connections a second")
    ap.add_argument("--think-min", type=int, default=1000)
    ap.add_argument("--think-max", type=int, default=3000)
    ap.add_argument("--play-seconds", type=float, default=30)
    ap.add_argument("--idle-seconds", type=float, default=10)
    ap.add_argument("--deadline", type=float, default=1200)
    ap.add_argument("--tables", type=int, default=-1,
                    help="tables of four for keypress-to-every-screen (default: sessions / 4; 0: none)")
    ap.add_argument("--table-seconds", type=float, default=60, help="how long the tables play")
    ap.add_argument("--step-seconds", type=float, default=30,
                    help="how long a player hosting or sitting down waits for each screen before giving up")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args()
    if not shutil.which("ssh") or not shutil.which("ssh-keygen") or not shutil.which("ssh-keyscan"):
        sys.exit("ssh_bench: needs the OpenSSH client (ssh, ssh-keygen, ssh-keyscan)")
    make_room(args.sessions)
    rng = random.Random(args.seed)
    bench = Bench(args, rng)
    players = bench.players
    work = tempfile.mkdtemp(prefix="racetable-sshbench-")
    os.makedirs(os.path.join(work, "keys"))
    server = None
    try:
        print(f"ssh_bench: {args.sessions} sessions; making keys in {work}", flush=True)
        make_keys(work, args.sessions)
        port = free_port()
        room = str(args.sessions + 8)
        # Every player may be logging in at once: a login crowded out by newer
        # ones never reaches the title and would leave the figures (p50 of
        # those who did) looking better than the server is.
        pending = str(min(1024, args.sessions + 8))
        server = subprocess.Popen(
            [os.path.abspath(args.binary), "serve", "--ssh", f"127.0.0.1:{port}", "--state-dir",
             os.path.join(work, "state"), "--max-sessions", room, "--max-per-address", room,
             "--max-pending", pending, "--per-minute", str(max(60, args.sessions * 2)), "--idle", "0"],
            stdout=open(os.path.join(work, "server.out"), "w"), stderr=subprocess.STDOUT,
            start_new_session=True)
        for _ in range(100):
            scan = subprocess.run(["ssh-keyscan", "-p", str(port), "127.0.0.1"], capture_output=True)
            if scan.stdout:
                break
            time.sleep(0.1)
        with open(os.path.join(work, "known_hosts"), "wb") as f:
            f.write(scan.stdout)
        print(f"ssh_bench: server pid {server.pid} on port {port}; load average {loadavg()}", flush=True)

        # Arrivals: a few a second, as people come.
        gap = 1.0 / args.arrivals
        cpu_before = cpu_by_kind(server, players, work)
        first = now()
        for i in range(args.sessions):
            p = Player(i, args, work, port)
            p.start()
            bench.add(p)
            bench.pump(first + (i + 1) * gap)
        last = now() + 30
        while now() < last and any(p.title_at is None for p in players):
            bench.pump(now() + 0.2)
        arrived = [p for p in players if p.title_at is not None]
        connect = [(p.title_at - p.started) * 1000.0 for p in arrived]
        crowded = count_in_log(work, "to make room for a newer one")
        if crowded:
            print(f"ssh_bench: the server's log has {crowded} lines on connections closed while logging in, "
                  f"to make room (--max-pending {pending}; repeats are counted inside those lines)", flush=True)
        print(f"connect-to-title: {len(arrived)}/{len(players)} reached the title; "
              f"p50 {percentile(connect, 50):.0f} ms, p99 {percentile(connect, 99):.0f} ms, "
              f"max {max(connect) if connect else float('nan'):.0f} ms (load average {loadavg()})", flush=True)
        report_connect_by_arrival(players)
        report_cpu_per_login(cpu_before, cpu_by_kind(server, players, work), len(arrived), now() - first)
        bench.pump(now() + 3)  # let the last screens settle
        report_memory(server, len(arrived), work, "at the title")

        for p in arrived:
            heapq.heappush(bench.presses, (now() + rng.uniform(0, args.think_max / 1000.0), p.index))
        cpu0, t0 = cpu_seconds(descendants(server.pid)), now()
        kinds0 = cpu_by_kind(server, players, work)
        bench.pump(now() + args.play_seconds, "menu")
        cpu1, t1 = cpu_seconds(descendants(server.pid)), now()
        kinds1 = cpu_by_kind(server, players, work)
        bench.presses = []
        lat = [x for p in arrived for x in p.latencies]
        keys = sum(len(p.latencies) for p in arrived)
        print("CPU per menu key (ms of CPU): " +
              ", ".join(f"{k} {1000.0 * (kinds1[k] - kinds0[k]) / max(1, keys):.2f}" for k in kinds1
                        if k != "machine") +
              f"; the machine busy {100.0 * (kinds1['machine'] - kinds0['machine']) / (t1 - t0):.0f} % of one core",
              flush=True)
        print(f"keypress-to-screen ({len(lat)} keys at human pace, {args.think_min}-{args.think_max} ms apart): "
              f"p50 {percentile(lat, 50):.1f} ms, p99 {percentile(lat, 99):.1f} ms, "
              f"max {max(lat) if lat else float('nan'):.1f} ms", flush=True)
        print(f"CPU while playing: {100.0 * (cpu1 - cpu0) / (t1 - t0):.2f} % of one core "
              f"(server and every session)", flush=True)
        bench.pump(now() + 2)
        idle_cpu(bench, server, "CPU while idle", args.idle_seconds)
        n_tables = min(args.sessions // 4 if args.tables < 0 else args.tables, len(arrived) // 4)
        if n_tables > 0:
            seat_tables(bench, arrived[:4 * n_tables], n_tables, work, port)
        tables = bench.tables
        if tables:
            ready = [tb for tb in tables if len(tb.players) == 4]
            tables[:] = ready
            for p in players:
                p.asked = 0.0
            cpu0, t0 = cpu_seconds(descendants(server.pid)), now()
            bench.pump(now() + args.table_seconds, "tables")
            cpu1, t1 = cpu_seconds(descendants(server.pid)), now()
            every = [x for tb in tables for x in tb.samples]
            own = [x for tb in tables for x in tb.own]
            print(f"keypress-to-every-screen at {len(tables)} tables of 4 ({4 * len(tables)} sessions seated, "
                  f"{len(every)} decisions over {t1 - t0:.0f} s, a key {args.think_min}-{args.think_max} ms "
                  f"after the table went quiet): p50 {percentile(every, 50):.1f} ms, "
                  f"p99 {percentile(every, 99):.1f} ms, max {max(every) if every else float('nan'):.1f} ms; "
                  f"to the presser's own screen p50 {percentile(own, 50):.1f} ms, "
                  f"p99 {percentile(own, 99):.1f} ms; "
                  f"{sum(tb.no_change for tb in tables)} keys changed no screen (load average {loadavg()})",
                  flush=True)
            print(f"CPU while the tables play: {100.0 * (cpu1 - cpu0) / (t1 - t0):.2f} % of one core", flush=True)
            report_memory(server, len(arrived), work, "with the tables open")
            bench.pump(now() + 6)  # the last moves' screens; nobody is asked to press now
            idle_cpu(bench, server, "CPU while every table waits for a person", args.idle_seconds)
        print(f"ssh_bench: done in {now() - bench.begun:.0f} s", flush=True)
    finally:
        for p in players:
            p.stop()
        if server is not None and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
        if args.keep:
            print(f"ssh_bench: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def count_in_log(work, text):
    """Lines of the server's log that say `text` (a repeated line counts as one)."""
    try:
        with open(os.path.join(work, "server.out"), errors="replace") as f:
            return sum(text in line for line in f)
    except OSError:
        return 0


def loadavg():
    return open("/proc/loadavg").read().split()[0]


def make_keys(work, sessions):
    """An Ed25519 key per player, a few ssh-keygen at a time."""
    running = []
    for i in range(sessions):
        running.append(subprocess.Popen(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", f"p{i:03d}",
                                         "-f", os.path.join(work, "keys", f"p{i:03d}")]))
        if len(running) >= 8:
            if running.pop(0).wait() != 0:
                sys.exit("ssh_bench: ssh-keygen failed")
    for proc in running:
        if proc.wait() != 0:
            sys.exit("ssh_bench: ssh-keygen failed")


def report_connect_by_arrival(players):
    """Connect-to-title of each tenth of the players in the order they came:
    rising from first to last, the logins queue (they arrive faster than the
    machine serves them), which a longer run makes worse at the same rate."""
    tenth = max(1, len(players) // 10)
    parts = []
    for start in range(0, len(players), tenth):
        group = [(p.title_at - p.started) * 1000.0 for p in players[start:start + tenth] if p.title_at]
        parts.append(f"{percentile(group, 50):.0f}")
    print(f"connect-to-title p50 by arrival, each tenth of the players in turn (ms): {' '.join(parts)}",
          flush=True)


def report_memory(server, sessions, work, when):
    tree = descendants(server.pid)
    rss, pss, _ = memory_kb(tree)
    n = max(1, sessions)
    print(f"memory {when}: {len(tree)} processes (server, table process, a session and a shell per "
          f"connection): RSS {rss / 1024:.0f} MB, PSS {pss / 1024:.0f} MB in all; per session "
          f"RSS {rss / 1024 / n:.1f} MB, PSS {pss / 1024 / n:.2f} MB", flush=True)
    # Which process holds it: PSS per session of each kind, and a process's
    # private pages (its own, whatever the number of players).
    parts = []
    for kind, pids in server_processes(server, work).items():
        _, kind_pss, kind_private = memory_kb(pids)
        parts.append(f"{kind} {kind_pss / 1024 / n:.2f} MB PSS a session "
                     f"({kind_private / 1024 / max(1, len(pids)):.2f} MB private each of {len(pids)})")
    print(f"memory {when} by process: " + "; ".join(parts), flush=True)


def idle_cpu(bench, server, what, seconds):
    cpu0, t0 = cpu_seconds(descendants(server.pid)), now()
    bench.pump(now() + seconds)
    cpu1, t1 = cpu_seconds(descendants(server.pid)), now()
    print(f"{what}: {100.0 * (cpu1 - cpu0) / (t1 - t0):.2f} % of one core over {t1 - t0:.0f} s", flush=True)


def table_rows(player, work, port):
    """Each host's table's row on the Tables page, as the server lists them
    (`ssh NAME@HOST tables`: one line a table, the host's name fourth); row 0
    is "Host a new table". The screens are not parsed for a table's name: a
    long header drops it."""
    out = subprocess.run(["ssh"] + ssh_options(player.key, work, port) + [f"{player.name}@127.0.0.1", "tables"],
                         capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    rows = {}
    for row, line in enumerate(out.stdout.decode("utf-8", "replace").splitlines(), start=1):
        fields = line.split("\t")
        if len(fields) >= 4:
            rows.setdefault(fields[3], row)
    return rows


def report_walks(what, tried, done, t0):
    """How long the players who got there took, and why the others did not
    (the reasons counted, one example each)."""
    took = [(p.script_done - p.script_started) * 1000.0 for p in done if p.script_done is not None]
    print(f"ssh_bench: {what}: {len(done)} of {len(tried)} got there; p50 {percentile(took, 50):.0f} ms, "
          f"p99 {percentile(took, 99):.0f} ms, max {max(took) if took else float('nan'):.0f} ms "
          f"(keys 80 ms apart included; load average {loadavg()})", flush=True)
    reasons = {}
    for p in tried:
        if p not in done:
            reasons.setdefault(p.failed or f"still waiting after {now() - t0:.0f} s", []).append(p.name)
    for reason, names in sorted(reasons.items(), key=lambda r: -len(r[1])):
        print(f"ssh_bench:   {len(names)} did not ({', '.join(names[:4])}{' ...' if len(names) > 4 else ''}): "
              f"{reason}", flush=True)


def seat_tables(bench, players, n_tables, work, port):
    """Every fourth player hosts a table from the shell; the others sit at it
    from their Tables page, one seat of every table at a time."""
    # The title menu's highlight back on its first item (the arrows left it on the second).
    for p in players:
        if not p.down:
            p.write(UP)
            p.down = True
    bench.pump(now() + 1)
    t = now()
    hosts = players[0:4 * n_tables:4]
    for h in hosts:
        h.script(HOST_STEPS, t, bench.scripting)
    bench.wait_for(hosts, 180)
    hosted = [h for h in hosts if not h.failed and not h.steps]
    report_walks("hosting a table from the title", hosts, hosted, t)
    rows = table_rows(players[0], work, port)
    for h in hosted:
        if h.name not in rows:
            print(f"ssh_bench: {h.name}'s table is not in the server's list", flush=True)
            continue
        table = BenchTable(h, bench.rng, bench.args)
        table.row = rows[h.name]
        h.table = table
        bench.tables.append(table)
    print(f"ssh_bench: {len(bench.tables)} tables hosted (load average {loadavg()})", flush=True)
    for seat in range(1, 4):
        joiners = []
        for table in bench.tables:
            j = players[4 * hosts.index(table.host) + seat]
            # The arrows to the table's row in one write: a person holding the key down.
            j.script([([DOWN, DOWN, ENTER], b"Tables: games on this server"),
                      ([DOWN * table.row, ENTER], b"Sit at seat"),
                      ([b"1"], b"nudge")], now(), bench.scripting)
            joiners.append((j, table))
        t = now()
        bench.wait_for([j for j, _ in joiners], 180)
        seated = []
        for j, table in joiners:
            if j.failed or j.steps:
                continue
            seated.append(j)
            j.table = table
            table.players.append(j)
        report_walks(f"sitting at seat {seat + 1} from the title", [j for j, _ in joiners], seated, t)
    bench.pump(now() + 3)
    print(f"ssh_bench: {sum(len(tb.players) == 4 for tb in bench.tables)} tables with four players", flush=True)


if __name__ == "__main__":
    main()
