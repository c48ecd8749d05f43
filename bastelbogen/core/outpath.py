"""Whether the place `--out` names can take what a command writes, found before anything is
written (`pnp build`'s folder of kits, `pnp calibrate`'s PDF): a path the file system cannot
hold (a NUL, a name or the whole too long, folders too deep), a file or a dangling link
where a folder must be, a folder that cannot be made or written, and a place among the
project's own sources (content/, templates/, fonts/) are each told in one sentence. Nothing
is made to find out: the nearest folder that exists is asked, and the rest is counted."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from bastelbogen.core import limits
from bastelbogen.core.paths import named

# What a kit writes below its output folder: the game's folder or its staging name, a
# folder of its own (a language, an export) and a file (ids are at most 64 characters).
ROOM = 2 * limits.MAX_ID_CHARS + limits.MAX_FILE_NAME_BYTES + 64


def folder_problem(text: str, sources: Iterable[Path] = (), room: int = ROOM) -> str | None:
    """Why the folder `text` cannot take what is written into it (`room` bytes of path
    below it), or None. `sources`: folders it must not lie in."""
    if not text:
        return "the path is empty; name a folder, like 'out'"
    if "\0" in text:
        return f"{_brief(text)} holds a NUL character, which no file name can"
    try:
        absolute = os.path.abspath(text)
        os.fsencode(absolute)
    except (OSError, ValueError):  # a deleted working folder, a lone surrogate
        return f"{_brief(text)} is no path this system can hold"
    existing = _existing(Path(absolute))
    return (
        _length_problem(text, absolute, existing, room)
        or _place_problem(Path(absolute), existing)
        or _source_problem(text, Path(absolute), existing, sources)
    )


def file_problem(text: str, sources: Iterable[Path] = ()) -> str | None:
    """Why a file cannot be written at `text`, or None: its folder as folder_problem says,
    its name short enough for the hidden `.NAME.tmp` it is written as first, and an
    existing one a plain file (a folder or a link in its place is left alone)."""
    if not text or "\0" in text:
        return folder_problem(text, sources)
    path = Path(text)
    try:
        size = len(os.fsencode(path.name)) + len(b"..tmp")
    except ValueError:  # a lone surrogate
        return f"{_brief(text)} is no path this system can hold"
    if why := folder_problem(os.fspath(path.parent), sources, room=size + 1):
        return why
    if size > (longest := _name_max(_existing(path.parent.absolute()))):
        return (
            f"the name {_brief(path.name)} is {size - 5:,} bytes long; a file's name holds"
            f" at most {longest - 5:,} here"
        )
    if os.path.lexists(path) and (path.is_symlink() or not path.is_file()):
        return f"{_brief(text)} exists and is not a plain file; it is left alone"
    return None


def _existing(path: Path) -> Path:
    """The nearest of `path` and its parents that is there (a link too, dangling or not)."""
    while not os.path.lexists(path) and path.parent != path:
        path = path.parent
    return path


def _limit(folder: Path, name: str, fallback: int) -> int:
    """The file system's own limit `name` where `folder` is; `fallback` where it has none."""
    try:
        value = os.pathconf(folder, name)
    except (AttributeError, OSError, ValueError):  # no pathconf (Windows), a dangling link
        return fallback
    return value if value > 0 else fallback  # -1: no limit, as far as the system knows


def _name_max(folder: Path) -> int:
    return _limit(folder, "PC_NAME_MAX", limits.MAX_FILE_NAME_BYTES)


def _length_problem(text: str, absolute: str, existing: Path, room: int) -> str | None:
    """A name, or the whole path with what is written below it, too long; too deep."""
    longest = _name_max(existing)
    for part in Path(absolute).parts[1:]:
        if (size := len(os.fsencode(part))) > longest:
            return (
                f"the name {_brief(part)} is {size:,} bytes long; a folder's name holds {longest:,}"
            )
    most = _limit(existing, "PC_PATH_MAX", limits.MAX_PATH_BYTES)
    if (size := len(os.fsencode(absolute))) + room > most:
        return (
            f"{_brief(text)} is {size:,} bytes long as a full path, and what is written below it"
            f" needs up to {room:,} more; the system holds paths of at most {most:,}"
        )
    if (depth := len(Path(absolute).parts) - 1) > limits.MAX_OUT_DEPTH:
        return f"{_brief(text)} is {depth:,} folders deep; at most {limits.MAX_OUT_DEPTH} are made"
    return None


def _place_problem(path: Path, existing: Path) -> str | None:
    """The folder, or the nearest one there, is no folder or cannot be written."""
    there = _brief(named(existing))
    if not existing.exists():  # os.path.lexists found it: a link that leads nowhere
        return f"{there} is a link that leads nowhere, not a folder"
    if not existing.is_dir():
        below = "" if existing == path else f"; {_brief(named(path))} cannot be made below it"
        return f"{there} is a file, not a folder{below}"
    if not os.access(existing, os.W_OK | os.X_OK):
        if existing == path:
            return f"{there} cannot be written: permission denied"
        return f"no folder can be made in {there}: permission denied"
    return None


def _source_problem(text: str, path: Path, existing: Path, sources: Iterable[Path]) -> str | None:
    """The folder lies in one of the project's sources (links followed): a kit, or the test
    sheet, would be written among the games' own files, and could replace one of them."""
    try:
        target = existing.resolve() / path.relative_to(existing)
    except (OSError, RuntimeError):  # a loop of links
        return f"{_brief(named(existing))} leads through a loop of links"
    for source in sources:
        try:
            folder = source.resolve()
        except (OSError, RuntimeError):
            continue
        if target == folder or folder in target.parents:
            return (
                f"{_brief(text)} is {named(source)}/ or lies in it, among the files the project"
                " reads; what is written there would mix with them: choose a folder outside,"
                " like 'out'"
            )
    return None


def _brief(text: str) -> str:
    """A path or name quoted, and shortened in its middle when long (the 2,000-deep path
    the message is about would bury it)."""
    shown = text if len(text) <= 60 else f"{text[:40]}…{text[-16:]}"
    return f"'{shown}'" if shown.isprintable() else repr(shown)  # a NUL, a line break: escaped
