"""Shapes as data: hex tiles and round tokens nest on the sheet, their art reaches exactly
their outline grown by the bleed, their cut lines and cut files follow the outline, text
keeps their safe zone, and backs mirror them like rectangles."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import pnp

W_HEX, H_HEX = 60 * math.sqrt(3) / 2, 60.0  # a hex 60 mm across the corners, pointy top
GAME = """game: hx
title: {{de: Hex, en: Hex}}
players: {{min: 2, max: 4}}
components:
  - id: tiles
    name: {{de: Felder, en: Tiles}}
    kind: tile
    size: [{w}mm, {h}mm]
    shape: {shape}
    face: hx/tile
    {back}
    items:
      - {{id: wald, count: {count}, colour: "#2e7d32"}}
"""
FACE = """boxes:
  - {{name: ground, painter: shape, box: bleed, fill: "{{{{ colour }}}}"}}
  - {{name: label, painter: text, box: {label}, text: "W", size: 10, colour: "#ffffff"}}
"""
BACK = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#1f2a44"}
"""


def _kit(
    tmp: Path,
    *args,
    shape="hex",
    w=W_HEX,
    h=H_HEX,
    count=24,
    label="[20, 26, 12, 8]",
    back=False,
    fails=False,
    extra="",
):
    (tmp / "content" / "hx").mkdir(parents=True, exist_ok=True)
    (tmp / "templates" / "hx").mkdir(parents=True, exist_ok=True)
    (tmp / "content" / "hx" / "game.yaml").write_text(
        GAME.format(
            w=round(w, 4),
            h=round(h, 4),
            shape=shape,
            count=count,
            back="back: hx/back" if back else "",
        )
    )
    (tmp / "templates" / "hx" / "tile.yaml").write_text(FACE.format(label=label) + extra)
    (tmp / "templates" / "hx" / "back.yaml").write_text(BACK)
    result = pnp("build", "hx", "--lang", "de", *args, "--out", str(tmp / "out"), cwd=tmp)
    if fails:
        return result
    assert result.returncode == 0, result.stderr
    return tmp / "out" / "hx"


def _fronts(kit: Path) -> list[list[dict]]:
    m = json.loads((kit / "manifest.json").read_text())
    return [
        [i for i in p["items"] if i["side"] == "front"]
        for f in m["files"]
        if f["path"] == "tiles.pdf"
        for p in f["pages"]
    ]


@pytest.mark.parametrize(("bleed", "least"), [("0", 20), ("3mm", 12)])
def test_hexes_nest_on_a4(tmp_path, bleed, least):
    """60 mm across the corners: at least 20 to an A4 sheet without bleed (neighbours share
    their edges), 12 with 3 mm bleed (each keeps its own)."""
    pages = _fronts(_kit(tmp_path, "--bleed", bleed, "--duplex", "none"))
    assert len(pages[0]) >= least, [len(p) for p in pages]
    b = 0.0 if bleed == "0" else 3.0
    outlines = [i["outline_mm"][0] for i in pages[0]]
    from shapely.geometry import Polygon

    polys = [Polygon(o).buffer(b, join_style="mitre") for o in outlines]
    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            assert polys[i].intersection(polys[j]).area < 0.01  # bleeds never overlap
    assert all(0 <= x <= 210 and 0 <= y <= 297 for o in outlines for x, y in o)


def _svg_polygons(path: Path) -> list[list[tuple[float, float]]]:
    root = ET.parse(path).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    cut = root.find(".//s:g[@id='cut']", ns)
    assert cut.get("fill") == "none" and cut.get("stroke-dasharray") is None
    return [
        [tuple(map(float, p.split(","))) for p in poly.get("points").split()]
        for poly in cut.findall("s:polygon", ns)
    ]


def test_a_hex_cut_path_has_six_corners_where_they_belong(tmp_path):
    """Each hex of the cut file: 6 vertices, at the corners of its placed trim box as a
    pointy or flat hex, to 0.01 mm; the manifest's outline says the same."""
    kit = _kit(tmp_path, "--bleed", "3mm", "--duplex", "none", "--svg")
    items = _fronts(kit)[0]
    polygons = _svg_polygons(kit / "cut" / "tiles-1.svg")
    assert len(polygons) == len(items)
    page_h = 297.0
    for poly, item in zip(polygons, items, strict=True):
        assert len(poly) == 6
        x, y, w, h = item["trim_mm"]
        if w < h:  # pointy: corners at the middles of top and bottom
            want = {
                (x + w / 2, y),
                (x + w, y + h / 4),
                (x + w, y + 3 * h / 4),
                (x + w / 2, y + h),
                (x, y + 3 * h / 4),
                (x, y + h / 4),
            }
        else:
            want = {
                (x + w / 4, y),
                (x + 3 * w / 4, y),
                (x + w, y + h / 2),
                (x + 3 * w / 4, y + h),
                (x + w / 4, y + h),
                (x, y + h / 2),
            }
        got = {(px, page_h - py) for px, py in poly}  # SVG's y runs down
        for gx, gy in got:
            assert min(math.hypot(gx - wx, gy - wy) for wx, wy in want) < 0.01
        for (ox, oy), (gx, gy) in zip(
            sorted(map(tuple, item["outline_mm"][0])), sorted(got), strict=True
        ):
            assert abs(ox - gx) < 0.01 and abs(oy - gy) < 0.01


def test_a_circle_cut_is_a_circle_of_its_radius(tmp_path):
    kit = _kit(
        tmp_path,
        "--duplex",
        "none",
        "--svg",
        shape="circle",
        w=25,
        h=25,
        count=30,
        label="[8, 9, 9, 7]",
    )
    for poly in _svg_polygons(kit / "cut" / "tiles-1.svg"):
        cx = sum(p[0] for p in poly) / len(poly)
        cy = sum(p[1] for p in poly) / len(poly)
        assert all(abs(math.hypot(px - cx, py - cy) - 12.5) < 0.01 for px, py in poly)


def test_the_art_reaches_the_grown_outline_and_no_further(tmp_path):
    """With 3 mm bleed a hex's ground shows 2 mm outside its flat edge, and not 4.5 mm
    outside its corner (its bounding box's corner is paper)."""
    from tests.render import Rendered

    kit = _kit(tmp_path, "--bleed", "3mm", "--duplex", "none")
    item = _fronts(kit)[0][0]
    img = Rendered(kit / "tiles.pdf", 0, 150)
    x, y, w, h = item["trim_mm"]
    pt = 72 / 25.4
    pointy = w < h
    edge = (x - 2, y + h / 2) if pointy else (x + w / 2, y - 2)  # beyond a flat edge
    corner = (x + 1, y + 1)  # the bounding box's corner: outside the hex by far
    assert max(img.at_pt(edge[0] * pt, edge[1] * pt)) < 160  # green ground
    assert min(img.at_pt(corner[0] * pt, corner[1] * pt)) > 245  # white paper


def test_text_outside_the_shapes_safe_zone_is_named(tmp_path):
    result = _kit(tmp_path, label="[1, 2, 12, 8]", fails=True)  # the top-left corner
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"^templates/hx/tile\.yaml:3:\d+: item 'wald' \(front\): box 'label'"
        r" holds text within 3 mm of the cut \(the safe zone of its hex\)",
        result.stderr,
        re.M,
    ), result.stderr


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ("octagon", r"shape must be one of rect, rounded, hex, circle, polygon"),
        ("{hex: round}", r"shape: a hex is pointy or flat, not 'round'"),
        ("{polygon: [[0, 0], [1, 1]]}", r"shape: a polygon lists 3 to 5,000 corners"),
        ("{rounded: 3 furlongs}", r"shape: "),
        ("{polygon: [[0, 0], [40, 30], [40, 0], [0, 30]]}", r"shape: a polygon's edges cross"),
        ("{polygon: [[0, 0], [10, 0], [20, 0]]}", r"shape: a polygon's .* enclose no area"),
    ],
)
def test_a_wrong_shape_is_named(tmp_path, shape, message):
    result = _kit(tmp_path, shape=shape, fails=True)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(rf"^content/hx/game\.yaml:9:\d+: {message}", result.stderr, re.M), (
        result.stderr
    )


@pytest.mark.parametrize(
    ("duplex", "offset"),
    [("long", (0, 0)), ("short", (0, 0)), ("long", (1.5, -0.7)), ("short", (-2, 1))],
)
def test_an_asymmetric_polygons_back_is_its_mirror_image(tmp_path, duplex, offset):
    """A right triangle's back lies exactly behind it: its outline mirrored across the page
    (long edge: left-right; short edge: top-bottom), then moved by the printer's calibration
    offset like every back."""
    kit = _kit(
        tmp_path,
        "--duplex",
        duplex,
        "--back-offset",
        f"{offset[0]}mm,{offset[1]}mm",
        shape="{polygon: [[0, 0], [40, 0], [0, 30]]}",
        w=40,
        h=30,
        count=4,
        label="[5, 5, 8, 5]",
        back=True,
    )
    m = json.loads((kit / "manifest.json").read_text())
    pages = [p for f in m["files"] if f["path"] == "tiles.pdf" for p in f["pages"]]
    fronts = [i for i in pages[0]["items"]]
    backs = [i for i in pages[1]["items"]]
    assert len(fronts) == len(backs) == 4
    for f, b in zip(fronts, backs, strict=True):
        mirrored = {
            (210 - x + offset[0], y + offset[1])
            if duplex == "long"
            else (x + offset[0], 297 - y + offset[1])
            for x, y in map(tuple, f["outline_mm"][0])
        }
        got = {tuple(p) for p in b["outline_mm"][0]}
        for (gx, gy), (mx, my) in zip(sorted(got), sorted(mirrored), strict=True):
            assert abs(gx - mx) < 0.001 and abs(gy - my) < 0.001


def test_a_layout_can_draw_the_pieces_outline(tmp_path):
    """`shape: outline` strokes the piece's own outline, here 2 mm inside a hex: the line
    shows 2 mm inside the middle of a flat edge."""
    from tests.render import Rendered

    kit = _kit(
        tmp_path,
        "--bleed",
        "3mm",
        "--duplex",
        "none",
        count=1,
        extra="  - {name: rim, painter: shape, shape: outline, inset: 2, box: [0, 0, 1, 1],"
        ' stroke: "#ff0000", line: 1.5}\n',
    )
    item = _fronts(kit)[0][0]
    img = Rendered(kit / "tiles.pdf", 0, 300)
    x, y, w, h = item["trim_mm"]
    pt = 72 / 25.4
    inside = (x + 2, y + h / 2) if w < h else (x + w / 2, y + 2)
    r, g, b = img.at_pt(inside[0] * pt, inside[1] * pt)
    assert r > 180 and g < 90 and b < 90, (r, g, b)


def _crop_marks(kit: Path) -> list:
    from tests.pdfread import read

    _, pages = read(kit / "tiles.pdf")
    return [ln for ln in pages[0].lines if abs(ln.width - 0.25) < 1e-6 and not ln.in_form]


def test_crop_marks_where_a_straight_cut_helps(tmp_path):
    """Triangles on a box grid get crop marks at their boxes (cut the boxes, then the
    slant); a nest of hexes gets none, and asking for them there is an error."""
    kit = _kit(
        tmp_path / "a",
        shape="{polygon: [[0, 0], [40, 0], [0, 30]]}",
        w=40,
        h=30,
        count=12,
        label="[3, 3, 10, 5]",
    )
    marks = _crop_marks(kit)
    edges_x = {
        round(v, 2)
        for i in _fronts(kit)[0]
        for v in (i["trim_mm"][0], i["trim_mm"][0] + i["trim_mm"][2])
    }
    vertical = {round(ln.x1 / (72 / 25.4), 2) for ln in marks if abs(ln.x1 - ln.x2) < 1e-6}
    assert marks and vertical == edges_x
    assert _crop_marks(_kit(tmp_path / "b")) == []
    result = _kit(tmp_path / "c", shape="hex\n    marks: true", fails=True)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"^content/hx/game\.yaml:10:\d+: a hex nests on the sheet", result.stderr, re.M
    ), result.stderr
