"""--jobs: games and a game's files built in worker processes give the very bytes, warnings
and errors of a build in one process."""

from __future__ import annotations

import filecmp
import shutil

import pytest

from bastelbogen.core import limits, workers
from tests.conftest import ROOT, pnp, project_copy  # noqa: F401 - project_copy is a fixture
from tests.hostile.projects import tree

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`


def test_tasks_come_back_in_order_from_several_processes():
    """Results arrive in task order although workers finish out of order, and each task
    ran in a process of its own kind (not this one) when jobs > 1."""
    import os
    import time

    def work(n: int):
        time.sleep(0.05 * (3 - n % 4))  # the early tasks are the slow ones
        return n * n, os.getpid()

    got = list(workers.in_order(work, 8, 2))
    assert [r for r, _ in got] == [n * n for n in range(8)]
    pids = {pid for _, pid in got}
    assert os.getpid() not in pids and len(pids) == 2
    assert {pid for _, pid in workers.in_order(work, 3, 1)} == {os.getpid()}


def test_the_heaviest_tasks_start_first_and_come_back_in_order(tmp_path):
    """Weighted tasks start heaviest first (two workers: the two heaviest together), and
    their results still come in task order."""
    import time

    log = tmp_path / "started"

    def work(n: int):
        with log.open("a") as f:
            f.write(f"{n}\n")
        time.sleep(0.15)
        return n

    assert list(workers.in_order(work, 4, 2, [1, 1, 5, 3])) == [0, 1, 2, 3]
    assert set(log.read_text().split()[:2]) == {"2", "3"}


def test_a_task_error_is_raised_at_its_turn():
    def work(n: int):
        if n == 2:
            raise ValueError("task two")
        return n

    seen = []
    with pytest.raises(ValueError, match="task two"):
        for r in workers.in_order(work, 5, 2):
            seen.append(r)
    assert seen == [0, 1]


def test_jobs_come_from_the_option_the_environment_or_the_cores(monkeypatch):
    monkeypatch.setenv("PNP_JOBS", "3")
    assert workers.jobs_for(5) == 5 and workers.jobs_for(0) == 3
    monkeypatch.setenv("PNP_JOBS", "99999")
    assert workers.jobs_for(0) == limits.MAX_JOBS
    monkeypatch.setenv("PNP_JOBS", "none")
    assert workers.jobs_for(0) == workers.cores() >= 1


@pytest.mark.slow
def test_every_kit_is_the_same_bytes_with_two_jobs(tmp_path):
    """All four kits, and one kit alone (its files in two processes), with --svg so the cut
    files are written in the workers too: byte for byte what one process writes."""
    serial, parallel, alone = tmp_path / "one", tmp_path / "two", tmp_path / "alone"
    for out, args in ((serial, ["--jobs", "1"]), (parallel, ["--jobs", "2"])):
        run = pnp("build", "--svg", "--out", str(out), *args, cwd=ROOT)
        assert run.returncode == 0, run.stderr
    run = pnp("build", "museo", "--svg", "--out", str(alone), "--jobs", "2", cwd=ROOT)
    assert run.returncode == 0, run.stderr
    one, two = tree(serial), tree(parallel)
    assert len(one) > 60 and one.keys() == two.keys()
    assert [name for name in one if one[name] != two[name]] == []
    assert tree(alone / "museo") == tree(serial / "museo")


@pytest.mark.slow  # builds every kit twice: with the slow tests
def test_warnings_and_errors_are_told_as_one_process_tells_them(project_copy):  # noqa: F811
    """A game broken among good ones: the same stderr, exit code and out/ with --jobs 2 as
    with --jobs 1 (the others built, the broken one named where it is wrong)."""
    game = project_copy / "content/muenchhausen/game.yaml"
    game.write_text(game.read_text().replace("count: 8", "count: eight", 1))
    root = project_copy
    results = []
    for jobs in ("1", "2"):
        out = root / f"out{jobs}"
        run = pnp("build", "--out", str(out), "--jobs", jobs, cwd=root)
        results.append((run.returncode, run.stderr, tree(out)))
    assert results[0][0] == results[1][0] == 1
    line = 1 + game.read_text().split("count: eight")[0].count("\n")
    assert results[0][1] == results[1][1] and f"game.yaml:{line}:" in results[0][1]
    assert results[0][2] == results[1][2]
    assert not any(name.startswith("muenchhausen/") for name in results[0][2])
    assert any(name.startswith("museo/") for name in results[0][2])


@pytest.mark.slow  # builds every kit twice: with the slow tests
def test_a_failed_parallel_build_leaves_the_previous_kit(project_copy):  # noqa: F811
    root = project_copy
    out = root / "out"
    assert pnp("build", "--out", str(out), "--jobs", "2", cwd=root).returncode == 0
    before = root / "before"
    shutil.copytree(out, before)
    rules = root / "content/museo/rules.yaml"
    rules.write_text(rules.read_text() + "\n  broken: [\n")
    run = pnp("build", "--out", str(out), "--jobs", "2", cwd=root)
    assert run.returncode == 1 and "rules.yaml:" in run.stderr and "Traceback" not in run.stderr
    compared = filecmp.dircmp(before / "museo", out / "museo")
    assert not compared.diff_files and not compared.left_only and not compared.right_only


@pytest.mark.slow  # builds every kit twice: with the slow tests
def test_a_game_that_cannot_be_written_stops_the_same_way_in_parallel(project_copy):  # noqa: F811
    """One game's out/ folder is not a kit (it is left alone): with --jobs 1 and 2 alike the
    others are built, that game is named, the exit is 1 and out/ ends the same."""
    results = []
    for jobs in ("1", "2"):
        out = project_copy / f"out{jobs}"
        (out / "museo").mkdir(parents=True)
        (out / "museo" / "notes.txt").write_text("mine")
        run = pnp("build", "--out", str(out), "--jobs", jobs, cwd=project_copy)
        results.append((run.returncode, run.stderr.replace(str(out), "OUT"), tree(out)))
    assert results[0] == results[1]
    code, stderr, built = results[0]
    assert code == 1 and "museo" in stderr and "Traceback" not in stderr
    assert (project_copy / "out1/museo/notes.txt").read_text() == "mine"
    assert {"muenchhausen/manifest.json", "mytown/manifest.json", "minipilo/manifest.json"} <= set(
        built
    )
