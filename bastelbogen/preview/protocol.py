"""HTTP/1.1 as the preview's server speaks it, read strictly: a request's head up to its
empty line within limits on its size and lines (core/limits.py), a plain request line and
`Name: value` headers, GET and HEAD without a body, POST with a small one of a stated
length (the preview's options); anything else is refused with its status (400, 405, 411,
413, 431, 505), and the connection ends. What a request says is text: its target (each
%-escape decoded) and its headers' values are UTF-8 without control characters, or it is
refused. Answers' heads carry the safety headers every answer of the preview has, and a
message to the client (quoting what it sent, maybe) is printable text, its length bounded."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from email.utils import formatdate
from http import HTTPStatus
from urllib.parse import unquote_to_bytes

from bastelbogen.core import limits

REQUEST_LINE = re.compile(rb"([A-Z]{1,16}) (/[!-~]*) HTTP/(\d)\.(\d)\r?\n")
TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # a header's name (RFC 9110)
ESCAPES = re.compile(rb"(?:[^%]|%[0-9A-Fa-f]{2})*")  # a target's %-escapes, each whole
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")  # a tab aside (RFC 9110 allows it)
METHODS = ("GET", "HEAD", "POST")
TOLD_CHARS = 400  # a message to the client is cut short past these (a value echoed whole)


class Refused(Exception):
    """A request answered with an error status, after which the connection is closed."""

    def __init__(self, status: int, text: str):
        super().__init__(text)
        self.status, self.text = status, text


@dataclass
class Request:
    method: str
    path: str  # without its query
    version: tuple[int, int]
    headers: dict[str, list[str]] = field(default_factory=dict)  # names in lower case
    length: int = 0  # of its body (a POST's), read by whoever answers it

    def tokens(self, name: str) -> set[str]:
        return {t.strip().lower() for v in self.headers.get(name, []) for t in v.split(",")}

    @property
    def keep_alive(self) -> bool:
        """HTTP/1.1 keeps a connection unless told; HTTP/1.0 only when asked."""
        if self.version >= (1, 1):
            return "close" not in self.tokens("connection")
        return "keep-alive" in self.tokens("connection")


def parse(lines: list[bytes]) -> Request:
    """A request's head (its lines, each with its line end), read strictly: anything that
    is not a plain request line and `Name: value` headers is refused, and so is a body
    (nothing here takes one; reading past it would mistake it for the next request)."""
    line = REQUEST_LINE.fullmatch(lines[0])
    if line is None:
        raise Refused(400, "bad request line")
    method, target, major, minor = line.groups()
    version = (int(major), int(minor))
    if version not in ((1, 0), (1, 1)):
        raise Refused(505, "HTTP/1.0 and HTTP/1.1 only")
    if ESCAPES.fullmatch(target) is None:
        raise Refused(400, "bad request target: a % must begin an escape like %20")
    _text(unquote_to_bytes(target), "request target")
    request = Request(method.decode(), target.decode().split("?", 1)[0], version)
    for header in lines[1:]:
        name, colon, value = header.partition(b":")
        if not colon or TOKEN.fullmatch(name) is None:
            raise Refused(400, "bad header line")
        request.headers.setdefault(name.decode().lower(), []).append(
            _text(value.strip(b" \t\r\n"), "header value")
        )
    if request.method not in METHODS:
        raise Refused(405, "only GET, HEAD and POST are served")
    request.length = _body(request)
    return request


def _text(raw: bytes, what: str) -> str:
    """A part of the request as the text it must be: UTF-8 without control characters.
    Checked as it is read, so that nothing a client sent can fail to be decoded, quoted or
    compared later (a lone surrogate's bytes, a NUL, a line end in a header's value)."""
    try:
        text = raw.decode()
    except UnicodeDecodeError:
        raise Refused(400, f"bad {what}: it must be UTF-8 text") from None
    if CONTROL.search(text):
        raise Refused(400, f"bad {what}: a control character in it")
    return text


def _body(request: Request) -> int:
    """The length of a request's body: a POST's stated one, small; none for the others."""
    length = request.headers.get("content-length", ["0"] if request.method != "POST" else [])
    if "transfer-encoding" in request.headers:
        raise Refused(400, "a body must come with its Content-Length")
    if request.method != "POST":
        if length != ["0"]:
            raise Refused(400, "only POST takes a body")
        return 0
    if not length:
        raise Refused(411, "a POST must say its Content-Length")
    if len(length) != 1 or not re.fullmatch(r"\d{1,12}", length[0]):
        raise Refused(400, "bad Content-Length")
    if int(length[0]) > limits.MAX_PREVIEW_OPTIONS_BYTES:
        raise Refused(
            413, f"the body is too large: at most {limits.MAX_PREVIEW_OPTIONS_BYTES} bytes"
        )
    return int(length[0])


def head(
    status: int, kind: str, length: int | None, cache: bool = False, close: bool = False
) -> bytes:
    """An answer's status line and headers; without a length the answer ends with the
    connection (an event stream)."""
    lines = [
        f"HTTP/1.1 {status} {HTTPStatus(status).phrase}",
        "Server: Bastelbogen-preview",
        f"Date: {formatdate(usegmt=True)}",
        f"Content-Type: {kind}",
        f"Cache-Control: {'max-age=3600' if cache and status == 200 else 'no-store'}",
        "X-Content-Type-Options: nosniff",
        "Content-Security-Policy: default-src 'self'; img-src 'self'",
    ]
    if length is not None:
        lines.append(f"Content-Length: {length}")
    if close or length is None:
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def refusal(status: int, text: str) -> bytes:
    body = plain(text)
    return head(status, "text/plain; charset=utf-8", len(body), close=True) + body


def plain(text: str) -> bytes:
    """A message to the client, one line of UTF-8: every message goes through here, and
    may quote what the client sent, which may be anything JSON can write (a lone surrogate,
    which UTF-8 cannot encode, a NUL, a terminal's escape, a line end). What is not
    printable is written as Python escapes it (\\ud800, \\x00, \\n), the whole cut short."""
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)
    if len(shown) > TOLD_CHARS:
        shown = shown[: TOLD_CHARS - 1] + "…"
    return shown.encode() + b"\n"


@dataclass
class Head:
    """What a client has sent of a request's head so far."""

    lines: list[bytes] = field(default_factory=list)
    begun: bool = False  # a byte of it came (a silent client is dropped without a word)


async def read_head(reader: asyncio.StreamReader, got: Head) -> bool:
    """Read a request's head, up to its empty line (True) or the connection's end (False).
    Too long a head, a line or too many lines is refused (431)."""
    first = await reader.read(1)
    if not first:
        return False
    got.begun, size = True, 0
    while True:
        try:
            line = first if first == b"\n" else first + await reader.readline()
        except ValueError:  # a line beyond the reader's limit
            raise Refused(431, "request head too large") from None
        first = b""
        if not line.endswith(b"\n"):  # the client closed, maybe in the middle of a line
            return False
        size += len(line)
        if line not in (b"\r\n", b"\n"):
            got.lines.append(line)
        elif got.lines:
            return True
        # else an empty line before the request line, which RFC 9112 allows
        if size > limits.MAX_PREVIEW_HEADER_BYTES or len(got.lines) > limits.MAX_PREVIEW_HEADERS:
            raise Refused(431, "request head too large")
