"""Painters and motifs, each registered once: name, help, typed keys and the function that
draws it, by a decorator where the function is written. The layout check, the theme check,
the README's table and the painting all read these registries, so they cannot disagree.
A motif is a painter of pictures: the `art` painter draws the motif a box names.

This module is vocabulary: it draws nothing and imports nothing that draws. The drawing
modules register when imported; the output stage loads them all (plugins.py) before
content is checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from bastelbogen.core.params import COLOUR, whole

T = TypeVar("T")  # a registry's entries: painters or motifs

Keys = dict[str, Callable]  # key -> check that returns the value as the painter wants it


@dataclass(frozen=True)
class Painter:
    name: str
    help: str
    keys: Keys
    draw: Callable  # (canvas, box, paint context)
    required: tuple[str, ...] = ()
    text: bool = False  # its marks stay inside the safe zone of a card or tile


@dataclass(frozen=True)
class Motif:
    name: str
    draw: Callable  # (canvas, rect, box, paint context)
    keys: Keys | None = field(default=None)  # None: takes what it is given whole
    painting: bool = False  # an abstract painting (Museo's picture styles)


PAINTERS: dict[str, Painter] = {}
MOTIFS: dict[str, Motif] = {}
COLOURS: Keys = {"sky": COLOUR, "ground": COLOUR, "colour": COLOUR}  # a motif's default keys
PAINTING: Keys = {"seed": whole(-(10**9), 10**9)}  # an abstract painting: the same for a seed
# Keys a mapping handed over with `with` may bring that no motif reads (an item's id, a
# picture's title): ignored, not errors.
PASSING = ("id", "copy", "title", "style", "image", "count", "each", "figure")


def painter(name: str, help: str, keys: Keys, required: tuple[str, ...] = (), text: bool = False):
    def register(draw: Callable) -> Callable:
        PAINTERS[name] = Painter(name, help, keys, draw, required, text)
        return draw

    return register


def motif(name: str, keys: Keys | None = COLOURS, painting: bool = False):
    def register(draw: Callable) -> Callable:
        MOTIFS[name] = Motif(name, draw, keys, painting)
        return draw

    return register


def sort() -> None:
    """Both registries in the order of their names, whichever module was imported first
    (plugins.load() calls it once everything has registered)."""
    _by_name(PAINTERS)
    _by_name(MOTIFS)


def _by_name(registry: dict[str, T]) -> None:
    entries = sorted(registry.items())
    registry.clear()
    registry.update(entries)


def known() -> dict[str, Painter]:
    """The painters registered."""
    return PAINTERS


def paintings() -> tuple[str, ...]:
    known()
    return tuple(name for name, m in MOTIFS.items() if m.painting)


def coerce(painter_name: str, key: str, value):
    """The value as its painter wants it; ValueError says what is wrong with it."""
    return known()[painter_name].keys[key](value)


def motif_problems(entry: dict) -> list[tuple[str, bool, str]]:
    """(key, whether the value is at fault, message) for each thing wrong with a motif's
    parameters, found before any drawing."""
    known()
    if "motif" not in entry:
        return [("motif", False, "a motif needs 'motif: NAME' (or 'image: FILE' for a picture)")]
    name = entry.get("motif")
    if not isinstance(name, str) or name not in MOTIFS:
        return [
            ("motif", True, f"unknown motif {name!r}; known motifs: {', '.join(sorted(MOTIFS))}")
        ]
    keys = MOTIFS[name].keys
    if keys is None:
        return []
    out = []
    for key, value in entry.items():
        if key == "motif":
            continue
        if key not in keys:
            out.append(
                (key, False, f"motif '{name}' has no parameter '{key}'; it takes {', '.join(keys)}")
            )
            continue
        try:
            keys[key](value)
        except ValueError as exc:
            out.append((key, True, f"'{key}' {exc}"))
    return out


def table() -> str:
    """The painters and their keys as a Markdown table, for the README."""
    rows = ["| painter | what it draws | keys |", "|---|---|---|"]
    for p in known().values():
        keys = ", ".join(f"`{k}`" + (" (required)" if k in p.required else "") for k in p.keys)
        rows.append(f"| `{p.name}` | {p.help} | {keys} |")
    rows.append("")
    rows.append("Motifs of the `art` painter: " + ", ".join(f"`{m}`" for m in sorted(MOTIFS)) + ".")
    return "\n".join(rows)
