"""Cut files that cut each edge once: at --bleed 0 neighbours share their edges, and the cut
layer draws every edge once (a second pass frays card stock), while the pieces' closed
outlines stay in a hidden layer of their own. Read back with ElementTree + shapely (SVG)
and ezdxf (DXF), never with the writers' code; the expected cut is the union of the
manifest's outlines."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from shapely import LineString, unary_union

from tests.conftest import ROOT, pnp
from tests.dxfcodes import header, pairs

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

EXAMPLES = ROOT / "examples"
NS = {"s": "http://www.w3.org/2000/svg"}
TOLERANCE = 0.01  # mm


def _build(tmp_path, game: str, *flags: str):
    result = pnp("--root", str(EXAMPLES), "build", game, *flags, "--out", str(tmp_path), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return tmp_path / game


def _points(text: str) -> list[tuple[float, float]]:
    numbers = [float(v) for v in text.replace(",", " ").split()]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def _svg_lines(group, height: float) -> list[tuple[LineString, bool]]:
    """Each drawn element of a group as a line in page mm, y up, and whether it is closed."""
    out = []
    for el in group:
        tag = el.tag.split("}")[1]
        if tag == "rect":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            pts, closed = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True
        else:
            pts, closed = _points(el.get("points")), tag == "polygon"
        pts = [(x, height - y) for x, y in pts]
        out.append((LineString(pts + pts[:1] if closed else pts), closed))
    return out


def _outlines(kit, cut_file: str) -> list[list]:
    """The manifest's outline of each piece cut from a cut file's sheet, in page mm."""
    m = json.loads((kit / "manifest.json").read_text())
    [entry] = [f for f in m["files"] if f["path"] == cut_file]
    return [
        loop for i in entry["pages"][0]["items"] if i["side"] == "front" for loop in i["outline_mm"]
    ]


def _union_length(lines) -> float:
    return unary_union(list(lines), grid_size=0.001).length


def _check_once(drawn: list[LineString], outlines: list[list]) -> None:
    """Nothing drawn twice; together the whole union of the outlines and nothing else."""
    rings = [LineString([*loop, loop[0]]) for loop in outlines]
    union = unary_union(rings, grid_size=0.001)
    each = sum(line.length for line in drawn)
    assert sum(r.length for r in rings) - union.length > 100  # the pieces do share edges
    assert abs(each - union.length) < TOLERANCE, (each, union.length)
    assert abs(_union_length(drawn) - each) < TOLERANCE  # no segment drawn twice
    assert unary_union(drawn, grid_size=0.001).symmetric_difference(union).length < TOLERANCE


def test_svg_at_no_bleed_cuts_each_edge_once(tmp_path):
    """The hex example at --bleed 0: 24 hexes nest edge to edge; the cut group's lines add
    up to the union of the pieces' edges, and the outline group (display none) keeps one
    closed path per piece, each at its manifest outline."""
    kit = _build(tmp_path, "hextokens", "--svg", "--bleed", "0")
    [svg] = sorted((kit / "cut").glob("*.svg"))
    root = ET.parse(svg).getroot()
    height = float(root.get("viewBox").split()[3])
    outlines = _outlines(kit, f"cut/{svg.name}")
    cut = _svg_lines(root.find(".//s:g[@id='cut']", NS), height)
    _check_once([line for line, _ in cut], outlines)
    group = root.find(".//s:g[@id='outline']", NS)
    assert group.get("display") == "none"
    pieces = _svg_lines(group, height)
    assert len(pieces) == len(outlines) == 24 + 8 + 24 and all(c for _, c in pieces)
    wanted = sorted(round(LineString([*o, o[0]]).length, 2) for o in outlines)
    assert sorted(round(line.length, 2) for line, _ in pieces) == wanted


def test_svg_with_bleed_is_one_closed_path_a_piece(tmp_path):
    """With bleed nothing touches: the cut group is one closed path a piece, as before, and
    there is no outline group."""
    kit = _build(tmp_path, "hextokens", "--svg")
    for svg in sorted((kit / "cut").glob("*.svg")):
        root = ET.parse(svg).getroot()
        assert root.find(".//s:g[@id='outline']", NS) is None
        cut = _svg_lines(root.find(".//s:g[@id='cut']", NS), 0)
        assert all(closed for _, closed in cut)
        assert len(cut) == len(_outlines(kit, f"cut/{svg.name}"))


def test_dxf_at_no_bleed_cuts_each_edge_once(tmp_path):
    """The bird cards at --bleed 0 --cut dxf: a grid of cards edge to edge; layer CUT adds
    up to the union of the cards' edges, layer OUTLINE (switched off) has a closed
    polyline per card."""
    import ezdxf

    kit = _build(tmp_path, "vogelquartett", "--cut", "dxf", "--bleed", "0")
    files = sorted((kit / "cut").glob("*.dxf"))
    assert files
    for path in files:
        doc = ezdxf.readfile(path)
        lines = {"CUT": [], "OUTLINE": []}
        for e in doc.modelspace().query("LWPOLYLINE"):
            pts = [(x, y) for x, y, *_ in e.get_points()]
            lines[e.dxf.layer].append((LineString(pts + pts[:1] if e.closed else pts), e.closed))
        outlines = _outlines(kit, f"cut/{path.name}")
        _check_once([line for line, _ in lines["CUT"]], outlines)
        assert len(lines["OUTLINE"]) == len(outlines) and all(c for _, c in lines["OUTLINE"])
        assert doc.layers.get("OUTLINE").is_off()


def test_dxf_header_extents_hold_what_is_drawn(tmp_path):
    """$EXTMIN/$EXTMAX are the box round every cut (not ezdxf's +-1e20), $LIMMAX the sheet."""
    import ezdxf

    kit = _build(tmp_path, "vogelquartett", "--cut", "dxf")
    files = sorted((kit / "cut").glob("*.dxf"))
    assert files
    for path in files:
        found = header(pairs(path))
        points = [
            (x, y)
            for e in ezdxf.readfile(path).modelspace().query("LWPOLYLINE")
            for x, y, *_ in e.get_points()
        ]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        assert found["$EXTMIN"][:2] == pytest.approx([min(xs), min(ys)], abs=1e-6)
        assert found["$EXTMAX"][:2] == pytest.approx([max(xs), max(ys)], abs=1e-6)
        width, height = found["$LIMMAX"]
        assert (round(width), round(height)) in ((210, 297), (297, 210))  # an A4 sheet
        assert 0 <= min(xs) and max(xs) <= width and 0 <= min(ys) and max(ys) <= height


def test_edges_that_overlap_in_part_are_cut_once():
    """Two pieces of different sizes side by side share part of an edge, and a third
    touches neither: the shared part is one cut, the lone piece stays one closed loop."""
    from bastelbogen.output.cuts import merged

    big = [(0.0, 0.0), (63.0, 0.0), (63.0, 88.0), (0.0, 88.0)]
    small = [(63.0, 10.0), (100.0, 10.0), (100.0, 60.0), (63.0, 60.0)]
    lone = [(200.0, 0.0), (210.0, 0.0), (210.0, 10.0)]
    runs = merged([big, small, lone])
    drawn = [LineString(run) for run in runs]
    each = sum(line.length for line in drawn)
    assert abs(each - (2 * 63 + 2 * 88 + 2 * 37 + 50 + 10 + 10 + 200**0.5)) < TOLERANCE
    assert abs(_union_length(drawn) - each) < TOLERANCE
    assert [run[0] == run[-1] for run in runs].count(True) == 1  # the lone triangle
