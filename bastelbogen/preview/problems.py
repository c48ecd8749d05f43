"""The preview's problems as the page and the terminal tell them: each `file:line:col:
message`, its file named from the project's folder; a failure that is not the content's told
as what it is."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, OptionError, Problem
from bastelbogen.core.paths import named

T = TypeVar("T")


# A problem as the page and the terminal tell it (`_entry`), as state.json holds it.
Told = dict[str, object]


def problems_of(exc: ContentError | OptionError, root: Path) -> list[Told]:
    """What stopped the build: the content's problems, or an option the game cannot take
    (a theme it no longer has), told as the command line tells them."""
    if isinstance(exc, OptionError):
        return [_entry("", 0, 0, str(exc))]
    return [problem(p, root) for p in exc.problems]


def every_face_fault(
    first: ContentError, shots: list[T], draw: Callable[[list[T]], Iterable[object]]
) -> ContentError:
    """The first face's fault and those of the other faces, each face drawn on its own so
    that one fault does not hide the next (a designer mends them in one round), told once
    a place as `pnp build` tells them; bounded in time as the build's search is."""
    from bastelbogen.pipeline.assemble import told_faults

    found = list(first.problems)
    ends = time.thread_time() + limits.FAULT_SEARCH_SECONDS
    for shot in shots:
        if time.thread_time() > ends:
            break
        try:
            list(draw([shot]))
        except ContentError as exc:
            found.extend(exc.problems)
    return told_faults(found, time.thread_time() > ends)  # once a place: repeats folded there


def fault(exc: Exception, root: Path) -> Told:
    """A failure that is not the content's told as what it is: a file the system would not
    give (its name, the system's reason), memory run out, or a fault of ours, whose
    traceback the terminal shows."""
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        if exc.filename is None:
            return _entry("", 0, 0, f"file system error: {reason}")
        name = named(exc.filename, root)
        return _entry("", 0, 0, f"cannot read {name}: {reason}") | {"file": name}
    if isinstance(exc, MemoryError):
        return _entry("", 0, 0, "the build ran out of memory (see the terminal)")
    what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return _entry("", 0, 0, f"internal error: {what} (see the terminal)")


def _entry(file: str, line: int, col: int, message: str) -> Told:
    """One problem as the page and the terminal tell it: `file:line:col: message`."""
    where = f"{file}:{line}:{col}" if line else file
    text = f"{where}: {message}" if where else message
    return {
        "file": file,
        "line": line,
        "col": col,
        "message": message,
        "where": where,
        "text": text,
    }


def problem(problem: Problem, root: Path) -> Told:
    """A problem as the command line tells it, its files named from the project's folder
    (the content's cell, and the layout's box it overflowed); one found on a piece names
    it, for the page to show."""
    loc = problem.loc
    cell = f"{loc.cell}: " if loc.cell else ""
    entry = _entry(named(loc.file, root), loc.line, loc.col, cell + problem.said(root))
    if problem.item:
        entry["piece"] = {"component": problem.component, "item": problem.item}
    return entry
