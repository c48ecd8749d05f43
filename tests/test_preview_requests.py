"""The live preview answers every request a stranger may send: a lone surrogate (as a JSON
escape, percent-escaped in the path or query, as bytes in a header), bytes that are not
UTF-8 in the request line, a header, the path, the query or the body, over-long values,
control characters and NUL bytes, odd methods, malformed percent-escapes, a bad
Content-Length, a JSON body that is a number, a list or deeply nested. Each gets a 4xx with
a short plain message, never a connection closed without an answer nor a traceback, and the
server answers the page afterwards. Over raw sockets, so that any byte can be sent."""

from __future__ import annotations

import http.client
import logging
import socket

import pytest

from bastelbogen.preview.hosts import Hosts
from bastelbogen.preview.protocol import TOLD_CHARS, plain
from tests.conftest import ROOT, serving

pytestmark = pytest.mark.heavy  # a build and a server
CEILING = 60.0  # seconds: far past any limit of the server, only so that no test hangs
SHORT = 600  # bytes: a refusal's message is a sentence, not the client's value echoed


def _get(target: bytes, *headers: bytes, method: bytes = b"GET") -> bytes:
    """A request for `target`; @HOST@ is the server's own address, as the page sends it."""
    lines = [method + b" " + target + b" HTTP/1.1", b"Host: @HOST@", *headers]
    return b"\r\n".join([*lines, b"Connection: close", b"", b""])


def _post(
    body: bytes,
    *headers: bytes,
    length: bytes | None = None,
    origin: bytes = b"http://@HOST@",
    kind: bytes = b"application/json",
) -> bytes:
    """A switch of options as the page sends it, with this body."""
    said = str(len(body)).encode() if length is None else length
    sent = (b"Origin: " + origin, b"Content-Type: " + kind, b"Content-Length: " + said, *headers)
    return _get(b"/options", *sent, method=b"POST") + body


def _json(name: str, value: str) -> bytes:
    """A JSON object of one option, its name and value as JSON writes them (escapes as
    they stand: json.dumps cannot write a lone surrogate's escape from a str)."""
    return f'{{"{name}": {value}}}'.encode()


HOSTILE = {
    # A lone surrogate, as a JSON escape: in a value of each kind, in a name.
    "surrogate-lang": _post(_json("lang", '"\\ud800"')),
    "surrogate-langs": _post(_json("lang", '["en", "\\udfff"]')),
    "surrogate-variant": _post(_json("variant", '"\\ud800"')),
    "surrogate-theme": _post(_json("theme", '"x\\ud800"')),
    "surrogate-paper": _post(_json("paper", '"\\ud800"')),
    "surrogate-length": _post(_json("bleed", '"\\ud800mm"')),
    "surrogate-offset": _post(_json("back-offset", '["\\ud800", 1]')),
    "surrogate-flag": _post(_json("braille", '"\\ud800"')),
    "surrogate-name": _post(_json("\\ud800", "1")),
    "surrogate-pair-reversed": _post(_json("lang", '"\\udc00\\ud800"')),
    # ... percent-escaped (as UTF-8 would, were it allowed) or as bytes.
    "surrogate-path": _get(b"/%ED%A0%80"),
    "surrogate-query": _get(b"/?lang=%ED%A0%80"),
    "surrogate-header": _get(b"/", b"X-Lang: \xed\xa0\x80"),
    "surrogate-host": _get(b"/").replace(b"@HOST@", b"\xed\xa0\x80"),
    "surrogate-origin": _post(b"{}", origin=b"http://\xed\xa0\x80"),
    "surrogate-body-bytes": _post(b'{"lang": "\xed\xa0\x80"}'),
    # Bytes that are not UTF-8.
    "latin1-method": _get(b"/", method=b"G\xc9T"),
    "latin1-path": _get(b"/\xff"),
    "latin1-query": _get(b"/?q=\xe9"),
    "latin1-header-value": _get(b"/", b"Accept-Language: \xe9n"),
    "latin1-header-name": _get(b"/", b"X-\xe9: 1"),
    "latin1-content-type": _post(b"{}", kind=b"application/\xffjson"),
    "latin1-body": _post(b'{"theme": "\xe9t\xe9"}'),
    "latin1-body-bare": _post(b"\xff\xfe\x00{"),
    "percent-latin1-query": _get(b"/?theme=%E9t%E9"),
    # Over-long values.
    "long-path": _get(b"/" + b"a" * 20_000),
    "long-query": _get(b"/?" + b"a" * 20_000),
    "long-header": _get(b"/", b"X-Long: " + b"a" * 20_000),
    "long-value": _post(_json("variant", '"' + "v" * 4000 + '"')),
    "long-name": _post(b'{"' + b"n" * 4000 + b'": 1}'),
    "long-lang": _post(_json("lang", '"' + "l" * 4000 + '"')),
    "long-body": _post(b" " * 5000),
    # Control characters and NUL bytes.
    "nul-path": _get(b"/\x00"),
    "nul-query": _get(b"/?\x00"),
    "nul-header": _get(b"/", b"X-Nul: a\x00b"),
    "escape-header": _get(b"/", b"X-Ansi: \x1b[31mred"),
    "cr-header": _get(b"/", b"X-Cr: a\rb"),
    "nul-body": _post(b'{"lang": "\x00"}'),
    "nul-json-escape": _post(_json("lang", '"\\u0000"')),
    "ansi-json-escape": _post(_json("theme", '"\\u001b[2J\\u0007"')),
    "newline-json-escape": _post(_json("variant", '"a\\r\\nX-Injected: 1"')),
    "percent-nul-query": _get(b"/?a=%00"),
    "percent-nul-path": _get(b"/%00"),
    # Odd methods.
    "method-patch": _get(b"/", method=b"PATCH"),
    "method-lower": _get(b"/", method=b"get"),
    "method-long": _get(b"/", method=b"G" * 40),
    "method-connect": _get(b"127.0.0.1:1", method=b"CONNECT"),
    "method-options": _get(b"*", method=b"OPTIONS"),
    "method-trace": _get(b"/", method=b"TRACE"),
    "method-empty": _get(b"/", method=b""),
    "method-get-options": _get(b"/options"),
    "method-post-elsewhere": _post(b"{}").replace(b"/options", b"/state.json", 1),
    # Malformed percent-escapes.
    "percent-path": _get(b"/%ZZ"),
    "percent-query": _get(b"/?q=%G1"),
    "percent-cut": _get(b"/?q=%"),
    "percent-half": _get(b"/?q=%4"),
    # A bad Content-Length.
    "length-text": _post(b"{}", length=b"two"),
    "length-negative": _post(b"{}", length=b"-2"),
    "length-plus": _post(b"{}", length=b"+2"),
    "length-hex": _post(b"{}", length=b"0x2"),
    "length-list": _post(b"{}", length=b"2, 2"),
    "length-twice": _post(b"{}", b"Content-Length: 2"),
    "length-huge": _post(b"{}", length=b"9" * 40),
    "length-too-large": _post(b"{}", length=b"99999999999"),
    "length-none": _post(b"{}").replace(b"Content-Length: 2\r\n", b""),
    "length-zero": _post(b"", length=b"0"),
    "length-short": _post(b'{"lang": "xx"} GET / HTTP/1.1', length=b"14"),
    "length-on-get": _get(b"/", b"Content-Length: 1") + b"x",
    "chunked": _post(b"2\r\n{}\r\n0\r\n\r\n", b"Transfer-Encoding: chunked"),
    # A JSON body that is not an object of options.
    "json-number": _post(b"12"),
    "json-huge-number": _post(b"9" * 4000),
    "json-list": _post(b'["lang", "en"]'),
    "json-string": _post(b'"\\ud800"'),
    "json-null": _post(b"null"),
    "json-nested": _post(b"[" * 4000 + b"]" * 4000),
    "json-nested-value": _post(b'{"lang": ' + b"[" * 4000 + b"]" * 4000 + b"}"),
    "json-nested-object": _post(b'{"a": ' * 680 + b"1" + b"}" * 680),
    "json-truncated": _post(b'{"lang": "en"'),
    "json-infinite": _post(_json("bleed", "1e999")),
    "json-nan": _post(_json("bleed", "NaN")),
    "json-minus-infinity": _post(_json("bleed", "-Infinity")),
    "json-huge-int": _post(_json("bleed", "9" * 4000)),
    "json-huge-int-offset": _post(_json("back-offset", "[1, " + "9" * 4000 + "]")),
    "json-object-value": _post(_json("paper", '{"a4": true}')),
    "json-bool-length": _post(_json("bleed", "true")),
    "json-empty-name": _post(_json("", "1")),
    "json-bom": _post(b"\xef\xbb\xbf{}" + b"x"),
}


@pytest.fixture(scope="module")
def server():
    """Münchhausen's preview, served and built (one for the module: no request switches
    its options, every one is refused)."""
    served, stop = serving(ROOT, "muenchhausen", watch=False)
    yield served
    stop.set()
    served.shutdown()
    served.server_close()


def _send(server, request: bytes) -> bytes:
    """What the server answers to these bytes, to the end of its answer."""
    port = server.server_address[1]
    request = request.replace(b"@HOST@", f"127.0.0.1:{port}".encode())
    with socket.create_connection(("127.0.0.1", port), timeout=CEILING) as sock:
        try:
            sock.sendall(request)
        except ConnectionError:  # refused before all was sent: its answer is waiting
            pass
        got = b""
        while True:
            try:
                data = sock.recv(65536)
            except ConnectionError:
                break
            if not data:
                break
            got += data
    return got


def _page_answers(server) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=CEILING)
    conn.request("GET", "/")
    response = conn.getresponse()
    assert response.status == 200 and b"<html" in response.read().lower()
    conn.close()


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_request_is_refused_in_words(server, name, capfd, caplog):
    caplog.set_level(logging.WARNING)
    got = _send(server, HOSTILE[name])
    head, _, body = got.partition(b"\r\n\r\n")
    status = head.split(b"\r\n")[0]
    assert status.startswith(b"HTTP/1.1 4"), f"no 4xx answer: {got[:200]!r}"
    assert b"Content-Type: text/plain" in head
    text = body.decode()  # UTF-8, strictly
    assert 0 < len(body) <= SHORT, text
    assert all(c.isprintable() for c in text.rstrip("\n")), repr(text)
    _page_answers(server)
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "Error" not in err, err
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text


def test_a_lone_surrogate_is_refused_in_words(server):
    got = _send(server, HOSTILE["surrogate-lang"])
    assert got.startswith(b"HTTP/1.1 400 ")
    assert got.endswith(b"the options are text: no control characters, no lone surrogates\n")


def test_the_clients_value_is_quoted_printable(server):
    """A value quoted back is shown as sent, what cannot be printed (a character that
    turns text around, a line separator) as its escape."""
    got = _send(server, _post(_json("variant", '"a\\u202eb\\u2028"')))
    assert got.startswith(b"HTTP/1.1 400 ")
    assert got.endswith(b"has no variant 'a\\u202eb\\u2028' (variants: large-groups)\n")


def test_every_message_is_one_printable_line():
    told = plain("no '\ud800', '\x00', '\x1b[2J' nor '\r\n' here")
    assert told == b"no '\\ud800', '\\x00', '\\x1b[2J' nor '\\r\\n' here\n"
    long = plain("x" * 10_000).decode()
    assert len(long) == TOLD_CHARS + 1 and long.endswith("\u2026\n")


def test_a_host_with_a_zone_is_never_this_machine():
    """Binding to fe80::1%<zone> would look the zone's name up: no Host names one."""
    hosts = Hosts("::", 8000)
    assert "[::1]:8000" in hosts
    for header in ("[::1%lo]:8000", "[fe80::1%\u00e9]:8000", "[fe80::1%eth0]:8000"):
        assert header not in hosts


def test_a_fair_request_is_still_served(server):
    """The rules that refuse a stranger's bytes leave the page's own requests alone: a
    query of well-formed text, UTF-8 in a header, a tab in a header's value."""
    for request in (
        _get(b"/?v=1&q=%C3%A9t%C3%A9+x"),
        _get(b"/state.json", "Accept-Language: fr-CH, fr;q=0.9, é".encode()),
        _get(b"/", b"User-Agent: a\tb"),
    ):
        got = _send(server, request)
        assert got.startswith(b"HTTP/1.1 200 "), got[:200]
