"""What a rebuild of an unchanged game does not do again, and that not doing it changes no
byte: the cheat sheet is the previous kit's file once its bytes hash to what was made
(never a file changed by hand, a link or a pipe in its place), the colours a check tells
apart are not measured again (colorspacious and numpy stay unloaded), and a paragraph's
size is not searched for again (a remembered size that does not fit is searched anew)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from bastelbogen.checks import colours
from bastelbogen.core import remembered
from bastelbogen.core.remembered import Remembered, file_made, plain, reuse_file
from bastelbogen.render import paragraphs
from tests.conftest import ROOT, modules_a_build_loads, pnp

GAME = "muenchhausen"
RULES = ("de/rules.pdf", "en/rules.pdf")


def build(out: Path, *more: str) -> dict[str, bytes]:
    result = pnp("build", GAME, "--out", str(out), "--jobs", "1", *more, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return {name: (out / GAME / name).read_bytes() for name in RULES}


def hashes(out: Path) -> list[str]:
    """The remembered hashes of whole files."""
    found = json.loads((out / f".{GAME}.remembered.json").read_text())
    return [
        v[0]
        for v in found.values()
        if len(v) == 1 and isinstance(v[0], str) and not v[0].startswith("bastelbogen.")
    ]  # (the others name the modules that registered what the kit uses)


@pytest.fixture(scope="module")
def first(tmp_path_factory) -> tuple[Path, dict[str, bytes]]:
    out = tmp_path_factory.mktemp("out")
    return out, build(out)


def test_a_build_remembers_each_cheat_sheet_by_its_bytes(first):
    out, rules = first
    # (and every other file of the kit: tests/test_unchanged_inputs.py)
    assert {hashlib.sha256(b).hexdigest() for b in rules.values()} <= set(hashes(out))


def test_an_unchanged_cheat_sheet_is_the_same_file_again(first, tmp_path):
    out, rules = first
    again = tmp_path / "again"
    shutil.copytree(out, again)
    assert build(again) == rules
    fresh = tmp_path / "fresh"  # nothing remembered: made anew, to the same bytes
    assert build(fresh) == rules


SLOW = pytest.mark.slow  # a build each: the file edited by hand stands for them in `make test`


@pytest.mark.parametrize(
    "damage",
    ["edited", pytest.param("link", marks=SLOW), pytest.param("pipe", marks=SLOW), "missing"],
)
def test_a_changed_previous_file_is_never_taken(first, tmp_path, damage):
    """Whatever stands where the previous cheat sheet was, the new kit's is the one the
    inputs make (and a link's target or a pipe is neither read through nor waited on)."""
    out, rules = first
    again = tmp_path / "again"
    shutil.copytree(out, again)
    old = again / GAME / RULES[0]
    elsewhere = tmp_path / "elsewhere.pdf"
    elsewhere.write_bytes(rules[RULES[0]])  # the right bytes, but not the kit's own file
    old.unlink()
    if damage == "edited":
        old.write_bytes(rules[RULES[0]] + b"%")
    elif damage == "link":
        os.symlink(elsewhere, old)
    elif damage == "pipe":
        os.mkfifo(old)
    assert build(again) == rules
    assert not (again / GAME / RULES[0]).is_symlink()
    assert elsewhere.read_bytes() == rules[RULES[0]]


def test_a_file_is_taken_only_by_its_hash(tmp_path, monkeypatch):
    monkeypatch.setattr(remembered, "REMEMBERED", Remembered())
    made, before, target = tmp_path / "made", tmp_path / "before", tmp_path / "target"
    made.write_bytes(b"%PDF-1.4 made")
    file_made("k" * 64, made)
    assert not reuse_file("k" * 64, before, target, 1024)  # nothing there
    before.write_bytes(b"%PDF-1.4 other")
    assert not reuse_file("k" * 64, before, target, 1024) and not target.exists()
    before.write_bytes(made.read_bytes())
    assert not reuse_file("k" * 64, before, target, 4)  # larger than the limit: not read
    assert not reuse_file("x" * 64, before, target, 1024)  # another key: not this file
    assert reuse_file("k" * 64, before, target, 1024)
    assert target.read_bytes() == made.read_bytes()


def test_only_hashes_and_numbers_are_plain():
    assert plain(["a" * 64]) and plain([1.5, None, [2, 3]])
    assert not plain(["A" * 64]) and not plain(["a" * 63]) and not plain(["text"])
    assert not plain([True]) and not plain([float("inf")])


def test_text_is_plain_only_as_a_warning_told():
    """A preflight warning a file's drawing told (checks/preflight.py `since`): a place, a
    kind, a sentence and a count, and what places share (a cause, a component, the least
    measure), its texts printable and bounded; nothing else of text."""
    shared = ["text is set as small as {least:g} pt", "cards", 5.5]
    told = ["t/face.yaml", 3, 5, "", "text", "text in box 'x' is set at 5.5 pt", 2, *shared]
    assert plain([told]) and plain([told, told]) and plain([])
    for wrong in (
        [*told[:5], "a \x1b[2J clear screen", 2, *shared],  # a terminal's command
        [*told[:5], "line\nbreak", 2, *shared],
        [*told[:5], "long " * 1000, 2, *shared],
        [*told[:6], True, *shared],  # a bool is no count
        [*told[:6], 2.0, *shared],
        [*told[:7], "line\nbreak", *shared[1:]],
        [*told[:9], 5],  # the least measure is a float
        told[:7],
        [*told, 1],
    ):
        assert not plain([wrong]), wrong


def test_a_warning_told_is_told_again_as_it_was():
    from bastelbogen.checks.preflight import Preflight
    from bastelbogen.core.errors import Loc

    class Box:
        name, loc = "text", Loc("t/face.yaml", 12, 28)

    first = Preflight()
    first.text(Box(), 5.0, "item 'a' (front)")  # told before the file
    mark = first.mark()
    for label in ("b", "c"):
        first.text(Box(), 5.5, f"item '{label}' (front)")
    told = first.since(mark)
    assert plain(told) and [t[6] for t in told] == [2]
    again = Preflight()
    again.text(Box(), 5.0, "item 'a' (front)")
    again.retell(json.loads(json.dumps(told)))  # as read back from the file
    assert again.problems() == first.problems()
    assert "(and 2 more like it)" in str(again.problems()[0])


def test_a_rebuild_loads_no_colour_science(first, tmp_path):
    """The distances of Münchhausen's set colours come from the remembered file: a rebuild
    in a fresh process imports neither colorspacious nor numpy, and a cold build does."""
    out, _rules = first
    science = {"numpy", "colorspacious"}
    assert not science & modules_a_build_loads(GAME, out)
    assert science <= modules_a_build_loads(GAME, tmp_path / "cold")


def test_remembered_distances_are_the_worked_out_ones(monkeypatch):
    monkeypatch.setattr(colours, "REMEMBERED", Remembered())
    sets = ["#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442"]
    worked = colours.distances(sets)
    assert colours.REMEMBERED.fresh()  # remembered ...
    monkeypatch.setattr(colours, "_worked_out", lambda _c: pytest.fail("worked out again"))
    assert colours.distances(sets) == worked  # ... and read back, not worked out again
    assert worked["deuteranopia"][0][1] == pytest.approx(worked["deuteranopia"][1][0])


def test_a_wrong_shape_is_worked_out_again(monkeypatch):
    memory = Remembered()
    monkeypatch.setattr(colours, "REMEMBERED", memory)
    sets = ["#000000", "#ffffff"]
    worked = colours.distances(sets)
    key = next(iter(memory.fresh()))
    memory.put(key, [[[0.0]]] * 4)  # a matrix of one colour, planted for two
    assert colours.distances(sets) == worked


def test_a_paragraph_s_remembered_size_is_laid_out_once(monkeypatch):
    monkeypatch.setattr(paragraphs, "REMEMBERED", Remembered())
    fit_from = 5  # the text fits from the fifth half-point step down

    def search(key: str) -> tuple[int | None, list[int]]:
        tried: list[int] = []

        def lay(step: int) -> int:
            tried.append(step)
            return step

        best = paragraphs._best_step(lay, lambda step: step >= fit_from, 12, key)
        return (None if best is None else best[0]), tried

    assert search("")[0] == fit_from  # no key (text with pictures): searched, not kept
    assert not paragraphs.REMEMBERED.fresh()
    step, tried = search("p" * 64)
    assert step == fit_from and len(tried) > 1  # searched by bisection, then remembered
    assert search("p" * 64) == (fit_from, [fit_from])  # laid out at the remembered size only
    paragraphs.REMEMBERED.put("p" * 64, [2])  # a size that does not fit: searched anew
    assert search("p" * 64)[0] == fit_from
    assert paragraphs.REMEMBERED.get("p" * 64) == [fit_from]


@pytest.mark.parametrize("steps", [0, 1, 6, 13, 2000])
def test_a_paragraph_s_size_is_the_largest_that_fits_whatever_the_guess(monkeypatch, steps):
    """The search from a guess finds what bisection finds (the fewest steps that fit), in
    two layouts when the guess is right, and in a few dozen at most for 2,000 steps."""
    monkeypatch.setattr(paragraphs, "REMEMBERED", Remembered())
    for fit_from in {*range(min(steps, 14) + 1), steps // 3, steps, steps + 1}:
        for guess in {0, 1, fit_from - 1, fit_from, fit_from + 1, steps // 2, steps}:
            tried: list[int] = []

            def lay(step: int, tried: list[int] = tried) -> int:
                tried.append(step)
                return step

            best = paragraphs._best_step(lay, lambda s, f=fit_from: s >= f, steps, "", guess)
            assert (best is None) == (fit_from > steps)
            assert best is None or best == (fit_from, fit_from)
            assert len(tried) <= 2 * (steps + 1).bit_length() + 1, (fit_from, guess, tried)
            if guess == fit_from:
                assert len(tried) <= 2


def test_the_previous_file_is_read_without_waiting(tmp_path, monkeypatch):
    """A pipe where the previous file was: not opened for a read that would never end."""
    monkeypatch.setattr(remembered, "REMEMBERED", Remembered())
    made = tmp_path / "made"
    made.write_bytes(b"x")
    file_made("q" * 64, made)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    result: list[bool] = []
    reader = threading.Thread(
        target=lambda: result.append(reuse_file("q" * 64, pipe, tmp_path / "t", 10)),
        daemon=True,
    )
    reader.start()
    reader.join(60)  # far above the instant it takes
    assert result == [False]
