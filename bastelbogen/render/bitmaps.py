"""A user's PNG or JPEG as reportlab draws it: the bytes the guard checked, never a name.

reportlab looks a name up again when it draws it (a file, else a URL, else a `data:` address,
each by its own rules) and hands what it finds to Pillow. A picture content names is read
once, checked as those bytes (content/rasters.py), and those bytes are what is drawn: in an
image box (`Bitmap`, one image in a document however often it is drawn, named by its
digest) and in markup's <img> (`inline`: reportlab's parser is given the checked picture
for the src it reads, and refuses any src it was not given)."""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from functools import cached_property
from pathlib import Path

from reportlab.lib.utils import ImageReader

from bastelbogen.content.rasters import pillow, raster_problem
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError
from bastelbogen.core.source import read_bytes


class Bitmap:
    """A checked picture's bytes. reportlab names an image it is given by `str()` of it and
    reads it through the reader's methods, which this hands on: one image in a document
    per picture, however often it is drawn, without hashing its pixels at every draw."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.key = "bitmap-" + hashlib.sha256(data).hexdigest()[:32]

    def __str__(self) -> str:
        return self.key

    @cached_property
    def reader(self) -> ImageReader:
        pillow()  # only the formats we decode (a picture drawn without being checked fails)
        return ImageReader(io.BytesIO(self.data))

    @property
    def size(self) -> tuple[int, int]:
        size: tuple[int, int] = self.reader.getSize()
        return size

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):  # copy, pickle and friends: not the reader's to answer
            raise AttributeError(name)
        return getattr(self.reader, name)


def checked(path: Path) -> Bitmap | str:
    """The picture at `path` read once, as its checked bytes, or why it cannot be used."""
    try:
        data = read_bytes(path, limit=limits.MAX_BINARY_BYTES, what="picture")
    except ContentError as exc:
        return exc.problems[0].message
    problem = raster_problem(data)
    return problem if problem else Bitmap(data)


# --- markup: <img src="…"> ------------------------------------------------------------------
# The pictures markup may show, by the src written into it (`inline`); what reportlab's
# parser reads as an <img>'s src is looked up here and nowhere else.
_INLINE: OrderedDict[str, ImageReader] = OrderedDict()
_INLINE_MOST = 1024  # distinct pictures kept (a long-running preview forgets the oldest)
_GUARD = threading.Lock()


def inline(bitmap: Bitmap) -> str:
    """The src to write in markup for this picture: its key, which the parser resolves to
    the picture's reader."""
    return register(bitmap.key, bitmap.reader)


def register(key: str, reader: ImageReader) -> str:
    """The src to write in markup for `reader` (a picture's, or an icon's: render/icons.py):
    `key`, which the parser resolves to it."""
    guard_markup()
    with _GUARD:
        _INLINE[key] = reader
        _INLINE.move_to_end(key)
        while len(_INLINE) > _INLINE_MOST:
            _INLINE.popitem(last=False)
    return key


def _src(value: str) -> ImageReader:
    """reportlab's reading of an <img>'s src: a picture handed in by `inline`, nothing else
    (ImageReader of an ImageReader takes it as it is: no file, URL or data is opened)."""
    with _GUARD:
        found = _INLINE.get(value)
    if found is None:
        raise ValueError(f"<img src='{value[:60]}'> is not a picture of the game's folder")
    return found


def guard_markup() -> None:
    """Make reportlab's markup parser read an <img>'s src through `_src`: from the first
    picture markup shows on (every <img> passes `inline` before reportlab parses it:
    render/paragraphs.py), when platypus is loaded anyway; a build that sets no paragraph
    (a rebuild that copies its sheets) never loads it."""
    from reportlab.platypus import paraparser

    paraparser._imgAttrMap["src"] = ("src", _src)
