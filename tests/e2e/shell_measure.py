#!/usr/bin/env python3
"""Measures the full-screen shell in a pseudo-terminal (80x24):

  - time from starting `racetable` to its first frame (the title on screen),
  - bytes written to the terminal during one computer turn (from the
    shell's RACETABLE_SHELL_STATS frame log),
  - CPU used while idle at a human's prompt,
  - peak memory (/usr/bin/time -v) over a whole demo game.

usage: tests/e2e/shell_measure.py path/to/racetable
Not part of ctest: the numbers depend on the machine.
"""
import fcntl
import os
import pty
import select
import statistics
import struct
import sys
import tempfile
import termios
import time


def spawn(argv, env):
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def read_until(fd, needle, timeout):
    """Reads output until `needle` appears; returns (seconds waited, bytes)."""
    start = time.monotonic()
    seen = b""
    while time.monotonic() - start < timeout:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if needle in seen:
                return time.monotonic() - start, seen
    raise SystemExit(f"timed out waiting for {needle!r}")


def drain(fd, seconds):
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                n += len(os.read(fd, 65536))
            except OSError:
                break
    return n


def finish(pid, fd):
    try:
        os.close(fd)
    except OSError:
        pass
    os.waitpid(pid, 0)


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def main():
    binary = os.path.abspath(sys.argv[1])
    state = tempfile.mkdtemp(prefix="racetable-measure-")
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", XDG_STATE_HOME=state)

    # 1. Start to first frame: the title's menu reaches the terminal.
    times = []
    for _ in range(7):
        t0 = time.monotonic()
        pid, fd = spawn([binary], env)
        read_until(fd, b"Play a game", 10)
        times.append((time.monotonic() - t0) * 1000)
        os.write(fd, b"q")
        drain(fd, 0.3)
        finish(pid, fd)
    print(f"start to first frame: median {statistics.median(times):.1f} ms "
          f"(min {min(times):.1f}, max {max(times):.1f}, {len(times)} runs)")

    # 2. Bytes per computer turn, and idle CPU at a prompt.
    stats = os.path.join(state, "frames.txt")
    penv = dict(env, RACETABLE_SHELL_STATS=stats)
    pid, fd = spawn([binary, "play", "go-wacky", "--seed", "7", "--seats", "human,normal,normal,normal"], penv)
    read_until(fd, b"who is playing", 10)
    os.write(fd, b"\r")
    read_until(fd, b"variants and seed", 10)
    os.write(fd, b"\r")
    read_until(fd, b"Your move", 30)
    drain(fd, 1.0)
    before = cpu_ticks(pid)
    drain(fd, 5.0)  # a human thinking: nothing should run
    idle = cpu_ticks(pid) - before
    print(f"CPU while idle at a prompt for 5 s: {idle * 1000 // os.sysconf('SC_CLK_TCK')} ms")
    end = time.monotonic() + 45
    while time.monotonic() < end:  # answer whatever is asked, computers paced at speed 3
        os.write(fd, b"\r")
        drain(fd, 1.5)
    os.write(fd, b"qq")
    drain(fd, 1.0)
    finish(pid, fd)
    turns = []
    # One computer turn: from the first frame showing decisions=K to the
    # first showing decisions=K+1, both during the computers' phase.
    firsts = {}
    with open(stats) as f:
        for line in f:
            parts = line.split()  # ms, bytes so far, phase, decisions=K, steps=S
            if len(parts) < 5 or parts[2] != "computers":
                continue
            k = int(parts[3].split("=")[1])
            firsts.setdefault(k, int(parts[1]))
    for k, b in sorted(firsts.items()):
        if k + 1 in firsts:
            turns.append(firsts[k + 1] - b)
    if turns:
        print(f"bytes to the terminal per computer turn: median {statistics.median(turns):.0f}, "
              f"max {max(turns)}, over {len(turns)} turns")

    # 3. Peak memory over a whole demo game at the top speed.
    timing = os.path.join(state, "time.txt")
    pid, fd = spawn(["/usr/bin/time", "-v", "-o", timing, binary, "demo", "go-wacky", "--seed", "7"], env)
    read_until(fd, b"Demo", 10)
    os.write(fd, b"++++++")
    read_until(fd, b"GAME OVER", 120)
    drain(fd, 1.5)
    os.write(fd, b"q")
    drain(fd, 0.5)
    finish(pid, fd)
    with open(timing) as f:
        for line in f:
            if "Maximum resident set size" in line:
                kb = int(line.split(":")[1])
                print(f"peak memory over a demo game: {kb / 1024:.1f} MiB (max RSS)")


if __name__ == "__main__":
    main()
