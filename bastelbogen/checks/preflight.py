"""Preflight: what prints, but prints badly. Art that stops short of the bleed shows a white
edge on a card cut a little off; text under 6 pt is hard to read; a picture stretched below
150 dots per inch looks soft. These are warnings, each found once per place it is written
(with how many items show it) and told once per cause and component (grouped.py: how many
places, and the first; `--verbose`, every place); `--strict` makes them errors, all but
one: text whose colour stands under 4.5:1 (WCAG 2.x) against the fill painted beneath it
stays a warning even then, so that every game that built before the check still builds
(`ADVICE`).

The bleed is judged on the resolved faces (geometry); text sizes and picture resolutions
where they are known for certain, when text is fitted and pictures are scaled."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from bastelbogen.checks import grouped
from bastelbogen.checks.colours import contrast
from bastelbogen.content.painters import PAINTERS
from bastelbogen.core import limits
from bastelbogen.core.errors import Loc, Problem
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
    """A finding told once per place: where, what is said there, and how many times it was
    found; and what places share (grouped.py): its cause (what is said without the place:
    no box, no item, a measure as `{least:…}`), its component, and the least measure."""

    loc: Loc
    message: str
    times: int = 0
    cause: str = ""
    component: str = ""  # the component whose item showed it first; "" where none did
    least: float = 0.0  # text's points, a picture's dots per inch, a contrast: the worst


# What a worker process hands back (--jobs): for each place (file, line, column) and kind
# of finding, [loc, message, times, cause, component, least], plain data
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

    def _add(
        self,
        loc: Loc,
        what: str,
        message: str,
        times: int = 1,
        cause: str = "",
        component: str = "",
        least: float = 0.0,
    ) -> None:
        # Told once per place: the place as plain values, not its text (named relative to
        # the working folder, which costs a path computation per finding).
        where = (loc.file, loc.line, loc.col if loc.line else 0)
        found = self._found.get((where, what))
        if found is None:
            found = Finding(loc, message, 0, cause or message, component, least)
            self._found[(where, what)] = found
        found.times += times
        found.least = min(found.least, least)

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
        self._add(loc, "idle flag", f"{flag} does nothing here: {why}")

    def replaced_font(self, loc: Loc, message: str) -> None:
        """A standard PDF font named: drawn in its embedded replacement (standardfonts.py)."""
        self._add(loc, "font", message)

    def left_out(self, loc: Loc, message: str) -> None:
        """Cards a print shop's profile does not take: said, never silent."""
        self._add(loc, "left-out", message)

    def bleed(
        self,
        face: Iterable[LaidBox],
        size: tuple[float, float],
        bleed: float,
        label: str,
        component: str = "",
    ) -> None:
        """Boxes that fill up to or past the trim but stop short of the bleed."""
        if bleed <= EPS:
            return
        width, height = size
        for box in face:
            if not PAINTERS[box.painter].fills(box):
                continue
            x, y, w, h = box.rect
            edges = {"left": -x, "bottom": -y, "right": x + w - width, "top": y + h - height}
            short = [side for side, out in edges.items() if -EPS <= out < bleed - EPS]
            near = [side for side, out in edges.items() if -NEAR < out < -EPS]
            if short:
                sides, mm = " and ".join(short), f"{to_mm(bleed):g} mm bleed"
                self._add(
                    box.loc_of("box"),
                    "bleed",
                    f"box '{box.name}' reaches the trim on the {sides} but stops short of the"
                    f" {mm} ({label}); write `box: bleed` or reach past the trim by `bleed`",
                    cause=f"boxes reach the trim on the {sides} but stop short of the {mm};"
                    " write `box: bleed` or reach past the trim by `bleed`",
                    component=component,
                )
            if near:  # a cut a hair off shows a sliver of paper beside it
                sides, clear = " and ".join(near), f"{to_mm(NEAR):g} mm or more clear of the cut"
                self._add(
                    box.loc_of("box"),
                    "near",
                    f"box '{box.name}' stops just inside the trim on the {sides} ({label});"
                    f" run it into the bleed or keep it {clear}",
                    cause=f"boxes stop just inside the trim on the {sides}; run them into the"
                    f" bleed or keep them {clear}",
                    component=component,
                )

    def text(self, box: LaidBox, size: float, label: str, component: str = "") -> None:
        if size < limits.MIN_TEXT_PT - 1e-9:
            why = f"under {limits.MIN_TEXT_PT:g} pt is hard to read in print"
            self._add(
                box.loc,
                "text",
                f"text in box '{box.name}' is set at {size:g} pt ({label}); {why}",
                cause=f"text is set as small as {{least:g}} pt; {why}",
                component=component,
                least=float(size),
            )

    def contrast(
        self,
        box: LaidBox,
        ink: object,
        lettering: Corners,
        beneath: Iterable[LaidBox],
        label: str,
        component: str = "",
    ) -> None:
        """Text of colour `ink` (as written, before a swell build lightens it) over the
        rectangle `lettering` (x0, y0, x1, y1, face points) set on the boxes `beneath`
        (those drawn before it): told when the worst ground it stands on is under
        4.5:1. A ground that is a picture or a motif is not known, so not judged."""
        rgb = _rgb(ink)
        worst = worst_contrast(rgb, tuple(lettering), tuple(beneath)) if rgb is not None else None
        if rgb is not None and worst is not None and worst[0] < LEAST_CONTRAST - 1e-9:
            ratio, ground = worst
            why = f"{LEAST_CONTRAST:g}:1 or more reads in print and with low vision"
            self._add(
                box.loc_of("colour"),
                "contrast",
                f"text in box '{box.name}' ({_hex(rgb)}) has a contrast of {ratio:.1f}:1 against"
                f" {ground} ({label}); {why}",
                cause="text has a contrast as low as {least:.1f}:1 against what is painted"
                f" beneath it; {why}",
                component=component,
                least=ratio,
            )

    def picture(
        self,
        box: LaidBox,
        dpi: float,
        name: str,
        loc: Loc | None,
        label: str,
        component: str = "",
    ) -> None:
        if dpi < limits.MIN_PRINT_DPI:
            why = f"{limits.MIN_PRINT_DPI:g} dpi or more looks sharp"
            self._add(
                loc or box.loc_of("file"),
                "dpi",
                f"picture {name} prints at {dpi:.0f} dpi in box '{box.name}' ({label}); {why}",
                cause=f"pictures print at as little as {{least:.0f}} dpi; {why}",
                component=component,
                least=float(dpi),
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
            + [f.cause, f.component, float(f.least)]
            for key, f in self._found.items()
            if (added := f.times - mark.get(key, 0)) > 0
        ]

    def retell(self, told: list[list[object]]) -> None:
        """Told again what `since` gave, as the drawing told it."""
        for file, line, col, cell, what, message, times, cause, component, least in told:
            # read back as core/remembered.py's `told` checks them
            assert isinstance(file, str) and isinstance(cell, str) and isinstance(what, str)
            assert isinstance(line, int) and isinstance(col, int) and isinstance(times, int)
            assert isinstance(message, str) and isinstance(cause, str)
            assert isinstance(component, str) and isinstance(least, float)
            self._add(Loc(file, line, col, cell), what, message, times, cause, component, least)

    def found(self) -> Found:
        """What was found, as plain data a worker process can hand back (--jobs)."""
        return {
            key: [f.loc, f.message, f.times, f.cause, f.component, f.least]
            for key, f in self._found.items()
        }

    def merge(self, found: Found, most: bool = False) -> None:
        """Add what another Preflight found (a worker's), as if it had been found here;
        `most`: what the same build of another variant found (validating), each place
        counting the items of the variant that showed it most, not of all together."""
        for key, (loc, message, times, cause, component, least) in found.items():
            assert isinstance(loc, Loc) and isinstance(message, str) and isinstance(times, int)
            assert isinstance(cause, str) and isinstance(component, str)
            assert isinstance(least, float)
            mine = self._found.get(key)
            if mine is None:
                self._found[key] = Finding(loc, message, times, cause, component, least)
            else:
                mine.times = max(mine.times, times) if most else mine.times + times
                mine.least = min(mine.least, least)

    def problems(self, strict: bool = False, verbose: bool = False) -> list[Problem]:
        """The findings as warnings, told once per cause and component (grouped.py);
        `strict`, only those --strict makes errors; `verbose`, once per place."""
        kept = [
            (str(what), f)
            for (_where, what), f in self._found.items()
            if not strict or what not in ADVICE
        ]
        return grouped.told(kept, verbose)


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
