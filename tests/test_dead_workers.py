"""--jobs when a worker dies (killed, out of memory, an abrupt exit) or the user presses
Ctrl-C: the build ends at once with a clear line and its exit code, no traceback, no
worker left running, the game's lock let go and the previous kit exactly as it was."""

from __future__ import annotations

import faulthandler
import fcntl
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bastelbogen.core import workers
from tests import forked
from tests.conftest import ROOT

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

BUILD = 120  # seconds a killed build may take to end: far above the few it needs


def _children(pid: int) -> list[int]:
    """The processes `pid` has forked and not yet reaped."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:  # it has ended
        return found
    for task in tasks:
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:  # the thread ended meanwhile
            pass
    return found


# In-process: the pool itself.


def test_a_worker_that_exits_abruptly_is_told_and_the_others_are_ended(tmp_path):
    """A task that ends its worker with os._exit: WorkerDied says how, at once (the other
    worker's task would sleep for a minute), and that worker was asked to stop and undid
    what it was doing (its `finally` ran) before in_order gave up."""
    before = set(_children(os.getpid()))
    started, undone = tmp_path / "started", tmp_path / "undone"

    def work(n: int):
        if n == 1:
            while not started.exists():  # the other task is under way
                time.sleep(0.01)
            os._exit(3)
        try:
            started.touch()
            time.sleep(60)
        finally:
            undone.write_text("yes")

    with pytest.raises(workers.WorkerDied, match=r"a build worker died \(exited with status 3\)"):
        list(workers.in_order(work, 2, 2))
    assert undone.read_text() == "yes"
    assert set(_children(os.getpid())) == before  # every worker reaped


@pytest.mark.parametrize(
    ("number", "told"),
    [
        (signal.SIGKILL, "killed by signal 9, SIGKILL: out of memory, or ended from outside"),
        (signal.SIGABRT, "killed by signal 6, SIGABRT: it gave up, often for want of memory"),
        (signal.SIGSEGV, "killed by signal 11, SIGSEGV"),
    ],
)
def test_a_killed_worker_is_told_by_its_signal(number: int, told: str):
    def work(n: int):
        if n == 2:
            faulthandler.disable()  # pytest's: it would tell the crash first
            os.kill(os.getpid(), number)
        return n

    with pytest.raises(workers.WorkerDied) as died:
        list(workers.in_order(work, 4, 2))
    assert os.WTERMSIG(died.value.status) == number
    assert str(died.value) == f"a build worker died ({told})"


def test_with_lost_a_dead_workers_task_comes_back_and_the_rest_are_done():
    """Side by side (one game a worker), a death costs only its task: it comes back as
    `lost` says, a new worker takes the place, every other task's result comes in order."""
    before = set(_children(os.getpid()))

    def work(n: int):
        if n in (1, 4):
            os._exit(5)
        return n * 10

    got = list(workers.in_order(work, 6, 2, lost=lambda n, died: (n, str(died))))
    died = "a build worker died (exited with status 5)"
    assert got == [0, (1, died), 20, 30, (4, died), 50]
    assert set(_children(os.getpid())) == before


def test_a_worker_without_memory_to_answer_says_so():
    """A result the worker has no memory left to write down (its address space held to
    what it has, as a memory limit does): it ends, and its death says why."""

    def work(n: int):
        if n != 1:
            return n
        # 64 MiB: past glibc's largest mmap threshold, so its pickled copy is a new mapping
        # whatever the worker's heap holds free (a pytest-xdist worker holds plenty)
        big = bytes(64 << 20)
        with open("/proc/self/statm") as stat:
            mapped = int(stat.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (mapped, resource.RLIM_INFINITY))
        return big

    got = list(workers.in_order(work, 3, 2, lost=lambda n, died: str(died)))
    assert got == [0, "a build worker died (it ran out of memory)", 2]


def test_a_pool_closed_early_leaves_no_worker():
    before = set(_children(os.getpid()))
    results = workers.in_order(lambda n: n, 50, 2)
    assert next(results) == 0
    results.close()
    assert set(_children(os.getpid())) == before


# The command line: a real `pnp build --jobs 2`, its workers found in /proc.


def _state(out: Path) -> dict[str, tuple[bytes | None, int]]:
    """Every entry under out/, dotfiles included: its bytes (None for a folder) and mtime."""
    found = {}
    for path in sorted(out.rglob("*")):
        info = path.lstat()
        found[str(path.relative_to(out))] = (
            None if path.is_dir() else path.read_bytes(),
            info.st_mtime_ns,
        )
    return found


def _died_and_kept(run, kit: Path, before: dict, *told: str) -> None:
    """A build a dead worker ended: exit 71, told in these words without a traceback, the
    kit as it was before, museo's lock free."""
    assert run.returncode == 71, run.stderr
    for line in told:
        assert line in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    assert _state(kit) == before
    assert _unlocked(kit / ".museo.lock")


def _unlocked(lock: Path) -> bool:
    fd = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


@pytest.fixture
def kit(tmp_path) -> Path:
    """out/ with a kit of museo in it, built before (in one process), without what that
    build remembered: the build under test draws every file again (an unchanged kit would
    only be copied, too quickly for a worker to be hit at work)."""
    out = tmp_path / "out"
    run = forked.pnp("build", "museo", "--out", str(out), "--jobs", "1", cwd=ROOT)
    assert run.returncode == 0, run.stderr
    (out / ".museo.remembered.json").unlink()
    return out


def _busy(pid: int) -> int | None:
    """A worker of `pid` at work: one that has run for a tenth of a second (an idle one
    waits without running; a pool may replace one that dies idle)."""
    for child in _children(pid):
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # it ended meanwhile
            continue
        ran = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
        if ran >= 0.1:
            return child
    return None


def _interrupted(out: Path, to_worker) -> subprocess.CompletedProcess:
    """`pnp build museo --jobs 2` in a process group of its own; `to_worker(build, pid)`
    is done to one of its workers once it is at work. Tried again if the build got
    through before (it should not: the kit takes seconds)."""
    for _ in range(3):
        build = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bastelbogen",
                "build",
                "museo",
                "--jobs",
                "2",
                "--out",
                str(out),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            # as a terminal starts it: Ctrl-C not ignored (a background shell ignores it)
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        while not (busy := _busy(build.pid)) and build.poll() is None:
            time.sleep(0.01)
        if busy:
            to_worker(build, busy)
        try:
            stdout, stderr = build.communicate(timeout=BUILD)
        except subprocess.TimeoutExpired:
            os.killpg(build.pid, signal.SIGKILL)
            build.wait()
            pytest.fail(f"the build still ran {BUILD} s after its worker was hit: it hangs")
        left = subprocess.run(["pgrep", "-g", str(build.pid)], capture_output=True, text=True)
        assert left.stdout.split() == []  # no worker outlives the build
        if build.returncode != 0:
            return subprocess.CompletedProcess(build.args, build.returncode, stdout, stderr)
    pytest.fail("the build got through each time before its worker was hit")


@pytest.mark.slow
def test_a_killed_worker_ends_the_build_and_keeps_the_kit(kit):
    before = _state(kit)
    run = _interrupted(kit, lambda build, pid: os.kill(pid, signal.SIGKILL))
    _died_and_kept(
        run,
        kit,
        before,
        "museo: a build worker died (killed by signal 9",
        "not built (its previous output is unchanged)",
    )


@pytest.mark.slow
def test_a_worker_out_of_memory_ends_the_build_and_keeps_the_kit(kit):
    """One worker's address space held to what it has now: its next large allocation
    fails (a MemoryError the build tells, or a native library that aborts, a death)."""

    def starve(build, pid: int) -> None:
        with open(f"/proc/{pid}/statm") as stat:
            size = int(stat.read().split()[0]) * resource.getpagesize()
        resource.prlimit(pid, resource.RLIMIT_AS, (size, resource.RLIM_INFINITY))

    before = _state(kit)
    run = _interrupted(kit, starve)
    assert run.returncode in (1, 71), run.stderr  # a MemoryError told, or a death
    assert "memory" in run.stderr and "museo" in run.stderr
    assert "Traceback" not in run.stderr
    assert _state(kit) == before
    assert _unlocked(kit / ".museo.lock")


@pytest.mark.slow
def test_ctrl_c_ends_a_parallel_build_with_130_and_keeps_the_kit(kit):
    """SIGINT to the whole process group, as a terminal sends Ctrl-C: the workers ignore
    it, the build stops them, removes its staging folder and exits 130."""
    before = _state(kit)
    run = _interrupted(kit, lambda build, pid: os.killpg(build.pid, signal.SIGINT))
    assert run.returncode == 130, run.stderr
    assert "interrupted" in run.stderr and "Traceback" not in run.stderr
    assert _state(kit) == before
    assert _unlocked(kit / ".museo.lock")


# A worker that ends itself (os._exit) at a chosen point, put there by the test alone.


def _exits_in_a_worker(target: str, game: str, args: list[str]) -> int:
    """`pnp ARGS` with `target` (a function of the pipeline, or `module:Class.method`, whose
    first argument is the game or holds it) ending the worker process it runs in for
    `game`, os._exit(3)."""
    import importlib

    if ":" in target:
        module_name, _, attribute = target.partition(":")
        owner_name, _, name = attribute.rpartition(".")
        module = getattr(importlib.import_module(module_name), owner_name)
    else:
        module_name, _, name = target.rpartition(".")
        module = importlib.import_module(module_name)
    real, parent = getattr(module, name), os.getpid()

    def dying(first, *a, **k):
        if os.getpid() != parent and getattr(first, "game", first).id == game:
            os._exit(3)
        return real(first, *a, **k)

    setattr(module, name, dying)
    return forked.run_main(args)


def test_a_files_worker_that_exits_is_told_and_the_kit_kept(kit):
    """One game, its files in two workers; one ends as it starts painting: exit 71, told."""
    before = _state(kit)
    run = forked.call(
        _exits_in_a_worker,
        "bastelbogen.layout.arts:Arts.tell_to",
        "museo",
        ["build", "museo", "--out", str(kit), "--jobs", "2"],
        cwd=ROOT,
    )
    _died_and_kept(run, kit, before, "museo: a build worker died (exited with status 3)")


@pytest.mark.slow
def test_a_games_worker_that_exits_costs_that_game_alone(kit):
    """All games side by side, one a worker: museo's worker ends with its kit half
    written. Museo is told and keeps its previous kit (its half-made staging folder
    removed, its lock free); the other games are built; exit 71."""
    before = {k: v for k, v in _state(kit).items() if "museo" in k}
    run = forked.call(
        _exits_in_a_worker,
        "bastelbogen.pipeline.build.write_kit",
        "museo",
        ["build", "--out", str(kit), "--jobs", "2"],
        cwd=ROOT,
    )
    assert run.returncode == 71, run.stderr
    assert "museo: a build worker died (exited with status 3)" in run.stderr
    assert "Traceback" not in run.stderr
    assert {k: v for k, v in _state(kit).items() if "museo" in k} == before
    assert _unlocked(kit / ".museo.lock")
    for game in ("muenchhausen", "mytown", "minipilo"):
        assert (kit / game / "manifest.json").is_file()
