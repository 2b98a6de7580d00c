#!/usr/bin/env python3
"""Scale benchmark for shared tables. A benchmark, not a test.

Opens N tables of a four-person game, sits four scripted clients at each over
the real Unix sockets, and lets them play at human pace (each answer after a
think time of --think-min..--think-max ms; contest answers quicker). Reports:

  - per-table memory of the server(s): RSS and PSS (PSS shares a page between
    the processes that map it: the honest per-table figure for many
    processes of one binary);
  - the server CPU while every table waits for a person (nobody takes a turn;
    a live timed contest is still answered, so each one ends);
  - keypress-to-every-screen latency: from a turn's `act` leaving a client to
    the moment all four clients of that table have received their next screen
    (key presses in a race are answered too but not timed: they may change no
    one else's screen).

The servers: one `racetable serve --detach` for every table (--design hub,
the default), or one `racetable host --detach` per table (--design process).
The clients run in --client-procs processes, and the bench reports its own
lag (how late it sends an answer that is due): when that is large, the
machine, not the servers, is what the latency shows.

Everything is bounded: the play phase lasts --play-seconds, the idle phase
--idle-seconds, the whole run stops after --deadline seconds, and every server
this script started is stopped by its pid at the end. Only Unix sockets.

  tests/bench/tables_bench.py --binary build/racetable --tables 500
"""

import argparse
import heapq
import json
import multiprocessing
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
import time

CLK_TCK = os.sysconf("SC_CLK_TCK")


def now():
    return time.monotonic()


class Client:
    def __init__(self, table, seat, path):
        self.table = table
        self.seat = seat
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.setblocking(False)
        self.inbuf = bytearray()
        self.outbuf = bytearray()
        self.ask = None  # (ask number or contest, timed, option ids)
        self.act_at = None
        self.screens = 0
        self.bytes_in = 0
        self.phase = ""
        self.closed = False

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.outbuf += struct.pack(">I", len(body)) + body
        self.flush()

    def flush(self):
        while self.outbuf:
            try:
                n = self.sock.send(self.outbuf)
            except BlockingIOError:
                return
            except OSError:
                self.closed = True
                return
            del self.outbuf[:n]

    def frames(self):
        try:
            data = self.sock.recv(1 << 20)
        except BlockingIOError:
            return []
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return []
        self.inbuf += data
        self.bytes_in += len(data)
        out = []
        while len(self.inbuf) >= 4:
            (n,) = struct.unpack(">I", self.inbuf[:4])
            if len(self.inbuf) < 4 + n:
                break
            out.append(bytes(self.inbuf[4:4 + n]))
            del self.inbuf[:4 + n]
        return out


def proc_cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK
    except OSError:
        return 0.0


def proc_memory_kb(pid):
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1])
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def children_of(pid):
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        kids.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return kids


def percentile(values, p):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100.0 * (len(v) - 1))))]


def start_servers(args, d):
    """Opens the tables: (server pids, table names). --design process: one
    `racetable host --detach` each; --design hub: one `racetable serve --detach`
    for all of them."""
    common = ["--seats", ",".join(["human"] * 4), "--dir", d, "--pace", str(args.pace), "--idle", "0"]
    if args.design == "hub":
        names = [f"b{i + 1}" for i in range(args.tables)]
        listing = os.path.join(d, "tables.txt")
        with open(listing, "w") as f:
            for i, name in enumerate(names):
                f.write(" ".join([args.game, "--name", name, "--seed", str(i + 1),
                                  "--save", os.path.join(d, name + ".save")] + common) + "\n")
        cmd = [args.binary, "serve", listing, "--detach"]
        if args.workers:
            cmd += ["--workers", str(args.workers)]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if out.returncode != 0:
            sys.exit(f"serve failed: {out.stderr.strip()}")
        parent = int(out.stdout.split("(pid ")[1].split(";")[0].split(")")[0])
        time.sleep(0.5)
        # The workers are its children: every one's memory and CPU counts. The
        # parent alone is stopped at the end (it stops the others).
        return [parent] + children_of(parent), names
    pids, names = [], []
    for i in range(args.tables):
        name = f"b{i + 1}"
        cmd = [args.binary, "host", args.game, "--name", name, "--seed", str(i + 1), "--detach",
               "--save", os.path.join(d, name + ".save")] + common
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        if out.returncode != 0:
            for p in pids:
                os.kill(p, signal.SIGTERM)
            sys.exit(f"host {name} failed: {out.stderr.strip()}")
        pids.append(int(out.stdout.split("(pid ")[1].split(")")[0]))
        names.append(name)
    return pids, names


def play_tables(args, d, names, mine, times, results, seed):
    """One bench client process: four clients at each table in `mine`, playing
    until the absolute times in `times`; puts its counts in `results`."""
    random.seed(seed)
    play_from, play_until, settle_until, idle_until = times
    sel = selectors.DefaultSelector()
    clients = []
    by_table = {ti: [] for ti in mine}
    for ti in mine:
        path = os.path.join(d, names[ti] + ".sock")
        for seat in range(1, 5):
            c = Client(ti, seat, path)
            c.send({"type": "hello", "protocol": 1, "role": "play", "seat": seat, "board_w": 80,
                    "board_h": 16, "unicode": True, "client": "bench"})
            clients.append(c)
            by_table[ti].append(c)
            sel.register(c.sock, selectors.EVENT_READ, c)
    pending = {ti: [] for ti in mine}  # per table: [sent_at, {clients still to see a screen}]
    latencies = []
    lost = 0
    acts = notices = contest_acts = 0
    due = []  # (act_at, id, client): the next answers, soonest first
    lags = []  # ms between an answer's time and the client's loop sending it

    def pump(timeout, playing):
        nonlocal lost, acts, notices, contest_acts
        for key, _ in sel.select(timeout):
            c = key.data
            t = now()
            for body in c.frames():
                msg = json.loads(body)
                kind = msg.get("type")
                if kind == "screen":
                    c.screens += 1
                    c.phase = msg.get("phase", "")
                    for entry in pending[c.table]:
                        entry[1].discard(c)
                    done = [e for e in pending[c.table] if not e[1]]
                    for e in done:
                        latencies.append((t - e[0]) * 1000.0)
                    pending[c.table] = [e for e in pending[c.table] if e[1]]
                    a = msg.get("ask")
                    if a and a.get("options"):
                        timed = bool(a.get("timed"))
                        tag = a.get("contest") if timed else a.get("ask")
                        if c.ask is None or c.ask[0] != tag or c.ask[1] != timed:
                            ids = [o["id"] for o in a["options"]]
                            c.ask = (tag, timed, ids)
                            lo, hi = (300, 900) if timed else (args.think_min, args.think_max)
                            c.act_at = t + random.uniform(lo, hi) / 1000.0
                            heapq.heappush(due, (c.act_at, id(c), c))
                    else:
                        c.ask = None
                        c.act_at = None
                elif kind == "notice":
                    notices += 1
                elif kind in ("refused", "error"):
                    raise SystemExit(f"table {names[c.table]} seat {c.seat}: {msg}")
            if c.closed:
                sel.unregister(c.sock)
        t = now()
        while due and due[0][0] <= t:
            at, _, c = heapq.heappop(due)
            if c.act_at == at and not c.closed:
                tag, timed, ids = c.ask
                # Waiting for people: nobody takes a turn, but a live race
                # is still answered, as people at a race do.
                if not playing and not timed:
                    c.act_at = None
                    continue
                lags.append((t - at) * 1000.0)  # how late this client's loop got round to it
                msg = {"type": "act", "id": random.choice(ids)}
                msg["contest" if timed else "ask"] = tag
                c.send(msg)
                acts += 1
                c.act_at = None
                c.ask = None  # a contest may take several answers: the next screen asks again
                # Drop measurements nobody completed within 5 s (a screen that did not change).
                keep = []
                for e in pending[c.table]:
                    if t - e[0] > 5:
                        lost += 1
                    else:
                        keep.append(e)
                # A turn changes every screen at the table (the board, whose turn
                # it is); a key press in a race may change none but the
                # presser's, so only turns are timed.
                if not timed:
                    keep.append([t, set(by_table[c.table])])
                else:
                    contest_acts += 1
                pending[c.table] = keep


    while now() < play_from:
        pump(0.05, False)
    cpu0 = sum(os.times()[:2])
    while now() < play_until:
        pump(0.01, True)
    client_cpu = sum(os.times()[:2]) - cpu0
    # Nobody takes a turn any more: computers, chance and races settle, then
    # the parent measures while every table waits for a person.
    while now() < idle_until:
        pump(0.05 if now() < settle_until else 0.2, False)
    phases = {}
    for ti in mine:
        ph = by_table[ti][0].phase
        phases[ph] = phases.get(ph, 0) + 1
    results.put({"screens": sum(c.screens for c in clients), "bytes_in": sum(c.bytes_in for c in clients),
                 "latencies": latencies, "lags": lags, "lost": lost, "acts": acts, "notices": notices,
                 "contest_acts": contest_acts, "phases": phases, "client_cpu": client_cpu})
    for c in clients:
        c.sock.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default="build/racetable")
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--game", default="go-wacky")
    ap.add_argument("--design", choices=["hub", "process"], default="hub",
                    help="hub: one `racetable serve` process for every table; process: one `host` per table")
    ap.add_argument("--workers", type=int, default=0, help="--design hub: serve's --workers (0: its default)")
    ap.add_argument("--pace", type=int, default=800, help="the servers' computer pace (ms)")
    ap.add_argument("--think-min", type=int, default=1000)
    ap.add_argument("--think-max", type=int, default=3000)
    ap.add_argument("--play-seconds", type=float, default=60)
    ap.add_argument("--idle-seconds", type=float, default=10)
    ap.add_argument("--client-procs", type=int, default=4, help="bench client processes sharing the tables")
    ap.add_argument("--deadline", type=float, default=900, help="the whole run stops after this long")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", default=None, help="where sockets and saves go (default: $TMPDIR or /tmp)")
    args = ap.parse_args()
    if not 1 <= args.tables <= 2000:
        sys.exit("--tables: 1..2000")
    if not 1 <= args.client_procs <= 16:
        sys.exit("--client-procs: 1..16")
    if args.play_seconds + args.idle_seconds + 20 > args.deadline:
        sys.exit("--deadline: shorter than the run")
    d = tempfile.mkdtemp(prefix="rt-bench-", dir=args.dir)
    os.chmod(d, 0o700)
    pids = []
    workers = []
    try:
        t0 = now()
        pids, names = start_servers(args, d)
        open_s = now() - t0
        play_from = now() + 3  # every client connected and seated
        times = (play_from, play_from + args.play_seconds, play_from + args.play_seconds + 8,
                 play_from + args.play_seconds + 8 + args.idle_seconds)
        ctx = multiprocessing.get_context("fork")
        results = ctx.Queue()
        k = min(args.client_procs, len(names))
        for w in range(k):
            mine = list(range(w, len(names), k))
            p = ctx.Process(target=play_tables, args=(args, d, names, mine, times, results, args.seed * 100 + w))
            p.start()
            workers.append(p)

        def sleep_until(t):
            time.sleep(max(0.0, t - now()))

        sleep_until(times[0])
        cpu0 = sum(proc_cpu_seconds(p) for p in pids)
        sleep_until(times[1])
        play_cpu = sum(proc_cpu_seconds(p) for p in pids) - cpu0
        mem = [proc_memory_kb(p) for p in pids]
        sleep_until(times[2])
        cpu0 = sum(proc_cpu_seconds(p) for p in pids)
        sleep_until(times[3])
        idle_cpu = sum(proc_cpu_seconds(p) for p in pids) - cpu0
        got = [results.get(timeout=60) for _ in workers]
        for p in workers:
            p.join(10)
        latencies = [x for g in got for x in g["latencies"]]
        lags = [x for g in got for x in g["lags"]]
        phases = {}
        for g in got:
            for ph, count in g["phases"].items():
                phases[ph] = phases.get(ph, 0) + count
        n = len(names)
        rss = sum(m[0] for m in mem) / 1024.0
        pss = sum(m[1] for m in mem) / 1024.0
        report = {
            "design": "one serve process for every table" if args.design == "hub" else "one host process per table",
            "game": args.game,
            "tables": n,
            "clients": 4 * n,
            "server_processes": len(pids),
            "bench_client_processes": k,
            "open_seconds": round(open_s, 1),
            "rss_mb_per_table": round(rss / n, 2),
            "pss_mb_per_table": round(pss / n, 2),
            "rss_mb_total": round(rss, 1),
            "acts": sum(g["acts"] for g in got),
            "contest_acts": sum(g["contest_acts"] for g in got),
            "notices": sum(g["notices"] for g in got),
            "screens_received": sum(g["screens"] for g in got),
            "mb_received": round(sum(g["bytes_in"] for g in got) / 1e6, 1),
            "latency_samples": len(latencies),
            "latency_lost": sum(g["lost"] for g in got),
            "latency_p50_ms": round(percentile(latencies, 50), 2),
            "latency_p99_ms": round(percentile(latencies, 99), 2),
            "latency_max_ms": round(max(latencies) if latencies else float("nan"), 2),
            "server_cpu_playing_pct": round(100.0 * play_cpu / args.play_seconds, 1),
            "server_cpu_idle_pct": round(100.0 * idle_cpu / args.idle_seconds, 2),
            "bench_client_cpu_playing_pct": round(100.0 * sum(g["client_cpu"] for g in got) / args.play_seconds, 1),
            # If the bench's own loop runs late, the latency above is partly its own.
            "bench_client_lag_p50_ms": round(percentile(lags, 50), 2),
            "bench_client_lag_p99_ms": round(percentile(lags, 99), 2),
            "phases_while_idle": phases,
            "loadavg": open("/proc/loadavg").read().split()[:3],
        }
        print(json.dumps(report, indent=1))
    finally:
        for p in workers:
            if p.is_alive():
                p.terminate()
            p.join(5)
        for p in (pids[:1] if args.design == "hub" else pids):
            try:
                os.kill(p, signal.SIGTERM)
            except OSError:
                pass
        time.sleep(1.0)
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
