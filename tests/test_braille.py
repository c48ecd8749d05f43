"""Paper braille as German Basisschrift writes it, checked against known strings."""

from __future__ import annotations

import re

import pytest

from bastelbogen.layout import braille
from tests.conftest import pnp


@pytest.mark.parametrize(
    "text,cells",
    [
        ("5", "⠼⠑"),  # number sign, e
        ("12", "⠼⠁⠃"),  # one number sign for the run
        ("3a", "⠼⠉⠠⠁"),  # a letter a-j after digits: the letter sign
        ("10h", "⠼⠁⠚⠠⠓"),
        ("12k", "⠼⠁⠃⠅"),  # k-z cannot be read as digits: no sign
        ("1 a", "⠼⠁⠀⠁"),  # the space ends the number
        ("Bär", "⠃⠜⠗"),  # ä 345
        ("Öl", "⠪⠇"),  # ö 246
        ("Tür", "⠞⠳⠗"),  # ü 1256
        ("Fuß", "⠋⠥⠮"),  # ß 2346
    ],
)
def test_cells_are_german_braille(text, cells):
    assert braille.unicode(text) == cells


def test_a_character_without_a_cell_is_a_located_error(project_copy, tmp_path):
    face = project_copy / "templates" / "muenchhausen" / "number.yaml"
    text = face.read_text()
    face.write_text(
        text.replace(
            '{name: braille, painter: braille, box: [4.5, 24, 11, 7], text: "{{ value }}"',
            '{name: braille, painter: braille, box: [4.5, 24, 11, 7], text: "é{{ value }}"',
        )
    )
    assert face.read_text() != text
    result = pnp("build", "muenchhausen", "--braille", "--out", str(tmp_path), cwd=project_copy)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"number\.yaml:\d+:\d+: item 'taler-1' \(front\): no braille cell for 'é'", result.stderr
    ), result.stderr
