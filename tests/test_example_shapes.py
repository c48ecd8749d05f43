"""The shapes example (examples/content/bienenstock): hex tiles and round tokens kept in CSV
tables with their counts, built as `make` builds them, read back as numbers."""

from __future__ import annotations

import json
import math

import pytest

from tests.conftest import ROOT, pnp, printed

EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = pnp(
        "--root", str(EXAMPLES), "build", "bienenstock", "--svg", "--out", str(out), cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    return out / "bienenstock"


def _fronts(kit, component):
    """The fronts of a component on the sheets of the first language, wherever they lie."""
    m = json.loads((kit / "manifest.json").read_text())
    return [
        i
        for f in m["files"]
        if f.get("lang") in (None, "de")
        for p in f["pages"]
        for i in p["items"]
        if i["side"] == "front" and i.get("component") == component and f["path"].endswith(".pdf")
    ]


def test_the_counts_the_tables_give(kit):
    """36 hex tiles, nine of each flower, 30 honey tokens, 20 ones and 10 threes, and the
    queen."""
    tiles = _fronts(kit, "tiles")
    honey = _fronts(kit, "honey")
    assert len(tiles) == 36 and len(honey) == 30
    assert {i["id"]: sum(t["id"] == i["id"] for t in tiles) for i in tiles} == {
        "klee": 9,
        "raps": 9,
        "linde": 9,
        "kornblume": 9,
    }
    assert sum(h["id"] == "honig-3" for h in honey) == 10
    assert [q["id"] for q in _fronts(kit, "queen")] == ["queen"]


def test_hex_and_circle_outlines_are_exact(kit):
    """Each hex outline has 6 corners, each edge 20 mm (a regular hex 40 mm across the
    corners); each token is a circle of radius 10 mm: to 0.01 mm."""
    for tile in _fronts(kit, "tiles"):
        loop = tile["outline_mm"][0]
        assert len(loop) == 6
        edges = [math.dist(loop[k], loop[(k + 1) % 6]) for k in range(6)]
        assert all(abs(e - 20) < 0.01 for e in edges), edges
    for token in _fronts(kit, "honey"):
        loop = token["outline_mm"][0]
        cx, cy = (sum(p[i] for p in loop) / len(loop) for i in (0, 1))
        assert all(abs(math.dist(p, (cx, cy)) - 10) < 0.01 for p in loop)


def test_the_pdf_cuts_along_the_outlines(kit):
    """The thin cut line the PDF draws round each hex is a closed path of 6 corners at the
    manifest's outline, to 0.01 mm; each token's, a circle of radius 10 mm."""
    from tests.pdfread import PT_PER_MM, read

    m = json.loads((kit / "manifest.json").read_text())
    for f in m["files"]:
        if (
            f.get("lang") not in (None, "de")
            or not f["path"].endswith(".pdf")
            or f["path"].endswith("rules.pdf")
        ):
            continue
        _, pages = read(kit / f["path"], forms=True)
        for page, info in zip(pages, f["pages"], strict=True):
            drawn = [
                [(x / PT_PER_MM, y / PT_PER_MM) for x, y in o.points]
                for o in page.outlines
                if not o.dashed
            ]
            for item in info["items"]:
                want = item["outline_mm"][0]
                match = [
                    d
                    for d in drawn
                    if len(d) == len(want)
                    and all(math.dist(p, q) < 0.01 for p, q in zip(d, want, strict=True))
                ]
                assert len(match) == 1, (f["path"], item["id"])
                if item["component"] == "honey":
                    cx, cy = (sum(p[i] for p in match[0]) / len(want) for i in (0, 1))
                    assert all(abs(math.dist(p, (cx, cy)) - 10) < 0.01 for p in match[0])
                elif item["component"] == "tiles":
                    assert len(match[0]) == 6
                else:  # the queen's die line: a drop 30 x 36 mm (turned or not)
                    xs, ys = zip(*match[0], strict=True)
                    assert sorted((round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2))) == [
                        30,
                        36,
                    ]


def test_every_shaped_piece_is_in_a_cut_file(kit):
    """One closed path per piece, uncoloured, in the cut group."""
    import xml.etree.ElementTree as ET

    ns = {"s": "http://www.w3.org/2000/svg"}
    pieces = 0
    for svg in sorted((kit / "cut").glob("*.svg")):
        cut = ET.parse(svg).getroot().find(".//s:g[@id='cut']", ns)
        assert cut.get("fill") == "none"
        pieces += len(cut.findall("s:polygon", ns))
    assert pieces == 36 + 30 + 1  # tiles, tokens and the queen


def test_dxf_cut_files_match_the_outlines(tmp_path):
    """--cut dxf: a file a sheet, millimetres, each piece a closed polyline on layer CUT at
    the manifest's outline (to 0.001 mm); no DXF for the English copy of the tiles."""
    import ezdxf

    result = pnp(
        "--root",
        str(EXAMPLES),
        "build",
        "bienenstock",
        "--cut",
        "dxf",
        "--out",
        str(tmp_path),
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    kit = tmp_path / "bienenstock"
    m = json.loads((kit / "manifest.json").read_text())
    assert sorted(p.name for p in (kit / "cut").iterdir()) == ["parts-1.dxf", "tiles-1.dxf"]
    for name, pdf in (("tiles-1.dxf", "tiles.pdf"), ("parts-1.dxf", "parts.pdf")):
        doc = ezdxf.readfile(kit / "cut" / name)
        assert doc.header["$INSUNITS"] == 4
        polylines = [e for e in doc.modelspace() if e.dxftype() == "LWPOLYLINE"]
        assert all(e.dxf.layer == "CUT" and e.closed for e in polylines)
        first = next(f for f in m["files"] if kit / f["path"] == printed(kit, pdf))["pages"][0]
        outlines = [i["outline_mm"][0] for i in first["items"] if i["side"] == "front"]
        assert len(polylines) == len(outlines)
        for line, outline in zip(polylines, outlines, strict=True):
            points = [(x, y) for x, y, *_ in line.get_points()]
            assert len(points) == len(outline)
            assert all(math.dist(p, q) < 0.001 for p, q in zip(points, outline, strict=True))
