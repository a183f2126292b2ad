#!/usr/bin/env python3
"""Start time of the features' preview executables: each one's first frame, against the gallery's.

Usage: scripts/bench-previews.py [--runs N] GALLERY_BINARY PREVIEW_BINARY:SCREEN/STATE ...

Each run starts the binary on a pseudo-terminal of 100 x 30 (TERM=xterm-256color, LANG=C.UTF-8, no network
variables), the preview with `--open SCREEN/STATE`, and measures the wall time from the fork to the first output
that holds the first frame's marker: the preview's status line (`preview SCREEN/STATE`), the gallery's key hints
(`quit`). Then it sends `q` and waits for the process to end (5 s at most, else it is killed and the run fails).
The reference is the gallery (DesignSystem's full-screen program, no feature code), measured in the same run,
interleaved with the previews so both see the same machine. Prints p50 and p95 per program, the ratio of each
preview's p50 to the gallery's, the goal (under 1 s), and the load average before and after.
"""

import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

COLUMNS, ROWS = 100, 30
TIMEOUT = 10.0


def first_frame(argv, marker):
    """Seconds from the fork to the first output holding `marker`; the process is then told to quit."""
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "TERM": "xterm-256color", "LANG": "C.UTF-8",
               "STOREFRONT_API_URL": "http://127.0.0.1:9"}
        os.execve(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    output = b""
    elapsed = None
    deadline = start + TIMEOUT
    try:
        while elapsed is None and time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            if marker in output:
                elapsed = time.monotonic() - start
        if elapsed is None:
            raise RuntimeError(f"{argv} never showed {marker!r}; it printed {output[-400:]!r}")
        os.write(fd, b"q")
        end = time.monotonic() + 5
        while time.monotonic() < end:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                pid = 0
                break
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    os.read(fd, 65536)
                except OSError:
                    pass
        if pid:
            raise RuntimeError(f"{argv} did not quit on q")
        return elapsed
    finally:
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def load_average():
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


def main(arguments):
    runs = 20
    if arguments[:1] == ["--runs"]:
        runs = int(arguments[1])
        arguments = arguments[2:]
    if len(arguments) < 2 or runs < 1:
        print(__doc__.splitlines()[2], file=sys.stderr)
        return 64
    programs = [("gallery (reference)", [os.path.abspath(arguments[0])], b"quit")]
    for spec in arguments[1:]:
        binary, _, path = spec.partition(":")
        name = os.path.basename(binary)
        programs.append((name, [os.path.abspath(binary), "--open", path], f"preview {path}".encode()))
    before = load_average()
    times = {name: [] for name, _, _ in programs}
    for _ in range(runs):
        for name, argv, marker in programs:
            times[name].append(first_frame(argv, marker))
    after = load_average()
    reference = statistics.median(times[programs[0][0]])
    print(f"preview start time to the first frame, {runs} runs each, 100x30 pty; load average {before} -> {after}")
    for name, _, _ in programs:
        values = times[name]
        p50, p95 = statistics.median(values), percentile(values, 0.95)
        ratio = "" if name.startswith("gallery") else f"  {p50 / reference:5.2f}x the gallery"
        goal = "" if name.startswith("gallery") else ("  under 1 s" if p95 < 1 else "  OVER the 1 s goal")
        print(f"  {name:22} p50 {p50 * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms{ratio}{goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
