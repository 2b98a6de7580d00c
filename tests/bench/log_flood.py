#!/usr/bin/env python3
"""Measures a log flood: another user loops hellos with a wrong join code
at a group table for SECONDS and we report how much the table's log grew.
Run as root (plays uid 65534 in group 0):
  python3 tests/bench/log_flood.py build/racetable [SECONDS]"""
import json, os, socket, struct, subprocess, sys, tempfile, time

binary = sys.argv[1]
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10
work = tempfile.mkdtemp(prefix="logflood-")
os.chmod(work, 0o755)
socks = os.path.join(work, "socks")
env = dict(os.environ, XDG_STATE_HOME=os.path.join(work, "state"), RACETABLE_CODE="k7dq-3mxe-9wpa-2hfz")
out = subprocess.run([binary, "host", "go-wacky", "--name", "t", "--group", "root", "--code", "--dir", socks,
                      "--detach", "--idle", "1"], env=env, capture_output=True, text=True).stdout
pid = int(out.split("(pid ")[1].split(")")[0])
log = os.path.join(socks, "t.log")
before = os.path.getsize(log)
child = os.fork()
if child == 0:
    os.setgroups([0]); os.setgid(65534); os.setuid(65534)
    hello = json.dumps({"type": "hello", "protocol": 1, "role": "info", "board_w": 80, "board_h": 24,
                        "unicode": True, "client": "flood", "code": "wrong"}).encode()
    frame = struct.pack(">I", len(hello)) + hello
    end, n = time.time() + seconds, 0
    while time.time() < end:
        s = socket.socket(socket.AF_UNIX)
        s.connect(os.path.join(socks, "t.sock"))
        s.sendall(frame)
        try:
            s.recv(4096)
        except OSError:
            pass
        s.close()
        n += 1
    print(f"hellos sent: {n}")
    os._exit(0)
os.waitpid(child, 0)
time.sleep(0.5)
after = os.path.getsize(log)
print(f"log grew by {after - before} bytes in {seconds:g} s ({(after - before) / seconds / 1024:.1f} KiB/s)")
os.kill(pid, 15)
