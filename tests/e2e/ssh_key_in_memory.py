#!/usr/bin/env python3
"""Whether a process's memory holds an OpenSSH Ed25519 private key.

    ssh_key_in_memory.py KEY_FILE PID...

Prints one line per PID: "PID found", "PID absent" or "PID unreadable".
The key's 32-byte secret seed (from the OpenSSH private key format) is
searched in every readable mapping of /proc/PID/mem, as is the first line of
the key file's base64 text (a copy of the file read and never cleared).
"""
import base64
import re
import struct
import sys


def secret_of(path):
    text = open(path).read()
    body = "".join(line for line in text.splitlines() if line and not line.startswith("-----"))
    blob = base64.b64decode(body)
    magic = b"openssh-key-v1\0"
    assert blob.startswith(magic), "not an OpenSSH private key"
    pos = len(magic)

    def string():
        nonlocal pos
        (n,) = struct.unpack(">I", blob[pos:pos + 4])
        pos += 4
        s = blob[pos:pos + n]
        pos += n
        return s

    cipher, _kdf, _kdfopts = string(), string(), string()
    assert cipher == b"none", "an encrypted key"
    pos += 4  # the number of keys
    string()  # the public key
    private = string()
    pos = 8  # check ints
    blob = private
    assert string() == b"ssh-ed25519", "not an Ed25519 key"
    string()  # the public key
    secret = string()  # seed (32) + public (32)
    first_line = next(line for line in text.splitlines() if line and not line.startswith("-----"))
    return [secret[:32], first_line.encode()]


def holds(pid, needles):
    try:
        maps = open(f"/proc/{pid}/maps").read().splitlines()
        mem = open(f"/proc/{pid}/mem", "rb", 0)
    except OSError:
        return None
    readable = 0
    for line in maps:
        m = re.match(r"([0-9a-f]+)-([0-9a-f]+) (\S+)", line)
        if not m or m.group(3)[0] != "r" or "[vvar]" in line or "[vsyscall]" in line:
            continue
        start, end = int(m.group(1), 16), int(m.group(2), 16)
        try:
            mem.seek(start)
            data = mem.read(end - start)
        except (OSError, ValueError, OverflowError):
            continue
        readable += 1
        if any(n in data for n in needles):
            return True
    return False if readable else None


needles = secret_of(sys.argv[1])
for pid in sys.argv[2:]:
    found = holds(pid, needles)
    print(pid, "unreadable" if found is None else "found" if found else "absent")
