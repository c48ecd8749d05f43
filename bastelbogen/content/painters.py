"""Painters and motifs, each registered once: name, help, typed keys and the function that
draws it, by a decorator where the function is written. The layout check, the theme check,
the README's table and the painting all read these registries, so they cannot disagree.
A motif is a painter of pictures: the `art` painter draws the motif a box names.

This module is vocabulary: it draws nothing and imports nothing that draws. The drawing
modules register when imported; the output stage loads them all (plugins.py) before
content is checked.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any, TypeVar, cast

from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.params import COLOUR, RECT, SLICE, Declared, Keys, keys_of, whole

# A painter's keys are declared with these (core/params.py), which plug-ins import from here.
from bastelbogen.core.params import BoxKeys as BoxKeys
from bastelbogen.core.params import Key as Key
from bastelbogen.core.registry import Registry
from bastelbogen.core.source import YMap

Draw = TypeVar("Draw", bound=Callable[..., None])


# What a painter puts on paper. Every check that cares reads these, never a list of names:
# text keeps inside the safe zone (the layout's, a shaped piece's, a print shop's); a fill
# must run into the bleed if it reaches the trim; raised marks (braille) are what swell
# paper is for.
class Mark(StrEnum):
    TEXT = "text"
    FILL = "fill"
    LINE = "line"
    RAISED = "raised"


@dataclass(frozen=True)
class Painter:
    """A painter of layout boxes: what it draws and the keys it takes."""

    name: str
    help: str
    keys: Keys
    draw: Callable[..., None]  # (canvas, box, paint context)
    required: tuple[str, ...] = ()
    puts: frozenset[Mark] = frozenset({Mark.FILL})  # what it puts on paper
    fills_when: str = ""  # the key that must name a colour for it to fill (a shape's `fill`)
    # Points its picture's ground runs past the rectangle it is composed for (a motif's sky
    # and ground), so that a bleed that far beyond that rectangle shows no paper.
    overdraws: float = 0.0

    @cached_property
    def defaults(self) -> dict[str, object]:
        """What each key takes when a box leaves it out, where it declares a default: read
        on every face drawn, so gathered once."""
        return {k: spec.default for k, spec in self.keys.items() if spec.default is not None}

    @property
    def text(self) -> bool:
        """Its marks are text: they stay inside the safe zone of a card or tile."""
        return Mark.TEXT in self.puts

    def fills(self, box: Any) -> bool:
        """Whether this box of it covers an area with paint."""
        if Mark.FILL not in self.puts:
            return False
        return not self.fills_when or self.keys[self.fills_when].of(box) not in (None, "none")


@dataclass(frozen=True)
class Motif:
    """A motif the `art` painter draws, by name, with the keys it takes."""

    name: str
    draw: Callable[..., None]  # (canvas, rect, box, paint context)
    keys: Keys | None = field(default=None)  # None: takes what it is given whole
    painting: bool = False  # an abstract painting (Museo's picture styles)
    required: tuple[str, ...] = ()
    # A board's motif tells what on it a player reads, as areas no glue seam may cross:
    # (trim width mm, height mm, the game's tables) -> [x, y, w, h] in mm from the trim's
    # top-left. The drawing and its kept areas so come from one place.
    keeps: Callable[..., Any] | None = None
    # What its picture in the README is drawn with, for a motif that needs its game's data
    # (a stand's panels, a board's size): (key, value) pairs.
    sample: tuple[tuple[str, object], ...] = ()


PAINTERS: Registry[Painter] = Registry("painter", group="bastelbogen.painters")
MOTIFS: Registry[Motif] = Registry("motif", group="bastelbogen.motifs")


ITEM = "item"  # the context's name for the item drawn: {id, copy, its data}


def seed_of(values: Mapping[str, object]) -> int:
    """A seed made from the item's id: the same id paints the same picture in every build
    and every process (a hash of its text, not Python's salted hash)."""
    item = values.get(ITEM)
    text = str(item.get("id", "") if isinstance(item, dict) else "")
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:4], "big") % 10**9


class Colours(BoxKeys):
    """A scene's colours: what a motif registered without keys takes."""

    sky = Key(COLOUR, help="the sky behind it")
    ground = Key(COLOUR, help="the ground it stands on")
    colour = Key(COLOUR, help="its own colour (an animal's coat, a tree's leaves)")


class Coloured(BoxKeys):
    """A motif in a colour of its own."""

    colour = Key(COLOUR, help="its own colour")


class Patterned(BoxKeys):
    """A pattern over a ground (a back's)."""

    fill = Key(COLOUR, help="the ground's colour")
    colour = Key(COLOUR, help="the pattern's colour")


def scene_keys(sky: str, ground: str, colour: str, keys: type[Colours] = Colours) -> type[Colours]:
    """A scene's keys: its sky, its ground and its main colour, each with its default, and
    whatever else `keys` (Colours and more) declares."""
    return keys.having(sky=sky, ground=ground, colour=colour)


class Seeded(BoxKeys):
    """An abstract painting: the same for a seed; without one, the item's id chooses it."""

    seed = Key(
        whole(-(10**9), 10**9),
        derive=seed_of,
        help="which painting of its style: the same seed, the same picture",
    )


class Sliced(BoxKeys):
    """One piece of a picture cut across several items (My Town's buildings): the keys of
    the painters that draw one (`art`, `image`), and of what joins the pieces again."""

    slice = Key(
        SLICE, help="[column, row, columns, rows]: which piece of a picture cut into a grid"
    )
    piece = Key(RECT, help="[x, y, width, height] mm: where that piece lies in the box")


# Keys a mapping handed over with `with` may bring that no motif reads (an item's id, a
# picture's title): ignored, not errors.
PASSING = ("id", "copy", "title", "style", "image", "count", "each", "figure")


def painter(
    name: str,
    help: str,
    keys: Declared,
    puts: tuple[Mark, ...] = (Mark.FILL,),
    fills_when: str = "",
    overdraws: float = 0.0,
) -> Callable[[Draw], Draw]:
    """Registers a painter of boxes with its keys (a BoxKeys class, or a plug-in's mapping)."""

    def register(draw: Draw) -> Draw:
        declared = keys_of(keys) or {}
        required = tuple(k for k, spec in declared.items() if spec.required)
        marks = frozenset(puts)
        entry = Painter(name, help, declared, draw, required, marks, fills_when, overdraws)
        PAINTERS.add(name, entry)
        return draw

    return register


def motif(
    name: str,
    keys: Declared | None = Colours,
    painting: bool = False,
    keeps: Callable[..., Any] | None = None,
    sample: Mapping[str, object] | None = None,
) -> Callable[[Draw], Draw]:
    """Registers a motif with its keys (None: it takes the mapping it is handed whole)."""

    def register(draw: Draw) -> Draw:
        shown = tuple(sorted((sample or {}).items()))
        declared = keys_of(keys)
        required = tuple(k for k, spec in (declared or {}).items() if spec.required)
        MOTIFS.add(name, Motif(name, draw, declared, painting, required, keeps, shown))
        return draw

    return register


def may_derive(params: Mapping[str, object]) -> bool:
    """Whether a box written with these keys may take a value derived from its item (an
    art box naming a painting, or a motif chosen by an expression, without a `seed`): its
    face then depends on which item it is."""
    name = params.get("motif")
    if not isinstance(name, str):
        return False
    if "{{" in name or "{%" in name:
        candidates = [m.keys for m in MOTIFS.values() if m.keys]
    else:
        found = MOTIFS.get(name)
        candidates = [found.keys] if found is not None and found.keys else []
    return any(
        spec.derive is not None and key not in params
        for keys in candidates
        for key, spec in keys.items()
    )


def completed(params: Mapping[str, object], values: Mapping[str, object]) -> Mapping[str, object]:
    """An art box's parameters with what its motif takes by default filled in: a declared
    default, or one derived from the item's `values` (a painting's seed from its id; the
    pieces of one picture cut across items, from what they share). What a `with` mapping
    brings counts as given."""
    # `with`: a mapping, or the (key, value) pairs layout/ makes of one
    brought = cast("Iterable[tuple[str, object]]", params.get("with") or ())
    given = {**dict(brought), **params}
    # Asked for only where one is named: every other box asking for the motif 'None' made a
    # build from nothing look through every plug-in for it.
    found = MOTIFS.get(given.get("motif"))
    if found is None or found.keys is None:
        return params
    if "slice" in given:  # a piece of a picture across items: seeded by the picture
        whole = sorted((k, repr(v)) for k, v in given.items() if k not in ("slice", "piece"))
        values = {ITEM: {"id": repr(whole)}}
    extra: dict[str, object] = {}
    for key, spec in found.keys.items():
        if key in given:
            continue
        if spec.derive is not None:
            extra[key] = spec.derive(values)
        elif spec.default is not None:
            extra[key] = spec.default
    return {**params, **extra} if extra else params


def known() -> Registry[Painter]:
    """The painters registered."""
    return PAINTERS


def paintings() -> tuple[str, ...]:
    return tuple(name for name, m in MOTIFS.items() if m.painting)


def coerce(
    painter_name: str, key: str, value: object, params: Mapping[str, object] | None = None
) -> Any:  # the key's own type: each caller knows which key it asked for
    """The value as its painter (an art box's motif, named in `params`) wants it;
    ValueError says what is wrong with it."""
    return box_keys(painter_name, params or {})[key](value)


def motif_problems(entry: Mapping[str, object]) -> list[tuple[str, bool, str]]:
    """(key, whether the value is at fault, message) for each thing wrong with a motif's
    parameters, found before any drawing."""
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
    out: list[tuple[str, bool, str]] = []
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


# The `art` painter's keys that hand a value to its motif (the others place the picture or
# bring a whole mapping): each is the motif's to take.
MOTIF_PARAMS = ("colour", "fill", "sky", "step", "seed")


def box_keys(painter_name: str, params: Mapping[str, object]) -> Keys:
    """The keys a box of the painter takes: its own; an art box naming its motif takes what
    that motif takes (a cat's `ground`, a building's `roof`) and of MOTIF_PARAMS only those,
    so a colour a motif would ignore is an error where it is written. A motif chosen by an
    expression, or one taking a mapping whole, is judged when drawn."""
    own = known()[painter_name].keys
    found = MOTIFS.get(params.get("motif")) if painter_name == "art" else None
    if found is None or found.keys is None:
        return own
    kept = {k: v for k, v in own.items() if k not in MOTIF_PARAMS or k in found.keys}
    return {**kept, **{k: v for k, v in found.keys.items() if k not in kept}}


def check_box_keys(
    raw: YMap,
    name: str,
    painter_name: str,
    layout: tuple[tuple[str, ...], Loc],
    problems: Collector,
) -> None:
    """Each key of a layout's box one its painter (an art box's motif) takes or one of the
    layout's that places the box, and every key the painter requires given (told at the
    box's place). `layout` is (those keys, the box's place)."""
    placing, loc = layout
    declared = known()[painter_name]
    own = tuple(box_keys(painter_name, raw))
    allowed = placing + own
    for key in raw:
        if key in declared.keys and key not in allowed:  # the painter's, not its motif's
            takes = [k for k in own if k not in declared.keys or k in MOTIF_PARAMS]
            problems.add(
                raw.key_loc(key),
                f"motif '{raw['motif']}' has no parameter '{key}' (box '{name}');"
                f" it takes {', '.join(takes) or 'none'}",
            )
        elif key not in allowed:
            near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.5)
            hint = (
                f"; did you mean '{near[0]}'?"
                if near
                else f"; a {painter_name} box takes {', '.join(own)}"
            )
            problems.add(raw.key_loc(key), f"unknown key '{key}' in box '{name}'{hint}")
    for key in declared.required:
        if key not in raw:
            problems.add(loc, f"a {painter_name} box needs '{key}' (box '{name}')")


def _key_shown(name: str, spec: Key[Any], required: tuple[str, ...]) -> str:
    if name in required:
        shown = f"`{name}` (required)"
    elif spec.derive is not None:
        shown = f"`{name}` (from the item's id)"
    else:
        shown = f"`{name}`" + (f" ({spec.default})" if spec.default is not None else "")
    return f"{shown}: {spec.help}" if spec.help else shown


def table() -> str:
    """The painters and their keys, each with what it does, as a Markdown table."""
    rows = ["| painter | what it draws | keys |", "|---|---|---|"]
    for p in known().values():
        keys = "; ".join(_key_shown(k, spec, p.required) for k, spec in p.keys.items())
        rows.append(f"| `{p.name}` | {p.help} | {keys} |")
    rows.append("")
    shown = "each is shown with its picture and keys under [Motifs](motifs.md)"
    rows.append(f"The `art` painter draws {len(MOTIFS)} motifs; {shown}.")
    return "\n".join(rows)
