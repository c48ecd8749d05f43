"""A game's icons: small pictures the game file names once (`icons: {coin: icons/coin.svg}`)
and any text writes as `:coin:`, drawn inline at the text's size (render/icons.py).

What counts as an icon in a text is decided here, by `pieces`, for every text that shows
icons (text and paragraph boxes, table labels, the cheat sheet, braille):

- `:name:` is an icon where the name is a letter followed by letters, digits, `-` or `_`
  (at most `limits.MAX_ICON_NAME_CHARS`), and the colon before it does not follow a letter
  or a digit, nor another colon unless that colon ends an icon (`:coin::coin:` is two).
  So "10:30", "Note: x", "a:b:c", "std::vector::size" and web addresses stay as written.
- `\\:` writes a colon that opens no icon (`\\:coin:` shows ":coin:"), and `::name:` writes
  `:name:` where `:name:` would be an icon: the two ways to write the colons themselves.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

from bastelbogen.content.pictures import picture_problem
from bastelbogen.core import limits
from bastelbogen.core.declare import Field, Flag, Json, Number, Section, Text, Type
from bastelbogen.core.errors import Collector, ContentError, Loc
from bastelbogen.core.paths import inside, is_file
from bastelbogen.core.source import YMap, read_bytes

NAME = rf"[A-Za-z][A-Za-z0-9_-]{{0,{limits.MAX_ICON_NAME_CHARS - 1}}}"
SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")
# An escaped colon, or a colon (doubled: the escape) before a name and its closing colon.
_TOKEN = re.compile(rf"\\:|(:?):({NAME}):")


@dataclass(frozen=True)
class Icon:
    """One icon: its name, its file (checked), its height in ems, whether it is drawn in
    its text's colour, and the hash of its file (what a drawing made with it is found by)."""

    name: str
    path: Path
    folder: Path  # the game's: what an SVG icon may show besides itself
    size: float = 1.0
    tint: bool = False
    digest: str = ""
    loc: Loc = field(default=Loc(""), compare=False)

    @property
    def vector(self) -> bool:
        return self.path.suffix.lower() == ".svg"


@dataclass(frozen=True)
class Icons:
    """A game's icons, by name; hashable, so a line set with them is worked out once."""

    all: tuple[Icon, ...] = ()

    @cached_property
    def _named(self) -> dict[str, Icon]:
        return {icon.name: icon for icon in self.all}

    def get(self, name: str) -> Icon | None:
        return self._named.get(name)

    def __bool__(self) -> bool:
        return bool(self.all)

    @property
    def identity(self) -> tuple[tuple[str, str, float, bool], ...]:
        """What a drawing depends on of them: each by its name, its file's hash, its size
        and tint (a text's fit, remembered by all it depends on: core/remembered.py)."""
        return tuple((i.name, i.digest, i.size, i.tint) for i in self.all)


NO_ICONS = Icons()


class Ref(NamedTuple):
    """An icon named in a text (`:name:`)."""

    name: str


def pieces(text: str) -> list[str | Ref]:
    """The text as plain runs and the icons it names, by the rule of this module's
    docstring: its escapes written as the colons they stand for."""
    out: list[str | Ref] = []
    pos, done, boundary = 0, 0, -1  # `boundary`: where the last token ended
    while (m := _TOKEN.search(text, pos)) is not None:
        start = m.start()
        if m.group(0) == "\\:":
            out.append(text[done:start] + ":")
            pos = done = boundary = m.end()
            continue
        before = text[start - 1] if start else ""
        if before.isalnum() or (before == ":" and start != boundary):
            pos = start + 1
            continue
        out.append(text[done:start])
        if m.group(1):  # `::name:`: the colons themselves
            out.append(m.group(0)[1:])
        else:
            out.append(Ref(m.group(2)))
        pos = done = boundary = m.end()
    out.append(text[done:])
    merged: list[str | Ref] = []
    for p in out:
        if isinstance(p, str) and merged and isinstance(merged[-1], str):
            merged[-1] += p
        elif p != "":
            merged.append(p)
    return merged


def named(text: str) -> list[str]:
    """The names of the icons a text shows, in order."""
    return [p.name for p in pieces(text) if isinstance(p, Ref)] if ":" in text else []


def unknown(text: str, icons: Icons, where: str = "") -> tuple[str, str] | None:
    """The first icon a text names that the game does not declare, as written (`:name:`),
    and what is wrong with it (`where` said after its name), with the nearest declared
    name; None when it names none."""
    for name in named(text):
        if icons.get(name) is None:
            known = [icon.name for icon in icons.all]
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
            hint = (
                f"did you mean ':{near[0]}:'?"
                if near
                else f"the game declares {', '.join(known[:12])}"
                if known
                else "the game file declares no icons (icons: {name: file})"
            )
            return f":{name}:", (
                f"unknown icon ':{name}:'{where}; {hint} (the colons themselves are written"
                f" '\\:{name}:' or '::{name}:')"
            )
    return None


_GLUED = re.compile(rf"(?<=[^\W_]):({NAME}):")  # right after a letter or digit


def glued(text: str, icons: Icons) -> list[str]:
    """The game's icons written right after a letter or a digit ("3:coin:"): no icons by
    the rule, so shown as written; the build says so (render/icons.py `checked`)."""
    if ":" not in text:
        return []
    return [m.group(0) for m in _GLUED.finditer(text) if icons.get(m.group(1)) is not None]


def spoken(text: str) -> str:
    """The text with each icon written as its name (its - and _ as spaces, a word of its
    own), as braille reads it; escapes written as their colons."""
    if ":" not in text:
        return text
    out, after_icon = "", False
    for p in pieces(text):
        icon = isinstance(p, Ref)
        word = re.sub(r"[-_]+", " ", p.name) if isinstance(p, Ref) else p
        if out and (icon or after_icon) and not out[-1].isspace() and not word[0].isspace():
            out += " "  # a name is a word of its own: `3:coin:` reads "3 coin"
        out, after_icon = out + word, icon
    return out


# --- the game file's `icons:` -----------------------------------------------------------------


class IconKeys(Section):
    what = "an icon"
    help = "An icon written in text as :name:; `icons: {coin: icons/coin.svg}` is its file alone."
    file = Field(
        Text(), help="its picture: an SVG (drawn as vector), PNG or JPEG in the game's folder"
    )
    size = Field(
        Number(limits.MIN_ICON_SIZE, limits.MAX_ICON_SIZE),
        1.0,
        help="its height in font sizes (ems) of the text it stands in, as set and as shrunk"
        " to fit; it stands on the text's baseline",
    )
    tint = Field(
        Flag(),
        False,
        help="`true`: drawn in the text's colour (a one-colour icon): its shape, where it is"
        " opaque (a picture without transparency: where it is dark)",
    )


class IconEntry(Type[IconKeys | str]):
    """An icon's file, or its keys (file, size, tint)."""

    shown = "a picture file, or a mapping (file, size, tint)"

    def read(
        self, value: object, loc: Loc, key: str, problems: Collector, what: str = ""
    ) -> IconKeys | str:
        if isinstance(value, str):
            return value
        return IconKeys.read(value, loc, problems, f"icon '{key}'")

    def schema(self) -> Json:
        return {"anyOf": [{"type": "string"}, IconKeys.schema()]}


def load_icons(
    raw: dict[str, IconKeys | str] | None, loc: Loc, folder: Path, problems: Collector
) -> Icons:
    """The game file's `icons:`, each name and file checked, told at its place."""
    if not raw:
        return NO_ICONS
    if len(raw) > limits.MAX_ICONS:
        problems.add(loc, f"'icons' names {len(raw):,}; at most {limits.MAX_ICONS:,} are read")
        return NO_ICONS
    found = []
    for name, entry in raw.items():
        where = raw.value_loc(name) if isinstance(raw, YMap) else loc
        if not re.fullmatch(NAME, name):
            problems.add(
                raw.key_loc(name) if isinstance(raw, YMap) else loc,
                f"icon name '{name[:60]}' must be a letter followed by letters, digits, - or _"
                f" (at most {limits.MAX_ICON_NAME_CHARS} characters)",
            )
            continue
        keys = entry if isinstance(entry, IconKeys) else None
        file = keys.file if keys is not None else str(entry)
        if file is None:  # told: an icon needs its file
            continue
        at = keys.value_loc("file") if keys is not None else where
        icon = _icon(name, file, at, folder, problems)
        if icon is not None and keys is not None:
            icon = Icon(name, icon.path, folder, float(keys.size), bool(keys.tint), icon.digest, at)
        if icon is not None:
            found.append(icon)
    return Icons(tuple(found))


def _icon(name: str, file: str, at: Loc, folder: Path, problems: Collector) -> Icon | None:
    """The icon's file inside the game's folder, an SVG, PNG or JPEG fit to draw."""
    path = inside(folder, file)
    if path is None:
        problems.add(at, f"icon '{name}': {file} leaves the game's folder {folder}")
        return None
    if path.suffix.lower() not in SUFFIXES:
        problems.add(at, f"icon '{name}': {file} is no SVG, PNG or JPEG file")
        return None
    if not is_file(path):
        problems.add(at, f"icon '{name}': file not found: {file}")
        return None
    try:
        size = path.stat().st_size
    except OSError:
        size = 0  # told below, where it is read
    if size > limits.MAX_ICON_BYTES:
        problems.add(
            at,
            f"icon '{name}': {file} has {size:,} bytes; an icon is drawn as large as a letter,"
            f" and its file may have at most {limits.MAX_ICON_BYTES:,}",
        )
        return None
    if problem := picture_problem(path, folder):
        problems.add(at, f"icon '{name}': {file} {problem}")
        return None
    try:
        data = read_bytes(path, at, limits.MAX_ICON_BYTES, f"icon '{name}': file")
    except ContentError as exc:
        problems.extend(exc.problems)
        return None
    return Icon(name, path, folder, 1.0, False, hashlib.sha256(data).hexdigest()[:32], at)
