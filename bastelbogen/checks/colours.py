"""Colours that must be told apart are checked for it: `{check: distinguishable, table:
sets, field: colour}` compares every two colours of the field as seen with normal vision
and with deuteranopia, protanopia and tritanopia at full severity (Machado et al., as
colorspacious simulates them), in CAM02-UCS, where a distance is what people see. Two
colours closer than ΔE 10 (or the check's own `delta-e`), unrounded, are told at the later
row, naming the first and the vision they merge in; the distance told is rounded down to a
tenth, so a pair that fails never reads as the threshold.

The distances of a set of colours are remembered between builds (core/remembered.py): a
rebuild whose colours did not change loads neither colorspacious nor numpy."""

from __future__ import annotations

import math
from functools import lru_cache

from bastelbogen.checks.keys import Above, OneField
from bastelbogen.checks.values import Row, declared_check, single
from bastelbogen.content.models import Game, Variant
from bastelbogen.core import limits
from bastelbogen.core.declare import Field, Text
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.params import COLOUR, read_colour
from bastelbogen.core.remembered import REMEMBERED, digest, installed
from bastelbogen.core.source import YMap

VISIONS = ("normal vision", "deuteranopia", "protanopia", "tritanopia")
CVD = {"deuteranopia": "deuteranomaly", "protanopia": "protanomaly", "tritanopia": "tritanomaly"}


class Distinguishable(OneField):
    field = Field(Text(), help="the field that holds colours")
    delta_e = Field(Above(0), 10.0, help="how far apart (CAM02-UCS ΔE) two colours must be")


@declared_check(
    "distinguishable",
    Distinguishable,
    "two colours are less than `delta-e` apart (CAM02-UCS ΔE, unrounded: 9.96 fails"
    " against 10) in normal vision or in deuteranopia, protanopia or tritanopia",
)
def distinguishable(
    game: Game,
    keys: Distinguishable,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    field, least = keys.field, keys.delta_e
    first, wrong = _colours(rows, field, what, problems)
    if not first:
        # Nothing to tell apart: the field is misspelt, or holds only `none`; a check that
        # looks at nothing would pass whatever the colours become.
        if not wrong:
            problems.add(
                keys.loc, f"{what}: no row has a colour in '{field}', so the check compares nothing"
            )
        return
    if len(first) > limits.MAX_COLOURS:
        problems.add(
            keys.loc,
            f"{what} has {len(first)} different colours in {field}; at most"
            f" {limits.MAX_COLOURS} are compared",
        )
        return
    for (a, b), (vision, distance) in _closest(list(first)).items():
        if distance < least:
            problems.add(
                first[b],
                # Rounded down: a pair 9.96 apart fails against 10 and must not read 10.0.
                f"{what}: {field} {b} is ΔE {math.floor(distance * 10) / 10:.1f} from {a}"
                f" (at {first[a]}) for {vision}; at least {least:g} tell them apart",
            )


def _colours(
    rows: list[Row], field: str, what: str, problems: Collector
) -> tuple[dict[str, Loc], int]:
    """Each distinct colour of the field (#rrggbb) where it is first used, and how many
    values were no colour (told where they stand)."""
    first: dict[str, Loc] = {}
    wrong = 0
    for data, loc, item in rows:
        if item is not None and item.copy != 1:
            continue
        value = single(data, field, loc, problems)
        at = data.value_loc(field) if isinstance(data, YMap) and field in data else loc
        if value is None:
            continue
        try:
            named = COLOUR(value)
        except ValueError as exc:
            problems.add(at, f"{what}: {field} {exc}")
            wrong += 1
            continue
        if named is not None:  # 'none' is no colour to tell apart
            # read as it prints: #rrggbbaa laid on white (reportlab alone reads #aarrggbb)
            seen = read_colour(named)
            if seen is not None and seen.alpha > 0:  # 'transparent' paints nothing either
                first.setdefault("#" + seen.hexval()[2:8].lower(), at)
    return first, wrong


def distances(colours: list[str]) -> dict[str, list[list[float]]]:
    """For each vision, the CAM02-UCS distance of every two colours (#rrggbb): remembered
    by the colours and the libraries that work it out, else worked out."""
    key = digest("distances", tuple(colours), installed("colorspacious"), installed("numpy"))
    found = REMEMBERED.get(key)
    if found is None or not _shaped(found, (len(VISIONS), len(colours), len(colours))):
        worked = _worked_out(colours)
        REMEMBERED.put(key, [worked[vision] for vision in VISIONS])
        return worked
    return dict(zip(VISIONS, found, strict=True))


def _shaped(found: object, shape: tuple[int, ...]) -> bool:
    """Whether a remembered value is lists of numbers in this shape (a file read back holds
    any numbers: a matrix of another size must not be taken for this one)."""
    if not shape:
        return isinstance(found, int | float)
    return (
        isinstance(found, list)
        and len(found) == shape[0]
        and all(_shaped(v, shape[1:]) for v in found)
    )


def _worked_out(colours: list[str]) -> dict[str, list[list[float]]]:
    import numpy as np  # colorspacious brings numpy; loaded only when colours are checked
    from colorspacious import cspace_convert

    if not colours:  # an empty array has no colour axis for colorspacious to convert
        return {vision: [] for vision in VISIONS}
    rgb = np.array([[int(c[i : i + 2], 16) / 255 for i in (1, 3, 5)] for c in colours])
    out = {}
    for vision in VISIONS:
        seen = (
            rgb
            if vision not in CVD
            else np.clip(
                cspace_convert(
                    rgb, {"name": "sRGB1+CVD", "cvd_type": CVD[vision], "severity": 100}, "sRGB1"
                ),
                0,
                1,
            )
        )
        ucs = cspace_convert(seen, "sRGB1", "CAM02-UCS")
        out[vision] = np.linalg.norm(ucs[:, None, :] - ucs[None, :, :], axis=2).tolist()
    return out


def _closest(keys: list[str]) -> dict[tuple[str, str], tuple[str, float]]:
    """Each pair of colours (in order of first use) with the vision it is closest in."""
    found = distances(keys)
    pairs = {}
    for j in range(len(keys)):
        for i in range(j):
            vision = min(VISIONS, key=lambda v: found[v][i][j])
            pairs[(keys[i], keys[j])] = (vision, found[vision][i][j])
    return pairs


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour (channels 0..1)."""

    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@lru_cache(maxsize=4096)  # asked for every sample of every text on a card: a few colours
def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG 2.x contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
