"""The first pictures first (bastelbogen/preview/state.py, pictures.py, delivery.py): a first
build shows the page its listing before its faces are drawn, the faces asked for are drawn
before the others, and a request for one is answered as it comes, not behind the requests
for faces drawn later."""

from __future__ import annotations

import asyncio
import http.client
import json
import threading
from types import SimpleNamespace

import pytest

from bastelbogen.content.project import Project
from bastelbogen.pipeline.build import BuildOptions
from bastelbogen.preview.delivery import Delivery
from bastelbogen.preview.pictures import SHEET_DPI, Pictures, Rules
from bastelbogen.preview.server import serve
from bastelbogen.preview.state import Preview
from tests.conftest import ROOT

PNG = b"\x89PNG\r\n\x1a\n"


def test_faces_asked_for_are_drawn_first(monkeypatch):
    """Each asked for in the order asked, the others in theirs; a few at first, then more
    at a time."""
    pictures = Pictures(threading.Lock())
    drawn: list[list[str]] = []
    monkeypatch.setattr(
        pictures, "draw_faces", lambda faces: drawn.append([k for k, _ in faces]) or {}
    )
    faces = [(f"k{n}", None) for n in range(40)]
    pictures.expect(k for k, _ in faces)
    assert pictures.ask("k30") and pictures.ask("k5") and not pictures.ask("elsewhere")
    pictures.draw_coming(faces)  # type: ignore[arg-type]  # none is drawn
    assert [len(chunk) for chunk in drawn] == [1, 2, 4, 8, 16, 9]
    order = [k for chunk in drawn for k in chunk]
    assert order[:3] == ["k30", "k5", "k0"]
    assert order[3:] == [k for k, _ in faces if k not in ("k30", "k5", "k0")]


def test_a_face_asked_for_comes_as_it_is_drawn():
    """Two requests wait for faces being drawn: the one whose face comes first is answered
    first, whichever asked first; a face no longer coming is drawn on request."""

    async def scenario() -> None:
        pictures = Pictures(threading.Lock())
        pictures.sources = {k: Rules(lambda: b"", (72.0, 72.0)) for k in "abc"}
        delivery = Delivery(SimpleNamespace(images=pictures))  # type: ignore[arg-type]
        delivery.start(asyncio.get_running_loop())
        pictures.expect(["a", "b", "c"])
        first = asyncio.ensure_future(delivery.picture("a", None))
        second = asyncio.ensure_future(delivery.picture("b", None))
        await asyncio.sleep(0.05)
        assert not first.done() and not second.done()
        assert list(pictures._asked) == ["a", "b"]  # the build draws them next, in turn
        await asyncio.to_thread(pictures.keep, "b", SHEET_DPI, b"b")  # as the build does
        assert await second == b"b" and not first.done()
        await asyncio.to_thread(pictures.keep, "a", SHEET_DPI, b"a")
        assert await first == b"a"
        await asyncio.to_thread(pictures.expect, ())  # the build is in: c is drawn if asked
        assert not pictures.ask("c")
        delivery.stop()

    asyncio.run(scenario())


def _get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
    response = conn.getresponse()
    return response.status, response.read()


@pytest.mark.heavy
def test_a_first_build_is_listed_before_its_faces_are_drawn(monkeypatch):
    """Münchhausen's first build: the page is told its listing (still building, no build
    in) before a face is drawn, a face of it asked for is served once drawn, and then the
    build is in."""
    preview = Preview(Project(ROOT), "muenchhausen", BuildOptions())
    go = threading.Event()
    draw = preview.images.draw_coming

    def held(faces):  # the faces drawn only once the test has seen the listing
        go.wait(60)
        return draw(faces)

    monkeypatch.setattr(preview.images, "draw_coming", held)
    server = serve(preview, "127.0.0.1", 0)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}).start()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{port}"})
        events = conn.getresponse()
        assert events.fp.readline().strip() == b"data: 0"
        built = threading.Thread(target=preview.rebuild)
        built.start()
        line = events.fp.readline().strip()
        while line != b"event: listed":
            line = events.fp.readline().strip()
        state = json.loads(_get(port, "/state.json")[1])
        assert state["listing"] and state["building"] and state["version"] == 0
        face = next(iter(state["components"][0]["faces"]))
        answer: list[tuple[int, bytes]] = []
        asked = threading.Thread(target=lambda: answer.append(_get(port, f"/img/{face}.png")))
        asked.start()
        go.set()
        asked.join(60)
        built.join(60)
        status, png = answer[0]
        assert status == 200 and png[:8] == PNG
        state = json.loads(_get(port, "/state.json")[1])
        assert not state["listing"] and not state["building"] and state["version"] == 1
        assert state["problems"] == [] and face in state["components"][0]["faces"]
    finally:
        go.set()
        server.shutdown()
        server.server_close()
