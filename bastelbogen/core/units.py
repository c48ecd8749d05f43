"""Lengths: parsed once, at load time, into PDF points."""

from __future__ import annotations

import re

PT_PER_MM = 72 / 25.4
UNITS = {"mm": PT_PER_MM, "cm": 10 * PT_PER_MM, "in": 72.0, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


def mm(value: float) -> float:
    return value * PT_PER_MM


def to_mm(points: float) -> float:
    return points / PT_PER_MM


def parse_length(text: object, default_unit: str | None = None) -> float:
    """'3mm', '0.125in', '8pt' -> points. Bare numbers only where a default unit is given;
    anything else (a list, a mapping) is no length (ValueError)."""
    if isinstance(text, bool):
        raise ValueError(f"expected a length like '3mm', got {text!r}")
    if isinstance(text, int | float):
        if text == 0:
            return 0.0
        if default_unit is None:
            raise ValueError(f"length {text} needs a unit (mm, cm, in or pt)")
        return float(text) * UNITS[default_unit]
    if str(text).strip() in ("0", "0.0"):
        return 0.0  # zero is zero in any unit
    m = _LENGTH.match(str(text))
    if not m:
        raise ValueError(f"expected a length like '3mm', '0.5in' or '8pt', got {text!r}")
    return float(m.group(1)) * UNITS[m.group(2)]


def parse_pair(text: str, default_unit: str | None = None) -> tuple[float, float]:
    """'1.5mm,-0.5mm' -> (x, y) in points."""
    parts = str(text).split(",")
    if len(parts) != 2:
        raise ValueError(f"expected two lengths 'X,Y' like '1mm,-0.5mm', got {text!r}")
    return parse_length(parts[0], default_unit), parse_length(parts[1], default_unit)


# Named trim sizes in millimetres (DESIGN.md, print conventions).
CARD_SIZES_MM = {
    "poker": (63.5, 88.9),
    "standard": (63.0, 88.0),
    "bridge": (57.2, 88.9),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
}
