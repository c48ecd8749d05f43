"""Work shared out to processes (--jobs): tasks numbered 0..n-1 run in forked workers,
results come back in task order, so what is written from them is the same bytes a serial
run writes. Forked workers inherit the loaded game and layout as they are; nothing but a
task's number goes to them and only its (picklable) result comes back.

A worker can die without a word: killed from outside, by the system when memory runs out,
a native library that aborts, an `os._exit`. The parent notices at once (its pipe ends, or
the process is gone) and the build stops with WorkerDied instead of waiting for an answer
that never comes (multiprocessing.Pool waits forever then). However the pool ends early (a
death, a task's error, Ctrl-C), every worker is asked to stop, given a moment to undo what
it started (a game built in a worker removes its staging folder), then killed, and reaped
before the caller goes on: no worker outlives the build or writes after it has given up.
Ctrl-C is the parent's to handle: the workers ignore it."""

from __future__ import annotations

import os
import pickle
import select
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bastelbogen.core import limits

T = TypeVar("T")  # a task's result
_HEADER = 8  # bytes of a message's length, before the message
_NO_MEMORY = 99  # a worker's exit when it has not the memory to answer (not even an error)


def cores() -> int:
    """The cores this process may run on: --jobs' default."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def jobs_for(asked: int) -> int:
    """The processes a build uses: as asked, or (0) $PNP_JOBS, else one per core."""
    if asked:
        return asked
    told = os.environ.get("PNP_JOBS", "")
    if told.isdigit() and int(told) > 0:
        return min(int(told), limits.MAX_JOBS)  # as --jobs allows: a stray value forks no army
    return cores()


def can_fork() -> bool:
    # Where os.fork is, multiprocessing offers to fork (every system but Windows): asking it
    # cost every build that shares out work, and every isolated read, its import.
    return hasattr(os, "fork")


class WorkerDied(Exception):
    """A worker process ended without answering; what it was doing is lost."""

    def __init__(self, status: int):
        self.status = status  # as os.waitpid gives it
        how = (
            "it ran out of memory"
            if os.WIFEXITED(status) and os.WEXITSTATUS(status) == _NO_MEMORY
            else ended(status)
        )
        super().__init__(f"a build worker died ({how})")


def ended(status: int) -> str:
    """How a process ended, from its wait status, in words."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            return f"killed by signal {number}"
        why = {  # what these mean when nothing else says
            signal.SIGKILL: ": out of memory, or ended from outside",
            signal.SIGABRT: ": it gave up, often for want of memory",
        }.get(signal.Signals(number), "")
        return f"killed by signal {number}, {name}{why}"
    return f"exited with status {os.waitstatus_to_exitcode(status)}"


def in_order(
    work: Callable[[int], T],
    n: int,
    jobs: int,
    weights: list[float] | None = None,
    lost: Callable[[int, WorkerDied], T] | None = None,
) -> Generator[T, None, None]:
    """work(0) … work(n-1), in that order; in `jobs` processes when that can help. A task's
    exception is raised here, at its turn, as it would be in a serial run. A worker's
    death is raised (WorkerDied) as soon as it is seen; or, with `lost`, the task it was
    doing comes back as lost(task, death) and a new worker takes its place. With
    `weights` (a guess at each task's cost) the heaviest start first, so that no worker
    is left with a big task at the end while the others wait; results still come in task
    order. Close it (or run it out) before undoing what the tasks wrote: its workers are
    gone then."""
    if jobs <= 1 or n <= 1 or not can_fork():
        yield from (work(i) for i in range(n))
        return
    start = sorted(range(n), key=lambda i: -weights[i]) if weights else list(range(n))
    pool = _Pool(work, min(jobs, n), lost)
    try:
        yield from pool.results(start, n)
    except BaseException:  # GeneratorExit (closed early) too
        pool.stop()
        raise
    else:
        pool.close()


@dataclass(eq=False)
class _Worker:
    """A worker process and the pipes its tasks and answers travel in."""

    pid: int
    tasks: int  # the pipe its task numbers go down
    results: int  # the pipe its answers come up
    buffer: bytearray = field(default_factory=bytearray)
    task: int | None = None  # the task it works on
    status: int | None = None  # once reaped


class _Failed:
    def __init__(self, exc: BaseException):
        self.exc = exc


class _Pool:
    def __init__(
        self, work: Callable[[int], Any], size: int, lost: Callable[[int, WorkerDied], Any] | None
    ):
        self.work, self.lost = work, lost
        self.waiting: deque[int] = deque()
        self.workers: list[_Worker] = []
        try:
            for _ in range(size):
                self._spawn()
        except BaseException:  # no more processes, or Ctrl-C: none of them is left
            self.stop()
            raise

    def results(self, start: list[int], n: int) -> Iterator[Any]:
        """The tasks' outcomes in task order, each task handed to the next idle worker."""
        self.waiting.extend(start)
        done: dict[int, Any] = {}
        for i in range(n):
            while i not in done:
                for worker in self.workers:
                    if worker.task is None and self.waiting:
                        self._hand(worker, self.waiting.popleft())
                done.update(self._answers())
            yield _raised(done.pop(i))

    def _spawn(self) -> None:
        """One more worker; Ctrl-C waits until it is in the list the pool stops."""
        with _ctrl_c_held() as mask:
            self.workers.append(_fork(self.work, self.workers, mask))

    def _hand(self, worker: _Worker, task: int) -> None:
        worker.task = task
        try:
            os.write(worker.tasks, task.to_bytes(_HEADER, "little"))
        except BrokenPipeError:  # it is gone: told as its death, not as a write error
            self._reap(worker)  # and seen as such by the next look

    def _answers(self) -> Iterator[tuple[int, Any]]:
        """The answers that came, and the tasks of the workers that ended. The pipes are
        looked at now and then even when quiet: a worker's child (a reader it forked) may
        hold its pipe open after the worker itself is dead."""
        pipes = {w.results: w for w in self.workers if w.status is None}
        ready, _, _ = select.select(list(pipes), [], [], limits.WORKER_LOOK_SECONDS)
        for fd in ready:
            chunk = os.read(fd, 1 << 20)
            if chunk:
                yield from _messages(pipes[fd], chunk)
            else:
                self._reap(pipes[fd])
        for worker in [w for w in self.workers if _gone(w)]:
            yield from self._replaced(worker)

    def _replaced(self, worker: _Worker) -> Iterator[tuple[int, Any]]:
        """A dead worker's task, lost; a new worker in its place while tasks wait (so
        deaths are bounded: each new one is handed a task at once)."""
        died = WorkerDied(worker.status or 0)
        if self.lost is None:
            raise died
        _shut(worker)
        self.workers.remove(worker)
        if self.waiting:
            self._spawn()
        if worker.task is not None:
            yield worker.task, self.lost(worker.task, died)

    def _reap(self, worker: _Worker) -> int:
        _, worker.status = os.waitpid(worker.pid, 0)
        return worker.status

    def close(self) -> None:
        """All tasks done: the workers are told there is no more (their pipe ends) and
        reaped."""
        for worker in self.workers:
            _shut(worker)
            if worker.status is None:
                self._reap(worker)

    def stop(self) -> None:
        """End every worker now: asked (SIGTERM) to stop and undo, killed if it takes
        longer than a moment, reaped. A second Ctrl-C waits until they are gone."""
        with _ctrl_c_held():
            live = [w for w in self.workers if w.status is None]
            for worker in live:
                _signal(worker.pid, signal.SIGTERM)
            deadline = time.monotonic() + limits.WORKER_STOP_SECONDS
            for worker in live:
                while not _gone(worker):
                    if time.monotonic() > deadline:
                        _signal(worker.pid, signal.SIGKILL)
                        self._reap(worker)
                    else:
                        time.sleep(0.01)  # how often it is looked at, while it undoes
            for worker in self.workers:
                _shut(worker)


@contextmanager
def _ctrl_c_held() -> Iterator[set[int | signal.Signals]]:
    """SIGINT held back (told when the block ends); what was held before is given."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield old
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _shut(worker: _Worker) -> None:
    """The parent's ends of the worker's pipes closed (once)."""
    for fd in (worker.tasks, worker.results):
        if fd >= 0:
            os.close(fd)
    worker.tasks = worker.results = -1


def _gone(worker: _Worker) -> bool:
    """Whether `worker` has ended (reaped now if it just did)."""
    if worker.status is None:
        pid, status = os.waitpid(worker.pid, os.WNOHANG)
        if pid:
            worker.status = status
    return worker.status is not None


def _signal(pid: int, number: int) -> None:
    try:
        os.kill(pid, number)
    except ProcessLookupError:  # ended already (not yet reaped, or reaped by the kernel)
        pass


def _messages(worker: _Worker, chunk: bytes) -> Iterator[tuple[int, Any]]:
    """The whole answers in what came from `worker` so far: (task, result or _Failed)."""
    worker.buffer += chunk
    while len(worker.buffer) >= _HEADER:
        size = int.from_bytes(worker.buffer[:_HEADER], "little")
        if len(worker.buffer) < _HEADER + size:
            return
        task, ok, value = pickle.loads(worker.buffer[_HEADER : _HEADER + size])
        del worker.buffer[: _HEADER + size]
        worker.task = None
        yield task, value if ok else _Failed(value)


def _raised(outcome: Any) -> Any:
    if isinstance(outcome, _Failed):
        raise outcome.exc
    return outcome


def _fork(
    work: Callable[[int], Any], others: list[_Worker], mask: set[int | signal.Signals]
) -> _Worker:
    """One worker, forked: it answers each task number it is sent until its pipe ends.
    Forked with Ctrl-C held back, which it ignores before it lets signals in (`mask`)."""
    tasks_in, tasks_out = os.pipe()
    results_in, results_out = os.pipe()
    for stream in (sys.stdout, sys.stderr):  # else what the parent has buffered is told twice
        stream.flush()
    pid = os.fork()
    if pid == 0:  # the worker: never returns
        parents = [tasks_out, results_in, *(f for w in others for f in (w.tasks, w.results))]
        _serve(work, tasks_in, results_out, mask, [fd for fd in parents if fd >= 0])
    os.close(tasks_in)
    os.close(results_out)
    return _Worker(pid, tasks_out, results_in)


class _Stopped(BaseException):
    """Raised in a worker the parent stops (SIGTERM): what it is doing unwinds, so a game
    built there removes its staging folder, and the worker ends."""


def _stopped(_signum: int, _frame: object) -> None:
    raise _Stopped


def _serve(
    work: Callable[[int], Any],
    tasks: int,
    results: int,
    mask: set[int | signal.Signals],
    parents: list[int],
) -> None:
    """The worker's life, ended by os._exit whatever happens: nothing of it may go on
    into the parent's code it was forked from. `parents`: the parent's pipe ends."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the parent stops the workers
        signal.signal(signal.SIGTERM, _stopped)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for fd in parents:  # else a worker would never see its task pipe end: this one holds it
            os.close(fd)
        with os.fdopen(tasks, "rb") as inbox, os.fdopen(results, "wb") as outbox:
            while len(asked := inbox.read(_HEADER)) == _HEADER:
                outbox.write(_answer(work, int.from_bytes(asked, "little")))
                outbox.flush()
    except MemoryError:
        code = _NO_MEMORY
    except BaseException:  # noqa: BLE001 - stopped, or it cannot answer: the parent tells
        code = 1
    finally:
        os._exit(code)  # never the parent's cleanup: its staging folder, its lock


def _answer(work: Callable[[int], Any], task: int) -> bytes:
    """Task `task`'s result or exception, as one message."""
    try:
        outcome = (task, True, work(task))
    except Exception as exc:  # noqa: BLE001 - raised in the parent at the task's turn
        outcome = (task, False, exc)
    try:
        data = pickle.dumps(outcome)
    except MemoryError:  # no room to write it down: the worker ends, its death says why
        raise
    except Exception as exc:  # noqa: BLE001 - an answer that cannot be sent is a failure
        data = pickle.dumps((task, False, RuntimeError(f"task {task}'s answer: {exc}")))
    return len(data).to_bytes(_HEADER, "little") + data
