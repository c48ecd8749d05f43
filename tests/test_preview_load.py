"""The preview's server stays up under load and holds its limits: with 200 open event
streams and 200 clients that send their request's head slowly or not at all, the page, its
state and its pictures still answer, every stream is told a new build, and the server's
threads and memory do not grow with the clients; a stream past the cap is refused with a
503 that says so, a slow client is dropped, and a request head that breaks the rules is
refused with its status. All against a real server on a free port, over real sockets."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from importlib import resources
from pathlib import Path

import pytest

from bastelbogen.content.project import Project
from bastelbogen.core import limits
from bastelbogen.pipeline.build import BuildOptions
from bastelbogen.preview import server as server_module
from bastelbogen.preview.server import serve
from bastelbogen.preview.state import Preview
from tests.conftest import ROOT

pytestmark = pytest.mark.heavy  # a whole build and a server
CEILING = 60.0  # seconds: far past any limit of the server, only so that no test hangs
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def preview():
    preview = Preview(Project(ROOT), "muenchhausen", BuildOptions())
    preview.rebuild()
    return preview


@pytest.fixture
def server(preview):
    server = serve(preview, "127.0.0.1", 0)
    loop = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1})
    loop.start()
    assert _get(server, "/")[0].status == 200  # serving: its loop and relay are running
    yield server
    server.shutdown()
    server.server_close()
    loop.join(CEILING)
    assert not loop.is_alive()


def _port(server) -> int:
    return server.server_address[1]


def _get(server, path: str, method: str = "GET"):
    conn = http.client.HTTPConnection("127.0.0.1", _port(server), timeout=CEILING)
    conn.request(method, path)  # http.client names the Host as the server allows
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response, body


def _connect(server, first: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", _port(server)), timeout=CEILING)
    if first:
        sock.sendall(first)
    return sock


def _events(server) -> socket.socket:
    host = f"127.0.0.1:{_port(server)}".encode()
    return _connect(server, b"GET /events HTTP/1.1\r\nHost: " + host + b"\r\n\r\n")


def _read_until(sock: socket.socket, end: bytes) -> bytes:
    """What the socket sends up to and with `end`, or all of it if it closes before."""
    got = b""
    while end not in got:
        data = sock.recv(4096)
        if not data:
            break
        got += data
    return got


def _answer(sock: socket.socket) -> tuple[int, bytes]:
    """A whole answer up to the connection's end: its status and body."""
    got = b""
    while data := sock.recv(4096):
        got += data
    head, _, body = got.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def _resident_bytes() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4096


def _state_of(preview) -> dict:
    snap = preview.snapshot
    keys = ("version", "game", "components", "sheets", "problems", "warnings", "seconds")
    return {key: getattr(snap, key) for key in (*keys, "drawn")}


def test_it_answers_under_200_streams_and_200_slow_clients(server, preview, monkeypatch):
    """The page, the state and a picture answer, with the right bodies, while 400 clients
    hold connections; a new build is told to every one of the 200 streams as it comes in
    (not at the next keep-alive comment, put off past the ceiling here); the process has
    no more threads than before, and its memory grew by little."""
    monkeypatch.setattr(server_module, "KEEPALIVE", CEILING * 10)
    before, threads = _resident_bytes(), threading.active_count()  # the server's included
    streams = [_events(server) for _ in range(200)]
    version = preview.snapshot.version
    for stream in streams:
        told = _read_until(stream, b"\n\n")
        assert told.startswith(b"HTTP/1.1 200 ") and told.endswith(f"data: {version}\n\n".encode())
    # half send part of a request line and stop, half send nothing at all
    slow = [_connect(server, b"GET /state.js" if n % 2 else b"") for n in range(200)]
    assert threading.active_count() <= threads  # a connection is no thread
    response, body = _get(server, "/")
    page = resources.files("bastelbogen.preview").joinpath("page", "index.html").read_bytes()
    assert response.status == 200 and body == page
    response, body = _get(server, "/state.json")
    state, expected = json.loads(body), json.loads(json.dumps(_state_of(preview)))
    assert response.status == 200 and {k: state[k] for k in expected} == expected
    key = json.loads(body)["sheets"][0]["image"]
    response, body = _get(server, f"/img/{key}.png")
    assert response.status == 200 and body == preview.images[key] and body[:8] == PNG
    preview.rebuild()  # a save: every stream hears of it
    new = preview.snapshot.version
    assert new > version
    for stream in streams:
        assert f"data: {new}\n\n".encode() in _read_until(stream, f"data: {new}\n\n".encode())
    assert threading.active_count() <= threads
    grown = _resident_bytes() - before
    assert grown < 64 * 1024**2, f"resident memory grew by {grown / 1024**2:.0f} MiB"
    for sock in streams + slow:
        sock.close()


def test_a_stream_past_the_cap_is_refused(server):
    cap = limits.MAX_PREVIEW_STREAMS
    streams = [_events(server) for _ in range(cap)]
    for stream in streams:
        assert _read_until(stream, b"\n\n").startswith(b"HTTP/1.1 200 ")
    status, body = _answer(_events(server))
    assert status == 503 and body.decode() == (
        f"too many event streams: this server holds {cap} at once\n"
    )
    assert _get(server, "/state.json")[0].status == 200  # the rest is still served
    streams.pop().close()  # a stream that ends gives its place to the next
    deadline = time.monotonic() + CEILING
    while True:
        again = _events(server)
        if _read_until(again, b"\r\n").startswith(b"HTTP/1.1 200 "):
            break
        assert time.monotonic() < deadline, "the closed stream's place was never freed"
        time.sleep(0.1)
    for stream in [*streams, again]:
        stream.close()


def test_connections_past_the_cap_are_refused(server, monkeypatch):
    monkeypatch.setattr(limits, "MAX_PREVIEW_CONNECTIONS", 20)
    held = [_events(server) for _ in range(20)]
    for sock in held:
        assert _read_until(sock, b"\n\n").startswith(b"HTTP/1.1 200 ")
    status, body = _answer(_connect(server))
    assert status == 503 and b"too many connections: this server holds 20 at once" in body
    for sock in held:
        sock.close()


@pytest.mark.slow
def test_slow_and_silent_clients_are_dropped(server):
    """A client that sent part of its head is told 408 and closed; one that sent nothing is
    closed without a word; one that sends a byte now and then is dropped all the same:
    the time is for the whole head. (The ceiling is only against a hang.)"""
    partial = _connect(server, b"GET / HTTP/1.1\r\nHost: 127.0")
    silent = _connect(server)
    dribbling = _connect(server, b"GET / HTTP/1.1\r\n")
    status, body = _answer(partial)
    assert status == 408 and b"too slowly" in body
    assert silent.recv(100) == b""
    sent, start = 0, time.monotonic()
    try:
        while time.monotonic() - start < CEILING:
            dribbling.sendall(b"X-Slow: 1\r\n"[sent % 11 : sent % 11 + 1])
            sent += 1
            time.sleep(0.2)
    except OSError:  # the server has closed it
        pass
    assert sent < CEILING / 0.2, "a client that sends a byte now and then was never dropped"
    assert _get(server, "/")[0].status == 200


@pytest.mark.parametrize(
    ("request_bytes", "status", "told"),
    [
        (b"GET / HTTP/1.1\r\nHost: h\r\n" + b"X-Big: " + b"a" * 20_000 + b"\r\n\r\n", 431, "head"),
        (b"GET / HTTP/1.1\r\n" + b"X-Many: 1\r\n" * 100 + b"\r\n", 431, "head"),
        (b"GET /\r\n\r\n", 400, "request line"),
        (b"GET http://evil/ HTTP/1.1\r\n\r\n", 400, "request line"),
        (b"GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400, "header line"),
        (b"GET / HTTP/1.1\r\n folded: x\r\n\r\n", 400, "header line"),
        (b"GET / HTTP/2.0\r\n\r\n", 505, "HTTP/1.1"),
        (b"DELETE / HTTP/1.1\r\nContent-Length: 2\r\n\r\nab", 405, "GET, HEAD and POST"),
        (b"POST /options HTTP/1.1\r\n\r\n", 411, "Content-Length"),
        (b"POST /options HTTP/1.1\r\nContent-Length: 99999\r\n\r\n", 413, "at most 4096"),
        (b"GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", 400, "body"),
        (b"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "body"),
    ],
)
def test_a_broken_head_is_refused_with_its_status(server, request_bytes, status, told):
    got, body = _answer(_connect(server, request_bytes))
    assert got == status and told in body.decode()


def test_a_head_at_the_limits_is_served(server):
    """Empty lines before the request line (RFC 9112 allows them), bare line ends, and as
    many lines as MAX_PREVIEW_HEADERS allows."""
    host = f"Host: 127.0.0.1:{_port(server)}".encode()
    extra = [b"X-Fill: %d" % n for n in range(limits.MAX_PREVIEW_HEADERS - 3)]
    lines = [b"GET /state.json HTTP/1.1", host, b"Connection: close", *extra]
    assert len(lines) == limits.MAX_PREVIEW_HEADERS
    for ending in (b"\r\n", b"\n"):
        status, body = _answer(_connect(server, ending * 2 + ending.join(lines) + ending * 2))
        assert status == 200 and json.loads(body)["game"] == "muenchhausen"
    status, _ = _answer(_connect(server, b"\r\n".join([*lines, b"X-One: more"]) + b"\r\n\r\n"))
    assert status == 431


def test_headers_keep_alive_and_head(server):
    """Every answer carries the safety headers; two requests share one connection; HEAD
    tells the length without the body; a second Host header is foreign."""
    conn = http.client.HTTPConnection("127.0.0.1", _port(server), timeout=CEILING)
    answers = {}
    for path in ("/", "/state.json", "/nowhere"):
        conn.request("GET", path)
        response = conn.getresponse()
        answers[path] = (response, response.read())
    assert conn.sock is not None  # still the first connection: it was kept alive
    for response, _ in answers.values():
        assert response.getheader("X-Content-Type-Options") == "nosniff"
        assert response.getheader("Content-Security-Policy") == "default-src 'self'; img-src 'self'"
    assert answers["/"][0].getheader("Cache-Control") == "max-age=3600"
    assert answers["/state.json"][0].getheader("Cache-Control") == "no-store"
    assert answers["/nowhere"][0].status == 404 and answers["/nowhere"][1] == b"not found"
    response, body = _get(server, "/app.js", method="HEAD")
    script = resources.files("bastelbogen.preview").joinpath("page", "app.js").read_bytes()
    assert response.status == 200 and body == b""
    assert int(response.getheader("Content-Length")) == len(script)
    host = f"127.0.0.1:{_port(server)}".encode()
    twice = (
        b"GET / HTTP/1.1\r\nHost: " + host + b"\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n"
    )
    assert _answer(_connect(server, twice))[0] == 403


def test_ctrl_c_ends_serving_with_streams_open():
    """`pnp serve` with 50 streams and 50 silent clients open ends on Ctrl+C at once, exit
    0, and says nothing of it (no traceback)."""
    import signal
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-m", "bastelbogen.cli", "serve", "muenchhausen", "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # as a terminal's Ctrl+C reaches it (a shell's background job would ignore it)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stdout is not None
        line = next(line for line in process.stdout if line.startswith("Preview of"))
        port = int(line.split()[3].rstrip("/").rsplit(":", 1)[1])
        held = []
        for n in range(100):
            sock = socket.create_connection(("127.0.0.1", port), timeout=CEILING)
            if n % 2:
                sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
                assert _read_until(sock, b"\n\n").startswith(b"HTTP/1.1 200 ")
            held.append(sock)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=CEILING)
        assert process.returncode == 0 and "Traceback" not in err, err
        assert all(sock.recv(100) in (b"", b": idle\n\n") for sock in held[1::2])
    finally:
        process.kill()
        process.wait()


def test_a_client_that_reads_nothing_is_dropped(server, preview, monkeypatch):
    """A client that asks for picture after picture and takes none of them is dropped
    once it has taken nothing for PREVIEW_WRITE_SECONDS (1 s here): what the server holds
    for it is a piece of an answer, not every answer it asked for."""
    monkeypatch.setattr(limits, "PREVIEW_WRITE_SECONDS", 1.0)
    key = max(preview.images, key=lambda k: len(preview.images[k]))
    host = f"127.0.0.1:{_port(server)}".encode()
    ask = b"GET /img/" + key.encode() + b".png HTTP/1.1\r\nHost: " + host + b"\r\n\r\n"
    asked = 64 * 1024**2 // len(preview.images[key]) + 1  # answers of 64 MiB in all
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(CEILING)
    sock.connect(("127.0.0.1", _port(server)))
    sock.sendall(ask * min(asked, 200))
    deadline = time.monotonic() + CEILING
    while not server.connections and time.monotonic() < deadline:  # it was taken
        time.sleep(0.05)
    while server.connections and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not server.connections, "the server still holds the client that reads nothing"
    taken = 0
    try:
        while data := sock.recv(65536):
            taken += len(data)
    except ConnectionResetError:  # cut off: the server dropped it
        pass
    assert taken < min(asked, 200) * len(preview.images[key])
    sock.close()
