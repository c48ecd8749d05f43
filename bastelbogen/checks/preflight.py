"""Preflight: what prints, but prints badly. Art that stops short of the bleed shows a white
edge on a card cut a little off; text under 6 pt is hard to read; a picture stretched below
150 dots per inch looks soft. These are warnings, each told once per place it is written
(with how many items show it); `--strict` makes them errors, all but one: text whose colour
stands under 4.5:1 (WCAG 2.x) against the fill painted beneath it stays a warning even then,
so that every game that built before the check still builds (`ADVICE`).

The bleed is judged on the resolved faces (geometry); text sizes and picture resolutions
where they are known for certain, when text is fitted and pictures are scaled."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from bastelbogen.checks.colours import contrast
from bastelbogen.content.painters import PAINTERS
from bastelbogen.core import limits
from bastelbogen.core.errors import Loc, Problem
from bastelbogen.core.geometry import grow, meet
from bastelbogen.core.params import COLOUR, read_colour
from bastelbogen.core.units import to_mm

EPS = 0.01  # points
NEAR = 1 / 25.4 * 72  # 1 mm: a fill edge closer to the cut than this is a mistake
LEAST_CONTRAST = 4.5  # WCAG 2.x AA for body text: what a reader with low vision still reads
PAPER = (1.0, 1.0, 1.0)  # under every box: the sheet
# Findings --strict leaves warnings (the issues: never an error): contrast, and a language
# no hyphenation dictionary is known for (its words are set unbroken).
ADVICE = frozenset({"contrast", "hyphenation"})
GRID = 5  # sample points across the lettering (and 3 down) where the ground is looked up

RGB = tuple[float, float, float]
Corners = tuple[float, float, float, float]  # x0, y0, x1, y1, face points


@dataclass(slots=True)
class Finding:
    """A finding told once per place: where, what is said, and how many times it was found."""

    loc: Loc
    message: str
    times: int = 0


# What a worker process hands back (--jobs): for each place (file, line, column) and kind
# of finding, [loc, message, times], plain data
Found = dict[tuple[object, ...], list[object]]


class LaidBox(Protocol):
    """What the preflight reads of a laid-out box (layout's Box, a later stage)."""

    @property
    def name(self) -> str: ...
    @property
    def painter(self) -> str: ...
    @property
    def rect(self) -> tuple[float, float, float, float]: ...
    @property
    def loc(self) -> Loc: ...
    def get(self, key: str, default: object = None) -> object: ...
    def loc_of(self, key: str) -> Loc: ...


class Preflight:
    def __init__(self) -> None:
        self._found: dict[tuple[object, ...], Finding] = {}

    def _add(self, loc: Loc, what: str, message: str, times: int = 1) -> None:
        # Told once per place: the place as plain values, not its text (named relative to
        # the working folder, which costs a path computation per finding).
        where = (loc.file, loc.line, loc.col if loc.line else 0)
        self._found.setdefault((where, what), Finding(loc, message)).times += times

    def seam(self, loc: Loc, message: str) -> None:
        """A board's glue seam that cuts a square, a label or a kept area: no place the
        sheets allow it misses (layout/seams.py)."""
        self._add(loc, "seam", message)

    def scaled(self, loc: Loc, message: str) -> None:
        """Cards scaled to fit a print shop's size (--fit): said, never silent."""
        self._add(loc, "scaled", message)

    def unhyphenated(self, loc: Loc, lang: str) -> None:
        """A language no hyphenation dictionary is known for: its text is set unbroken."""
        self._add(
            loc,
            "hyphenation",
            f"no hyphenation dictionary for language '{lang}': its words are not"
            " hyphenated; a word longer than its line is an error",
        )

    def idle_flag(self, loc: Loc, flag: str, why: str) -> None:
        """A flag the game cannot honour: it changes nothing, and that is said, naming the
        game and why."""
        self._add(loc, f"idle flag {flag}", f"{flag} does nothing here: {why}")  # each told

    def replaced_font(self, loc: Loc, message: str) -> None:
        """A standard PDF font named: drawn in its embedded replacement (standardfonts.py)."""
        self._add(loc, "font", message)

    def not_an_icon(self, loc: Loc, message: str) -> None:
        """An icon's name between colons where no icon stands (content/icons.py): shown as
        written, and said."""
        self._add(loc, "icon", message)

    def left_out(self, loc: Loc, message: str) -> None:
        """Cards a print shop's profile does not take: said, never silent."""
        self._add(loc, f"left-out {message}", message)  # each export's told

    def bleed(
        self, face: Iterable[LaidBox], size: tuple[float, float], bleed: float, label: str
    ) -> None:
        """Boxes that fill up to or past the trim but stop short of the bleed: judged on
        what a box covers (a picture composed for a rectangle of its own covers its box
        only as far as that rectangle and the ground its painter draws beyond it)."""
        if bleed <= EPS:
            return
        for box in face:
            if not PAINTERS[box.painter].fills(box):
                continue
            rect = covered(box)
            if rect is None:
                continue
            short, near = _edges(rect, size, bleed)
            if short:
                self._short(box, short, _edges(box.rect, size, bleed)[0], bleed, label)
            if near:  # a cut a hair off shows a sliver of paper beside it
                self._add(
                    box.loc_of("box"),
                    "near",
                    f"box '{box.name}' stops just inside the"
                    f" trim on the {' and '.join(near)} ({label}); run it into the"
                    f" bleed or keep it {to_mm(NEAR):g} mm or more clear of the cut",
                )

    def _short(
        self, box: LaidBox, short: list[str], box_short: list[str], bleed: float, label: str
    ) -> None:
        """Told at the box, or where the box reaches the bleed but its picture does not,
        at the key that composes the picture (its own `bleed`, or `picture`)."""
        wanted = f"{to_mm(bleed):g} mm bleed ({label})"
        if mine := [side for side in short if side in box_short]:
            self._add(
                box.loc_of("box"),
                "bleed",
                f"box '{box.name}' reaches the trim on the {' and '.join(mine)} but stops"
                f" short of the {wanted}; write `box: bleed` or reach past the trim by `bleed`",
            )
        if not (sides := " and ".join(side for side in short if side not in box_short)):
            return
        own = box.get("bleed")
        if isinstance(own, float):
            said = f"carries {own:g} mm beyond its trim (`bleed: {own:g}`)"
            fix = f"draw it {to_mm(bleed):g} mm beyond its trim, or build with --bleed {own:g}mm"
        else:
            said, fix = "is composed for its `picture`", "make `picture` reach the bleed"
        self._add(
            box.loc_of("bleed" if isinstance(own, float) else "picture"),
            "bleed",
            f"the picture in box '{box.name}' {said} and stops short of the {wanted} on the"
            f" {sides}: paper shows there; {fix}",
        )

    def text(self, box: LaidBox, size: float, label: str) -> None:
        if size < limits.MIN_TEXT_PT - 1e-9:
            self._add(
                box.loc,
                "text",
                f"text in box '{box.name}' is set at {size:g} pt"
                f" ({label}); under {limits.MIN_TEXT_PT:g} pt is hard to read in print",
            )

    def contrast(
        self,
        box: LaidBox,
        ink: object,
        lettering: Corners,
        beneath: Iterable[LaidBox],
        label: str,
    ) -> None:
        """Text of colour `ink` (as written, before a swell build lightens it) over the
        rectangle `lettering` (x0, y0, x1, y1, face points) set on the boxes `beneath`
        (those drawn before it): told when the worst ground it stands on is under
        4.5:1. A ground that is a picture or a motif is not known, so not judged."""
        rgb = _rgb(ink)
        # Only the boxes that reach the lettering: a face of thousands (a repeated box's
        # copies) is otherwise hashed and searched whole at every point of every text.
        x0, x1 = sorted(lettering[0::2])
        y0, y1 = sorted(lettering[1::2])
        under = tuple(
            b
            for b in beneath
            if (r := b.rect)[0] <= x1 and r[0] + r[2] >= x0 and r[1] <= y1 and r[1] + r[3] >= y0
        )
        worst = worst_contrast(rgb, tuple(lettering), under) if rgb is not None else None
        if rgb is not None and worst is not None and worst[0] < LEAST_CONTRAST - 1e-9:
            ratio, ground = worst
            self._add(
                box.loc_of("colour"),
                "contrast",
                f"text in box '{box.name}' ({_hex(rgb)}) has a contrast of {ratio:.1f}:1 against"
                f" {ground} ({label}); {LEAST_CONTRAST:g}:1 or more reads in print and"
                " with low vision",
            )

    def picture(self, box: LaidBox, dpi: float, name: str, loc: Loc | None, label: str) -> None:
        if dpi < limits.MIN_PRINT_DPI:
            self._add(
                loc or box.loc_of("file"),
                "dpi",
                f"picture {name} prints at"
                f" {dpi:.0f} dpi in box '{box.name}' ({label});"
                f" {limits.MIN_PRINT_DPI:g} dpi or more looks sharp",
            )

    def picture_note(self, loc: Loc, name: str, text: str) -> None:
        """Something of an SVG picture not drawn as written (content/svgseal.py), at its
        line in the picture."""
        self._add(loc, "picture", f"picture {name}: {text}")

    def mark(self) -> dict[tuple[object, ...], int]:
        """How many times each finding was told so far, for `since`."""
        return {key: found.times for key, found in self._found.items()}

    def since(self, mark: dict[tuple[object, ...], int]) -> list[list[object]]:
        """What was told after `mark` (a file's drawing), as plain values a kit remembers
        with the file (core/remembered.py `told`): a copy of it tells them again (`retell`)."""
        return [
            [f.loc.file, f.loc.line, f.loc.col, f.loc.cell, key[1], f.message, added]
            for key, f in self._found.items()
            if (added := f.times - mark.get(key, 0)) > 0
        ]

    def retell(self, told: list[list[object]]) -> None:
        """Told again what `since` gave, as the drawing told it."""
        for file, line, col, cell, what, message, times in told:
            # read back as core/remembered.py's `told` checks them
            assert isinstance(file, str) and isinstance(cell, str) and isinstance(what, str)
            assert isinstance(line, int) and isinstance(col, int) and isinstance(times, int)
            assert isinstance(message, str)
            self._add(Loc(file, line, col, cell), what, message, times)

    def found(self) -> Found:
        """What was found, as plain data a worker process can hand back (--jobs)."""
        return {key: [f.loc, f.message, f.times] for key, f in self._found.items()}

    def merge(self, found: Found) -> None:
        """Add what another Preflight found (a worker's), as if it had been found here."""
        for key, (loc, message, times) in found.items():
            assert isinstance(loc, Loc) and isinstance(message, str) and isinstance(times, int)
            self._found.setdefault(key, Finding(loc, message)).times += times

    def problems(self, strict: bool = False) -> list[Problem]:
        """The findings as warnings; `strict`, only those --strict makes errors."""
        out = []
        for (_where, what), found in self._found.items():
            if strict and what in ADVICE:
                continue
            more = f" (and {found.times - 1} more like it)" if found.times > 1 else ""
            out.append(Problem(found.loc, f"preflight: {found.message}{more}"))
        return out


def covered(box: LaidBox) -> tuple[float, float, float, float] | None:
    """What a box's paint covers: the box, or as much of it as the rectangle its picture
    is composed for (`picture`, which `bleed` makes) reaches, with the ground its painter
    draws beyond that (a motif's); None where that misses the box."""
    picture = box.get("picture")
    if not isinstance(picture, tuple):
        return box.rect
    return meet(box.rect, grow(picture, PAINTERS[box.painter].overdraws))


def _edges(
    rect: tuple[float, float, float, float], size: tuple[float, float], bleed: float
) -> tuple[list[str], list[str]]:
    """The sides on which `rect` reaches the trim but stops short of the bleed, and those
    on which it stops just inside the trim."""
    x, y, w, h = rect
    width, height = size
    edges = {"left": -x, "bottom": -y, "right": x + w - width, "top": y + h - height}
    short = [side for side, out in edges.items() if -EPS <= out < bleed - EPS]
    near = [side for side, out in edges.items() if -NEAR < out < -EPS]
    return short, near


@lru_cache(maxsize=1024)
def _rgb(value: object) -> RGB | None:
    """A box's colour value as (r, g, b), or None when it names no paint."""
    try:
        text = COLOUR(value) if value is not None else None
    except ValueError:
        return None
    found = read_colour(text) if text is not None else None
    if found is None or found.alpha == 0:
        return None
    return (found.red, found.green, found.blue)


def _hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in rgb)


# What a box contributes to the ground text stands on: its name, rectangle, whether it is
# an ellipse, and its fill (None: a picture or motif, whose colours are not known here).
Ground = tuple[str, tuple[float, float, float, float], bool, RGB | None]


@lru_cache(maxsize=1024)
def grounds(beneath: tuple[LaidBox, ...]) -> tuple[Ground, ...]:
    """The boxes of `beneath` that paint an area, as plain values: the contrast of a colour
    over them is worked out once for every text set on the same grounds (a deck's cards
    share their panels), not once per card."""
    out: list[Ground] = []
    shape = PAINTERS["shape"].keys  # its keys as render/shapes.py declares them
    for box in beneath:
        if not PAINTERS[box.painter].fills(box):
            continue
        ellipse = shape["shape"].of(box) == "ellipse"
        if box.painter != "shape":
            out.append((box.name, box.rect, ellipse, None))
        elif shape["shape"].of(box) != "line":  # a rule paints no area, whatever its `fill`
            fill = _rgb(shape["fill"].of(box))
            if fill is not None:
                out.append((box.name, box.rect, ellipse, fill))
    return tuple(out)


def _covers(ground: Ground, x: float, y: float) -> bool:
    _, (bx, by, bw, bh), ellipse, _ = ground
    if ellipse:
        rx, ry = bw / 2, bh / 2
        return ((x - bx - rx) / rx) ** 2 + ((y - by - ry) / ry) ** 2 <= 1
    return bx <= x <= bx + bw and by <= y <= by + bh


def ground_at(laid: tuple[Ground, ...], x: float, y: float) -> tuple[RGB, str] | None:
    """The colour painted last at (x, y) by the grounds `laid` and what painted it: a
    shape's fill, or the paper; None when it is a picture or motif."""
    for ground in reversed(laid):
        if _covers(ground, x, y):
            name, _, _, fill = ground
            return None if fill is None else (fill, f"box '{name}' ({_hex(fill)})")
    return PAPER, "the paper"


@lru_cache(maxsize=2048)
def worst_contrast(
    rgb: RGB, lettering: Corners, beneath: tuple[LaidBox, ...]
) -> tuple[float, str] | None:
    """The least contrast of the colour `rgb` against the grounds under the rectangle
    `lettering` (sampled on a grid), and what that ground is; None when none is known."""
    return _worst(rgb, lettering, grounds(beneath))


@lru_cache(maxsize=2048)
def _worst(rgb: RGB, lettering: Corners, laid: tuple[Ground, ...]) -> tuple[float, str] | None:
    x0, y0, x1, y1 = lettering
    worst: tuple[float, str] | None = None
    for i in range(GRID):
        for j in range(3):
            x = x0 + (x1 - x0) * (i + 0.5) / GRID
            y = y0 + (y1 - y0) * (j + 0.5) / 3
            found = ground_at(laid, x, y)
            if found is None:
                continue
            ratio = contrast(rgb, found[0])
            if worst is None or ratio < worst[0]:
                worst = (ratio, found[1])
    return worst
