"""Native readers run apart: a stranger's file may make a reader written in another language
abort the whole process (a crafted workbook asks the spreadsheet reader for 512 GiB, and it
ends the process with SIGABRT, which no `except` catches). Such a read runs in a forked child
whose memory and CPU time are bounded; the child sends back what it read, or the error it
raised, and its death (a signal, the memory or time limit) comes back as a located error
naming the file."""

from __future__ import annotations

import faulthandler
import os
import pickle
import resource
import select
import signal
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.workers import can_fork

T = TypeVar("T")


def isolated(read: Callable[[], T], path: Path, what: str) -> T:
    """`read()`'s result, computed in a child process; a ContentError it raises is raised
    here; any other way it ends is a located error about `path` (a `what`)."""
    if not can_fork():  # no fork (Windows): read in this process, as --jobs builds in one
        return read()
    inbox, outbox = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(inbox)
        _child(read, outbox)
    os.close(outbox)
    data = _collect(inbox, pid)
    _, status = os.waitpid(pid, 0)
    if data:
        kind, value = pickle.loads(data)
        if kind == "ok":  # what the child's read() returned, pickled: a T
            return cast(T, value)
        if kind == "content":
            raise ContentError(value)
    raise ContentError(Problem(Loc(str(path), 1, 1), _death(status, what, path)))


def _child(read: Callable[[], object], outbox: int) -> None:
    code = 0
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)  # a native reader's own dying words are not
        os.dup2(quiet, 2)  # the user's: the parent tells what happened, located
        faulthandler.disable()  # nor a dump of the child's stack (it writes past fd 2)
        _bound()
        try:
            result: tuple[str, object] = ("ok", read())
        except ContentError as exc:
            result = ("content", exc.problems)
        data = pickle.dumps(result)
        with os.fdopen(outbox, "wb") as stream:
            stream.write(data)
    except BaseException:  # noqa: BLE001 - whatever it was, the parent tells it as the file's
        code = 1
    finally:
        os._exit(code)


def _bound() -> None:
    """The child's memory (beyond what it inherits) and CPU time, held to the limits."""
    # Never above a limit the run already has (`ulimit -t`): raising a hard limit is refused,
    # and the refusal told every workbook as one the reader could not read.
    _, held = resource.getrlimit(resource.RLIMIT_CPU)
    soft, hard = limits.READER_CPU_SECONDS, limits.READER_CPU_SECONDS + 1
    if held != resource.RLIM_INFINITY:  # -1 on Linux: no min() over it
        soft, hard = min(soft, max(held - 1, 1)), min(hard, held)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    try:
        with open("/proc/self/statm") as stat:  # pages mapped now, inherited from the parent
            mapped = int(stat.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):  # no /proc: the time limit still holds
        return
    ceiling = mapped + limits.READER_MEMORY_BYTES
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    for held in (soft, hard):  # never more than the run itself may have (limits.cap_memory)
        if held != resource.RLIM_INFINITY:
            ceiling = min(ceiling, held)
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))


def _collect(inbox: int, pid: int) -> bytes:
    """All the child sends; a child that sends nothing for far longer than its CPU limit
    (asleep, or stopped) is ended."""
    chunks: list[bytes] = []
    with os.fdopen(inbox, "rb") as stream:
        while True:
            ready, _, _ = select.select([stream], [], [], limits.READER_WALL_SECONDS)
            if not ready:
                os.kill(pid, signal.SIGKILL)
                return b""
            chunk = os.read(stream.fileno(), 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


def _death(status: int, what: str, path: Path) -> str:
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        why = {
            signal.SIGXCPU: f"took more than {limits.READER_CPU_SECONDS} s",
            signal.SIGKILL: "took too long or too much memory",
            signal.SIGABRT: "ran out of the memory it may use (or gave up)",
        }.get(signal.Signals(sig), f"crashed ({signal.Signals(sig).name})")
    else:
        why = "ran out of the memory it may use, or could not go on"
    return (
        f"the {what} reader {why} on {path.name}: the file asks for more than a"
        f" {what} of a game can hold; it is not read"
    )
