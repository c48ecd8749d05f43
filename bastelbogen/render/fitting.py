"""The largest of a run of sizes that a text fits at, as typesetting searches for it: sizes
counted in steps down from the largest (step 0), a text that fits at a step fitting at
every one after it. Searched from a guess (what the text's measures suggest), outwards by
1, 1, 2, 4 … steps, then by bisection in the bracket that leaves: a guess is most often
right or one off, which costs two layouts, where bisection from nothing costs a handful.
Paragraph boxes (paragraphs.py) and the cheat sheet (rules/cheatsheet.py) both fit so."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

R = TypeVar("R")


def first_fitting(
    lay: Callable[[int], R], fits: Callable[[R], bool], steps: int, guess: int
) -> tuple[int, R] | None:
    """The fewest steps (0 to `steps`) at which `fits(lay(step))`, with that layout; None
    where even `steps` does not fit."""
    failed, best = _bracket(lay, fits, steps, min(max(guess, 0), steps))
    while best is not None and failed + 1 < best[0]:  # bisection between the two
        mid = (failed + best[0]) // 2
        result = lay(mid)
        failed, best = (failed, (mid, result)) if fits(result) else (mid, best)
    return best


def _bracket(
    lay: Callable[[int], R], fits: Callable[[R], bool], steps: int, guess: int
) -> tuple[int, tuple[int, R] | None]:
    """(The most steps known not to fit, or -1; the fewest known to fit, with its layout, or
    None), from `guess` outwards by 1, 1, 2, 4 … steps: a guess is most often one off."""
    result = lay(guess)
    stride, grow = 1, 1
    if fits(result):
        best = (guess, result)
        while best[0] > 0:
            step = max(best[0] - stride, 0)
            result = lay(step)
            if not fits(result):
                return step, best
            best, stride, grow = (step, result), grow, grow * 2
        return -1, best
    failed = guess
    while failed < steps:
        step = min(failed + stride, steps)
        result = lay(step)
        if fits(result):
            return failed, (step, result)
        failed, stride, grow = step, grow, grow * 2
    return failed, None
