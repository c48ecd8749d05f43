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
from typing import Protocol

from bastelbogen.checks import grouped
from bastelbogen.checks.grounds import hex_of, rgb_of, worst_contrast
from bastelbogen.content.painters import PAINTERS
from bastelbogen.core import limits
from bastelbogen.core.errors import Loc, Problem
from bastelbogen.core.geometry import grow, meet
from bastelbogen.core.units import to_mm

EPS = 0.01  # points
NEAR = 1 / 25.4 * 72  # 1 mm: a fill edge closer to the cut than this is a mistake
LEAST_CONTRAST = 4.5  # WCAG 2.x AA for body text: what a reader with low vision still reads
# Findings --strict leaves warnings (the issues: never an error): contrast, and a language
# no hyphenation dictionary is known for (its words are set unbroken).
ADVICE = frozenset({"contrast", "hyphenation"})

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

    def untranslated(self, loc: Loc, message: str) -> None:
        """Words the kit prints itself that it has not in a language: set in English."""
        self._add(loc, "untranslated", message)

    def unpaged(self, loc: Loc, message: str) -> None:
        """A cheat sheet section that names no rulebook page (output/cheatsheet.py): its
        book has no section it matches, or the game no book in its language."""
        self._add(loc, "unpaged", message)

    def left_out(self, loc: Loc, message: str) -> None:
        """Cards a print shop's profile does not take: said, never silent."""
        self._add(loc, f"left-out {message}", message)  # each export's told

    def bleed(
        self,
        face: Iterable[LaidBox],
        size: tuple[float, float],
        bleed: float,
        label: str,
        component: str = "",
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
                self._short(box, short, _edges(box.rect, size, bleed)[0], bleed, label, component)
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

    def _short(
        self,
        box: LaidBox,
        short: list[str],
        box_short: list[str],
        bleed: float,
        label: str,
        component: str,
    ) -> None:
        """Told at the box, or where the box reaches the bleed but its picture does not,
        at the key that composes the picture (its own `bleed`, or `picture`)."""
        mm = f"{to_mm(bleed):g} mm bleed"
        if mine := " and ".join(side for side in short if side in box_short):
            fix = "write `box: bleed` or reach past the trim by `bleed`"
            self._add(
                box.loc_of("box"),
                "bleed",
                f"box '{box.name}' reaches the trim on the {mine} but stops short of the {mm}"
                f" ({label}); {fix}",
                cause=f"boxes reach the trim on the {mine} but stop short of the {mm}; {fix}",
                component=component,
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
            f"the picture in box '{box.name}' {said} and stops short of the {mm} ({label}) on"
            f" the {sides}: paper shows there; {fix}",
            cause=f"pictures {said} and stop short of the {mm} on the {sides}: paper shows"
            f" there; {fix}",
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
        rgb = rgb_of(ink)
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
            why = f"{LEAST_CONTRAST:g}:1 or more reads in print and with low vision"
            self._add(
                box.loc_of("colour"),
                "contrast",
                f"text in box '{box.name}' ({hex_of(rgb)}) has a contrast of {ratio:.1f}:1 against"
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
