#!/usr/bin/env python3
"""SSH server benchmark (issue #29). A benchmark, not a test.

Starts one `racetable serve --ssh` on a free loopback port with a fresh state
directory and connects N real OpenSSH clients (`ssh -tt`, each on its own
pseudo-terminal at 80x24, each with its own Ed25519 key, so each is a player
of its own), a few per second as people arrive. Reports:

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
    (nobody presses anything), as a share of one core.

Everything is bounded: the whole run stops after --deadline seconds; every
client and the server are stopped by pid at the end; the temporary
directory is removed (--keep keeps it).

  tests/bench/ssh_bench.py --binary build/racetable --sessions 200
"""

import argparse
import fcntl
import os
import random
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


def now():
    return time.monotonic()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


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


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        total += int(fields[11]) + int(fields[12])
    return total / CLK_TCK


def memory_kb(pids):
    rss = pss = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
        except OSError:
            # The server and its sessions are not dumpable (no user but
            # root may read their memory maps): run the benchmark as root.
            print(f"ssh_bench: cannot read /proc/{pid}/smaps_rollup: its memory is not counted", flush=True)
            continue
    return rss, pss


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

    def start(self):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        cmd = ["ssh", "-tt", "-F", "/dev/null", "-i", self.key, "-o", "IdentitiesOnly=yes",
               "-o", f"UserKnownHostsFile={self.work}/known_hosts", "-o", "BatchMode=yes",
               "-o", "ServerAliveInterval=0", "-p", str(self.port), f"{self.name}@127.0.0.1"]
        self.started = now()
        self.proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     start_new_session=True, close_fds=True)
        os.close(slave)
        os.set_blocking(master, False)
        self.master = master

    def on_output(self, data, t):
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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default="build/racetable")
    ap.add_argument("--sessions", type=int, default=200)
    ap.add_argument("--arrivals", type=float, default=20.0, help="new connections a second")
    ap.add_argument("--think-min", type=int, default=1000)
    ap.add_argument("--think-max", type=int, default=3000)
    ap.add_argument("--play-seconds", type=float, default=30)
    ap.add_argument("--idle-seconds", type=float, default=10)
    ap.add_argument("--deadline", type=float, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args()
    if not shutil.which("ssh") or not shutil.which("ssh-keygen") or not shutil.which("ssh-keyscan"):
        sys.exit("ssh_bench: needs the OpenSSH client (ssh, ssh-keygen, ssh-keyscan)")
    rng = random.Random(args.seed)
    begun = now()
    work = tempfile.mkdtemp(prefix="racetable-sshbench-")
    os.makedirs(os.path.join(work, "keys"))
    players = []
    server = None
    sel = selectors.DefaultSelector()
    try:
        print(f"ssh_bench: {args.sessions} sessions; making keys in {work}", flush=True)
        for i in range(args.sessions):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", f"p{i:03d}",
                            "-f", os.path.join(work, "keys", f"p{i:03d}")], check=True)
        port = free_port()
        room = str(args.sessions + 8)
        server = subprocess.Popen(
            [os.path.abspath(args.binary), "serve", "--ssh", f"127.0.0.1:{port}", "--state-dir",
             os.path.join(work, "state"), "--max-sessions", room, "--max-per-address", room,
             "--per-minute", str(max(60, args.sessions * 2)), "--idle", "0"],
            stdout=open(os.path.join(work, "server.out"), "w"), stderr=subprocess.STDOUT,
            start_new_session=True)
        for _ in range(100):
            scan = subprocess.run(["ssh-keyscan", "-p", str(port), "127.0.0.1"], capture_output=True)
            if scan.stdout:
                break
            time.sleep(0.1)
        with open(os.path.join(work, "known_hosts"), "wb") as f:
            f.write(scan.stdout)
        loadavg = open("/proc/loadavg").read().split()[0]
        print(f"ssh_bench: server pid {server.pid} on port {port}; load average {loadavg}", flush=True)

        def pump(until, playing):
            while True:
                t = now()
                if t >= until or t - begun > args.deadline:
                    return
                if playing:
                    for p in players:
                        if p.title_at is not None and p.key_sent_at is None and p.next_key_at is not None \
                                and t >= p.next_key_at:
                            p.press(t)
                            p.next_key_at = t + rng.uniform(args.think_min, args.think_max) / 1000.0
                for key, _ in sel.select(timeout=0.005):
                    p = key.data
                    try:
                        data = os.read(p.master, 65536)
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if not data:
                        sel.unregister(p.master)
                        continue
                    p.on_output(data, now())

        # Arrivals: a few a second, as people come.
        gap = 1.0 / args.arrivals
        for i in range(args.sessions):
            p = Player(i, args, work, port)
            p.start()
            sel.register(p.master, selectors.EVENT_READ, p)
            players.append(p)
            pump(now() + gap, False)
        last = now() + 30
        while now() < last and any(p.title_at is None for p in players):
            pump(now() + 0.2, False)
        arrived = [p for p in players if p.title_at is not None]
        connect = [(p.title_at - p.started) * 1000.0 for p in arrived]
        print(f"connect-to-title: {len(arrived)}/{len(players)} reached the title; "
              f"p50 {percentile(connect, 50):.0f} ms, p99 {percentile(connect, 99):.0f} ms, "
              f"max {max(connect) if connect else float('nan'):.0f} ms", flush=True)
        pump(now() + 3, False)  # let the last screens settle

        tree = descendants(server.pid)
        rss, pss = memory_kb(tree)
        n = max(1, len(arrived))
        print(f"memory: {len(tree)} processes (server + a session and a shell per connection): "
              f"RSS {rss / 1024:.0f} MB, PSS {pss / 1024:.0f} MB in all; per session "
              f"RSS {rss / 1024 / n:.1f} MB, PSS {pss / 1024 / n:.1f} MB", flush=True)

        for p in arrived:
            p.next_key_at = now() + rng.uniform(0, args.think_max / 1000.0)
        cpu0, t0 = cpu_seconds(descendants(server.pid)), now()
        pump(now() + args.play_seconds, True)
        cpu1, t1 = cpu_seconds(descendants(server.pid)), now()
        lat = [x for p in arrived for x in p.latencies]
        print(f"keypress-to-screen ({len(lat)} keys at human pace, {args.think_min}-{args.think_max} ms apart): "
              f"p50 {percentile(lat, 50):.1f} ms, p99 {percentile(lat, 99):.1f} ms, "
              f"max {max(lat) if lat else float('nan'):.1f} ms", flush=True)
        print(f"CPU while playing: {100.0 * (cpu1 - cpu0) / (t1 - t0):.2f} % of one core "
              f"(server and every session)", flush=True)
        pump(now() + 2, False)
        cpu0, t0 = cpu_seconds(descendants(server.pid)), now()
        pump(now() + args.idle_seconds, False)
        cpu1, t1 = cpu_seconds(descendants(server.pid)), now()
        print(f"CPU while idle: {100.0 * (cpu1 - cpu0) / (t1 - t0):.2f} % of one core "
              f"over {t1 - t0:.0f} s", flush=True)
        print(f"ssh_bench: done in {now() - begun:.0f} s", flush=True)
    finally:
        for p in players:
            p.stop()
        if server is not None and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
        if args.keep:
            print(f"ssh_bench: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
