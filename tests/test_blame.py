"""A text too long for its box is told at the content's cell that holds it, naming the
layout's box, the same by `pnp validate` and in the preview's state (which also names the
piece); a file the package brings is named `<bastelbogen>/…`, never by an absolute path."""

from __future__ import annotations

import shutil
from pathlib import Path

from bastelbogen.content.project import TEMPLATES, Project
from bastelbogen.core.paths import named
from bastelbogen.pipeline.build import BuildOptions
from tests.conftest import pnp

ROOT = Path(__file__).resolve().parents[1]


def test_files_are_named_from_the_folder_else_from_the_package(tmp_path):
    number = TEMPLATES / "muenchhausen/number.yaml"
    assert named(number, tmp_path) == "<bastelbogen>/templates/muenchhausen/number.yaml"
    assert named(tmp_path / "content/x/game.yaml", tmp_path) == "content/x/game.yaml"
    assert named(number, TEMPLATES.parent) == "templates/muenchhausen/number.yaml"
    assert named("content/x.csv", tmp_path) == "content/x.csv"  # relative: as it is


def test_a_long_text_is_told_at_its_cell_in_the_command_line_and_the_preview(tmp_path):
    from bastelbogen.preview.state import Preview

    # Only the game: its layouts are the package's, as for a designer with pnp installed.
    shutil.copytree(ROOT / "content/muenchhausen", tmp_path / "content/muenchhausen")
    sets = tmp_path / "content/muenchhausen/sets.yaml"
    sets.write_text(
        sets.read_text().replace("currency: Gulden,", "currency: " + "Guldengulden" * 3 + ",")
    )
    cell = "content/muenchhausen/sets.yaml:5:27"  # the `currency` of set gulden
    box = "(<bastelbogen>/templates/muenchhausen/number.yaml:17:64)"
    told = pnp("validate", "muenchhausen", cwd=tmp_path)
    assert told.returncode == 1
    line = next(x for x in told.stderr.splitlines() if x.startswith(cell))
    assert "item 'gulden-1' (front): the sets currency 'GuldenguldenGuldengulden" in line
    assert f"in box 'currency' (29.0 x 7.0 mm) of layout muenchhausen/number {box}" in line
    assert str(TEMPLATES) not in told.stderr

    preview = Preview(Project(tmp_path), "muenchhausen", BuildOptions())
    problems = preview.rebuild().problems
    mine = [p for p in problems if p["where"] == cell]
    assert len(mine) == 1, problems
    [p] = mine
    assert (p["file"], p["line"], p["col"]) == ("content/muenchhausen/sets.yaml", 5, 27)
    assert p["text"] == f"{cell}: {p['message']}" and box in p["message"]
    assert p["piece"] == {"component": "number-cards", "item": "gulden-1"}
    assert all(str(TEMPLATES) not in q["text"] for q in problems)
