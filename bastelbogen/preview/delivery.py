"""The pictures as the server hands them to requests: one drawn is taken from memory at
once, one the build is drawing now is waited for until it comes, and any other is drawn in a
worker thread, one at a time, while the event loop serves the rest. A waiting request is a
task, not a thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TypeVar

from bastelbogen.preview.pictures import nobody
from bastelbogen.preview.state import Preview

T = TypeVar("T")


class Delivery:
    """The pictures of one preview, for its server's requests."""

    def __init__(self, preview: Preview) -> None:
        self.preview = preview
        self._drawing = asyncio.Lock()  # a picture drawn in a worker thread, one at a time
        self._came: asyncio.Future[None] | None = None  # done when a face being drawn came

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Serving begins on `loop`: the build tells it of each face that comes."""
        self._came = loop.create_future()
        self.preview.images.arrived = lambda: _call(loop, self._arrived)

    def stop(self) -> None:
        self.preview.images.arrived = nobody

    async def picture(self, key: str, dpi: str | None) -> bytes | None:
        """A face's or page's PNG: from memory when it is drawn (or once the build has
        drawn it), else drawn in a worker thread (sheets are drawn only when asked for,
        sharper faces at a dpi of the ladder), the loop serving the others meanwhile.
        None: no such picture."""
        image = self.preview.images.drawn(key, None if dpi is None else int(dpi))
        if image is None and dpi is None:
            image = await self._coming(key)
        if image is not None:  # not behind a drawing or a build: it is in memory
            return image
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bytes | None] = loop.create_future()

        def draw() -> None:
            try:
                image = self.preview.picture(key, None if dpi is None else int(dpi))
            except Exception as exc:  # noqa: BLE001 - told to the request, as a 404 below
                image = None
                print(f"preview: drawing {key} failed: {exc!r}")
            loop.call_soon_threadsafe(_settle, done, image)

        # One drawing at a time (they take PDFium's lock in turn anyway), each in a thread
        # of its own that ends with it: waiting requests are tasks, not threads.
        async with self._drawing:
            threading.Thread(target=draw, daemon=True).start()
            return await done

    async def _coming(self, key: str) -> bytes | None:
        """A face the build is drawing now, once it has come (asked for, the build draws
        it next): waited for by this task alone, not behind the drawings asked for before
        it, which it may come before. None: it is not coming."""
        images = self.preview.images
        while images.ask(key):
            assert self._came is not None
            await asyncio.wait([self._came])  # not cancelled with this task: others wait on it
        return images.drawn(key)

    def _arrived(self) -> None:
        came, self._came = self._came, asyncio.get_running_loop().create_future()
        if came is not None:
            came.set_result(None)


def _call(loop: asyncio.AbstractEventLoop, told: Callable[[], None]) -> None:
    """`told` on the loop, from another thread; nothing once the loop has closed."""
    try:
        loop.call_soon_threadsafe(told)
    except RuntimeError:  # the loop has closed: serving is over
        pass


def _settle(done: asyncio.Future[T], value: T) -> None:
    if not done.done():  # not cancelled meanwhile (the client left)
        done.set_result(value)
