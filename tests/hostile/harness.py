"""The hostile suite's harness: break a copy of real content as an attacker would, run the
real command line on it in a child process with time and memory bounds, and check what a
user may rely on – the exit code, no traceback, a located message, a previous kit left
byte for byte, and nothing written anywhere else.

Each case forks from a warm forkserver that has already imported bastelbogen, so a case
costs its own work, not Python's start-up. The child runs `bastelbogen.cli.main` as `pnp`
would, with its address space capped and its output in files.

"Hang" is counted in CPU seconds, not on the clock: on a loaded machine a child may wait
for a core far longer than it works, and that is no hang. The child's own CPU time (its
workers' included) is held against the case's limit, the kernel ends it (RLIMIT_CPU) a
little past that, and the clock only catches a child that sleeps forever, with a ceiling
far above any run.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import resource
import signal
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import forked
from tests.hostile.edits import _fill, apply_edits
from tests.hostile.projects import Kits, project, tree

GIB = 1024**3
CHILD_ADDRESS_SPACE = 2 * GIB  # the child's hard cap: a runaway allocation fails, not us
PEAK_KIB = int(1.6 * 1024 * 1024)  # resident at most: pnp's own ceiling is 1.5 GiB
INTERNAL_ERROR = 70  # the child's exit code for an exception that escaped
# The kernel's CPU ceiling for a child lies this far past the case's limit, so that the
# child overrunning it still reports (and is told apart from one the kernel ended).
CPU_GRACE = 5
# The clock's ceiling, only for a child that sleeps (a pipe that never delivers): a loaded
# two-core machine runs a child at a tenth of a core, and still stays far below this.
WALL_PER_CPU_SECOND = 20
WALL_MIN = 120.0


# --- running the command line in a child ---------------------------------------------------


def _mp():
    return forked.context()  # the suite's one warm server, this module preloaded in it


# What Pillow, reportlab or a converter could hand a picture or page to. No build or
# preview starts a program: in every case these stand-ins come first on the PATH, and one
# that is started writes its name where the case looks (STARTED) and fails.
PROGRAMS = (
    "gs",
    "gsc",
    "gsx",
    "ghostscript",
    "inkscape",
    "rsvg-convert",
    "convert",
    "magick",
    "identify",
    "pdftoppm",
    "pdftocairo",
    "mutool",
    "qpdf",
    "potrace",
    "xdg-open",
    "display",
    "eog",
    "open",
)
STARTED = "started"


def fake_programs(folder: Path, log: Path) -> str:
    """A PATH that finds a failing stand-in for each of PROGRAMS first; each started
    appends its name and arguments to `log`."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in PROGRAMS:
        script = folder / name
        script.write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\nexit 1\n')
        script.chmod(0o755)
    return f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"


def _child(root: str, args: list[str], logs: str, cpu_seconds: int) -> None:
    """Runs in the forked child: `pnp ARGS` in ROOT, output to files in LOGS, ended by the
    kernel after CPU_SECONDS of CPU (SIGXCPU, then SIGKILL a little later), with the
    stand-ins of PROGRAMS first on its PATH."""
    code = INTERNAL_ERROR
    try:
        os.environ["PATH"] = fake_programs(Path(logs) / "programs", Path(logs) / STARTED)
        os.chdir(root)
        resource.setrlimit(resource.RLIMIT_AS, (CHILD_ADDRESS_SPACE, CHILD_ADDRESS_SPACE))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 2))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # SIGXCPU leaves no core in root
        forked.output_to(logs)
        code = forked.run_main(args, crashed=INTERNAL_ERROR)  # a traceback is what we seek
    except BaseException:  # noqa: BLE001 - the harness itself failed in the child
        traceback.print_exc()
        code = INTERNAL_ERROR
    finally:
        _usage(logs)
        forked.end(code)


def _usage(logs: str) -> None:
    """The child's peak memory and CPU seconds (its workers' included), for the parent."""
    try:
        own = resource.getrusage(resource.RUSAGE_SELF)
        workers = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = sum(u.ru_utime + u.ru_stime for u in (own, workers))
        with open(os.path.join(logs, "peak_kib"), "w") as f:
            f.write(str(own.ru_maxrss))
        with open(os.path.join(logs, "cpu_seconds"), "w") as f:
            f.write(f"{cpu:.3f}")
    except BaseException:  # noqa: BLE001, S110 - the exit code matters more
        pass


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str
    seconds: float  # on the clock: reported, never judged
    peak_kib: int
    cpu: float = 0.0  # CPU seconds of the child and its workers


def run_cli(root: Path, args: list[str], logs: Path, cpu_limit: float) -> Result:
    """`pnp ARGS` in ROOT, in a child forked from the warm server; a child still working
    (in CPU seconds) past `cpu_limit`, or asleep far past it on the clock, fails the test."""
    logs.mkdir(parents=True, exist_ok=True)
    ceiling = math.ceil(cpu_limit) + CPU_GRACE
    process = _mp().Process(target=_child, args=(str(root), list(args), str(logs), ceiling))
    start = time.monotonic()
    process.start()
    wall = max(WALL_MIN, WALL_PER_CPU_SECOND * cpu_limit)
    process.join(wall)
    seconds = time.monotonic() - start
    shown = f"`pnp {' '.join(args)}`"
    if process.is_alive():
        process.kill()
        process.join()
        pytest.fail(f"hang: {shown} still ran after {seconds:g} s on the clock")
    if process.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
        signame = signal.Signals(-process.exitcode).name
        pytest.fail(f"hang: {shown} was ended by {signame} (its CPU ceiling: {ceiling} s)")

    def read(name: str) -> str:
        path = logs / name
        return path.read_text(errors="replace") if path.exists() else ""

    peak, cpu = read("peak_kib").strip(), read("cpu_seconds").strip()
    return Result(
        process.exitcode,
        read("stdout"),
        read("stderr"),
        seconds,
        int(peak) if peak.isdigit() else 0,
        float(cpu) if cpu else 0.0,
    )


# --- cases ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One attack: edits to a copy of a game, a command line, and what must come of it.

    `pattern` is a regular expression (re.M) the stderr of a failed run must match (a run
    that may and does succeed has nothing to say); in it `{line}` stands
    for `<file of the first edit>:<line of its new text>:<any column>` and `{at}` for the
    exact place of the edit's `at` text. `expect_code` may be a tuple of acceptable codes.
    """

    id: str
    game: str
    edits: tuple = ()
    args: tuple[str, ...] | None = None  # default: ("build", game)
    expect_code: int | tuple[int, ...] = 1
    pattern: str = ""
    limit: float = 10.0  # CPU seconds the run may take, its workers' included
    prebuilt: bool = True

    @property
    def argv(self) -> list[str]:
        return list(self.args) if self.args is not None else ["build", self.game]


def _kit_complete(kit: Path) -> None:
    manifest = json.loads((kit / "manifest.json").read_text())
    listed = [f["path"] for f in manifest["files"]]
    assert listed, "the manifest lists no files"
    missing = [p for p in listed if not (kit / p).is_file()]
    assert not missing, f"the manifest lists files that are not there: {missing}"


def _out_tree(out: Path, game: str) -> dict[str, str]:
    """out/ as `tree` sees it, but for the per-game lock file (`out/.<game>.lock`, empty),
    which builds leave by design so that builds of one game take turns."""
    found = tree(out)
    lock = f".{game}.lock"
    if found.get(lock) == hashlib.sha256(b"").hexdigest():
        del found[lock]
    return found


def _diff(before: dict, after: dict) -> str:
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = sorted(k for k in set(before) & set(after) if before[k] != after[k])
    parts = [
        f"{what}: {names[:8]}"
        for what, names in (("added", added), ("removed", removed), ("changed", changed))
        if names
    ]
    return "; ".join(parts)


def run_case(case: Case, tmp_path: Path, kits: Kits) -> Result:
    prebuilt = kits.get(case.game) if case.prebuilt else None
    root, outside = project(tmp_path, case.game, prebuilt)
    marks = apply_edits(case.edits, root, outside)
    args = [_fill(a, root, outside) for a in case.argv]
    out = root / "out"
    out_before = _out_tree(out, case.game)
    root_before = tree(root, skip=("out",))
    outside_before = tree(outside)
    result = run_cli(root, args, tmp_path / "logs", case.limit)
    output = result.stdout + result.stderr
    report = (
        f"pnp {' '.join(args)} -> exit {result.returncode} in {result.cpu:.1f} s of CPU"
        f" ({result.seconds:.1f} s on the clock), peak {result.peak_kib // 1024} MiB"
        f"\n--- stderr ---\n{result.stderr[-4000:]}"
        f"\n--- stdout ---\n{result.stdout[-1500:]}"
    )

    assert "Traceback" not in output, f"traceback\n{report}"
    started = tmp_path / "logs" / STARTED
    assert not started.exists(), f"a program was started: {started.read_text()}\n{report}"
    codes = case.expect_code if isinstance(case.expect_code, tuple) else (case.expect_code,)
    assert result.returncode in codes, f"exit {result.returncode}, expected {codes}\n{report}"
    pattern = case.pattern
    for key, value in marks.items():
        pattern = pattern.replace(key, value)
    assert "{line}" not in pattern and "{at}" not in pattern, "the case has no edit to mark"
    if result.returncode != 0:  # a case that may build says where, should it fail
        assert re.search(pattern, result.stderr, re.M), (
            f"stderr does not match {pattern!r}\n{report}"
        )
    assert result.cpu < case.limit, f"took {result.cpu:.1f} s of CPU\n{report}"
    assert result.peak_kib < PEAK_KIB, f"peak memory {result.peak_kib // 1024} MiB\n{report}"

    assert tree(outside) == outside_before, (
        f"the outside folder changed: {_diff(outside_before, tree(outside))}\n{report}"
    )
    assert tree(root, skip=("out",)) == root_before, (
        f"the project changed outside out/: {_diff(root_before, tree(root, skip=('out',)))}"
        f"\n{report}"
    )
    builds = case.argv[0] == "build" and 0 in codes and result.returncode == 0
    if builds:
        game_out = out / case.game
        assert game_out.is_dir() and not game_out.is_symlink(), (
            f"out/{case.game} is not a folder after the build\n{report}"
        )
        _kit_complete(game_out)
        top_before = {k for k in out_before if "/" not in k}
        top_after = {k for k in _out_tree(out, case.game) if "/" not in k}
        kept = {case.game, f".{case.game}.remembered.json"}  # what a build leaves by design
        assert top_after <= top_before | kept, (
            f"debris in out/: {sorted(top_after - top_before - kept)}\n{report}"
        )
    else:
        after = _out_tree(out, case.game)
        assert after == out_before, f"out/ changed: {_diff(out_before, after)}\n{report}"
        if not case.prebuilt:
            assert not out.exists(), f"out/ appeared\n{report}"
    return result
