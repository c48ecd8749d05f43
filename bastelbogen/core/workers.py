"""Work shared out to processes (--jobs): tasks numbered 0..n-1 run in forked workers,
results come back in task order, so what is written from them is the same bytes a serial
run writes. Forked workers inherit the loaded game and layout as they are; nothing but a
task's number goes to them and only its (picklable) result comes back."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from typing import TypeVar

from bastelbogen.core import limits

T = TypeVar("T")  # a task's result
_WORK: Callable | None = None  # the task function of the pool being started; forked with it


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
    return "fork" in multiprocessing.get_all_start_methods()


def in_order(
    work: Callable[[int], T], n: int, jobs: int, weights: list[float] | None = None
) -> Iterator[T]:
    """work(0) … work(n-1), in that order; in `jobs` processes when that can help. A task's
    exception is raised here, at its turn, as it would be in a serial run. With `weights`
    (a guess at each task's cost) the heaviest start first, so that no worker is left with
    a big task at the end while the others wait; results still come in task order."""
    if jobs <= 1 or n <= 1 or not can_fork():
        yield from (work(i) for i in range(n))
        return
    global _WORK
    _WORK = work
    start = sorted(range(n), key=lambda i: -weights[i]) if weights else list(range(n))
    try:
        with multiprocessing.get_context("fork").Pool(min(jobs, n)) as pool:
            done: dict[int, T | _Failed] = {}  # results that came before their turn
            results, fetched = pool.imap(_run, start), 0
            for i in range(n):
                while i not in done:
                    done[start[fetched]] = _outcome(results)
                    fetched += 1
                yield _raised(done.pop(i))
    finally:
        _WORK = None


class _Failed:
    def __init__(self, exc: BaseException):
        self.exc = exc


def _outcome(results: Iterator[T]) -> T | _Failed:
    """The next result, or its task's exception kept for the task's turn."""
    try:
        return next(results)
    except Exception as exc:  # noqa: BLE001 - raised again at its task's turn
        return _Failed(exc)


def _raised(outcome: T | _Failed) -> T:
    if isinstance(outcome, _Failed):
        raise outcome.exc
    return outcome


def _run(i: int):
    assert _WORK is not None  # set before the pool forks, so every worker has it
    return _WORK(i)
