"""The preview's web server: the page, its script and style from the package, the state as
JSON, the pictures from memory, and server-sent events that tell the page a new build is in.

Safe by construction: no part of a URL is ever a file path (the few files are a fixed
table, pictures are looked up by key in memory), a request whose Host is not this server's
own address is refused (a web page elsewhere cannot reach it through DNS rebinding), and it
listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import json
import re
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

from bastelbogen.preview.state import Preview

STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
IMAGE = re.compile(r"^/img/([0-9a-f]{16})\.png$")
KEEPALIVE = 15.0  # seconds between comments on an idle event stream


class Server(ThreadingHTTPServer):
    preview: Preview
    allowed: set[str]  # the Host headers that name this server


def serve(preview: Preview, host: str, port: int) -> Server:
    """A server bound to host:port (0: a free port), not yet serving."""
    server = Server((host, port), Handler)
    server.daemon_threads = True
    server.preview = preview
    bound = server.server_address[1]
    names = {"127.0.0.1", "localhost", host}
    server.allowed = {f"{name}:{bound}" for name in names}
    return server


class Handler(BaseHTTPRequestHandler):
    server_version = "Bastelbogen-preview"
    server: Server

    def log_message(self, format, *args) -> None:  # quiet: the terminal shows the builds
        return

    def do_GET(self) -> None:
        if self.headers.get("Host", "") not in self.server.allowed:
            return self._send(403, b"foreign Host", "text/plain")
        path = self.path.split("?", 1)[0]
        if path in STATIC:
            name, kind = STATIC[path]
            body = resources.files("bastelbogen.preview").joinpath("page", name).read_bytes()
            return self._send(200, body, kind)
        if path == "/state.json":
            snap = self.server.preview.snapshot
            body = json.dumps(
                {
                    "version": snap.version,
                    "game": snap.game,
                    "components": snap.components,
                    "sheets": snap.sheets,
                    "problems": snap.problems,
                    "warnings": snap.warnings,
                    "seconds": snap.seconds,
                    "drawn": snap.drawn,
                },
                ensure_ascii=False,
            ).encode()
            return self._send(200, body, "application/json", cache=False)
        if path == "/events":
            return self._events()
        match = IMAGE.match(path)
        image = self.server.preview.images.get(match.group(1)) if match else None
        if image is not None:
            return self._send(200, image, "image/png")
        return self._send(404, b"not found", "text/plain")

    def _send(self, status: int, body: bytes, kind: str, cache: bool = True) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=3600" if cache and status == 200 else "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", "default-src 'self'; img-src 'self'")
        self.end_headers()
        self.wfile.write(body)

    def _events(self) -> None:
        """A new build's version as it comes in; a comment now and then keeps it open."""
        preview = self.server.preview
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = -1
        try:
            while True:
                with preview.changed:
                    if preview.snapshot.version == seen:
                        preview.changed.wait(KEEPALIVE)
                    version = preview.snapshot.version
                if version != seen:
                    self.wfile.write(f"data: {version}\n\n".encode())
                    seen = version
                else:
                    self.wfile.write(b": idle\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return
