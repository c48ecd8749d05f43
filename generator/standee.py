"""A printable stand-up figure: one strip, folded at the head and at both feet.

From the bottom: a base tab, the front figure, the back figure upside down, a second base
tab. Fold at the head and glue the figures back to back; fold the tabs out to opposite
sides (or slot them into a stand) so the figure stands.
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Matrix, Rect, compose, rotate_quarter, translate


@dataclass(frozen=True)
class StandeePlan:
    front: Matrix  # figure-local -> strip-local
    back: Matrix
    bases: tuple[Rect, Rect]
    folds: tuple[float, ...]  # y of each fold line, strip-local


def trim_size(figure: tuple[float, float], base: float) -> tuple[float, float]:
    w, h = figure
    return w, 2 * h + 2 * base


def plan(figure: tuple[float, float], base: float) -> StandeePlan:
    w, h = figure
    front = translate(0.0, base)
    back = compose(translate(0.0, base + h), rotate_quarter(2, w, h))
    bases = ((0.0, 0.0, w, base), (0.0, base + 2 * h, w, base))
    return StandeePlan(front, back, bases,
                       (base, base + h, base + 2 * h))
