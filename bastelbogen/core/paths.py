"""Paths content names, resolved safely: inside their folder (links followed) or not at all,
and file tests that never raise on names the file system cannot hold."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
DATA = PACKAGE / "data"  # the kit's words and the print-shop profiles
ICC = DATA / "icc"  # the colour profiles shipped: sRGB for pictures, CMYK for shops


def shipped(name: str) -> Path:
    """A folder the package brings (templates/, fonts/): at the top of a checkout, where the
    design puts them, and inside the package once installed (the wheel maps them there)."""
    installed = PACKAGE / name
    return installed if installed.is_dir() else PACKAGE.parent / name


SHIPPED = "<bastelbogen>"  # how a message names the folder of what the package brings


def named(file: str | os.PathLike[str], base: Path | None = None) -> str:
    """How every message names a file (the one place): from `base` (the working folder
    unless given) when it lies inside it, like compilers do; else a file the package brings
    (a shipped template, font or word list) from the package as `<bastelbogen>/templates/…`,
    never by an absolute path inside an installation; else as it is."""
    path = os.fsdecode(file)
    if not os.path.isabs(path):
        return path
    try:
        rel = os.path.relpath(path, base)
    except ValueError:  # another drive (Windows)
        rel = ".."
    if not rel.startswith(".."):
        return rel
    for folder in (*(shipped(n) for n in ("templates", "fonts")), PACKAGE):
        try:
            inner = os.path.relpath(path, folder)
        except ValueError:
            continue
        if not inner.startswith(".."):
            top = folder.name if folder != PACKAGE else ""
            inner = "" if inner == os.curdir else inner.replace(os.sep, "/")  # the folder itself
            return "/".join(p for p in (SHIPPED, top, inner) if p)
    return path


def inside(base: Path, relative: str) -> Path | None:
    """`relative` resolved under `base`, or None when it leads outside (symlinks followed)
    or is no possible file name at all."""
    try:
        root = base.resolve()
        candidate = (base / relative).resolve()
    except (OSError, ValueError, RuntimeError):  # NUL bytes, names too long, link loops
        return None
    return candidate if candidate == root or root in candidate.parents else None


def is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    """Like is_file: a name too long for the file system (ENAMETOOLONG), which pathlib
    raises, is no folder."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False
