"""SVG path data read as the SVG grammar has it, to find where it breaks off: a renderer
draws a path up to its first error and drops the rest (SVG 2, 9.5.4), which a designer
should hear about, at the character."""

from __future__ import annotations

import re

_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_SPACE = re.compile(r"[\s,]*")
_ARGUMENTS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}
_FLAGS = (3, 4)  # an arc's large-arc and sweep flags: 0 or 1, maybe unseparated


def path_error(d: str) -> int | None:
    """Where the path data `d` stops being drawn (the first segment that is not complete
    path data), or None when all of it is."""
    at = _SPACE.match(d, 0).end()  # type: ignore[union-attr]
    if at == len(d):
        return None
    if d[at] not in "Mm":
        return at
    command = ""
    while at < len(d):
        segment = at  # where the segment begins: an incomplete one is not drawn at all
        if d[at].lower() in _ARGUMENTS:
            command, at = d[at], at + 1
        elif not command or command.lower() == "z":
            return at
        if _arguments(d, at, command.lower()) < 0:
            return segment
        end = _arguments(d, at, command.lower())
        at = _SPACE.match(d, end).end()  # type: ignore[union-attr]
        if command in "Mm":
            command = "l" if command == "m" else "L"  # pairs after a move are lines
    return None


def _arguments(d: str, at: int, command: str) -> int:
    """Where one set of a command's arguments ends, or -(where it failed)-1."""
    for n in range(_ARGUMENTS[command]):
        at = _SPACE.match(d, at).end()  # type: ignore[union-attr]
        if command == "a" and n in _FLAGS:
            if at < len(d) and d[at] in "01":
                at += 1
                continue
            return -at - 1
        found = _NUMBER.match(d, at)
        if found is None:
            return -at - 1
        at = found.end()
    return at
