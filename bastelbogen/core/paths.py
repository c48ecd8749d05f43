"""Paths content names, resolved safely: inside their folder (links followed) or not at all,
and file tests that never raise on names the file system cannot hold."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
DATA = PACKAGE / "data"  # the kit's words and the print-shop profiles


def shipped(name: str) -> Path:
    """A folder the package brings (templates/, fonts/): at the top of a checkout, where the
    design puts them, and inside the package once installed (the wheel maps them there)."""
    installed = PACKAGE / name
    return installed if installed.is_dir() else PACKAGE.parent / name


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
