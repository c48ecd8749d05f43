"""The fuzzer's harness tells each way a run can end: a finding must not pass for a success."""

from __future__ import annotations

import os
from pathlib import Path

from bastelbogen.core.errors import ContentError, Loc, OptionError, Problem
from tests.fuzz.runner import judge, run_isolated


def _spin() -> None:
    while True:
        pass


def _raise(exc: BaseException):
    def call() -> None:
        raise exc

    return call


def test_each_end_of_a_run_is_told(tmp_path):
    located = ContentError(Problem(Loc(str(tmp_path / "game.yaml"), 3, 4), "wrong"))
    assert run_isolated(lambda: None).kind == "ok"
    assert run_isolated(_raise(OptionError("no theme"))).kind == "option"
    outcome = run_isolated(_raise(located))
    assert (outcome.kind, outcome.problems[0][1:3]) == ("content", (3, 4))
    crashed = run_isolated(_raise(KeyError("id")))
    assert crashed.kind == "traceback" and "KeyError" in crashed.signature(), crashed
    assert run_isolated(os.abort).kind == "signal"
    assert run_isolated(_spin, cpu_seconds=1).kind == "hang"
    assert run_isolated(lambda: bytearray(8 * 1024**3)).kind == "memory"


def test_a_problem_placed_outside_or_without_a_line_is_a_finding(tmp_path):
    (tmp_path / "game.yaml").write_text("game: x\n")

    def ended(file: str, line: int) -> str:
        outcome = run_isolated(_raise(ContentError(Problem(Loc(file, line, 1), "wrong"))))
        return judge(outcome, tmp_path).kind

    assert ended(str(tmp_path / "game.yaml"), 1) == "content"
    assert ended(str(tmp_path / "game.yaml"), 0) == "unlocated"
    assert ended(str(tmp_path / "picture.png"), 0) == "content"  # a binary file: no lines
    assert ended(str(Path("/etc/hostname")), 1) == "unlocated"
