"""A kit is never lost: out/<game> is the whole old kit or the whole new one at every
instant, a build killed between any two of its file-system calls included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests import forked
from tests.conftest import ROOT
from tests.hostile.projects import tree

pytestmark = pytest.mark.slow  # each case runs several fresh builds
GAME = "muenchhausen"


def _killed_build(out: Path, paper: str, kill_at: int, root: Path) -> None:
    """Runs one build and kills itself (SIGKILL: no cleanup, no finally) just before the
    file-system call numbered `kill_at`; prints "done" if the build got through first.
    Runs in a child of its own (forked.call): what it patches dies with it."""
    import shutil
    import signal

    from bastelbogen.layout.imposition import PrintSettings
    from bastelbogen.output import publish
    from bastelbogen.pipeline.build import BuildOptions, Project, build_game

    calls = [0]

    def counted(fn):
        def wrapper(*args, **kwargs):
            calls[0] += 1
            if calls[0] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return fn(*args, **kwargs)

        return wrapper

    for name in ("rename", "replace", "unlink", "rmdir", "mkdir", "remove"):
        setattr(os, name, counted(getattr(os, name)))
    shutil.rmtree = counted(shutil.rmtree)
    swap = publish._exchange_call()
    if swap is not None:
        publish._exchange_call = lambda: counted(swap)
    build_game(
        Project(root), GAME, out, BuildOptions(settings=PrintSettings(paper=paper), langs=("de",))
    )
    print("done", calls[0])


def _run(out: Path, paper: str, kill_at: int = 0) -> subprocess.CompletedProcess:
    """A build in a process of its own, forked from the warm server (tests/forked.py)."""
    return forked.call(_killed_build, out, paper, kill_at, ROOT, cwd=ROOT, timeout=120)


def test_a_build_killed_at_any_step_leaves_a_whole_kit(tmp_path):
    out = tmp_path / "out"
    assert _run(out, "letter").returncode == 0
    new = tree(out / GAME)  # what a letter build writes
    assert _run(out, "a4").returncode == 0
    old = tree(out / GAME)
    assert old != new and json.loads((out / GAME / "manifest.json").read_text())
    kill_at, killed = 1, 0
    while True:
        result = _run(out, "letter", kill_at)
        state = tree(out / GAME)
        assert state in (old, new), f"killed at call {kill_at}: out/{GAME} is neither kit"
        if result.returncode == 0:
            assert "done" in result.stdout and state == new
            break
        assert result.returncode == -9, result.stderr
        killed += 1
        if state == new:  # swapped in before the kill: start again from the old kit
            assert _run(out, "a4").returncode == 0
        kill_at += 1
    assert killed >= 5  # the staging, the writes, the exchange and the clean-up were all hit
    # The next build sweeps every staging folder a killed build left behind.
    assert _run(out, "a4").returncode == 0
    assert sorted(p.name for p in out.iterdir()) == [
        f".{GAME}.lock",
        f".{GAME}.remembered.json",
        GAME,
    ]
    assert tree(out / GAME) == old


def test_two_builds_at_once_both_end_whole(tmp_path):
    out = tmp_path / "out"
    runs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bastelbogen.cli",
                "build",
                GAME,
                "--out",
                str(out),
                "--paper",
                paper,
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for paper in ("a4", "letter")
    ]
    for run in runs:
        _, err = run.communicate(timeout=120)
        assert run.returncode == 0 and "Traceback" not in err
    kit = json.loads((out / GAME / "manifest.json").read_text())
    assert kit["paper"] in ("a4", "letter")
    assert all((out / GAME / f["path"]).is_file() for f in kit["files"])
    assert sorted(p.name for p in out.iterdir()) == [
        f".{GAME}.lock",
        f".{GAME}.remembered.json",
        GAME,
    ]


def test_the_kit_is_there_at_every_instant_of_a_rebuild(tmp_path):
    out = tmp_path / "out"
    assert _run(out, "a4").returncode == 0
    missing, looks, stop = [], [0], threading.Event()

    def watch():
        manifest = out / GAME / "manifest.json"
        while not stop.is_set():
            looks[0] += 1
            if not manifest.is_file():
                missing.append(looks[0])

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        for paper in ("letter", "a4", "letter"):
            assert _run(out, paper).returncode == 0
    finally:
        stop.set()
        watcher.join()
    assert looks[0] > 100 and not missing


def test_a_file_or_a_link_in_the_kits_place_is_replaced(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    for kind in ("file", "link"):
        out = tmp_path / f"out-{kind}"
        out.mkdir()
        if kind == "file":
            (out / GAME).write_text("not a kit")
        else:
            os.symlink(outside, out / GAME)
        assert _run(out, "a4").returncode == 0
        assert (out / GAME).is_dir() and not (out / GAME).is_symlink()
        assert (out / GAME / "manifest.json").is_file()
        assert sorted(p.name for p in out.iterdir()) == [
            f".{GAME}.lock",
            f".{GAME}.remembered.json",
            GAME,
        ]
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
