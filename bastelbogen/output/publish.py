"""Putting a finished kit in place: out/<game> is at every instant the whole old kit or the
whole new one, even if the process is killed between any two system calls.

A kit is written into a staging folder beside it (`out/.<game>.new-XXXX`), then swapped in
with one atomic exchange of the two names (Linux `renameat2(RENAME_EXCHANGE)`, macOS
`renamex_np(RENAME_SWAP)`): before the exchange the old kit is in place, after it the new
one; the old kit, now under the staging name, is removed afterwards. A build killed at any
point leaves at most a staging folder, which the next build of that game removes. Builds of
one game take turns through a lock (`out/.<game>.lock`), so a build never removes the
staging folder of one still running. Where neither exchange exists, two renames are used,
with a moment between them in which out/<game> is missing.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from bastelbogen.core.limits import MAX_REUSED_BYTES
from bastelbogen.core.remembered import file_made, reuse_file

if sys.platform == "win32":  # pragma: no cover - no fcntl: builds of one game must not overlap
    fcntl = None
else:
    import fcntl


class OutsideError(Exception):
    """A path to be written resolves outside the output folder."""


@lru_cache(maxsize=1)
def _exchange_call() -> Callable[[bytes, bytes], int] | None:
    """The C library's atomic swap of two names, looked up when a kit is first swapped in."""
    import ctypes
    import ctypes.util

    libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
    if sys.platform.startswith("linux") and hasattr(libc, "renameat2"):
        at_fdcwd, rename_exchange = -100, 2
        return lambda a, b: libc.renameat2(at_fdcwd, a, at_fdcwd, b, rename_exchange)
    if sys.platform == "darwin" and hasattr(libc, "renamex_np"):
        rename_swap = 2
        return lambda a, b: libc.renamex_np(a, b, rename_swap)
    return None


def exchange(a: Path, b: Path) -> None:
    """Swap the names `a` and `b` in one step (neither is followed if it is a link)."""
    swap = _exchange_call()
    if swap is not None:
        if swap(os.fsencode(a), os.fsencode(b)) == 0:
            return
        import ctypes

        err = ctypes.get_errno()
        if err not in (22, 38, 95):  # EINVAL, ENOSYS, EOPNOTSUPP: the file system cannot
            raise OSError(err, os.strerror(err), str(b))
    aside = b.with_name(b.name + ".swap")
    os.rename(b, aside)
    os.rename(a, b)
    os.rename(aside, a)


def remove(path: Path) -> None:
    """Remove a file, a link (never what it points to) or a folder."""
    if path.is_symlink() or not path.is_dir():
        path.unlink(missing_ok=True)
    else:
        shutil.rmtree(path, ignore_errors=True)


class Staging:
    """The folder a kit is written into before it is swapped in; `published`, the kit it
    replaces (whose files a file made of the same inputs may be copied from)."""

    def __init__(self, folder: Path, published: Path | None = None):
        self.folder = folder
        self.published = published
        self._root = folder.resolve()
        self.written: set[Path] = set()

    def reused(self, relative: str, key: str) -> bool:
        """The published kit's file at `relative` written again, when it is the one made of
        the same inputs (`key`: the digest of all of them; core/remembered.py)."""
        if self.published is None:
            return False
        target = self.path(relative)
        if reuse_file(key, self.published / relative, target, MAX_REUSED_BYTES):
            return True
        self.written.discard(target)  # it is to be written after all
        return False

    def made(self, relative: str, key: str) -> None:
        """The file just written at `relative` remembered as the one made of `key`."""
        file_made(key, self.folder / relative)

    def path(self, relative: str) -> Path:
        """`relative` inside the staging folder, checked after resolving (links and all)."""
        target = (self.folder / relative).resolve()
        if self._root not in target.parents:
            raise OutsideError(
                f"refusing to write {relative}: it resolves outside the output folder, to {target}"
            )
        if target in self.written:
            raise OutsideError(f"refusing to write {relative} twice in one kit")
        self.written.add(target)
        # Writers in parallel workers (--jobs) may make a language's folder at the same time.
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def publish(self, target: Path) -> Path:
        if os.path.lexists(target):
            _replaceable(target)
            exchange(self.folder, target)
            remove(self.folder)  # the old kit, now under the staging name
        else:
            os.rename(self.folder, target)
        return target


def _lock(out: Path, game: str) -> tuple[int, Path]:
    """Open and lock out/.<game>.lock, never following a link; if a failed first build
    removed the file while we waited, lock the new one."""
    while True:
        out.mkdir(parents=True, exist_ok=True)
        path = out / f".{game}.lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        if fcntl is None:
            return fd, path
        fcntl.flock(fd, fcntl.LOCK_EX)  # wait for another build of this game
        try:
            if os.stat(path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino:
                return fd, path
        except FileNotFoundError:
            pass
        os.close(fd)


def _replaceable(target: Path) -> None:
    """Only a kit (a folder with manifest.json), a file or a link is replaced: `--out
    content` must not swap a game's own folder away."""
    if target.is_dir() and not target.is_symlink() and not (target / "manifest.json").is_file():
        raise OutsideError(
            f"{target} is a folder but not a kit (it has no manifest.json);"
            " it is left alone: choose another --out"
        )


def remembered(out: Path, game: str) -> Path:
    """Where builds of `game` keep what they remember (core/remembered.py), beside the kit;
    written once the kit is published."""
    return out / f".{game}.remembered.json"


def _sweep(out: Path, game: str) -> None:
    """What killed builds of `game` left in `out` removed (under the game's lock): a
    staging folder, a swap, a remembered file half written."""
    half = remembered(out, game)
    for leftover in [
        *out.glob(f".{game}.new-*"),
        out / f"{game}.swap",
        *out.glob(f"{half.name}.*"),
    ]:
        if os.path.lexists(leftover):
            remove(leftover)


def sweep(out: Path, game: str) -> None:
    """The leftovers of a build of `game` that died (its worker was killed) removed now,
    not at the next build: out/ is as it was before."""
    if not os.path.isdir(out):
        return
    fd, _ = _lock(out, game)
    try:
        _sweep(out, game)
    finally:
        os.close(fd)


@contextmanager
def scratch() -> Iterator[Staging]:
    """A staging folder that is never published (validate writes nothing into it)."""
    with tempfile.TemporaryDirectory(prefix="pnp-check-") as folder:
        yield Staging(Path(folder))


@contextmanager
def staged(out: Path, game: str) -> Iterator[Staging]:
    """A staging folder for one game's kit in `out`, under that game's lock; removed with
    everything in it if the build fails. Leftovers of killed builds are swept first."""
    created = not os.path.lexists(out)
    _replaceable(out / game)  # before anything is written beside it
    fd, lock_path = _lock(out, game)
    try:
        _sweep(out, game)
        folder = Path(tempfile.mkdtemp(prefix=f".{game}.new-", dir=out))
        folder.chmod(0o755)  # mkdtemp makes it private; the kit is an ordinary folder
        try:
            yield Staging(folder, out / game)
        except BaseException:
            remove(folder)
            if created and [p.name for p in out.iterdir()] == [lock_path.name]:
                lock_path.unlink()  # still locked: a waiting build notices and starts anew
                out.rmdir()  # a failed first build leaves no trace
            raise
    finally:
        os.close(fd)
