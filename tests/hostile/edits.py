"""What an attacker writes into a copy of a game: damaged and oversized files, and the
edits (replace, write, link, folder, delete, copy) the hostile cases are made of."""

from __future__ import annotations

import re
import shutil
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

OUTSIDE = "@OUTSIDE@"  # placeholder: the absolute path of the outside folder
ROOT = "@ROOT@"  # placeholder: the absolute path of the project copy


# --- files an attacker writes --------------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def png(width: int = 6, height: int = 4, idat: bytes | None = None) -> bytes:
    """A PNG of the given header size; without `idat`, real RGB pixels (keep it small)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    if idat is None:
        rows = b"".join(
            b"\x00" + b"".join(bytes((40 * x % 256, 120, 200)) for x in range(width))
            for _ in range(height)
        )
        idat = zlib.compress(rows)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")
    )


def huge_png() -> bytes:
    """A PNG whose header claims 100000 x 100000 pixels, with a tiny body."""
    return png(100_000, 100_000, zlib.compress(b"\x00" * 64))


def damaged_png() -> bytes:
    """A PNG with a valid header and a body that is not zlib data."""
    return png(8, 8, b"this is not deflate data at all" * 4)


def svg(body: str, head: str = "") -> str:
    return (
        f'{head}<svg xmlns="http://www.w3.org/2000/svg"'
        ' xmlns:xlink="http://www.w3.org/1999/xlink" width="60" height="90"'
        f' viewBox="0 0 60 90">{body}</svg>\n'
    )


def data_uri_png() -> str:
    import base64

    return "data:image/png;base64," + base64.b64encode(png(4, 4)).decode()


def alias_bomb(levels: int = 9, width: int = 10, indent: str = "  ") -> str:
    """Billion laughs as block YAML lines (a mapping's body at `indent`)."""
    lines = [f"{indent}l0: &l0 [{', '.join(['lol'] * width)}]"]
    for n in range(1, levels):
        lines.append(f"{indent}l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


# --- edits ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Replace:
    """Replace the first `old` in a file by `new` (text or bytes); `at`, a part of `new`,
    marks the place messages should name (used by `{at}` and `{line}` in patterns)."""

    path: str
    old: str | bytes
    new: str | bytes
    at: str | None = None


@dataclass(frozen=True)
class Write:
    path: str
    data: str | bytes | Callable[[], str | bytes]


@dataclass(frozen=True)
class Link:
    """A symbolic link at `path` (replacing what is there) to `target`."""

    path: str
    target: str


@dataclass(frozen=True)
class Mkdir:
    path: str


@dataclass(frozen=True)
class Delete:
    path: str


@dataclass(frozen=True)
class Copy:
    src: str
    dst: str


def _fill(text, root: Path, outside: Path):
    if isinstance(text, str):
        return text.replace(OUTSIDE, str(outside)).replace(ROOT, str(root))
    return text


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def apply_edits(edits, root: Path, outside: Path) -> dict[str, str]:
    """Apply the edits to the project copy; returns the pattern placeholders they define."""
    marks: dict[str, str] = {}
    for edit in edits:
        if isinstance(edit, Replace):
            path = root / edit.path
            binary = isinstance(edit.old, bytes)
            text = path.read_bytes() if binary else path.read_text(encoding="utf-8")
            old, new = edit.old, _fill(edit.new, root, outside)
            assert old in text, f"stale case: {old!r} is not in {edit.path}"
            at = text.index(old)
            changed = text[:at] + new + text[at + len(old) :]
            if binary:
                path.write_bytes(changed)
            else:
                path.write_bytes(changed.encode("utf-8", "surrogatepass"))
            if not binary and "{line}" not in marks:
                mark = _fill(edit.at, root, outside)
                offset = at + (new.index(mark) if mark else len(new) - len(new.lstrip()))
                line = changed.count("\n", 0, offset) + 1
                col = offset - (changed.rfind("\n", 0, offset) + 1) + 1
                where = re.escape(edit.path)
                marks["{line}"] = f"{where}:{line}:\\d+"
                marks["{at}"] = f"{where}:{line}:{col}"
        elif isinstance(edit, Write):
            path = root / edit.path
            path.parent.mkdir(parents=True, exist_ok=True)
            data = edit.data() if callable(edit.data) else edit.data
            data = _fill(data, root, outside)
            if path.is_symlink() or path.exists():
                _remove(path)
            if isinstance(data, bytes):
                path.write_bytes(data)
            else:
                path.write_bytes(data.encode("utf-8", "surrogatepass"))
        elif isinstance(edit, Link):
            path = root / edit.path
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_symlink() or path.exists():
                _remove(path)
            path.symlink_to(_fill(edit.target, root, outside))
        elif isinstance(edit, Mkdir):
            path = root / edit.path
            if path.is_symlink() or path.is_file():
                path.unlink()
            path.mkdir(parents=True, exist_ok=True)
        elif isinstance(edit, Delete):
            path = root / edit.path
            assert path.is_symlink() or path.exists(), f"stale case: {edit.path} does not exist"
            _remove(path)
        elif isinstance(edit, Copy):
            src, dst = root / edit.src, root / edit.dst
            dst.parent.mkdir(parents=True, exist_ok=True)
            if src.is_dir():
                shutil.copytree(src, dst, symlinks=True)
            else:
                shutil.copy2(src, dst)
        else:  # pragma: no cover
            raise TypeError(edit)
    return marks
