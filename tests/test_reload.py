"""Live reload never dies: a rebuild that fails in any way (a bug's KeyError, a file the
system will not give) is shown as what it is over the last good build, logged with its
traceback, and the next save rebuilds; the watcher's own loop outlives a failure; the
expression time limit holds in the watcher's thread, not only in the main one; and the
watcher never follows a link out of the game folder."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from bastelbogen.content.project import Project
from bastelbogen.core import limits, templating
from bastelbogen.core.errors import ContentError, Loc
from bastelbogen.pipeline.build import BuildOptions
from bastelbogen.preview import command, state
from bastelbogen.preview.state import Preview

GAME = """game: tokens
title: {de: Marken, en: Tokens}
players: {min: 2, max: 4}
tables:
  tokens: {file: tokens.csv, columns: {value: int, colour: colour}}
components:
  - id: tokens
    name: {de: Marken, en: Tokens}
    kind: card
    size: [30mm, 30mm]
    face: tokens/token
    items: {from: tokens}
"""
FACE = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "{{ colour }}"}
  - {name: value, painter: text, box: [5, 10, 20, 10], text: "TEXT", size: 12}
"""
ROWS = "id,value,colour\nt1,1,#0072b2\nt2,2,#d55e00\n"
# Three loops of 10,000 turns: 10**12 turns, far past any limit.
NESTED = (
    "{% for i in range(10000) %}{% for j in range(10000) %}{% for k in range(10000) %}"
    "{% endfor %}{% endfor %}{% endfor %}x"
)
CEILING = 120.0  # seconds a test waits for what takes well under one


def _tokens(root: Path, text: str = "{{ value }}") -> Path:
    """A game of tokens from a table, its face in the project's own templates."""
    (root / "content/tokens").mkdir(parents=True, exist_ok=True)
    (root / "templates/tokens").mkdir(parents=True, exist_ok=True)
    (root / "templates/tokens/token.yaml").write_text(FACE.replace("TEXT", text))
    (root / "content/tokens/game.yaml").write_text(GAME)
    (root / "content/tokens/tokens.csv").write_text(ROWS)
    return root


def _items(snapshot) -> int:
    return sum(len(f["items"]) for c in snapshot.components for f in c["faces"].values())


class Watching:
    """A game's preview with the watcher in its own thread, as `pnp serve` runs it."""

    def __init__(self, root: Path):
        self.preview = Preview(Project(root), "tokens", BuildOptions())
        self.preview.rebuild()
        self.stop = threading.Event()
        self.thread = threading.Thread(
            target=command._watch,
            args=(self.preview.project, "tokens", self.preview, self.stop),
            daemon=True,
        )

    def __enter__(self) -> Watching:
        before = _inotify_watches()
        self.thread.start()
        deadline = time.monotonic() + 20.0
        while time.monotonic() < deadline and before is not None:  # till the watches are in
            now = _inotify_watches()
            if now is not None and now > before:
                break
            time.sleep(0.05)
        time.sleep(0.2 if before is not None else 1.0)
        return self

    def __exit__(self, *_exc) -> None:
        self.stop.set()
        self.thread.join(10)

    def after(self, version: int, limit: float = 20.0):
        """The first build after `version`."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.preview.snapshot.version > version:
                return self.preview.snapshot
            time.sleep(0.05)
        raise AssertionError(f"no build after version {version} within {limit} s")

    def saved(self, version: int, save, shows=lambda _snapshot: True):
        """The first build after `version` that `shows` the save, saved again each second
        until the watcher (started anew, in a thread of its own) sees it."""
        for _ in range(int(CEILING)):
            save()
            deadline = time.monotonic() + 1.0
            while time.monotonic() < deadline:
                snapshot = self.preview.snapshot
                if snapshot.version > version and shows(snapshot):
                    return snapshot
                time.sleep(0.05)
        raise AssertionError(f"no save seen after version {version} within {CEILING} s")


def _told_in_terminal(capfd, told: str) -> str:
    """What the terminal shows up to the line that tells `told`: the page's snapshot is in
    before the watcher's thread has written its report."""
    err = ""
    deadline = time.monotonic() + CEILING
    while told not in err and time.monotonic() < deadline:
        err += capfd.readouterr().err
        time.sleep(0.05)
    return err


def _add_row(root: Path, n: int) -> None:
    table = root / "content/tokens/tokens.csv"
    table.write_text(table.read_text() + f"t{n},{n},#009e73\n")


@pytest.mark.heavy
def test_a_failing_rebuild_is_told_and_the_next_save_rebuilds(tmp_path, monkeypatch, capfd):
    """A bug (KeyError) and a file the system refuses, each in the page as what it is, with
    the traceback in the terminal and the last good faces kept; then a save rebuilds."""
    root = _tokens(tmp_path)
    real = state.prepare
    table = root / "content/tokens/tokens.csv"
    faults = {
        "bug": (KeyError("x"), "internal error: KeyError: 'x' (see the terminal)"),
        "refused": (
            PermissionError(13, "Permission denied", str(table)),
            "cannot read content/tokens/tokens.csv: Permission denied",
        ),
        "memory": (MemoryError(), "the build ran out of memory (see the terminal)"),
    }
    with Watching(root) as watching:
        good = watching.preview.snapshot
        assert good.problems == [] and _items(good) == 2
        version = good.version
        for n, (fault, told) in enumerate(faults.values(), 3):

            def failing(*_args, fault=fault, **_kwargs):
                raise fault

            monkeypatch.setattr(state, "prepare", failing)
            _add_row(root, n)
            failed = watching.after(version)
            version = failed.version
            assert [p["text"] for p in failed.problems] == [told]
            assert failed.components == good.components  # the last good build stays
            err = _told_in_terminal(capfd, told)
            assert "Traceback (most recent call last)" in err and "in failing" in err
            assert type(fault).__name__ in err and told in err  # as the page tells it
            if isinstance(fault, OSError):  # the page groups it under its file
                assert failed.problems[0]["file"] == "content/tokens/tokens.csv"
        monkeypatch.setattr(state, "prepare", real)
        _add_row(root, 9)
        fixed = watching.after(version)
        assert fixed.problems == [] and _items(fixed) == 6 and watching.thread.is_alive()


@pytest.mark.heavy
def test_the_watcher_outlives_its_own_failures(tmp_path, monkeypatch, capfd):
    """A failure in the watcher's loop (telling the build, or starting to watch a folder
    that went) is logged with its traceback; the watcher watches again and the next save
    rebuilds."""
    root = _tokens(tmp_path)
    told, walked = command._report, command.folders
    calls = {"report": 0, "folders": 0}

    def report(snapshot):
        calls["report"] += 1
        if calls["report"] == 1:
            raise RuntimeError("the terminal went away")
        told(snapshot)

    def folders(project, game):
        calls["folders"] += 1
        found = walked(project, game)
        return [tmp_path / "gone", *found] if calls["folders"] == 1 else found

    monkeypatch.setattr(command, "_report", report)
    monkeypatch.setattr(command, "folders", folders)
    with Watching(root) as watching:  # watching once its second try is
        assert calls["folders"] >= 2
        start = watching.preview.snapshot.version
        _add_row(root, 3)
        first = watching.after(start)
        # The build is in before the watcher tells it (and fails telling it): wait for that.
        err, deadline = "", time.monotonic() + 60
        while "the terminal went away" not in err and time.monotonic() < deadline:
            time.sleep(0.05)
            err += capfd.readouterr().err
        assert "FileNotFoundError" in err  # the first try, at a folder that is not there
        assert "the file watcher failed:" in err and "RuntimeError: the terminal went away" in err
        rows = [3]

        def save():
            rows.append(rows[-1] + 1)
            _add_row(root, rows[-1])

        second = watching.saved(first.version, save, lambda s: _items(s) == rows[-1])
        assert second.problems == [] and _items(second) == rows[-1]
        assert watching.thread.is_alive()


@pytest.mark.heavy
def test_a_loop_ends_at_the_time_limit_in_the_watchers_thread(tmp_path, monkeypatch):
    """An expression of 10**12 turns saved while the preview runs: the rebuild in the
    watcher's thread ends with the located time-limit problem (the limit made short for
    the test), and the same thread rebuilds the fixed file."""
    monkeypatch.setattr(limits, "EXPRESSION_SECONDS", 0.5)
    root = _tokens(tmp_path)
    face = root / "templates/tokens/token.yaml"
    with Watching(root) as watching:
        start = watching.preview.snapshot.version
        used = time.thread_time()
        face.write_text(FACE.replace("TEXT", NESTED))
        stopped = watching.after(start, CEILING)
        assert time.thread_time() - used < 5  # the test's own thread only waited
        [problem] = stopped.problems
        assert problem["file"] == "templates/tokens/token.yaml" and problem["line"] == 3
        assert "took over 0.5 s in this build; is a loop too long?" in problem["message"]
        assert _items(stopped) == 2  # the last good faces
        face.write_text(FACE.replace("TEXT", "{{ value }}!"))
        fixed = watching.after(stopped.version, CEILING)
        assert fixed.problems == [] and _items(fixed) == 2 and watching.thread.is_alive()


RUNAWAY = {
    "nested-ranges": NESTED,
    # 2**40 calls and no loop: the macro's body ticks, not only a loop's.
    "doubling-macro": (
        "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}"
    ),
    # Loops over content, no range() at all.
    "content-cubed": (
        "{% for a in rows %}{% for b in rows %}{% for c in rows %}{% endfor %}{% endfor %}"
        "{% endfor %}x"
    ),
}


@pytest.mark.parametrize("thread", ["main", "other"])
@pytest.mark.parametrize("source", RUNAWAY.values(), ids=RUNAWAY.keys())
def test_every_runaway_expression_ends_in_any_thread(monkeypatch, source, thread):
    """The deadline is the thread's CPU time, checked in every block the templates
    compile: it holds in the main thread and in any other alike."""
    monkeypatch.setattr(limits, "EXPRESSION_SECONDS", 0.3)
    templating.reset()
    got: dict = {}

    def run():
        used = time.thread_time()
        try:
            templating.expand(source, {"rows": list(range(10_000))}, Loc("t.yaml", 4, 7))
        except ContentError as exc:
            got["problems"] = exc.problems
        got["cpu"] = time.thread_time() - used

    if thread == "main":
        run()
    else:
        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        worker.join(CEILING)
        assert not worker.is_alive()
    [problem] = got["problems"]
    assert (problem.loc.line, problem.loc.col) == (4, 7)
    assert "took over 0.3 s in this build; is a loop too long?" in problem.message
    assert got["cpu"] < CEILING / 4  # CPU time, not a clock: ended at its deadline
    templating.reset()


def test_a_product_is_bounded_as_a_power_is():
    """`n * n` in a loop squares a number until one multiplication takes minutes, which no
    deadline between two steps can end: refused before it runs, honest products pass."""
    templating.reset()
    squaring = (
        "{% set ns = namespace(n=9**999) %}{% for i in range(64) %}"
        "{% set ns.n = ns.n * ns.n %}{% endfor %}{{ ns.n > 0 }}"
    )
    with pytest.raises(ContentError) as caught:
        templating.expand(squaring, {}, Loc("t.yaml", 2, 3))
    assert "too large: this product would have too many digits" in caught.value.problems[0].message
    honest = templating.expand("{{ 2**1000 * 3 * 7 }}", {}, Loc("t.yaml", 1, 1))
    assert int(honest) == 2**1000 * 21


def _inotify_watches() -> int | None:
    """The inotify watches this process holds, read from the kernel; None without /proc."""
    try:
        fds = os.listdir("/proc/self/fd")
    except OSError:
        return None
    count = 0
    for fd in fds:
        try:
            if os.readlink(f"/proc/self/fd/{fd}") == "anon_inode:inotify":
                with open(f"/proc/self/fdinfo/{fd}") as info:
                    count += sum(line.startswith("inotify wd:") for line in info)
        except OSError:
            continue  # an fd closed meanwhile
    return count


@pytest.mark.slow
@pytest.mark.heavy
def test_the_watcher_never_follows_a_link_out_of_the_game(tmp_path):
    """A link in the game folder to an outside folder of 300 subfolders: no watch is added
    for any of them, a write out there rebuilds nothing, and a save in the game does; a
    real subfolder made later is watched."""
    root = _tokens(tmp_path / "project")
    outside = tmp_path / "outside"
    for n in range(300):
        (outside / f"d{n}").mkdir(parents=True)
    (root / "content/tokens/linked").symlink_to(outside, target_is_directory=True)
    watched = command.folders(Project(root), "tokens")
    assert root / "content/tokens" in watched and len(watched) < 20
    assert not [f for f in watched if outside in f.parents or "linked" in f.parts]
    before = _inotify_watches()
    with Watching(root) as watching:
        during = _inotify_watches()
        if before is not None and during is not None:  # Linux: the kernel's own count
            assert during - before == len(watched)
        start = watching.preview.snapshot.version
        (outside / "d5" / "notes.txt").write_text("not the game's")
        time.sleep(1.5)  # more than the watcher's debounce: it would have rebuilt by now
        _add_row(root, 3)
        seen = watching.after(start)
        assert seen.version == start + 1 and _items(seen) == 3  # the save, and only it
        pictures = root / "content/tokens/pictures"
        pictures.mkdir()
        # The new folder: built, and watched anew. Whether one build or two come of it
        # depends on when the watcher saw the folder (as the save's rebuild ended, or as an
        # event of its own): let them come, then a save inside it must build again.
        made = watching.after(seen.version)
        time.sleep(3)  # past the watcher's one-second wait and its debounce, even when busy
        settled = watching.preview.snapshot.version
        assert settled >= made.version
        note = pictures / "note.txt"
        saved = watching.saved(settled, lambda: note.write_text(f"{time.time()}"))
        assert saved.version > settled
