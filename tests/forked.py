"""The real command line in a fresh process, without paying Python's start-up each time.

Children fork from one warm forkserver that has already imported bastelbogen, loaded its
plugins and the modules a build draws with, so a child costs its own work (half a CPU
second less than `python -m bastelbogen.cli` for each of the suite's hundred runs). A child
is still a process of its own: its exit code, its stdout and stderr, its working folder,
environment and limits are its own, and whatever a build leaves in memory dies with it.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

# Modules whose functions run in a child, imported once in the server (not in each
# child). One server serves the suite: whoever starts it first sets what it preloads.
PRELOAD = ["tests.forked", "tests.hostile.harness"]

_context = None


def context():
    """The forkserver context, started (lazily, on first use) with PRELOAD imported."""
    global _context
    if _context is None:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        _context = ctx
    return _context


def stop() -> None:
    """End the server and wait for it: its children's CPU time then counts in this
    process's (what `time` reports of a test run)."""
    from multiprocessing import forkserver

    if _context is not None:
        forkserver._forkserver._stop()


def warm() -> None:
    """What a build imports as it goes, imported now: the server's children inherit it."""
    import bastelbogen.cli  # noqa: F401
    import bastelbogen.pipeline.build  # noqa: F401
    from bastelbogen.pipeline import plugins
    from bastelbogen.render.syllables import positions

    plugins.load()
    # the hyphenation dictionaries of the shipped games' languages, read once here (a third
    # of a second each): every kit sets its rulebook, hyphenated, in both
    for lang in ("de", "en"):
        positions(lang, "Silbentrennung")


def output_to(logs: str) -> None:
    """The child's stdout and stderr (its file descriptors 1 and 2) into files in LOGS."""
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    for fd, name in ((1, "stdout"), (2, "stderr")):
        target = os.open(os.path.join(logs, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(target, fd)
        os.close(target)


def run_main(args: list[str], crashed: int = 1) -> int:
    """`pnp ARGS` as the installed command runs it; its exit code. An exception that
    escapes is printed with its traceback and exits `crashed` (1, as Python's own)."""
    import bastelbogen.cli

    try:
        bastelbogen.cli.main(args, prog_name="pnp", standalone_mode=True)
        return 0
    except SystemExit as exc:
        if exc.code is None:
            return 0
        if isinstance(exc.code, int):
            return exc.code
        print(exc.code, file=sys.stderr)
        return 1
    except BaseException:  # noqa: BLE001 - as the interpreter reports what escaped
        traceback.print_exc()
        return crashed


def end(code: int) -> None:
    """Leave the child with `code`, its output flushed, no cleanup of the server's."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001, S110 - the exit code matters more
            pass
    os._exit(code)


def _call_child(function, args: tuple, cwd: str, env: dict[str, str], logs: str) -> None:
    """In the child: FUNCTION(*ARGS) in CWD with ENV, output in files in LOGS; its exit
    code is what it returns (None: 0), 1 with a traceback for what escapes."""
    code = 1
    try:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
        output_to(logs)
        try:
            code = function(*args) or 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # noqa: BLE001 - as the interpreter reports what escaped
        traceback.print_exc()
        code = 1
    finally:
        end(code)


def call(function, *args, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """FUNCTION(*ARGS) (a module's own, to be found by name) in a forked child, as
    subprocess.run answers: a child killed by a signal has its negative number."""
    with tempfile.TemporaryDirectory(prefix="forked-logs-") as logs:
        child = context().Process(
            target=_call_child, args=(function, args, str(cwd), dict(os.environ), logs)
        )
        child.start()
        child.join(timeout)
        if child.is_alive():
            child.kill()
            child.join()
            raise subprocess.TimeoutExpired([function.__qualname__, *map(str, args)], timeout)
        out, err = (
            Path(logs, name).read_text(errors="replace") if Path(logs, name).exists() else ""
            for name in ("stdout", "stderr")
        )
    return subprocess.CompletedProcess([function.__qualname__], child.exitcode, out, err)


def pnp(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """`pnp ARGS` in CWD in a forked child; the answer as subprocess.run gives it."""
    argv = [str(a) for a in args]
    result = call(run_main, argv, cwd=cwd, timeout=timeout)
    result.args = ["pnp", *argv]
    return result


warm()
