"""The cells painter: a grid of cols × rows cells ruled over its box, every other cell tinted.
Its geometry read as numbers, its drawing read back as pixels from a built card, and a
count past the bound a located error."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest

from bastelbogen.render.cells import ruling
from tests.conftest import pnp

GAME = """game: g
title: {en: G}
languages: [en]
players: {min: 1, max: 2}
components:
  - {id: boards, kind: card, size: [70mm, 100mm], face: g/face, items: [{id: b}]}
"""
FACE = """boxes:
  - {name: paper, painter: shape, box: bleed, fill: "#ffffff"}
  - {name: squares, painter: cells, box: [0, 0, 70, 100], cols: COLS, rows: 10,
     fill: "#000000", line: 0.5, colour: "#ff0000"}
"""


def test_the_ruling_is_each_inner_line_once_and_every_other_cell():
    lines, tinted = ruling((0.0, 0.0, 30.0, 20.0), 3, 2)
    inner = [(10.0, 0.0, 10.0, 20.0), (20.0, 0.0, 20.0, 20.0), (0.0, 10.0, 30.0, 10.0)]
    assert lines[:3] == inner and len(lines) == 3 + 4
    assert tinted == [(0.0, 10.0, 10.0, 10.0), (20.0, 10.0, 10.0, 10.0), (10.0, 0.0, 10.0, 10.0)]
    assert ruling((0.0, 0.0, 30.0, 20.0), 3, 2, frame=False)[0] == inner


def _project(tmp_path, cols: str):
    (tmp_path / "content/g").mkdir(parents=True)
    (tmp_path / "templates/g").mkdir(parents=True)
    (tmp_path / "content/g/game.yaml").write_text(GAME)
    (tmp_path / "templates/g/face.yaml").write_text(FACE.replace("COLS", cols))
    return tmp_path


def test_a_built_board_shows_its_chequer_and_its_lines(tmp_path):
    root = _project(tmp_path, "7")
    out = tmp_path / "out"
    done = pnp("build", "g", "--bleed", "0", "--duplex", "none", "--out", str(out), cwd=root)
    assert done.returncode == 0, done.stderr
    kit = out / "g"
    item = json.loads((kit / "manifest.json").read_text())["files"][0]["pages"][0]["items"][0]
    x0, y0, w, h = item["trim_mm"]  # from the page's bottom-left, mm
    dpi = 100
    page = pdfium.PdfDocument(str(kit / "boards.pdf"))[0]
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    top = page.get_height() / 72 * 25.4  # the page's height, mm

    def at(mx: float, my: float) -> tuple[int, int, int]:
        """The pixel at (mx, my) mm from the card's top-left."""
        px = (x0 + mx) / 25.4 * dpi
        py = (top - (y0 + h) + my) / 25.4 * dpi
        return image.getpixel((round(px), round(py)))

    cw, ch = w / 7, h / 10
    for i in range(7):
        for j in range(10):
            r, g, b = at((i + 0.5) * cw, (j + 0.5) * ch)
            dark = (i + j) % 2 == 0  # the top-left cell tinted, then every other
            assert (r + g + b < 60) == dark, (i, j, (r, g, b))
    r, g, b = at(cw, 0.5 * ch + 0.1)  # on the first inner line, in a white cell's edge
    assert r > 150 and g < 120 and b < 120


@pytest.mark.parametrize("cols", ["0", "201", "2.5", "lots"])
def test_a_count_past_the_bound_is_told_at_its_box(tmp_path, cols):
    root = _project(tmp_path, cols)
    done = pnp("validate", "g", cwd=root)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("templates/g/face.yaml:3:"), done.stderr
    assert "'cols'" in done.stderr
