"""One fuzzed run: `pnp validate` of a mutated project copy, in a forked child held to CPU
and memory limits, and what came of it, judged as the README promises.

The child runs the function the command line's validate runs (pipeline.build.check_game)
in this process's warm state, and maps what it raises as cli.validate_cmd does: a
ContentError is exit 1 with its problems, an OptionError a usage error (exit 2). Anything
else (a traceback), a signal (a native crash), the CPU limit (a hang) or a problem placed
outside the project or without a line in a text file is a finding."""

from __future__ import annotations

import faulthandler
import os
import pickle
import resource
import select
import signal
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, OptionError, ProofError

CPU_SECONDS = 30  # one run: the shipped games validate in under one
WALL_SECONDS = 600  # only for a child that sleeps: a loaded machine is slow, not hung
TEXT_SUFFIXES = (".yaml", ".yml", ".csv", ".j2", ".txt")


@dataclass
class Outcome:
    """What one run ended in: kind is ok, content (exit 1), option (exit 2), or a finding
    (traceback, proof, memory, signal, hang, unlocated)."""

    kind: str
    detail: str = ""
    problems: list[tuple[str, int, int, str]] = field(default_factory=list)  # file,line,col,msg

    @property
    def finding(self) -> bool:
        return self.kind not in ("ok", "content", "option")

    def signature(self) -> str:
        """What tells two findings apart: the kind and where it came from (the innermost
        frame of ours in a traceback, the message's start otherwise)."""
        return f"{self.kind}: {self.detail.splitlines()[0] if self.detail else ''}"[:300]


def _innermost(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "bastelbogen" in f.filename] or frames
    where = f"{Path(ours[-1].filename).name}:{ours[-1].lineno} in {ours[-1].name}" if ours else ""
    return f"{type(exc).__name__} at {where}: {str(exc)[:200]}"


def _run(call: Callable[[], object]) -> tuple:
    try:
        call()
        return ("ok", "", [])
    except ContentError as exc:
        located = [(p.loc.file, p.loc.line, p.loc.col, p.loc.cell, p.message) for p in exc.problems]
        return ("content", "", located)
    except OptionError as exc:
        return ("option", str(exc), [])
    except ProofError as exc:
        return ("proof", str(exc), [])
    except MemoryError:
        return ("memory", "MemoryError (the CLI says: asks for more memory)", [])
    except RecursionError as exc:
        return ("traceback", _innermost(exc) + "\n" + traceback.format_exc(), [])
    except Exception as exc:  # noqa: BLE001 - a traceback is what we look for
        return ("traceback", _innermost(exc) + "\n" + traceback.format_exc(), [])


def _cap_memory() -> None:
    """The command line's own memory cap (limits.MAX_MEMORY_BYTES), counted from what the
    child inherits: a test process that ran much before maps more than a fresh `pnp`."""
    with open("/proc/self/statm") as stat:
        mapped = int(stat.read().split()[0]) * resource.getpagesize()
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    ceiling = mapped + limits.MAX_MEMORY_BYTES
    if hard != resource.RLIM_INFINITY:
        ceiling = min(ceiling, hard)
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))


def _child(call: Callable[[], object], outbox: int, cpu_seconds: int) -> None:
    code = 0
    try:
        faulthandler.disable()  # pytest's, on a copy of stderr: a crash is told by its signal
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)  # validate's "ok" lines and warnings are not the test's output
        os.dup2(quiet, 2)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        # The soft limit only (SIGXCPU ends the child): a hard one would keep the spreadsheet
        # reader's own child (core/isolated.py) from setting its own.
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, hard))
        _cap_memory()
        result = _run(call)
        data = pickle.dumps(result)
        with os.fdopen(outbox, "wb") as stream:
            stream.write(data)
    except BaseException:  # noqa: BLE001 - the child never returns into the test
        code = 3
    finally:
        os._exit(code)


def run_isolated(call: Callable[[], object], cpu_seconds: int = CPU_SECONDS) -> Outcome:
    """`call()` in a forked child: its outcome, a signal or the CPU limit as findings."""
    inbox, outbox = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(inbox)
        _child(call, outbox, cpu_seconds)
    os.close(outbox)
    chunks: list[bytes] = []
    timed_out = False
    with os.fdopen(inbox, "rb") as stream:
        while True:
            ready, _, _ = select.select([stream], [], [], WALL_SECONDS)
            if not ready:
                os.kill(pid, signal.SIGKILL)
                timed_out = True
                break
            chunk = os.read(stream.fileno(), 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if timed_out:
        return Outcome("hang", f"no answer after {WALL_SECONDS} s on the clock")
    if os.WIFSIGNALED(status):
        sig = signal.Signals(os.WTERMSIG(status))
        if sig in (signal.SIGXCPU, signal.SIGKILL):
            return Outcome("hang", f"ended by {sig.name} after {cpu_seconds} s of CPU")
        return Outcome("signal", f"native crash: {sig.name}")
    if not chunks:
        return Outcome("signal", f"the child died without an answer (status {status})")
    kind, detail, problems = pickle.loads(b"".join(chunks))
    return Outcome(kind, detail, problems)


def judge(outcome: Outcome, root: Path, allowed: tuple[Path, ...] = ()) -> Outcome:
    """An exit 1 whose problems are not all located inside the project becomes a finding:
    each problem names a file in `root` (or in `allowed`), and a line in a text file."""
    if outcome.kind != "content":
        return outcome
    if not outcome.problems:
        return Outcome("unlocated", "a ContentError with no problems")
    bases = [b for a in (root, *allowed) for b in (a, a.resolve())]
    for file, line, col, cell, message in outcome.problems:
        # The place as a user reads it: no resolving (a name may hold a NUL, or be too long
        # for the file system); the project's files are named by absolute paths.
        path = Path(os.path.normpath(file)) if file else None
        inside = path is not None and any(path.is_relative_to(b) for b in bases)
        if not inside:
            return Outcome("unlocated", f"placed outside the project: {file}: {message}")
        if path.suffix.lower() in TEXT_SUFFIXES and _is_file(path) and not cell and line < 1:
            return Outcome(
                "unlocated", f"no line in a text file: {path.name}:{line}:{col}: {message}"
            )
    return outcome


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long, or with a NUL: no file of the project
        return False
