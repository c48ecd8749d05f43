"""A cheat sheet's fit is remembered beside the kit by the hash of all the page is made of:
a second build of an unchanged game lays the page out once instead of searching for its
size, and the file changes nothing but the time: deleted, damaged or planted, the rules
come out the same, and it is written only when a kit is published."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from bastelbogen.core import remembered
from bastelbogen.core.remembered import Remembered, digest
from tests.conftest import ROOT, pnp

GAME = "muenchhausen"


def build(out: Path, *more: str, root: Path = ROOT) -> dict[str, str]:
    result = pnp("--root", str(root), "build", GAME, "--out", str(out), *more, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    kit = out / GAME
    return {
        str(p.relative_to(kit)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(kit.rglob("rules.pdf"))
    }


def memory(out: Path) -> Path:
    return out / f".{GAME}.remembered.json"


@pytest.fixture(scope="module")
def first(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    out = tmp_path_factory.mktemp("out")
    return out, build(out)


def fits(out: Path) -> list:
    """The remembered fits: a scale, a depth (points) and where the columns part (a group
    and the room its last paragraph has in the left column); the rest are a word's breaks."""
    found = json.loads(memory(out).read_text())
    return [v for v in found.values() if len(v) == 4 and isinstance(v[0], float)]


def test_a_build_remembers_each_language_s_fit(first):
    out, rules = first
    assert len(rules) == 2  # de/rules.pdf and en/rules.pdf
    assert len(fits(out)) == len(rules)  # one fit per language's page
    for scale, depth, group, room in fits(out):
        assert 0.5 <= scale <= 1.5 and depth > 100 and group > 0 and room >= 0


def test_the_remembered_fit_gives_the_same_rules(first, tmp_path):
    out, rules = first
    again = tmp_path / "again"
    shutil.copytree(out, again)
    assert build(again) == rules
    memory(again).unlink()  # deleted: worked out again, to the same bytes
    assert build(again) == rules
    assert memory(again).is_file()


SLOW = pytest.mark.slow  # a build for each damaged file: the first stands for them


@pytest.mark.parametrize(
    "planted",
    [
        b"{not json",
        pytest.param(b"[1, 2, 3]", marks=SLOW),
        pytest.param(json.dumps({"0" * 64: ["a", None], "x": [1.0, 2.0]}).encode(), marks=SLOW),
        pytest.param(
            json.dumps({"f" * 64: [float("nan"), 1.0]}).replace("NaN", "1e999").encode(),
            marks=SLOW,
        ),
        pytest.param(b" " * (5 * 1024 * 1024), marks=SLOW),  # past the limit: not read
    ],
)
def test_a_damaged_file_changes_nothing(first, tmp_path, planted):
    out, rules = first
    again = tmp_path / "again"
    shutil.copytree(out, again)
    memory(again).write_bytes(planted)
    assert build(again) == rules


@pytest.mark.slow
def test_a_link_in_its_place_is_not_followed(first, tmp_path):
    out, rules = first
    again = tmp_path / "again"
    shutil.copytree(out, again)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("{}")
    memory(again).unlink()
    os.symlink(elsewhere, memory(again))
    assert build(again) == rules
    assert elsewhere.read_text() == "{}"  # the new file replaced the link, not its target


@pytest.mark.slow
def test_a_changed_input_is_fitted_anew(first, tmp_path):
    """Other words on the page: another hash, so a fit of its own (both kept)."""
    out, rules = first
    project = tmp_path / "project"
    shutil.copytree(ROOT / "content" / GAME, project / "content" / GAME)
    path = project / "content" / GAME / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Münchhausen", "Muenchhausen", 1), encoding="utf-8")
    again = tmp_path / "again"
    shutil.copytree(out, again)
    before = set(json.loads(memory(again).read_text()))
    changed = build(again, root=project)
    after = set(json.loads(memory(again).read_text()))
    assert before < after and len(fits(again)) == 3  # the old two, and the changed page
    assert changed != rules


def test_a_failed_build_and_validate_write_nothing(first, tmp_path):
    """A build that fails once every page is laid out (--strict, a card's text under 6 pt)
    leaves out/ as it was, the fits it worked out unwritten; validating writes nothing."""
    out, _rules = first
    project = tmp_path / "project"
    shutil.copytree(ROOT / "content" / GAME, project / "content" / GAME)
    face = project / "templates" / GAME / "number.yaml"
    face.parent.mkdir(parents=True)
    text = (ROOT / "templates" / GAME / "number.yaml").read_text(encoding="utf-8")
    face.write_text(text.replace("font: bold, size: 9,", "font: bold, size: 4,", 1))
    again = tmp_path / "again"
    shutil.copytree(out, again)
    memory(again).unlink()
    before = sorted((p.name, p.stat().st_mtime_ns) for p in again.rglob("*"))
    result = pnp("--root", str(project), "build", GAME, "--out", str(again), "--strict", cwd=ROOT)
    assert result.returncode == 1 and "under 6 pt" in result.stderr, result.stderr
    result = pnp("--root", str(project), "validate", GAME, cwd=ROOT)
    assert not memory(again).exists()
    assert sorted((p.name, p.stat().st_mtime_ns) for p in again.rglob("*")) == before


def test_workers_hand_their_fits_back(tmp_path):
    """With --jobs 2 the cheat sheets are laid out in a worker: its fits still come home."""
    build(tmp_path, "--jobs", "2")
    assert len(fits(tmp_path)) == 2


def test_a_word_s_breaks_are_pyphen_s(monkeypatch):
    """Remembered or read from the dictionary, a word breaks where pyphen breaks it."""
    import pyphen

    from bastelbogen.render import syllables

    monkeypatch.setattr(syllables, "REMEMBERED", Remembered())
    split = syllables.hyphenator("de")
    assert split is not None
    words = ["Spielkarten", "Münchhausen", "Zahlenkarte", "Lügengeschichten", "und"]
    want = {w: list(pyphen.Pyphen(lang="de").iterate(w)) for w in words}
    assert {w: list(split(w)) for w in words} == want  # read from the dictionary
    assert syllables.REMEMBERED.fresh()  # and remembered
    monkeypatch.setattr(syllables, "_dictionary", None)  # no dictionary to read now
    assert {w: list(split(w)) for w in words} == want


def test_the_hash_covers_the_code(monkeypatch):
    """Another version of the code that fits pages is another hash."""
    mine = digest("page", 1)
    monkeypatch.setattr(remembered, "code_digest", lambda: "other code")
    assert digest("page", 1) != mine


def test_only_numbers_are_taken_back(tmp_path):
    path = tmp_path / "r.json"
    good, bad = "a" * 64, "b" * 64
    path.write_text(json.dumps({good: [1.2, None], bad: [{"x": 1}], "short": [1.0]}))
    found = Remembered()
    found.read(path)
    assert found.get(good) == [1.2, None]
    assert found.get(bad) is None and found.get("short") is None


def test_every_result_is_kept_up_to_the_file_s_limit(tmp_path, monkeypatch):
    """A big deck's every paragraph fit is written back (no count drops some of them, to be
    searched for again by each build); past the limit on the file the most recent are."""
    path = tmp_path / "r.json"
    made = Remembered()
    keys = [hashlib.sha256(str(n).encode()).hexdigest() for n in range(20_000)]
    for n, key in enumerate(keys):
        made.put(key, [n % 13])
    made.write(path)
    found = Remembered()
    found.read(path)
    assert dict(found) == dict(made)
    monkeypatch.setattr(remembered.limits, "MAX_REMEMBERED_BYTES", 100_000)
    made.put("f" * 64, [1])  # something new, so that it is written
    made.write(path)
    assert path.stat().st_size <= 100_000
    found = Remembered()
    found.read(path)
    assert 500 < len(found) < 2_000 and found.get("f" * 64) == [1]
    assert list(found) == list(made)[-len(found) :]  # the most recent
