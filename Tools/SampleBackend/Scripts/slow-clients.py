#!/usr/bin/env python3
"""Opens N slow connections to a storefront-server from 127.0.0.2, each sending a partial request head, and while
they stay open sends one normal request from 127.0.0.1; prints a JSON line with how long that request took.

Usage: slow-clients.py SERVER_URL [N]   (SERVER_URL like http://127.0.0.1:8080; N defaults to 600)

Bounded: N connections (at most 2000), one more line each, a 30 s wait for the answer; everything is closed before
it exits. Loopback only.
"""
import json
import socket
import sys
import time
import urllib.parse


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    url = urllib.parse.urlsplit(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    if url.hostname not in ("127.0.0.1", "localhost") or not 1 <= count <= 2000:
        print("error: the server must be on 127.0.0.1 and N 1...2000", file=sys.stderr)
        sys.exit(64)
    port = url.port or 80
    greedy = []
    try:
        for _ in range(count):
            connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            connection.bind(("127.0.0.2", 0))
            connection.settimeout(5)
            connection.connect(("127.0.0.1", port))
            connection.sendall(b"GET /v1/feed HTTP/1.1\r\nHost: bench\r\n")
            greedy.append(connection)
        for index, connection in enumerate(greedy):
            try:
                connection.sendall(b"X-Slow: %d\r\n" % index)
            except OSError:
                pass
        started = time.monotonic()
        other = socket.create_connection(("127.0.0.1", port), timeout=30)
        other.sendall(b"GET /v1/config HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
        answer = b""
        while True:
            chunk = other.recv(65536)
            if not chunk:
                break
            answer += chunk
        elapsed = (time.monotonic() - started) * 1000
        other.close()
        closed = 0
        for connection in greedy:
            connection.setblocking(False)
            try:
                if connection.recv(1) == b"":
                    closed += 1
            except BlockingIOError:
                pass
            except OSError:
                closed += 1
        status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "none"
        print(json.dumps({"connections": count, "held": count - closed, "closed": closed, "status": status,
                          "answered_ms": round(elapsed, 1)}))
    finally:
        for connection in greedy:
            connection.close()


if __name__ == "__main__":
    main()
