"""How the live preview's server answers under load: 200 open event streams and 200 clients
that send their request's head a byte at a time (or part of it and then nothing).

Run from the repo root: `.venv/bin/python bench/preview_load.py [--streams 200] [--slow 200]`
(`--root DIR` runs the `pnp serve` of another checkout, to compare). `pnp serve muenchhausen
--port 0` runs in a process of its own, as a user runs it; this process holds the load: the
streams are read as they come, and each slow client that the server drops is replaced by a
new one, so the load stays the whole time. Measured: the answer time of GET / and of
GET /state.json (median and max of --requests each, a request with no answer in 10 s counted
as failed), how many more event streams the server takes before it refuses one (and what it
says), how long it lets a slow client wait, and its resident memory and threads before and
under the load (from /proc/PID/status). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import http.client
import os
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANSWER_SECONDS = 10.0  # a request without an answer by then has failed
DRIBBLE_SECONDS = 1.0  # a slow client sends its next byte after this long


def _status(pid: int) -> tuple[float, int]:
    """The server's resident memory (MiB) and its threads."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["Threads"])


def _start(root: Path, game: str) -> tuple[subprocess.Popen, int]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    process = subprocess.Popen(
        [sys.executable, "-m", "bastelbogen.cli", "serve", game, "--port", "0"],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("Preview of"):
            return process, int(line.split()[3].rstrip("/").rsplit(":", 1)[1])
    sys.exit("pnp serve ended before it listened")


def _get(port: int, path: str) -> tuple[float | None, str]:
    """Seconds to a whole answer (None: none in time) and what it was."""
    start = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_SECONDS)
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        conn.close()
    except (OSError, http.client.HTTPException) as exc:
        return None, type(exc).__name__
    return time.perf_counter() - start, f"{response.status}, {len(body)} bytes"


class Load:
    """The streams and the slow clients, driven by one thread with a selector."""

    def __init__(self, port: int, streams: int, slow: int):
        self.port, self.want_slow = port, slow
        self.selector = selectors.DefaultSelector()
        self.streams: dict[socket.socket, bytes] = {}  # what each stream has sent so far
        self.slow: dict[socket.socket, tuple[float, int]] = {}  # opened at, bytes sent
        self.dropped: list[float] = []  # how long the server let each slow client wait
        self.failed = 0  # sockets that could not even connect
        self.stop = threading.Event()
        for _ in range(streams):
            sock = self._connect(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
            if sock is not None:
                self.streams[sock] = b""
        for _ in range(slow):
            self._open_slow()

    def _connect(self, first: bytes) -> socket.socket | None:
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=ANSWER_SECONDS)
            sock.sendall(first)
        except OSError:
            self.failed += 1
            return None
        sock.setblocking(False)
        self.selector.register(sock, selectors.EVENT_READ)
        return sock

    def _open_slow(self) -> None:
        sock = self._connect(b"GET / HTTP/1.1\r\nHo")  # the rest a byte at a time
        if sock is not None:
            self.slow[sock] = (time.monotonic(), 0)

    def open_streams(self) -> int:
        """Streams whose answer began with 200."""
        return sum(
            head.startswith(b"HTTP/1.1 200") or head.startswith(b"HTTP/1.0 200")
            for head in self.streams.values()
        )

    def run(self) -> None:
        next_byte = time.monotonic() + DRIBBLE_SECONDS
        while not self.stop.is_set():
            for key, _ in self.selector.select(timeout=0.1):
                self._readable(key.fileobj)  # type: ignore[arg-type]
            if time.monotonic() >= next_byte:
                next_byte += DRIBBLE_SECONDS
                for sock, (opened, sent) in list(self.slow.items()):
                    try:
                        sock.send(b"st: 127.0.0.1\r\n"[sent % 15 : sent % 15 + 1])
                        self.slow[sock] = (opened, sent + 1)
                    except OSError:
                        self._drop(sock)
            while len(self.slow) < self.want_slow and not self.stop.is_set():
                self._open_slow()
        for sock in [*self.streams, *self.slow]:
            sock.close()

    def _readable(self, sock: socket.socket) -> None:
        try:
            data = sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if sock in self.streams:
            if len(self.streams[sock]) < 64:
                self.streams[sock] += data
            if not data:
                self.selector.unregister(sock)
        else:  # a slow client was answered (408) or closed
            self._drop(sock)

    def _drop(self, sock: socket.socket) -> None:
        opened, _ = self.slow.pop(sock, (time.monotonic(), 0))
        self.dropped.append(time.monotonic() - opened)
        self.selector.unregister(sock)
        sock.close()


def _times(port: int, requests: int) -> dict[str, list[float | None]]:
    out: dict[str, list[float | None]] = {"/": [], "/state.json": []}
    for _ in range(requests):
        for path in out:
            out[path].append(_get(port, path)[0])
            time.sleep(0.05)
    return out


def _line(name: str, times: list[float | None]) -> str:
    ok = [t for t in times if t is not None]
    if not ok:
        return f"{name:24} no answer in {ANSWER_SECONDS:.0f} s to any of {len(times)}"
    failed = f", {len(times) - len(ok)} of {len(times)} unanswered" if len(ok) < len(times) else ""
    return (
        f"{name:24} median {statistics.median(ok) * 1000:7.1f} ms,"
        f" max {max(ok) * 1000:7.1f} ms{failed}"
    )


def _more_streams(port: int, most: int = 400) -> str:
    """Streams opened on top of the load, one by one, until the server refuses one: how
    many it took and what the refusal said."""
    held = []
    try:
        for n in range(1, most + 1):
            sock = socket.create_connection(("127.0.0.1", port), timeout=ANSWER_SECONDS)
            held.append(sock)
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
            told = sock.recv(1000)
            if not told.startswith(b"HTTP/1.1 200"):
                body = told.partition(b"\r\n\r\n")[2].decode(errors="replace").strip()
                status = told.split(b"\r\n", 1)[0].decode(errors="replace")
                return f"stream {n} more: {status or 'closed'}: {body!r}"
    except OSError as exc:
        return f"stream {len(held)} more: no answer ({type(exc).__name__})"
    finally:
        for sock in held:
            sock.close()
    return f"{most} more streams, none refused"


def _under_load(process: subprocess.Popen, port: int, args: argparse.Namespace) -> None:
    start = time.perf_counter()
    load = Load(port, args.streams, args.slow)
    driver = threading.Thread(target=load.run, daemon=True)
    driver.start()
    time.sleep(1.0)
    print(
        f"load: {len(load.streams)} streams and {len(load.slow)} slow clients opened"
        f" in {time.perf_counter() - start:.1f} s ({load.failed} could not connect);"
        f" {load.open_streams()} streams answered 200"
    )
    peak = [_status(process.pid)]
    loaded = _times(port, args.requests)
    peak.append(_status(process.pid))
    print(_line(f"GET / ({args.streams}+{args.slow})", loaded["/"]))
    print(_line("GET /state.json", loaded["/state.json"]))
    print(f"more event streams: {_more_streams(port)}")
    time.sleep(6.0)  # past the header timeout: the slow clients are dropped and replaced
    peak.append(_status(process.pid))
    again = _times(port, args.requests // 2)
    print(_line("GET / (later)", again["/"]))
    print(_line("GET /state.json (later)", again["/state.json"]))
    print(
        f"server under the load: {max(p[0] for p in peak):.0f} MiB resident at most,"
        f" {max(p[1] for p in peak)} threads at most"
    )
    drops = load.dropped
    told = f"after median {statistics.median(drops):.1f} s (max {max(drops):.1f} s)"
    print(f"slow clients dropped by the server: {len(drops)}{', ' + told if drops else ''}")
    load.stop.set()
    driver.join(10)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose pnp runs")
    parser.add_argument("--game", default="muenchhausen")
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--slow", type=int, default=200)
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    process, port = _start(args.root.resolve(), args.game)
    try:
        quiet = _times(port, args.requests)
        rss, threads = _status(process.pid)
        print(f"pnp serve {args.game} ({args.root}), port {port}")
        print(_line("GET / (no load)", quiet["/"]))
        print(_line("GET /state.json (no load)", quiet["/state.json"]))
        print(f"server before the load: {rss:.0f} MiB resident, {threads} threads")
        _under_load(process, port, args)
        print(f"server alive afterwards: {process.poll() is None}")
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


if __name__ == "__main__":
    main()
