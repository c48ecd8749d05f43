"""A kit built again from the same inputs copies each sheets file it made before instead of
drawing it again, to the same bytes as a build from nothing; any change to what a build reads
(a byte of a picture or a layout, even with its size and time kept) draws the kit anew; a
file whose drawing warned is copied too, and its warnings told again as they were; and what
cannot be told for certain (a link, a pipe, too many files) copies nothing (core/inputs.py)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from bastelbogen.core import inputs, limits
from bastelbogen.core.inputs import LIBRARIES, inputs_digest
from bastelbogen.core.remembered import installed
from tests.conftest import ROOT, modules_a_build_loads, pnp

GAME = "muenchhausen"
SHEETS = ("number-cards.pdf", "baron.pdf", "de/player-aids.pdf", "en/score-sheet.pdf")


def build(root: Path, out: Path) -> tuple[dict[str, bytes], str]:
    result = pnp("--root", str(root), "build", GAME, "--out", str(out), "--jobs", "1", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    kit = out / GAME
    return {p.relative_to(kit).as_posix(): p.read_bytes() for p in kit.rglob("*.pdf")}, (
        result.stderr
    )


def remembered_hashes(out: Path) -> set[str]:
    found = json.loads((out / f".{GAME}.remembered.json").read_text())
    return {v[0] for v in found.values() if len(v) == 1 and isinstance(v[0], str)}


def test_a_rebuild_copies_every_unchanged_sheet_to_the_bytes_made_from_nothing(tmp_path):
    out = tmp_path / "out"
    made, _ = build(ROOT, out)
    assert set(SHEETS) <= set(made)
    # every file of the kit is remembered by the hash of its bytes
    assert {hashlib.sha256(b).hexdigest() for b in made.values()} <= remembered_hashes(out)
    # the rebuild draws nothing: no paragraph is set (platypus stays unloaded) ...
    assert not any(m.startswith("reportlab.platypus") for m in modules_a_build_loads(GAME, out))
    # ... and its files are the bytes a build from nothing makes
    again, _ = build(ROOT, out)
    assert again == made == build(ROOT, tmp_path / "fresh")[0]


def test_a_rebuild_copies_the_rulebook_and_prints_a_lost_booklet_again_from_it(tmp_path):
    """The rulebook is copied as a sheet is; its booklet changed by hand is not used but
    imposed again from the copied book, to the bytes a build from nothing makes."""
    out = tmp_path / "out"
    made, _ = build(ROOT, out)
    booklet = out / GAME / "de" / "rulebook-booklet.pdf"
    assert made["de/rulebook-booklet.pdf"] == booklet.read_bytes()
    booklet.write_bytes(b"%PDF-1.4 changed by hand")
    again, _ = build(ROOT, out)
    assert again["de/rulebook-booklet.pdf"] == made["de/rulebook-booklet.pdf"]
    assert again == made


@pytest.mark.parametrize(
    "edit",
    [
        ("templates/muenchhausen/number.yaml", 'colour: "#1d1d1d"', 'colour: "#1d1d1e"'),
        ("content/muenchhausen/sets.yaml", "Taler", "Tyler"),
    ],
)
def test_a_changed_input_is_drawn_anew_even_with_its_size_and_time_kept(project_copy, edit):
    name, old, new = edit
    out = project_copy / "out"
    before, _ = build(project_copy, out)
    path = project_copy / name
    info = path.stat()
    text = path.read_text()
    assert old in text and len(old) == len(new)
    path.write_text(text.replace(old, new))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))  # as a coarse clock would see it
    assert path.stat().st_size == info.st_size
    after, _ = build(project_copy, out)
    assert after["number-cards.pdf"] != before["number-cards.pdf"]
    assert after == build(project_copy, project_copy / "fresh")[0]


def test_a_sheet_whose_drawing_warned_is_copied_and_warns_every_time(project_copy):
    """Its warnings are remembered with it: a copy tells them as the drawing did, how many
    times included; the rebuild draws nothing (no paragraph is set)."""
    layout = project_copy / "templates/muenchhausen/number.yaml"
    text = layout.read_text()
    layout.write_text(text.replace('colour: "#444444"', 'colour: "#fffdf5"'))  # on #fffdf6
    out = project_copy / "out"
    made, told = build(project_copy, out)
    assert "contrast" in told and "box 'worth'" in told and "more like it" in told
    assert hashlib.sha256(made["number-cards.pdf"]).hexdigest() in remembered_hashes(out)
    loaded = modules_a_build_loads(GAME, out, root=project_copy)
    assert not any(m.startswith("reportlab.platypus") for m in loaded)
    again, told_again = build(project_copy, out)
    assert again == made and told_again == told


def digest_of(folder: Path) -> str | None:
    return inputs_digest([folder], "options")


def test_the_digest_is_of_every_byte_and_name(tmp_path):
    (tmp_path / "art").mkdir()
    picture = tmp_path / "art" / "coin.png"
    picture.write_bytes(b"\x89PNG one")
    first = digest_of(tmp_path)
    assert first is not None and first == digest_of(tmp_path)
    assert inputs_digest([tmp_path], "other options") != first
    info = picture.stat()
    picture.write_bytes(b"\x89PNG two")
    os.utime(picture, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert digest_of(tmp_path) != first
    picture.write_bytes(b"\x89PNG one")
    assert digest_of(tmp_path) == first
    picture.rename(tmp_path / "art" / "token.png")
    assert digest_of(tmp_path) != first


@pytest.mark.parametrize("odd", ["file link", "folder link", "pipe"])
def test_what_cannot_be_told_for_certain_makes_no_digest(tmp_path, odd):
    (tmp_path / "game.yaml").write_text("id: x\n")
    elsewhere = tmp_path.parent / f"{tmp_path.name}-elsewhere"
    elsewhere.mkdir()
    (elsewhere / "picture.png").write_bytes(b"\x89PNG")
    if odd == "file link":
        os.symlink(elsewhere / "picture.png", tmp_path / "picture.png")
    elif odd == "folder link":
        os.symlink(elsewhere, tmp_path / "art")
    else:
        os.mkfifo(tmp_path / "picture.png")  # never opened: a read would wait forever
    assert digest_of(tmp_path) is None
    shutil.rmtree(elsewhere)


def test_a_game_of_more_files_than_the_limit_makes_no_digest(tmp_path, monkeypatch):
    for n in range(3):
        (tmp_path / f"{n}.yaml").write_text(str(n))
    assert digest_of(tmp_path) is not None
    monkeypatch.setattr(limits, "MAX_INPUT_FILES", 2)
    assert digest_of(tmp_path) is None
    monkeypatch.setattr(limits, "MAX_INPUT_FILES", 10)
    monkeypatch.setattr(limits, "MAX_INPUT_BYTES", 2)
    assert digest_of(tmp_path) is None


def test_each_library_that_shapes_a_file_is_known_by_its_version():
    """Each is found as an installed distribution (pillow for PIL, pyyaml for yaml): an
    upgrade changes the digest, so a kit is never copied across one."""
    for distribution, module in LIBRARIES:
        found = installed(distribution, module)
        assert found.endswith(".dist-info"), (distribution, found)
        assert found.lower().startswith(distribution.replace("-", "_").lower() + "-")
    assert inputs.installed is installed  # the one reading of a library's version


def test_a_folder_nested_past_the_stack_is_walked_and_a_missing_one_is_an_input(tmp_path):
    deep = tmp_path
    try:
        for _ in range(1200):  # deeper than Python's recursion limit
            deep = deep / "a"
            deep.mkdir()
        (deep / "picture.png").write_bytes(b"\x89PNG")
        found = digest_of(tmp_path)
        assert found is not None
        (deep / "picture.png").write_bytes(b"\x89PNG!")
        assert digest_of(tmp_path) not in (None, found)
    finally:  # removed from the bottom up, whatever failed: rmtree (pytest's too) would recurse
        (deep / "picture.png").unlink(missing_ok=True)
        while deep != tmp_path:
            deep.rmdir()
            deep = deep.parent
    # a project without its own templates/ still has a digest, and one that tells it apart
    (tmp_path / "game.yaml").write_text("id: x\n")
    missing = tmp_path.parent / f"{tmp_path.name}-no-templates"
    without = inputs_digest([tmp_path, missing], "options")
    assert without is not None and without != digest_of(tmp_path)
    missing.mkdir()
    assert inputs_digest([tmp_path, missing], "options") not in (None, without)


def test_whether_a_file_is_one_for_every_language_is_remembered(tmp_path, monkeypatch):
    """An unchanged kit does not compare every face in every language again to learn which
    files are printed once and which once per language (most of a two-language rebuild)."""
    from bastelbogen.content.project import Project
    from bastelbogen.layout.arts import Arts
    from bastelbogen.pipeline.build import BuildOptions, build_game

    out = tmp_path / "out"
    build_game(Project(ROOT), GAME, out, BuildOptions(jobs=1))
    first = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.pdf")}
    assert "muenchhausen/number-cards.pdf" in first  # one for both languages ...
    assert "muenchhausen/de/player-aids.pdf" in first  # ... and one per language

    def compared(*_args):
        raise AssertionError("compared again")

    monkeypatch.setattr(Arts, "same_as", compared)
    build_game(Project(ROOT), GAME, out, BuildOptions(jobs=1))
    again = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.pdf")}
    assert again == first
