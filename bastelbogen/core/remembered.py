"""One cache for what is made again and again (a drawing, a resolved box, a worked-out
result), found by all it was made of: an entry's key is its inputs (a tuple of them in memory,
their digest on disk), in a region that ends with what it serves.

- A document's, held by its canvas: its forms by what they draw (`FORMS`, render/paint.py),
  and the operators a box wrote, written again where it is drawn again (`DRAWINGS`; a
  painter's checks still run for every item): a form's name or a font's subset means
  nothing in another PDF.
- A layout box's (`BOXES`): the boxes it resolved, by the values they read (layout/values.py).
- A kit's (`REMEMBERED`): plain results kept between builds beside it, in a file that may be
  deleted at any time (out/.<game>.remembered.json), written once the kit is published, under
  the game's lock, never by a build that fails or validates: out/ changes only when a kit does.

A kit's result is found only under the digest of all its inputs and of the code that made it
(every module of the package by its size and last change, reportlab's and pyphen's
versions, the installed distributions: a plug-in's), so a remembered result is the one the
build would work out again: deleting the file, or a file that does not read, only makes a
build slower, never different. What is remembered is plain numbers (how large a cheat
sheet's text fits, where a word may break), hashes, the names of modules of the package
(which registers an entry: core/registry.py) and the warnings a file's drawing told (`told`),
each checked to be one when it is read back.

A whole file of a kit is remembered the same way (`reuse_file`, `file_made`): by the hash of
its bytes under the digest of all it is made of. A rebuild whose file would come out the
same copies the previous kit's file, once its bytes are seen to hash to what was made;
anything else there (a file changed by hand, a link, a device) is not used, and the file is
made anew. A file whose drawing warned is copied with its warnings remembered beside it, and
they are told again: a copy warns as the drawing did."""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from io import BufferedReader
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from bastelbogen.core import limits
from bastelbogen.core.entrypoints import installed_digest

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
Result = list[Any]  # a kit's result: plain values (`plain`), read back from JSON
ABSENT = object()  # what `get` answers for a key not kept, where None may be a value


class Cache(dict[K, V]):
    """Values by the inputs they were made from, at most `bound` of them (0: all): a full one
    is emptied, as a deck's items come in runs that look alike (what is dropped is made again)."""

    __slots__ = ("bound",)  # no dictionary of its own: looked up as fast as a plain one

    def __init__(self, bound: int = 0) -> None:
        super().__init__()
        self.bound = bound

    def put(self, key: K, value: V) -> V:
        if self.bound and len(self) >= self.bound:
            self.clear()
        self[key] = value
        return value


class Region(NamedTuple):
    """A cache each owner holds (a document's canvas, a layout's box), gone with its owner."""

    name: str
    bound: int = 0

    def of(self, owner: object) -> Cache[Any, Any]:
        found: Cache[Any, Any] | None = owner.__dict__.get(self.name)
        if found is None:
            found = owner.__dict__[self.name] = Cache(self.bound)
        return found


FORMS = Region("_cached_forms")  # all kept: the placements after a form name it
DRAWINGS = Region("_cached_drawings", 2048)  # far more than a page's distinct boxes
BOXES = Region("_cached_boxes", 128)  # a deck cycles through far fewer looks per box
# Operators that name a resource of the page or form they are drawn in (a graphics state, a
# colour space, a shading, a placed form or picture: ISO 32000-1, 7.8.3): not kept to be
# written again, as the next page or form would lack it.
_RESOURCES = (" gs", " cs", " CS", " scn", " SCN", " sh", " Do", " BDC")
_PIECE = 1024 * 1024  # read and copied at a time
TOLD_CHARS = 4096  # the longest text of a warning remembered (a place, a sentence)


def replayed(canvas: Any, key: Hashable) -> bool:
    """Whether what was drawn under `key` on this canvas was drawn again, now."""
    drawn = DRAWINGS.of(canvas).get(key)
    canvas._code.extend(drawn or ())
    return drawn is not None


@contextmanager
def recorded(canvas: Any, key: Hashable) -> Iterator[None]:
    """Keep what the block draws under `key`, if it can be drawn again as it is: the block
    ended no form or page, and names no resource of one."""
    code, start = canvas._code, len(canvas._code)
    yield
    drawn = tuple(code[start:])
    if canvas._code is code and not any(name in op for op in drawn for name in _RESOURCES):
        DRAWINGS.of(canvas).put(key, drawn)


def digest(*parts: object) -> str:
    """The hash of `parts` (plain values: text, numbers, tuples of them) and of the code."""
    text = repr((code_digest(), parts))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=1)
def code_digest() -> str:
    """Every module of the package, by its size and the time it was last changed (as
    Python knows its compiled modules to be current), and the versions of the libraries
    that set text (as every library a result names: `installed`), and the distributions
    installed (a plug-in's code draws and checks too: core/entrypoints.py)."""
    found = hashlib.sha256(f"{installed('reportlab')}|{installed('pyphen')}".encode())
    found.update(installed_digest().encode())
    for name, size, changed in sorted(_modules(str(Path(__file__).resolve().parent.parent))):
        found.update(f"{name}|{size}|{changed};".encode())
    return found.hexdigest()


def _modules(folder: str, prefix: str = "") -> list[tuple[str, int, int]]:
    """(name within the package, size, last change in ns) of each module under `folder`."""
    found = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
                found += _modules(entry.path, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".py") and entry.is_file(follow_symlinks=False):
                info = entry.stat(follow_symlinks=False)
                found.append((prefix + entry.name, info.st_size, info.st_mtime_ns))
    return found


@cache
def installed(distribution: str, module: str | None = None) -> str:
    """The installed version of a library (`module`: the name it is imported by, when not
    its distribution's: PIL for pillow), read from the name of its distribution's folder
    beside it rather than by importing it (numpy alone costs a small build a tenth of its
    time) or importlib.metadata (half that): a remembered result names the libraries that
    made it. Unknown (a library installed otherwise) reads as its place on disk, so a change
    of it is never taken for the same."""
    from importlib.util import find_spec

    spec = find_spec(module or distribution)
    if spec is None or not spec.submodule_search_locations:
        return "missing"
    home = Path(next(iter(spec.submodule_search_locations))).parent
    # Named as the installer spelled it: pillow-13.0.0.dist-info, Pillow-9.5.0.dist-info.
    prefix = f"{distribution.lower().replace('-', '_')}-"
    found = sorted(
        name
        for name in _listing(str(home))
        if name.endswith(".dist-info") and name.lower().startswith(prefix)
    )
    return found[0] if len(found) == 1 else str(home / (module or distribution))


@cache
def _listing(folder: str) -> tuple[str, ...]:
    """The names in a library folder, read once for every library installed there."""
    try:
        return tuple(os.listdir(folder))
    except OSError:
        return ()


_HASH = re.compile(r"[0-9a-f]{64}|[0-9a-f]{20}")  # a digest, or a face's fingerprint
_MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}(?:\.[A-Za-z_][A-Za-z0-9_]{0,63}){1,8}")


def plain(value: object) -> bool:
    """Whether a value read back is what is remembered: a finite number, a hash (64 hex
    digits, or a fingerprint's 20: layout/fingerprints.py), a module's dotted name, a
    warning told (`told`), or a list of them and None."""
    if isinstance(value, list):
        return told(value) or all(v is None or plain(v) for v in value)
    if isinstance(value, str):
        return _HASH.fullmatch(value) is not None or _MODULE.fullmatch(value) is not None
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


# A warning a file's drawing told, to be told again when the file is copied (a preflight
# finding: checks/preflight.py): its place (file, line, column, cell), its kind, its sentence,
# how many times it was told, and what places share: its cause, component and least measure.
_TOLD = (str, int, int, str, str, str, int, str, str, float)


def told(value: list[Any]) -> bool:
    """Whether a list read back is a warning told: its fields of their types (no bool for a
    number), its texts printable (nothing a terminal would take for a command) and of
    bounded length."""
    return (
        len(value) == len(_TOLD)
        and all(type(v) is kind for v, kind in zip(value, _TOLD, strict=True))
        and all(len(v) <= TOLD_CHARS and v.isprintable() for v in value if isinstance(v, str))
    )


def open_regular(path: Path) -> BufferedReader | None:
    """A regular file opened to read, or None: missing, a link (not followed: out/ may hold
    anything), a device or a pipe (which would never end or never answer)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    f = os.fdopen(fd, "rb")
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        f.close()
        return None
    return f


def read_regular(path: Path, limit: int) -> bytes | None:
    """A regular file's bytes (see `open_regular`), or None, also when it is larger than
    `limit`."""
    f = open_regular(path)
    if f is None:
        return None
    with f:
        data = f.read(limit + 1)
    return data if len(data) <= limit else None


def reuse_file(key: str, before: Path, target: Path, limit: int) -> bool:
    """`before` (the previous kit's file) copied to `target`, if it is what was made under
    `key`: its bytes, as they are copied, hash to the hash remembered there (a file that
    does not is removed again). Copied a piece at a time: a deck's sheets may be large."""
    found = REMEMBERED.get(key)
    if not found or len(found) != 1 or not isinstance(found[0], str):
        return False
    source = open_regular(before)
    if source is None:
        return False
    seen = hashlib.sha256()
    size = 0
    with source, open(target, "wb") as out:
        while piece := source.read(_PIECE):
            size += len(piece)
            if size > limit:
                break
            seen.update(piece)
            out.write(piece)
    if size > limit or seen.hexdigest() != found[0]:
        target.unlink(missing_ok=True)
        return False
    return True


def file_made(key: str, target: Path) -> None:
    """The file just written at `target` remembered under `key`, by the hash of its bytes
    (read a piece at a time)."""
    with open(target, "rb") as f:
        REMEMBERED.put(key, [hashlib.file_digest(f, "sha256").hexdigest()])


class Remembered(Cache[str, Result]):
    """A kit's region in one process: the results read from its file, and those worked out
    since, to be written beside the kit when it is published."""

    def __init__(self) -> None:
        super().__init__()
        self._fresh: set[str] = set()  # worked out since the file was read
        self._hooks: list[Callable[[], None]] = []  # called by `forget` (`on_forget`)

    def put(self, key: str, value: Result) -> Result:
        if self.get(key) != value:
            self[key] = value
            self._fresh.add(key)
        return value

    def fresh(self) -> dict[str, Result]:
        """What was worked out here: a worker process (--jobs) hands it back (`merge`)."""
        return {key: self[key] for key in self._fresh}

    def merge(self, found: dict[str, Result]) -> None:
        for key, value in found.items():
            self.put(key, value)

    def read(self, path: Path) -> None:
        """What the file remembers, added; a missing, oversized or damaged file is passed by
        (a link is not followed: out/ may hold anything)."""
        data = read_regular(path, limits.MAX_REMEMBERED_BYTES)
        if data is None:
            return
        try:
            found = json.loads(data)
        except (ValueError, RecursionError):
            return
        if isinstance(found, dict):
            for key, value in found.items():
                if isinstance(key, str) and len(key) == 64 and plain(value):
                    self.setdefault(key, value)

    def write(self, path: Path) -> None:
        """The results written whole (a new file moved into place: a reader never sees half
        of one) when anything new was worked out: every one the file can hold, else the
        most recent (`_bounded`)."""
        if not self._fresh:
            return
        text = _bounded(dict(self))
        try:
            fd, temporary = tempfile.mkstemp(prefix=f"{path.name}.", dir=path.parent)
        except OSError:  # a folder that takes no more files: the next build works it out
            return
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(temporary, 0o644)  # like every file of the kit
            os.replace(temporary, path)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            return
        self._fresh.clear()

    def forget(self) -> None:
        """A new build: only what its kit's file remembers counts."""
        self.clear()
        self._fresh.clear()
        for hook in self._hooks:
            hook()

    def on_forget(self, hook: Callable[[], None]) -> None:
        """`hook` called at each new build: what noted a result as told tells it again."""
        self._hooks.append(hook)


def _bounded(results: dict[str, Result]) -> str:
    """The results as JSON that `Remembered.read` takes back: all of them (a deck's every
    paragraph, a count would drop some of a big one's and leave it to fit them again each
    build), or, past limits.MAX_REMEMBERED_BYTES, the most recent half, and so on. ASCII
    (json's default), so its characters are its bytes."""
    text = json.dumps(results)
    while len(text) > limits.MAX_REMEMBERED_BYTES:
        results = dict(list(results.items())[(len(results) + 1) // 2 :])
        text = json.dumps(results)
    return text


# What a kit's build remembers: how large each cheat sheet's text fits, by all the page is
# made of; where a word may be hyphenated, by its language and itself; how far apart the
# colours a check tells apart are, by the colours; the hash of each file, by all it is made
# of, and what a sheets file's drawing warned.
REMEMBERED = Remembered()
