"""Cut files as cutting software reads them, read back by programs that did not write them:
folds are solid lines in score groups and layers of their own (a machine set to cut cuts a
dashed line through), the DXF header's extents are the drawing's box and GDAL's DXF reader
(`ogrinfo`, gdal-bin) finds the same entities in the same box, and Inkscape measures each
piece's cut path at its trim. The group codes are read from the file itself (AutoCAD DXF
Reference: HEADER, TABLES and ENTITIES sections, a code line and a value line each)."""

from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from tests.dxfcodes import header, pairs, section
from tests.tools import tools_here

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

NS = {"s": "http://www.w3.org/2000/svg"}
PX = 96 / 25.4  # Inkscape's query answers in CSS pixels


def _records(codes) -> list[list[tuple[str, str]]]:
    """The section's records: each starts at a 0 group."""
    out: list[list[tuple[str, str]]] = []
    for code, value in codes:
        if code == "0":
            out.append([])
        if out:
            out[-1].append((code, value))
    return out


def _entities(pairs) -> list[dict]:
    """Each entity: its type, layer, and every x, y it names (10/20, a LINE's end 11/21)."""
    out = []
    for record in _records(section(pairs, "ENTITIES")):
        kind = record[0][1]
        layer = next(v for c, v in record if c == "8")
        xs = [float(v) for c, v in record if c in ("10", "11")]
        ys = [float(v) for c, v in record if c in ("20", "21")]
        out.append({"type": kind, "layer": layer, "points": list(zip(xs, ys, strict=True))})
    return out


def _layers(pairs) -> dict[str, str]:
    """Each layer of the LAYER table and its linetype (group 6)."""
    tables = _records(section(pairs, "TABLES"))
    return {
        dict(r)["2"]: dict(r).get("6", "")
        for r in tables
        if r[0] == ("0", "LAYER") and "2" in dict(r)
    }


def test_folds_are_solid_lines_to_score(kits):
    """My Town's benches fold twice toward the print (valley) and three times away
    (mountain): in the SVG solid lines in groups score-valley and score-mountain, nothing
    dashed anywhere; in the DXF lines on SCORE-VALLEY and SCORE-MOUNTAIN, every layer
    CONTINUOUS."""
    svg_kit = kits("mytown", langs=("de",), cut="svg")
    root = ET.parse(svg_kit / "cut/benches-1.svg").getroot()
    benches = len(root.findall(".//s:g[@id='cut']/s:rect", NS))
    valley = root.findall(".//s:g[@id='score-valley']/s:line", NS)
    mountain = root.findall(".//s:g[@id='score-mountain']/s:line", NS)
    assert benches >= 1 and len(valley) == 2 * benches and len(mountain) == 3 * benches
    assert not [el for el in root.iter() if el.get("stroke-dasharray")]
    assert root.find(".//s:g[@id='fold']", NS) is None
    dxf_kit = kits("mytown", langs=("de",), cut="dxf")
    codes = pairs(dxf_kit / "cut/benches-1.dxf")
    layers = _layers(codes)
    assert {"CUT", "SCORE-VALLEY", "SCORE-MOUNTAIN"} <= set(layers)
    assert {layers[name].upper() for name in layers} == {"CONTINUOUS"}  # names are case-blind
    ltypes = {
        dict(r)["2"].upper(): dict(r)
        for r in _records(section(codes, "TABLES"))
        if r[0] == ("0", "LTYPE")
    }
    assert ltypes["CONTINUOUS"]["73"] == "0"  # no dashes
    lines = [e for e in _entities(codes) if e["type"] == "LINE"]
    assert sorted(e["layer"] for e in lines) == sorted(
        ["SCORE-VALLEY"] * 2 * benches + ["SCORE-MOUNTAIN"] * 3 * benches
    )
    pieces = [e for e in _entities(codes) if e["type"] == "LWPOLYLINE"]
    assert {e["layer"] for e in pieces} == {"CUT"} and len(pieces) == benches


def _ogr(path) -> tuple[int, tuple[float, float, float, float]]:
    """GDAL's count of the file's features and their extent."""
    text = subprocess.run(
        ["ogrinfo", "-ro", "-al", "-so", str(path)], capture_output=True, text=True, check=True
    ).stdout
    count = int(re.search(r"Feature Count: (\d+)", text).group(1))
    box = re.search(r"Extent: \(([-\d.]+), ([-\d.]+)\) - \(([-\d.]+), ([-\d.]+)\)", text)
    return count, tuple(float(v) for v in box.groups())


@pytest.mark.parametrize("registration", [False, True])
def test_dxf_extents_are_the_drawing_as_two_readers_see_it(kits, registration):
    """$EXTMIN/$EXTMAX are the box round every entity's points (not ±1e20) and $LIMMAX
    the sheet; GDAL counts as many entities and finds them in the same box."""
    tools_here({"ogrinfo": "gdal-bin"})
    kit = kits("mytown", paper="letter", langs=("de",), cut="dxf", registration=registration)
    files = sorted((kit / "cut").glob("*.dxf"))
    assert len(files) >= 2
    for path in files:
        codes = pairs(path)
        found = header(codes)
        entities = _entities(codes)
        points = [p for e in entities for p in e["points"]]
        box = (
            min(x for x, _ in points),
            min(y for _, y in points),
            max(x for x, _ in points),
            max(y for _, y in points),
        )
        assert [*found["$EXTMIN"][:2], *found["$EXTMAX"][:2]] == pytest.approx(box, abs=1e-6)
        assert found["$LIMMIN"][:2] == [0, 0]
        assert found["$LIMMAX"][:2] == pytest.approx([215.9, 279.4])
        count, extent = _ogr(path)
        assert count == len(entities)
        assert extent == pytest.approx(box, abs=1e-4)
        marks = [e for e in entities if e["layer"] == "REGISTRATION"]
        assert len(marks) == (5 if registration else 0)


def _inkscape(path) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each element's id and box as Inkscape measures it (its visual box: the stroke's
    half width beyond the path), mm from the top-left, in document order (an element
    without an id gets one of Inkscape's)."""
    text = subprocess.run(
        ["inkscape", "--query-all", str(path)], capture_output=True, text=True, check=True
    ).stdout
    found = []
    for line in text.splitlines():
        name, *values = line.split(",")
        if len(values) == 4:
            found.append((name, tuple(float(v) / PX for v in values)))
    return found


def test_svg_cut_paths_are_the_pieces_trims_as_inkscape_sees_them(kits):
    """Every piece's cut path, measured by Inkscape, lies at its trim in the manifest
    (within 0.06 mm: the cut line's half width), and the marks where the plugin's
    regmark ids say: the square's corner at the inset, the L's corners on it."""
    tools_here({"inkscape": "inkscape"})
    kit = kits("mytown", paper="letter", langs=("de",), cut="svg", registration=True)
    m = json.loads((kit / "manifest.json").read_text())
    page = (215.9, 279.4)
    cut = [f for f in m["files"] if f["path"].startswith("cut/tiles-")]
    assert cut
    for f in cut:
        measured = _inkscape(kit / f["path"])
        boxes = dict(measured)
        root = ET.parse(kit / f["path"]).getroot()
        pieces = len(root.find(".//s:g[@id='cut']", NS))
        start = [name for name, _ in measured].index("cut") + 1
        ids = [name for name, _ in measured[start : start + pieces]]
        trims = sorted(
            (x, page[1] - y - h, w, h)  # the manifest's y runs up from the bottom
            for i in f["pages"][0]["items"]
            if i["side"] == "front"
            for x, y, w, h in [i["trim_mm"]]
        )
        got = sorted(boxes[n] for n in ids)
        assert len(got) == len(trims)
        for (x, y, w, h), (tx, ty, tw, th) in zip(got, trims, strict=True):
            assert [x, y, x + w, y + h] == pytest.approx([tx, ty, tx + tw, ty + th], abs=0.06)
        sq = boxes["regmark-tl"]
        assert sq == pytest.approx((10, 10, 5, 5), abs=0.01)
        tr, bl = boxes["regmark-tr"], boxes["regmark-bl"]
        assert (tr[0] + tr[2], tr[1]) == pytest.approx((page[0] - 10 + 0.15, 10 - 0.15), abs=0.01)
        assert (bl[0], bl[1] + bl[3]) == pytest.approx((10 - 0.15, page[1] - 10 + 0.15), abs=0.01)
