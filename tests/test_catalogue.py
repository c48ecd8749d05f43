"""The preview's catalogue (preview/catalogue.py): every piece of the build with its faces
and fields, and each component's trim and safe outlines as SVG path data, read back as
geometry: a hex's has six corners, a circle's is round, the safe outline lies inside the
trim by the component's safe width."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from bastelbogen.content.project import Project
from bastelbogen.core.units import to_mm
from bastelbogen.pipeline.build import BuildOptions, prepare
from bastelbogen.preview import catalogue

ROOT = Path(__file__).resolve().parent.parent


def _catalogue(root: Path, game: str):
    ready = prepare(Project(root), game, BuildOptions())
    lang = ready.options.langs[0]
    shown = [laid for laid in ready.laid_out() if laid.lang in (None, lang)]
    components: list[dict] = []
    pieces = catalogue.add(ready.game, shown, components, lang)
    return shown, components, pieces


@pytest.fixture(scope="module")
def hextokens():
    return _catalogue(ROOT / "examples", "hextokens")


def _points(path: str) -> list[list[tuple[float, float]]]:
    """SVG path data (M … L … Z subpaths) as lists of corners."""
    loops = []
    for sub in re.findall(r"M([^Z]*)Z", path):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", sub)]
        loops.append(list(zip(numbers[::2], numbers[1::2], strict=True)))
    return loops


def test_every_piece_of_the_build(hextokens):
    shown, components, pieces = hextokens
    items = [item for laid in shown for item in laid.items]
    assert len(pieces) == len(items) == 56
    assert [(p["component"], p["id"]) for p in pieces] == [(i.component.id, i.id) for i in items]
    assert sum(c["count"] for c in components) == len(items)
    assert {c["id"]: c["kind"] for c in components} == {
        "terrain": "tile",
        "ships": "tile",
        "goods": "tile",
    }
    meer = next(p for p in pieces if p["id"] == "meer")
    assert meer["fields"]["colour"] == "#0072b2" and meer["name"] == "Meer"


def test_a_table_decks_fields_are_searchable(tmp_path):
    from bench.decks import write

    write(tmp_path, "table", 30)
    shown, components, pieces = _catalogue(tmp_path, "deck")
    assert len(pieces) == 30 == components[0]["count"]
    last = pieces[-1]
    # the row the item refers to, resolved as its layout sees it
    assert last["fields"]["card.name"] == last["name"] == "Card 30"
    assert last["fields"]["group.name"] and last["fields"]["card.value"].isdigit()


def test_a_hex_outline_has_six_corners_and_its_safe_one_lies_inside(hextokens):
    _, components, _ = hextokens
    terrain = next(c for c in components if c["id"] == "terrain")["outline"]
    assert terrain["shape"] == "hex"
    [cut] = _points(terrain["svg"])
    [safe] = _points(terrain["safe_svg"])
    assert len(cut) == len(safe) == 6
    from shapely.geometry import Point, Polygon

    trim, inner = Polygon(cut), Polygon(safe)
    assert trim.contains(inner)
    width = terrain["safe_mm"]
    assert width == 3.0
    # every corner of the safe outline is the safe width from the cut, no nearer, no further
    for x, y in safe:
        assert trim.exterior.distance(Point(x, y)) == pytest.approx(width, abs=0.02)
    w, h = terrain["size_mm"]
    assert max(x for x, _ in cut) == pytest.approx(w) and max(y for _, y in cut) == pytest.approx(h)


def test_a_circles_outline_is_round(hextokens):
    _, components, _ = hextokens
    ships = next(c for c in components if c["id"] == "ships")["outline"]
    assert ships["shape"] == "circle"
    w, h = ships["size_mm"]
    for path, radius in ((ships["svg"], w / 2), (ships["safe_svg"], w / 2 - ships["safe_mm"])):
        [loop] = _points(path)
        assert len(loop) >= 48
        for x, y in loop:
            assert math.hypot(x - w / 2, y - h / 2) == pytest.approx(radius, abs=0.02)


def test_a_rectangles_safe_zone_is_its_trim_inset():
    from bastelbogen.core.shapes import RECT, outline, safe_area
    from bastelbogen.core.units import mm

    loops = outline(RECT, mm(63), mm(88))
    # points y up, the SVG's mm y down: the trim's bottom-left corner comes first
    assert catalogue.svg(loops, mm(88)) == "M 0.00 88.00 L 63.00 88.00 L 63.00 0.00 L 0.00 0.00 Z"
    inset = catalogue.svg(safe_area(loops, mm(3)), mm(88))
    xs = sorted({x for loop in _points(inset) for x, _ in loop})
    assert xs == [3.0, 60.0] and to_mm(mm(3)) == pytest.approx(3.0)
