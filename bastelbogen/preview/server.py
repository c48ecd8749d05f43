"""The preview's web server: the page, its script and style from the package, the state as
JSON, the pictures from memory, server-sent events that tell the page a build has begun,
has listed its pieces (its first pictures come before the last) and is in, and the switches
of the build's options the page asks for (POST /options).

Safe by construction: no part of a URL is ever a file path (the few files are a fixed
table, pictures are looked up by key in memory), a request whose Host is not this server's
own address is refused (a web page elsewhere cannot reach it through DNS rebinding; see
hosts.py), a switch of options only from the page itself (its Origin, JSON), and it listens
on 127.0.0.1 unless told otherwise.

It stays up under load: one event loop (asyncio) in one thread serves every connection, an
open event stream is a waiting task, not a thread, so hundreds of them cost little. What a
client may hold is bounded (core/limits.py): the connections and event streams open at once
(past them a clear 503), the size of a request's head and the time to send it (a client that
sends its head slowly, or nothing, is dropped), and the time a client may take to read an
answer. A response is written a piece at a time, each waiting until the client has taken
the last, so a client that reads nothing holds at most a piece in memory.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
from typing import Any

from bastelbogen.core import limits
from bastelbogen.preview import files, rulebook
from bastelbogen.preview import options as live
from bastelbogen.preview.delivery import Delivery
from bastelbogen.preview.files import STATIC
from bastelbogen.preview.hosts import Hosts
from bastelbogen.preview.protocol import (
    Head,
    Refused,
    Request,
    head,
    parse,
    plain,
    read_head,
    refusal,
)
from bastelbogen.preview.state import Preview, Snapshot

IMAGE = re.compile(r"^/img/([0-9a-f]{16})(?:@([0-9]{1,4}))?\.png$")
RULEBOOK = re.compile(r"^/rulebook(?:/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*))?/?$")
KEEPALIVE = 15.0  # seconds between comments on an idle event stream
PIECE = 64 * 1024  # bytes of an answer written before waiting for the client to take them
BACKLOG = 512  # connections the kernel queues before they are accepted (a burst of clients)


class Server:
    """The preview's server on its bound socket. `serve_forever` runs it in the calling
    thread until `shutdown` (from another thread) or Ctrl+C, as socketserver's do."""

    def __init__(self, preview: Preview, sock: socket.socket, allowed: Hosts | set[str]):
        self.preview = preview
        self.socket = sock
        self.server_address: tuple[str, int] = sock.getsockname()[:2]
        self.allowed = allowed  # the Host headers that name this server
        self.connections: dict[asyncio.StreamWriter, asyncio.Task[None]] = {}  # open now
        self.streams = 0  # event streams open now
        self.version = preview.snapshot.version  # the newest build the streams were told
        self.started = 0  # the builds begun, as the streams were told (Preview.started)
        self.listed = preview.listed  # the listings of builds on their way (Preview.listed)
        self._news: asyncio.Future[int] | None = None  # done when a newer build is in
        # state.json, made once a build (and again as a build begins or ends)
        self._state: tuple[Snapshot | None, bytes, bool] = (None, b"", False)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._quit = threading.Event()  # shutdown() was asked for
        self._done = threading.Event()  # serve_forever has returned
        self._done.set()
        self.pictures = Delivery(preview)

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Serve until shut down. poll_interval: how often a build is looked for when its
        notification (preview.changed) did not come; it normally comes at once."""
        self._done.clear()
        try:
            asyncio.run(self._main(poll_interval))
        finally:
            self._quit.clear()  # as socketserver: it may serve again
            self._done.set()

    def shutdown(self) -> None:
        """Stop serve_forever (called from another thread) and wait until it has."""
        self._quit.set()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:  # the loop has just closed
                pass
        self._done.wait()

    def server_close(self) -> None:
        self.socket.close()

    async def _main(self, poll_interval: float) -> None:
        loop = asyncio.get_running_loop()
        self._loop, self._stop = loop, asyncio.Event()
        self._news = loop.create_future()
        self.pictures.start(loop)
        finished = threading.Event()
        relay = threading.Thread(
            target=self._relay, args=(loop, poll_interval, finished), daemon=True
        )
        relay.start()
        server = await asyncio.start_server(
            self._connection,
            sock=self.socket,
            limit=limits.MAX_PREVIEW_HEADER_BYTES,
            backlog=BACKLOG,
        )
        try:
            if not self._quit.is_set():
                await self._stop.wait()
        finally:
            server.close()  # it closes the listening socket
            self._loop = None
            self.pictures.stop()
            finished.set()
            # Each connection's task ends by itself once its connection is cut; one left
            # to asyncio.run's cancelling would be logged with a traceback (Python 3.11).
            tasks = list(self.connections.values())
            for writer in list(self.connections):
                writer.transport.abort()
            if tasks:
                await asyncio.wait(tasks, timeout=limits.PREVIEW_LINGER_SECONDS)

    def _relay(
        self, loop: asyncio.AbstractEventLoop, every: float, finished: threading.Event
    ) -> None:
        """Builds run in other threads and tell a new snapshot by preview.changed, a
        threading Condition; this one thread waits on it and hands each new version to
        the loop, which tells every stream."""
        preview, seen = self.preview, (self.version, self.started, self.listed)
        while not finished.is_set():
            with preview.changed:
                if (preview.snapshot.version, preview.started, preview.listed) == seen:
                    preview.changed.wait(every)
                now = (preview.snapshot.version, preview.started, preview.listed)
            if now != seen:
                seen = now
                try:
                    loop.call_soon_threadsafe(self._publish, *now)
                except RuntimeError:  # the loop has closed: serving is over
                    return

    def _publish(self, version: int, started: int, listed: int) -> None:
        news, self._news = self._news, asyncio.get_running_loop().create_future()
        self.version, self.started, self.listed = version, started, listed
        if news is not None:
            news.set_result(version)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if len(self.connections) >= limits.MAX_PREVIEW_CONNECTIONS:
            cap = limits.MAX_PREVIEW_CONNECTIONS
            # Told at once and closed, without reading: past the cap nothing more is spent.
            # A new connection's socket takes these few bytes at once.
            writer.write(refusal(503, f"too many connections: this server holds {cap} at once"))
            writer.close()
            return
        task = asyncio.current_task()
        assert task is not None
        self.connections[writer] = task
        try:
            await self._requests(reader, writer)
            writer.close()  # everything written was taken: nothing is left to wait for
        except (TimeoutError, ConnectionError):  # a client that stopped reading, or left
            pass
        finally:
            del self.connections[writer]
            if not writer.is_closing():
                writer.transport.abort()

    async def _requests(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """The requests of one connection, one after the other, while it is kept alive."""
        while True:
            got = Head()
            try:
                async with asyncio.timeout(limits.PREVIEW_HEADER_SECONDS):
                    complete = await read_head(reader, got)
            except TimeoutError:  # a slow or silent client; one that sent part is told
                if got.begun:
                    await self._refuse(reader, writer, 408, "the request's head came too slowly")
                return
            except Refused as exc:
                await self._refuse(reader, writer, exc.status, exc.text)
                return
            if not complete:  # the client closed
                return
            try:
                request = parse(got.lines)
            except Refused as exc:
                await self._refuse(reader, writer, exc.status, exc.text)
                return
            if not await self._answer(request, reader, writer) or not request.keep_alive:
                return

    async def _refuse(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, status: int, text: str
    ) -> None:
        """Answer with an error and end the connection, reading on for a moment: closing a
        socket that still holds unread bytes resets it, and the client might lose the
        answer before it reads it."""
        await self._write(writer, refusal(status, text))
        if writer.can_write_eof():
            writer.write_eof()
        try:
            async with asyncio.timeout(limits.PREVIEW_LINGER_SECONDS):
                while await reader.read(PIECE):
                    pass
        except (TimeoutError, ConnectionError):
            pass

    async def _answer(
        self, request: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> bool:
        """Answer one request; False when the connection ends with it."""
        hosts = request.headers.get("host", [])
        if len(hosts) != 1 or hosts[0].lower() not in self.allowed:
            return await self._send(writer, request, 403, b"foreign Host", "text/plain")
        path = request.path
        if path == "/options" or request.method == "POST":
            return await self._options(request, reader, writer, hosts[0])
        if path in STATIC:
            name, kind = STATIC[path]
            body = files.read(name)
            return await self._send(writer, request, 200, body, kind, cache=True)
        if path == "/state.json":
            return await self._send(writer, request, 200, self._state_json(), "application/json")
        if path == "/events":
            await self._events(request, reader, writer)
            return False
        if book := RULEBOOK.match(path):
            status, body, kind = self._rulebook(book.group(1))
            return await self._send(writer, request, status, body, kind)
        match = IMAGE.match(path)
        image = await self.pictures.picture(match.group(1), match.group(2)) if match else None
        if image is not None:
            return await self._send(writer, request, 200, image, "image/png", cache=True)
        return await self._send(writer, request, 404, b"not found", "text/plain")

    def _rulebook(self, lang: str | None) -> tuple[int, bytes, str]:
        """A language's page of the rulebook (/rulebook: the language shown, else the
        first); a language the book lacks, or a game without one, is a 404 that says so."""
        snap = self.preview.snapshot
        books = snap.rulebooks
        if lang is None:
            shown = str(live.shown(self.preview.options, self.preview.game).get("lang") or "")
            lang = shown if shown in books else next(iter(books), "")
        page = books.get(lang)
        if page is None:
            told = f"no rulebook in '{lang}'" + (
                f" (it is written in {', '.join(books)})" if books else " (the game has none)"
            )
            return 404, plain(told), "text/plain; charset=utf-8"
        return 200, rulebook.served(page, snap.version), "text/html; charset=utf-8"

    def _state_json(self) -> bytes:
        """The snapshot as JSON, made once for each build (a build replaces the snapshot),
        or the listing of the build on its way (`listing`: its version is the last's)."""
        # Before any build has begun one is on its way: `pnp serve` begins it as it serves.
        snap, preview = self.preview.shown(), self.preview
        building = preview.is_building()
        if self._state[0] is not snap or self._state[2] != building:
            body = json.dumps(
                {
                    "version": snap.version,
                    "building": building,
                    "listing": snap is not preview.snapshot,
                    "game": snap.game,
                    **live.state(self.preview),
                    "components": snap.components,
                    "pieces": snap.pieces,
                    "sheets": snap.sheets,
                    "problems": snap.problems,
                    "warnings": snap.warnings,
                    "seconds": snap.seconds,
                    "drawn": snap.drawn,
                    "rulebooks": list(snap.rulebooks),
                },
                ensure_ascii=False,
            ).encode()
            self._state = (snap, body, building)
        return self._state[1]

    async def _options(
        self,
        request: Request,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        host: str,
    ) -> bool:
        """A switch of the build's options for every tab (POST /options), from the page
        itself only (its Origin), as JSON, its body bounded; answered when its build is in."""
        if request.method != "POST" or request.path != "/options":
            text = "POST /options is the only POST"
            if request.path == "/options":
                text = 'switch the options by POST, as JSON: {"theme": "animals"}'
            await self._refuse(reader, writer, 405, text)
            return False
        if [o.lower() for o in request.headers.get("origin", [])] != [f"http://{host.lower()}"]:
            text = "options are switched from the preview's own page only (its Origin)"
            await self._refuse(reader, writer, 403, text)
            return False
        kinds = request.headers.get("content-type", [])
        if len(kinds) != 1 or kinds[0].split(";")[0].strip().lower() != "application/json":
            await self._refuse(reader, writer, 415, "the options come as application/json")
            return False
        try:
            async with asyncio.timeout(limits.PREVIEW_HEADER_SECONDS):
                body = await reader.readexactly(request.length)
        except TimeoutError:
            await self._refuse(reader, writer, 408, "the request's body came too slowly")
            return False
        except asyncio.IncompleteReadError:  # the client closed
            return False
        try:
            version = await asyncio.to_thread(live.switch, self.preview, body)
        except live.Unusable as exc:  # it quotes the client's value: plain() makes it safe
            told = plain(str(exc))
            return await self._send(writer, request, 400, told, "text/plain; charset=utf-8")
        answer = json.dumps({"version": version}).encode()
        return await self._send(writer, request, 200, answer, "application/json")

    async def _send(
        self,
        writer: asyncio.StreamWriter,
        request: Request,
        status: int,
        body: bytes,
        kind: str,
        cache: bool = False,
    ) -> bool:
        await self._write(writer, head(status, kind, len(body), cache, not request.keep_alive))
        if request.method != "HEAD":
            await self._write(writer, body)
        return True

    async def _write(self, writer: asyncio.StreamWriter, data: bytes) -> None:
        """Bytes to the client a piece at a time; one that takes none of a piece for
        PREVIEW_WRITE_SECONDS is dropped (TimeoutError)."""
        view = memoryview(data)
        for start in range(0, len(view), PIECE):
            writer.write(view[start : start + PIECE])
            async with asyncio.timeout(limits.PREVIEW_WRITE_SECONDS):
                await writer.drain()

    async def _events(
        self, request: Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        """A new build's version as it comes in; a comment now and then keeps it open.
        It ends when the client closes (or sends anything: a stream takes no requests)."""
        if self.streams >= limits.MAX_PREVIEW_STREAMS:
            cap = limits.MAX_PREVIEW_STREAMS
            text = f"too many event streams: this server holds {cap} at once"
            await self._refuse(reader, writer, 503, text)
            return
        self.streams += 1
        gone = asyncio.ensure_future(reader.read(1))
        try:
            await self._write(writer, head(200, "text/event-stream", None))
            if request.method == "HEAD":
                return
            # The first data has the page load the state, a listing shown already with it
            seen, begun, listed = -1, 0, self.listed
            while not gone.done():
                told = b""
                if self.started != begun and self.preview.is_building():
                    begun = self.started  # the page shows "building…" till the next data
                    told += f"event: building\ndata: {begun}\n\n".encode()
                if self.version != seen:
                    seen = self.version
                    told += f"data: {seen}\n\n".encode()
                elif self.listed != listed and self.preview.listing is not None:
                    told += f"event: listed\ndata: {seen}\n\n".encode()  # still building
                listed = self.listed
                await self._write(writer, told or b": idle\n\n")
                assert self._news is not None
                either: list[asyncio.Future[Any]] = [self._news, gone]
                await asyncio.wait(either, timeout=KEEPALIVE, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            self.streams -= 1


def serve(preview: Preview, host: str, port: int) -> Server:
    """A server bound to host:port (0: a free port), not yet serving."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    both = host == "::" and socket.has_dualstack_ipv6()  # every address, IPv4's too
    sock = socket.create_server((host, port), family=family, backlog=BACKLOG, dualstack_ipv6=both)
    return Server(preview, sock, Hosts(host, sock.getsockname()[1]))
