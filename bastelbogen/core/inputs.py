"""The digest of everything a kit's files are made from besides the code: the game's folder,
the templates and fonts it may use, the package's data, the libraries that shape what is
drawn, and the build's options.

Two builds of one digest make the same bytes (every file is written in reportlab's
invariant mode: no date, no random id), so a file of the kit before, remembered under it,
may be copied rather than drawn again (core/remembered.py's `reuse_file`). The files are
read whole and hashed, not judged by their times: an edit within one tick of the clock, or
on a file system that keeps whole seconds, is never taken for no edit. Whatever cannot be
told for certain (a link, which may lead anywhere; a pipe or a device; more files or bytes
than a game holds) makes no digest, and every file is drawn anew."""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from bastelbogen.core import limits
from bastelbogen.core.remembered import digest, installed, open_regular

# The libraries whose versions shape what a build draws or reads (distribution, module):
# the PDF writer, pictures, SVGs and their XML, die lines and outlines, expressions, YAML,
# spreadsheets, hyphenation, the colour checks.
LIBRARIES = (
    ("reportlab", None),
    ("pillow", "PIL"),
    ("svg2pdf-py", "svg2pdf_py"),
    ("pypdf", None),
    ("defusedxml", None),
    ("svgelements", None),
    ("shapely", None),
    ("jinja2", None),
    ("pyyaml", "yaml"),
    ("python-calamine", "python_calamine"),
    ("pyphen", None),
    ("colorspacious", None),
    ("numpy", None),
)


class _Unsure(Exception):
    """Something among the inputs that cannot be told for certain: no digest."""


def inputs_digest(paths: Iterable[Path], *more: object) -> str | None:
    """The digest of the files and folders (every file below, by name and bytes), of the
    libraries and of `more` (plain values: the options), or None (see the module)."""
    found: list[tuple[str, str]] = []
    try:
        _walk(list(dict.fromkeys(Path(p) for p in paths)), found)
    except (_Unsure, OSError):
        return None
    versions = tuple(installed(name, module) for name, module in LIBRARIES)
    return digest("inputs", tuple(found), versions, more)


def _walk(paths: list[Path], found: list[tuple[str, str]]) -> None:
    """Each path and, a folder, everything in it, in a stable order, as (name, hash) into
    `found`: without recursion (a folder nested past Python's stack is one more folder),
    and every entry, folder or file, counted against the limits."""
    entries, size = limits.MAX_INPUT_FILES, limits.MAX_INPUT_BYTES
    todo = [(path, str(path)) for path in reversed(paths)]
    top = {name for _, name in todo}
    while todo:
        path, name = todo.pop()
        entries -= 1
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            if name not in top:  # gone while it was read
                raise
            found.append((name, "missing"))  # a project without templates of its own
            continue
        if stat.S_ISREG(info.st_mode):
            size -= info.st_size
        if entries < 0 or size < 0:
            raise _Unsure(name)
        if stat.S_ISDIR(info.st_mode):
            with os.scandir(path) as inside:
                names = sorted(e.name for e in inside if e.name != "__pycache__")
            todo += [(path / n, f"{name}/{n}") for n in reversed(names)]
        elif stat.S_ISREG(info.st_mode):
            found.append((name, _hashed(path)))
        else:  # a link, a pipe, a device, a socket
            raise _Unsure(name)


def _hashed(path: Path) -> str:
    """The file's bytes hashed, opened as the kit's previous files are (`open_regular`: no
    link followed, no pipe waited on; one swapped since it was seen is not read)."""
    f = open_regular(path)
    if f is None:
        raise _Unsure(str(path))
    with f:
        return hashlib.file_digest(f, "sha256").hexdigest()
