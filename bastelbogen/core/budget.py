"""The time an expression may take: each evaluation has a deadline in this thread's CPU
time, and a build's expressions share a budget. Apart from jinja2 (sandbox.py), so that a
build whose expressions only name values never loads it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from bastelbogen.core import limits


class Timeout(Exception):
    """An expression ran past its deadline."""


# The deadline is this thread's CPU time, checked by the templates themselves: every block
# jinja2 compiles (a loop's body, a macro's, an `if`'s) first calls `environment.tick()`
# (TickingCodeGenerator). A signal would reach the main thread only, and the preview builds
# in a thread of its own; CPU time, not the clock, so a loaded machine does not fail an
# honest expression. Between two ticks an expression does one bounded step (every operation
# that could grow without end is checked before it runs), so none outruns its deadline by
# much.
clock = time.thread_time
_active = threading.local()  # .ends: the clock's reading at the deadline, .why: its message


def tick() -> None:
    """Raise Timeout once the evaluation running in this thread is past its deadline."""
    ends = getattr(_active, "ends", None)
    if ends is not None and clock() > ends:
        raise Timeout(_active.why)


_budget = {"left": limits.BUILD_EXPRESSION_SECONDS, "all": limits.BUILD_EXPRESSION_SECONDS}


def reset_budget() -> None:
    """A new build: its expressions get the whole budget again."""
    _budget["left"] = _budget["all"] = limits.BUILD_EXPRESSION_SECONDS


def grant(seconds: float) -> None:
    """More time for this build's expressions: one more evaluation is to come."""
    _budget["left"] += seconds
    _budget["all"] += seconds


@contextmanager
def deadline(seconds: float = limits.EXPRESSION_SECONDS) -> Iterator[None]:
    """Raise Timeout inside the block once it has run `seconds` of CPU time, or once the
    expressions of this build have used their budget together (one slow expression on
    every card). Inside another deadline the outer one holds."""
    if getattr(_active, "ends", None) is not None:
        yield
        return
    if _budget["left"] <= 0:
        raise Timeout(_spent())
    allowed = max(min(seconds, _budget["left"]), 1e-3)
    _active.why = (
        f"took over {limits.EXPRESSION_SECONDS:g} s in this build"
        if allowed < _budget["left"]
        else _spent()
    )
    start = clock()
    _active.ends = start + allowed
    try:
        yield
    finally:
        _active.ends = None
        _budget["left"] -= clock() - start


def spent() -> bool:
    """Whether this build's expressions have used their time together: every expression
    evaluated from now on would be refused, so nothing more is learnt by evaluating."""
    return _budget["left"] <= 0


def _spent() -> str:
    return f"ran out of time: this build's expressions took over {_budget['all']:.3g} s together"
