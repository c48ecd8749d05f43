"""What a piece's side draws, as a fingerprint: two builds that draw a face alike give it
the same one, whatever the files' dates, and a face drawn differently (a word, a colour, a
box moved, a picture's pixels, the font) a new one. `pnp build --changed-since` compares
them (pipeline/changed.py); every build records them in manifest.json.

An art is resolved plain data (layout/faces.py): its boxes' painters, places and values.
Its fingerprint hashes that data written out canonically, leaving out where in the sources
a box was written (a card added above moves every later card's lines, not its look), with
the bytes of each picture file a value names, of the fonts the kit sets text in and of the
icons its text may show. The code that draws is not in it: a new Bastelbogen that draws
alike is no change of yours.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Iterable, Mapping
from enum import Enum
from pathlib import Path
from typing import Any, cast

from bastelbogen.content.icons import NO_ICONS, Icons
from bastelbogen.core.errors import Loc
from bastelbogen.core.remembered import REMEMBERED
from bastelbogen.layout.faces import Art
from bastelbogen.layout.kit import LaidOut
from bastelbogen.layout.layouts import Box

FACES = "faces"  # where a build's writers find them (Job.kept), and manifest.json's key
SINCE = "since"  # Job.kept: what --changed-since named, as the manifest records it
SKIPPED = frozenset({"loc", "locs", "layout", "name"})  # where a box was written, not its look
LONGEST_NAME = 400  # a value longer than this names no picture file
_PLAIN = frozenset({str, int, float, bool, type(None)})  # a box's values written as they are
SHORT = 20  # hex digits kept: 80 bits, no two faces of a kit alike by chance
# Arts and boxes kept to be met again (a common back, a card's ground): what they hold stays
# alive with them, so a few hundred, not a deck's thousands.
RECENT = 512
ROUND = 4  # points: a ten-thousandth of a point is no difference a printer shows


class Fingerprints:
    """The fingerprints of one build's arts: a picture file's bytes read once however many
    faces show it, and an art met again (a common back) hashed once."""

    def __init__(self, folder: Path, fonts: Mapping[str, Path], icons: Icons = NO_ICONS) -> None:
        self.folder = folder
        self._files: dict[tuple[str, int, int], str] = {}  # (path, size, change) -> hash
        self._arts: dict[Art, str] = {}
        self._boxes: dict[Box, str] = {}  # a box met again (a card's ground) written out once
        self.fonts: list[object] = [(role, self._file(p)) for role, p in sorted(fonts.items())]
        self.fonts += icons.identity  # what text may show besides its letters (`:coin:`)

    def of(self, art: Art | None) -> str | None:
        """The art's fingerprint (SHORT hex digits), or None where the side has no art."""
        if art is None:
            return None
        found = self._arts.get(art)
        if found is None:
            text = repr((self.fonts, self._art(art)))
            found = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:SHORT]
            if len(self._arts) > RECENT:  # a deck's faces come in runs: a bound, not all
                self._arts.clear()
            self._arts[art] = found
        return found

    def _art(self, art: Art) -> object:
        """An art as plain data, its boxes read directly (a deck's thousands of faces are
        most of a build's fingerprinting): each layer's place and boxes, then its outlines."""
        boxes = self._boxes
        if len(boxes) > RECENT:  # a bound: a deck's boxes that recur are few
            boxes.clear()
        layers = [
            (
                tuple(round(v, ROUND) for v in matrix),
                "".join(
                    boxes[box] if box in boxes else boxes.setdefault(box, repr(self._box(box)))
                    for box in face
                ),
            )
            for matrix, face in art.layers
        ]
        rest = (art.bleed, art.tabs, art.lines, art.clip, art.cut, art.glue, art.line)
        return layers, self._plain(rest)

    def _box(self, box: Box) -> object:
        """What a box draws: its painter, place and values (not where it was written), and
        the bytes of the files its values name. Values of the plain kinds (most of them)
        stand as they are, written out by repr at once; others are made plain first."""
        params = box.params
        if not all(type(value) in _PLAIN for _, value in params):
            params = tuple((key, self._plain(value)) for key, value in params)
        files = [self._picture(v) for _, v in box.params if type(v) is str and "." in v]
        return box.painter, tuple(round(v, ROUND) for v in box.rect), params, files

    def _plain(self, value: object) -> object:
        """The value as plain, ordered data: what it draws, nothing of where it was written."""
        kind = type(value)  # the common kinds first, by their type: no subclass walk
        if kind is tuple or kind is list:
            return [self._plain(v) for v in cast("Iterable[object]", value)]
        if kind is int or kind is bool or value is None:
            return value
        if isinstance(value, str):
            return (value, self._picture(value))
        if isinstance(value, bool | int | None):
            return value
        if isinstance(value, float):
            return round(value, ROUND)
        if isinstance(value, Enum):
            return value.name
        if isinstance(value, Loc):
            return None
        if isinstance(value, Path):
            return self._file(value)
        return self._gathered(value)

    def _gathered(self, value: object) -> object:
        """A value made of others: each made plain, in an order of their own."""
        if isinstance(value, Mapping):
            return sorted((repr(self._plain(k)), self._plain(v)) for k, v in value.items())
        if isinstance(value, set | frozenset):
            return sorted(repr(self._plain(v)) for v in value)
        if isinstance(value, Iterable):
            return [self._plain(v) for v in value]
        if dataclasses.is_dataclass(value):
            return [
                (f.name, self._plain(getattr(value, f.name)))
                for f in dataclasses.fields(value)
                if f.name not in SKIPPED
            ]
        return (type(value).__name__, _own(value))

    def _picture(self, value: str) -> str | None:
        """The hash of the file a value names in the game's folder (a picture), if it does."""
        if not value or len(value) > LONGEST_NAME or "\n" in value or "." not in value:
            return None
        return self._file(self.folder / value)

    def _file(self, path: Path) -> str | None:
        """A regular file's hash; its size and last change only say when to read it again."""
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            return None
        key = (str(path), info.st_size, info.st_mtime_ns)
        found = self._files.get(key)
        if found is None and os.path.isfile(path):
            try:
                with open(path, "rb") as f:
                    found = hashlib.file_digest(f, "sha256").hexdigest()
            except OSError:
                return None
            self._files[key] = found
        return found


def _own(value: Any) -> str:
    """An object of a type not known here, by its own repr where that says what it is
    (never a memory address, which differs from run to run)."""
    text = repr(value)
    return type(value).__qualname__ if " at 0x" in text else text


def combined(prints: list[str | None]) -> str | None:
    """One fingerprint for a piece's copies: theirs when they are alike (most are), else
    a hash of them all in order (a face that reads its copy's number)."""
    if all(p == prints[0] for p in prints):
        return prints[0]
    text = "|".join(p or "-" for p in prints)
    return hashlib.sha256(text.encode()).hexdigest()[:SHORT]


# Each piece's fingerprints by language, then by component, piece id and copy: [front, back]
# (None: no such side), one flat table a language (a deck's ten thousand pieces are not ten
# thousand tables). `recorded` makes them what manifest.json keeps.
Faces = dict[str, dict[tuple[str, str, int], list[str | None]]]


def faces_of(laid: LaidOut, prints: Fingerprints, langs: tuple[str, ...], key: str | None) -> Faces:
    """Each piece's fingerprints in one laid-out file, for its language (for each of `langs`
    where the file serves them all). `key`: the digest of all the file is made of, under
    which they are remembered between builds (a file copied from the kit before is not
    resolved again for them)."""
    sides = [(item, side) for item in laid.items for side in ("front", "back")]
    found = REMEMBERED.get(key) if key is not None else None
    if not (isinstance(found, list) and len(found) == len(sides)):
        taken = laid.arts.printed  # those taken as the file was drawn, the rest now
        found = [
            taken[id(item), side]
            if (id(item), side) in taken
            else prints.of(laid.arts.get(item, side))
            for item, side in sides
        ]
        if key is not None:
            REMEMBERED.put(key, found)
    laid.arts.printed.clear()  # taken: a deck's twenty thousand sides need not stay
    faces: dict[tuple[str, str, int], list[str | None]] = {}
    for (item, side), fingerprint in zip(sides, found, strict=True):
        piece = (item.component.id, item.id, item.copy)
        faces.setdefault(piece, [None, None])[side == "back"] = fingerprint
    return {lang: faces for lang in ([laid.lang] if laid.lang else langs)}


def merged(into: Faces, more: Faces) -> None:
    """A file's fingerprints added to the kit's (a piece's copies may lie in two files)."""
    for lang, sides in more.items():
        into.setdefault(lang, {}).update(sides)


# manifest.json's "faces": by language, component and piece id, [front, back, copies].
Recorded = dict[str, dict[str, dict[str, list[object]]]]


def recorded(faces: Faces) -> Recorded:
    """The fingerprints as manifest.json records them: a piece's copies as one."""
    out: Recorded = {}
    for lang, table in sorted(faces.items()):
        pieces: dict[tuple[str, str], list[tuple[int, list[str | None]]]] = {}
        for (component, piece, copy), pair in table.items():  # in the order first met
            pieces.setdefault((component, piece), []).append((copy, pair))
        for (component, piece), copies in pieces.items():
            sides = [pair for _, pair in sorted(copies, key=lambda c: c[0])]
            front, back = (combined([s[k] for s in sides]) for k in (0, 1))
            out.setdefault(lang, {}).setdefault(component, {})[piece] = [
                front and front[:SHORT],
                back and back[:SHORT],
                len(sides),
            ]
    return out
