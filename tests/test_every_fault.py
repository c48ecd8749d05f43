"""Every layout problem at once (issue 27): one validate tells all the layout faults of a
game, each at its place, however many templates and items they are spread over."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import pnp

GAME = """game: faults
title: {de: Fehler, en: Faults}
players: {min: 2, max: 4}
components:
  - id: cards
    name: {de: Karten, en: Cards}
    kind: card
    size: [63mm, 88mm]
    face: faults/face
    back: faults/back
    items:
      - {id: one, count: 1}
      - {id: two, count: 1}
"""
FACE = """boxes:
  - {name: far, painter: shape, box: [100, 10, 10, 10], fill: "#336699"}
  - {name: edge, painter: text, box: [1, 10, 30, 8], text: "Rand"}
  - {name: sum, painter: text, box: [10, 30, 40, 8], text: "{{ 1 + }}"}
"""
BACK = """boxes:
  - {name: sky, painter: art, box: bleed, motif: waves, wobble: 3}
"""


def _game(root: Path) -> None:
    (root / "content" / "faults").mkdir(parents=True)
    (root / "templates" / "faults").mkdir(parents=True)
    (root / "content" / "faults" / "game.yaml").write_text(GAME)
    (root / "templates" / "faults" / "face.yaml").write_text(FACE)
    (root / "templates" / "faults" / "back.yaml").write_text(BACK)


def test_one_validate_tells_four_faults_in_two_templates(tmp_path):
    _game(tmp_path)
    result = pnp("validate", "faults", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    told = [line for line in result.stderr.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    face, back = "templates/faults/face.yaml", "templates/faults/back.yaml"
    expected = [
        (f"{face}:2:", "'far' lies outside"),
        (f"{face}:3:", "'edge' holds text within 3 mm"),
        (f"{face}:4:", "{{ 1 + }}"),
        (f"{back}:2:", "unknown key 'wobble'"),
    ]
    for where, what in expected:
        assert any(line.startswith(where) and what in line for line in told), (
            where,
            what,
            result.stderr,
        )
    # A fault every item shares is told once, at its place, not once an item.
    assert len(told) == len(expected), result.stderr
    assert "'far' lies outside the 63.0 x 88.0 mm item (and 1 more item)" in result.stderr


def test_at_most_a_hundred_faults_are_told_and_how_many_more(tmp_path):
    _game(tmp_path)
    boxes = "".join(
        f'  - {{name: far{n}, painter: shape, box: [{100 + n}, 10, 10, 10], fill: "#336699"}}\n'
        for n in range(130)
    )
    (tmp_path / "templates" / "faults" / "face.yaml").write_text("boxes:\n" + boxes)
    (tmp_path / "templates" / "faults" / "back.yaml").write_text(
        "boxes:\n  - {name: sky, painter: art, box: bleed, motif: waves}\n"
    )
    result = pnp("validate", "faults", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    told = [line for line in result.stderr.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    assert sum("lies outside" in line for line in told) == 100, result.stderr[-2000:]
    assert told[100].endswith("and 30 more problems after this one"), told[100]
    assert len(told) == 101
