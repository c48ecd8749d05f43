"""Preflight: what prints, but prints badly. Art that stops short of the bleed shows a white
edge on a card cut a little off; text under 6 pt is hard to read; a picture stretched below
150 dots per inch looks soft. These are warnings, each told once per place it is written
(with how many items show it); `--strict` makes them errors.

The bleed is judged on the resolved faces (geometry); text sizes and picture resolutions
where they are known for certain, when text is fitted and pictures are scaled."""

from __future__ import annotations

from bastelbogen.content.painters import PAINTERS
from bastelbogen.core import limits
from bastelbogen.core.errors import Loc, Problem
from bastelbogen.core.units import to_mm

EPS = 0.01  # points
NEAR = 1 / 25.4 * 72  # 1 mm: a fill edge closer to the cut than this is a mistake


class Preflight:
    def __init__(self) -> None:
        self._found: dict[tuple[str, str], list] = {}  # (where, what) -> [loc, text, n]

    def _add(self, loc: Loc, what: str, message: str) -> None:
        entry = self._found.setdefault((str(loc), what), [loc, message, 0])
        entry[2] += 1

    def scaled(self, loc: Loc, message: str) -> None:
        """Cards scaled to fit a print shop's size (--fit): said, never silent."""
        self._add(loc, "scaled", message)

    def left_out(self, loc: Loc, message: str) -> None:
        """Cards a print shop's profile does not take: said, never silent."""
        self._add(loc, "left-out", message)

    def bleed(self, face, size: tuple[float, float], bleed: float, label: str) -> None:
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
                self._add(
                    box.loc_of("box"),
                    "bleed",
                    f"box '{box.name}' reaches the trim on"
                    f" the {' and '.join(short)} but stops short of the"
                    f" {to_mm(bleed):g} mm bleed ({label}); write `box: bleed` or"
                    " reach past the trim by `bleed`",
                )
            if near:  # a cut a hair off shows a sliver of paper beside it
                self._add(
                    box.loc_of("box"),
                    "near",
                    f"box '{box.name}' stops just inside the"
                    f" trim on the {' and '.join(near)} ({label}); run it into the"
                    f" bleed or keep it {to_mm(NEAR):g} mm or more clear of the cut",
                )

    def text(self, box, size: float, label: str) -> None:
        if size < limits.MIN_TEXT_PT - 1e-9:
            self._add(
                box.loc,
                "text",
                f"text in box '{box.name}' is set at {size:g} pt"
                f" ({label}); under {limits.MIN_TEXT_PT:g} pt is hard to read in print",
            )

    def picture(self, box, dpi: float, name: str, loc: Loc | None, label: str) -> None:
        if dpi < limits.MIN_PRINT_DPI:
            self._add(
                loc or box.loc_of("file"),
                "dpi",
                f"picture {name} prints at"
                f" {dpi:.0f} dpi in box '{box.name}' ({label});"
                f" {limits.MIN_PRINT_DPI:g} dpi or more looks sharp",
            )

    def found(self) -> dict:
        """What was found, as plain data a worker process can hand back (--jobs)."""
        return self._found

    def merge(self, found: dict) -> None:
        """Add what another Preflight found (a worker's), as if it had been found here."""
        for key, (loc, message, count) in found.items():
            self._found.setdefault(key, [loc, message, 0])[2] += count

    def problems(self) -> list[Problem]:
        out = []
        for loc, message, count in self._found.values():
            more = f" (and {count - 1} more like it)" if count > 1 else ""
            out.append(Problem(loc, f"preflight: {message}{more}"))
        return out
