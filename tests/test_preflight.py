"""Preflight: art short of the bleed, text under 6 pt and pictures under 150 dpi are told
as located warnings; --strict makes them errors that leave the previous kit alone."""

from __future__ import annotations

import re

import pytest
from PIL import Image

from tests.conftest import ROOT, pnp

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

FACE = "templates/muenchhausen/number.yaml"


def _edit(root, old: str, new: str) -> None:
    path = root / FACE
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _line_of(root, needle: str) -> int:
    lines = (root / FACE).read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if needle in line)


@pytest.mark.parametrize("game", ["museo", "mytown", "muenchhausen", "minipilo"])
def test_shipped_kits_pass_preflight_strictly(tmp_path, game):
    result = pnp("build", game, "--strict", "--bleed", "6mm", "--out", str(tmp_path), cwd=ROOT)
    assert result.returncode == 0 and "warning" not in result.stderr, result.stderr


def test_art_stopping_at_the_trim_is_told_at_its_box(tmp_path, project_copy):
    _edit(
        project_copy,
        "name: ground, painter: shape, box: bleed",
        "name: ground, painter: shape, box: [0, -3, 63, 94]",
    )
    result = pnp("build", "muenchhausen", "--out", str(tmp_path), cwd=project_copy)
    assert result.returncode == 0, result.stderr
    line = _line_of(project_copy, "name: ground")
    found = re.findall(
        rf"number\.yaml:{line}:\d+: warning: preflight: box 'ground' reaches"
        r" the trim on the left and right but stops short of the 3 mm bleed"
        r".*\(and (\d+) more like it\)",
        result.stderr,
    )
    assert found and int(found[0]) >= 40, result.stderr  # told once, for every card
    assert result.stderr.count("warning") == 1
    # At --bleed 0 there is no bleed to fall short of.
    quiet = pnp("build", "muenchhausen", "--bleed", "0", "--out", str(tmp_path), cwd=project_copy)
    assert quiet.returncode == 0 and "warning" not in quiet.stderr


def test_strict_makes_warnings_errors_and_keeps_the_old_kit(tmp_path, project_copy):
    assert pnp("build", "muenchhausen", "--out", str(tmp_path), cwd=project_copy).returncode == 0
    before = {p: p.read_bytes() for p in (tmp_path / "muenchhausen").rglob("*") if p.is_file()}
    _edit(project_copy, "     size: 22, colour:", "     size: 4, min-size: 4, colour:")
    result = pnp("build", "muenchhausen", "--strict", "--out", str(tmp_path), cwd=project_copy)
    line = _line_of(project_copy, "name: index,")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        rf"number\.yaml:{line}:\d+: preflight: text in box 'index' is set at 4 pt", result.stderr
    ), result.stderr
    after = {p: p.read_bytes() for p in (tmp_path / "muenchhausen").rglob("*") if p.is_file()}
    assert after == before
    validated = pnp("validate", "muenchhausen", "--strict", cwd=project_copy)
    assert validated.returncode == 1 and "4 pt" in validated.stderr
    told = pnp("validate", "muenchhausen", cwd=project_copy)
    assert told.returncode == 0 and told.stderr.count("warning: preflight: text") == 1


@pytest.mark.parametrize("pixels,warned", [(40, True), (240, False)])
def test_soft_pictures_are_told_at_the_row(tmp_path, project_copy, pixels, warned):
    """A picture of `pixels` square in a 20 mm box: 40 px is 51 dpi, 240 px is 305 dpi.
    Every set's row draws it: told once for them all, at the first row, with how many rows;
    `--verbose` tells it at each row."""
    Image.new("RGB", (pixels, pixels), "#336699").save(
        project_copy / "content" / "muenchhausen" / "pic.png"
    )
    with open(project_copy / FACE, "a") as face:
        face.write("  - {name: pic, painter: image, box: [21, 30, 20, 20], file: pic.png}\n")
    result = pnp("build", "muenchhausen", "--out", str(tmp_path), cwd=project_copy)
    assert result.returncode == 0, result.stderr
    told = re.findall(
        r"game\.yaml:(\d+):\d+: warning: preflight: pictures print at as little as (\d+) dpi;"
        r" 150 dpi or more looks sharp \(component 'number-cards': (\d+) places",
        result.stderr,
    )
    assert bool(told) == warned, result.stderr
    if not warned:
        return
    ((first, dpi, places),) = told
    assert dpi == str(round(pixels / (20 / 25.4))) and result.stderr.count("warning") == 1
    every = pnp("build", "muenchhausen", "--verbose", "--out", str(tmp_path), cwd=project_copy)
    rows = re.findall(
        r"game\.yaml:(\d+):\d+: warning: preflight: picture pic\.png prints at (\d+) dpi",
        every.stderr,
    )
    assert len({row for row, _ in rows}) == len(rows) == int(places) > 1, every.stderr
    assert min(int(row) for row, _ in rows) == int(first) and {d for _, d in rows} == {dpi}


def test_a_sign_lettered_small_is_told(tmp_path, project_copy):
    """Lettering a theme asks for inside a motif is text too: a long shop sign that must
    shrink under 6 pt to fit its building is told at the layout box that draws it."""
    theme = project_copy / "content" / "mytown" / "themes" / "town.yaml"
    theme.write_text(theme.read_text().replace("sign: BÄCKEREI,", "sign: BÄCKEREI KONDITOREI,"))
    result = pnp("build", "mytown", "--out", str(tmp_path), cwd=project_copy)
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"templates/mytown/tile\.yaml:\d+:\d+: warning: preflight: text in box"
        r" 'sign' is set at [45](\.\d)? pt",
        result.stderr,
    ), result.stderr


def test_art_stopping_just_inside_the_trim_is_told(tmp_path, project_copy):
    _edit(
        project_copy,
        "name: ground, painter: shape, box: bleed",
        "name: ground, painter: shape, box: [0.5, -3, 65.5, 94]",
    )
    result = pnp("build", "muenchhausen", "--out", str(tmp_path), cwd=project_copy)
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"number\.yaml:\d+:\d+: warning: preflight: box 'ground' stops just inside"
        r" the trim on the left",
        result.stderr,
    ), result.stderr
