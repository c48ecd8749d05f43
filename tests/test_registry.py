"""Painters and motifs are registered once; the layout check, the README and the drawing
all read the one registry."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.pdfgen import canvas

from bastelbogen.content.painters import MOTIFS, PAINTERS, known, motif_problems, paintings, table
from bastelbogen.core.errors import Loc
from bastelbogen.layout.layouts import Box
from bastelbogen.render.paint import PaintContext, draw_face
from bastelbogen.render.style import Fonts
from tests.conftest import ROOT, pnp

known()
CONTEXTUAL = ("minipilo-board", "museum-board", "stand-profile")  # drawn from game tables


def test_readme_lists_the_registered_painters_and_motifs():
    from docs.tables import block

    assert block((ROOT / "README.md").read_text(), "painters") == table()
    assert set(PAINTERS) == {"shape", "text", "paragraph", "art", "braille", "image", "table"}


@pytest.mark.parametrize("name", sorted(set(MOTIFS) - set(CONTEXTUAL)))
def test_every_registered_motif_draws(name):
    """What is registered is what is drawn: each motif draws into a form with its keys."""
    c = canvas.Canvas(io.BytesIO())
    ctx = PaintContext(Fonts({}, Loc("x"), {}), Path("."))
    params = (("motif", name), ("seed", 7)) if name in paintings() else (("motif", name),)
    draw_face(c, (Box("m", "art", (0, 0, 120, 160), params, Loc("x")),), ctx)
    assert len(ctx.pictures) == 1, "the motif was drawn as a form"
    empty = canvas.Canvas(io.BytesIO())
    empty.beginForm("F")
    empty.endForm()
    assert len(c.getpdfdata()) > len(empty.getpdfdata()) + 100, "and it drew something"


def test_motif_keys_are_checked_from_the_registry():
    assert motif_problems({"motif": "coin", "colour": "#123456"}) == []
    wrong = motif_problems({"motif": "coin", "colur": "red"})
    assert wrong and "has no parameter 'colur'; it takes colour" in wrong[0][2]
    assert "must be one of" in motif_problems({"motif": "visitor", "symbol": "x"})[0][2]


@pytest.mark.parametrize("painter", sorted(PAINTERS))
def test_layout_check_takes_each_painters_keys_and_no_other(tmp_path, project_copy, painter):
    """A box naming a key its painter does not register is told, with what it takes."""
    face = project_copy / "templates" / "muenchhausen" / "number.yaml"
    face.write_text(
        face.read_text() + f"  - {{name: probe, painter: {painter}, box: [20, 30,"
        " 10, 10], zzz: 1}\n"
    )
    result = pnp("validate", "muenchhausen", cwd=project_copy)
    assert result.returncode == 1
    keys = ", ".join(PAINTERS[painter].keys)
    assert f"unknown key 'zzz' in box 'probe'; a {painter} box takes {keys}" in result.stderr
