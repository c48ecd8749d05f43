"""One safe zone: every painter that puts text on paper keeps inside the cut outline shrunk
by the safe width, whatever the shape, and the checks read the painter's own flag, so a
painter registered later (here, by the test) is held to it like the shipped ones."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bastelbogen.content.painters import PAINTERS, Mark, painter
from bastelbogen.core.errors import ContentError
from bastelbogen.core.params import TEXT
from bastelbogen.core.shapes import RECT, Shape, clearance, keeps_safe, outline, safe_area
from bastelbogen.core.units import mm
from tests.conftest import build

PROBE = "probe-text"  # a text painter the test registers, as a new module would


def _probe(c, box, ctx) -> None:
    x, y, w, h = box.rect
    c.setFillColor(ctx.ink(box, "colour", "#000000"))
    c.rect(x, y, w, h, stroke=0, fill=1)


@pytest.fixture(scope="module", autouse=True)
def probe_painter():
    painter(PROBE, "a test's own text", {"text": TEXT}, puts=(Mark.TEXT,))(_probe)
    yield
    PAINTERS.remove(PROBE)


# Each text painter's keys for a box 14 x 14 mm that it can fill.
KEYS = {
    "text": 'text: "W", size: 8',
    "paragraph": 'text: "Wald", size: 8',
    "table": 'header: ["A", "B"], rows: ["x"], first: 8, header-height: 5, size: 6',
    "braille": 'text: "1"',
    PROBE: 'text: "W"',
}
# (kind, shape, width, height): a card, a hex and a round token, mm.
SHAPES = {
    "card": ("card", "rect", 63.0, 88.0),
    "hex": ("tile", "hex", 60 * math.sqrt(3) / 2, 60.0),
    "circle": ("tile", "circle", 40.0, 40.0),
}
GAME = """game: sz
title: {{de: Zone, en: Zone}}
players: {{min: 2, max: 4}}
components:
  - id: pieces
    name: {{de: Teile, en: Pieces}}
    kind: {kind}
    size: [{w}mm, {h}mm]
    shape: {shape}
    face: sz/face
    items:
      - {{id: one, count: 1}}
"""


def _text_painters() -> list[str]:
    return sorted(name for name, p in PAINTERS.items() if p.text)


def test_the_text_painters_are_found_by_their_flag():
    assert {"text", "paragraph", "table", "braille", PROBE} <= set(_text_painters())
    assert not PAINTERS["shape"].text and not PAINTERS["art"].text
    assert set(KEYS) == set(_text_painters()), "every text painter is tried below"


def _validate(tmp: Path, shape: str, painter_name: str, box: tuple) -> None:
    kind, outline_kind, w, h = SHAPES[shape]
    (tmp / "content" / "sz").mkdir(parents=True, exist_ok=True)
    (tmp / "templates" / "sz").mkdir(parents=True, exist_ok=True)
    (tmp / "content" / "sz" / "game.yaml").write_text(
        GAME.format(kind=kind, shape=outline_kind, w=round(w, 4), h=round(h, 4))
    )
    (tmp / "templates" / "sz" / "face.yaml").write_text(
        "boxes:\n"
        '  - {name: ground, painter: shape, box: bleed, fill: "#dddddd"}\n'
        f"  - {{name: words, painter: {painter_name}, box: [{', '.join(f'{v:g}' for v in box)}],"
        f" {KEYS[painter_name]}}}\n"
    )
    build("sz", tmp / "out", project=tmp, dry=True)


def _inside(shape: str) -> tuple:
    """A 14 mm square at the middle of the piece: inside every safe outline."""
    _, _, w, h = SHAPES[shape]
    return (round(w / 2 - 7, 3), round(h / 2 - 7, 3), 14, 14)


def _outside(shape: str) -> tuple:
    """A square inside the trim, past the safe outline: for the card across its 3 mm
    margin; for the hex and the circle in a corner of their bounding box, which the
    trim's own safe margin would let pass."""
    return (1.5, 30, 14, 14) if shape == "card" else (3.5, 3.5, 14, 14)


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("painter_name", sorted(KEYS))
def test_text_is_refused_outside_the_safe_outline_and_taken_inside(tmp_path, shape, painter_name):
    _validate(tmp_path, shape, painter_name, _inside(shape))
    with pytest.raises(ContentError) as caught:
        _validate(tmp_path, shape, painter_name, _outside(shape))
    problem = caught.value.problems[0]
    assert problem.loc.file.endswith("templates/sz/face.yaml") and problem.loc.line == 3
    assert "box 'words'" in problem.message
    assert ("within 3 mm of the cut" in problem.message) or (
        f"leaves the safe zone of its {SHAPES[shape][1]}" in problem.message
    ), problem.message


@pytest.mark.parametrize(
    "shape",
    [
        RECT,
        Shape("rounded", radius=mm(4)),
        Shape("hex"),
        Shape("circle"),
        Shape("polygon", points=((0, 0), (40, 0), (20, 35))),
    ],
    ids=["rect", "rounded", "hex", "circle", "polygon"],
)
def test_the_safe_area_is_the_outline_shrunk_by_the_safe_width(shape):
    """Every point of the safe area lies the safe width from the cut, or further; and a
    box at the middle is kept while one at the edge is not."""
    from shapely.geometry import Point, Polygon

    w, h = mm(40), mm(35)
    cut = outline(shape, w, h)
    safe = safe_area(cut, mm(3))
    edge = Polygon(cut[0]).exterior
    assert safe and all(edge.distance(Point(p)) >= mm(3) - 1e-3 for p in safe[0])
    mx, my = Polygon(cut[0]).centroid.coords[0]
    assert keeps_safe(cut, mm(3), (mx - mm(2), my - mm(2), mm(4), mm(4)))
    assert not keeps_safe(cut, mm(3), (mx - mm(2), my - mm(2), w, mm(4)))
    assert clearance(cut, (mx - mm(1), my - mm(1), mm(2), mm(2))) > mm(3)
