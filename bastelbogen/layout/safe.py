"""The safe zone: how far inside its cut a piece's text stays (the component's `safe:`).

One check while laying out, for every text painter and every shape; the proof (proof.py)
reads the same width afterwards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Component
from bastelbogen.core.geometry import Rect
from bastelbogen.core.shapes import Loop, keeps_safe
from bastelbogen.core.units import mm


@dataclass(frozen=True)
class SafeZone:
    """`width` inside the cut `loops` (layer-local points): the outline a shaped piece is
    cut along, or else the layer's rectangle; `of` names a shaped outline in messages."""

    loops: tuple[Loop, ...]
    width: float
    of: str = ""

    def refuses(self, rect: Sequence[float]) -> str | None:
        """What is wrong with text at `rect` (x, y, w, h), or None where it may stand."""
        x, y, w, h = rect
        if _keeps_safe(self.loops, self.width, (x, y, w, h)):
            return None
        of = f" (the safe zone of its {self.of})" if self.of else ""
        return (
            f"holds text within {self.width / mm(1):g} mm of the cut{of}; move it inwards,"
            " make it smaller, or give the component a smaller 'safe' (like safe: 1mm)"
        )


@lru_cache(maxsize=1024)
def _keeps_safe(loops: tuple[Loop, ...], width: float, rect: Rect) -> bool:
    """keeps_safe, worked out once for a box that stands alike on a thousand cards."""
    return keeps_safe(loops, width, rect)


def width_of(component: Component) -> float | None:
    """The component's safe width (points): how far inside its cut its text stays, or None
    where its kind keeps no safe zone. What every user of the width reads (the layout
    check, the preview's overlay)."""
    return (component.safe or 0.0) if kind_of(component).keeps_safe(component) else None
