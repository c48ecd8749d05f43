"""Results remembered by the hash of everything they depend on, kept between builds in a
small file beside the kit (out/.<game>.remembered.json) that may be deleted at any time.

A result is found only under the digest of all its inputs and of the code that made it (every
module of the package, reportlab's and pyphen's versions), so a remembered result is the one
the build would work out again: deleting the file, or a file that does not read, only makes
a build slower, never different. What is remembered is plain numbers (how large a cheat
sheet's text fits, where a word may break), each checked to be a number when it is read
back.

The file is written once a kit is published, under the game's lock, and never by a build
that fails or validates: out/ changes only when a kit does."""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from functools import lru_cache
from pathlib import Path

from bastelbogen.core import limits

KEPT = 4096  # results kept in one file: a game's cheat sheet fits, the words it hyphenates


def digest(*parts) -> str:
    """The hash of `parts` (plain values: text, numbers, tuples of them) and of the code."""
    text = repr((code_digest(), parts))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=1)
def code_digest() -> str:
    """Every module of the package, and the versions of the libraries that set text."""
    import pyphen
    import reportlab

    package = Path(__file__).resolve().parent.parent
    found = hashlib.sha256(f"{reportlab.Version}|{pyphen.__version__}".encode())
    for path in sorted(package.rglob("*.py")):
        found.update(str(path.relative_to(package)).encode())
        found.update(path.read_bytes())
    return found.hexdigest()


def numbers(value) -> bool:
    """Whether a value read back is what is remembered: a finite number, or a list of
    numbers and None."""
    if isinstance(value, list):
        return all(v is None or numbers(v) for v in value)
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


class Remembered:
    """One process's remembered results: those read from a kit's file, and those worked out
    since, to be written beside the kit when it is published."""

    def __init__(self) -> None:
        self._found: dict[str, list] = {}
        self._fresh: set[str] = set()  # worked out since the file was read

    def get(self, key: str) -> list | None:
        return self._found.get(key)

    def put(self, key: str, value: list) -> None:
        if self._found.get(key) != value:
            self._found[key] = value
            self._fresh.add(key)

    def fresh(self) -> dict[str, list]:
        """What was worked out here: a worker process (--jobs) hands it back (`merge`)."""
        return {key: self._found[key] for key in self._fresh}

    def merge(self, found: dict[str, list]) -> None:
        for key, value in found.items():
            self.put(key, value)

    def read(self, path: Path) -> None:
        """What the file remembers, added; a missing, oversized or damaged file is passed by
        (a link is not followed: out/ may hold anything)."""
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return
        with os.fdopen(fd, "rb") as f:
            data = f.read(limits.MAX_REMEMBERED_BYTES + 1)
        if len(data) > limits.MAX_REMEMBERED_BYTES:
            return
        try:
            found = json.loads(data)
        except (ValueError, RecursionError):
            return
        if isinstance(found, dict):
            for key, value in found.items():
                if isinstance(key, str) and len(key) == 64 and numbers(value):
                    self._found.setdefault(key, value)

    def write(self, path: Path) -> None:
        """The results, the most recent KEPT, written whole (a new file moved into place: a
        reader never sees half of one) when anything new was worked out."""
        if not self._fresh:
            return
        kept = dict(list(self._found.items())[-KEPT:])
        try:
            fd, temporary = tempfile.mkstemp(prefix=f"{path.name}.", dir=path.parent)
        except OSError:  # a folder that takes no more files: the next build works it out
            return
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(kept, f)
            os.chmod(temporary, 0o644)  # like every file of the kit
            os.replace(temporary, path)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            return
        self._fresh.clear()

    def forget(self) -> None:
        """A new build: only what its kit's file remembers counts."""
        self._found.clear()
        self._fresh.clear()


# What a kit's build remembers: how large each cheat sheet's text fits, by all the page is
# made of; where a word may be hyphenated, by its language and itself.
REMEMBERED = Remembered()
