"""Print-then-cut (`--registration`): three marks in the common style (a filled square
top-left, L-corners top-right and bottom-left) at the inset from the paper's edges, in the
PDF and in the cut file alike; nothing else printed in the band they stand in; on fronts
only when the backs are printed duplex."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from tests.render import Rendered
from tests.test_shapes import _kit

PAGE = (210, 297)
DPI = 100
PX = DPI / 25.4  # pixels per mm


def _marks(inset: float) -> list[tuple[float, float, float, float]]:
    """The marks as the common style draws them, (x, y, w, h) in mm from the top-left:
    a 5 mm square, and L's of 20 mm arms drawn 0.5 mm thick inward from the corner."""
    w, h = PAGE
    return [
        (inset, inset, 5, 5),
        (w - inset - 20, inset, 20, 0.5),
        (w - inset - 0.5, inset, 0.5, 20),
        (inset, h - inset - 20, 0.5, 20),
        (inset, h - inset - 0.5, 20, 0.5),
    ]


def _ink(image: Image.Image, x: float, y: float) -> int:
    """The darkness (0 white … 255 black) at mm from the top-left, the darkest of the
    pixels round it (a 0.5 mm bar is two pixels, wherever rounding puts them)."""
    return max(
        255 - min(image.getpixel((int(x * PX) + dx, int(y * PX) + dy)))
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    )


def _band_is_clear(image: Image.Image, marks, band: float) -> bool:
    """Every pixel within `band` mm of an edge is white, but for the marks (and a pixel of
    anti-aliasing round them)."""
    w, h = image.size
    pad = 1.5 / PX
    near = [(x - pad, y - pad, x + mw + pad, y + mh + pad) for x, y, mw, mh in marks]
    for py in range(0, h, 2):
        for px in range(0, w, 2):
            x, y = px / PX, py / PX
            if band <= x <= PAGE[0] - band and band <= y <= PAGE[1] - band:
                continue
            if any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in near):
                continue
            if min(image.getpixel((px, py))) < 245:
                return False
    return True


@pytest.mark.parametrize(
    ("duplex", "inset", "back"), [("long", 10, True), ("fold", 6, False), ("fold", 10, True)]
)
def test_marks_on_the_fronts_and_a_clear_band(tmp_path, duplex, inset, back):
    """Marks on each sheet of fronts a machine cuts; none on a duplex back, nor on a fold
    sheet (folded before it is cut, its marks would fold away)."""
    kit = _kit(
        tmp_path,
        "--registration",
        "--registration-inset",
        f"{inset}mm",
        "--duplex",
        duplex,
        "--svg",
        count=30,
        back=back,
    )
    m = json.loads((kit / "manifest.json").read_text())
    [tiles] = [f for f in m["files"] if f["path"] == "tiles.pdf"]
    band = inset + 5 + 2  # the marks' band and 2 mm clear of it
    marks = _marks(inset)
    for n, page in enumerate(tiles["pages"]):
        fronts = {i["side"] for i in page["items"]} == {"front"}
        image = Rendered(kit / "tiles.pdf", n, DPI).image
        centres = [(x + mw / 2, y + mh / 2) for x, y, mw, mh in marks]
        assert all(_ink(image, x, y) > 200 for x, y in centres) == fronts
        assert _band_is_clear(image, marks if fronts else [], band)
        for item in page["items"]:  # every piece, bleed and all, inside the band
            x, y, w, h = item["trim_mm"]
            assert x - 3 >= band - 0.01 and PAGE[0] - (x + w + 3) >= band - 0.01
            assert y - 3 >= band - 0.01 and PAGE[1] - (y + h + 3) >= band - 0.01
    assert any(not any(i["side"] == "front" for i in p["items"]) for p in tiles["pages"]) == (
        duplex == "long"
    )
    # The cut file: the same marks, in a group of their own, never in the cut group.
    ns = {"s": "http://www.w3.org/2000/svg"}
    root = ET.parse(kit / "cut" / "tiles-1.svg").getroot()
    group = root.find(".//s:g[@id='registration']", ns)
    if duplex == "fold" and back:
        assert group is None
        return
    got = sorted(
        tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
        for r in group.findall("s:rect", ns)
    )
    assert [v for r in got for v in r] == pytest.approx(
        [v for r in sorted(marks) for v in r], abs=0.001
    )
    assert root.find(".//s:g[@id='cut']", ns).findall("s:rect", ns) == []


def test_dxf_has_the_marks_on_their_own_layer(tmp_path):
    import ezdxf

    kit = _kit(tmp_path, "--registration", "--cut", "dxf", count=4)
    doc = ezdxf.readfile(kit / "cut" / "tiles-1.dxf")
    boxes = sorted(
        (
            min(x for x, *_ in pts),
            PAGE[1] - max(y for _, y, *_ in pts),
            max(x for x, *_ in pts) - min(x for x, *_ in pts),
            max(y for _, y, *_ in pts) - min(y for _, y, *_ in pts),
        )
        for e in doc.modelspace()
        if e.dxf.layer == "REGISTRATION"
        for pts in [list(e.get_points())]
    )
    assert [v for b in boxes for v in b] == pytest.approx(
        [v for r in sorted(_marks(10)) for v in r], abs=0.001
    )


def test_without_the_option_no_marks_and_the_printer_margin(tmp_path):
    kit = _kit(tmp_path, count=4)
    image = Rendered(kit / "tiles.pdf", 0, DPI).image
    assert _ink(image, 12.5, 12.5) < 20
    assert "Passermarken" not in (kit / "PRINT.txt").read_text()


def test_a_kit_with_pages_to_write_on(tmp_path):
    """My Town with --registration on Letter: the tiles' and benches' fronts carry the marks
    (the benches' and tiles' pieces clear of their band); the score pad, a page to write on
    and not cut out, keeps its printer's margin and has none."""
    from tests.conftest import build, manifest

    kit = build("mytown", tmp_path, registration=True, paper="letter", langs=("de",))
    m = manifest(kit)
    assert "die drei Passermarken" in (kit / "PRINT.txt").read_text()
    page = (215.9, 279.4)
    band = 10 + 5 + 2
    for f in m["files"]:
        if not f["path"].endswith(".pdf") or f["path"].endswith("rules.pdf"):
            continue
        image = Rendered(kit / f["path"], 0, DPI).image
        marked = _ink(image, 12.5, 12.5) > 200 and _ink(image, page[0] - 10.25, 20) > 200
        assert marked == (not f["path"].endswith("score-pad.pdf")), f["path"]
        if marked:
            for item in f["pages"][0]["items"]:
                x, y, w, h = item["trim_mm"]
                assert min(x, y, page[0] - x - w, page[1] - y - h) >= band - 0.01


def test_marks_the_printer_cannot_print_are_refused(tmp_path):
    result = _kit(tmp_path, "--registration", "--registration-inset", "3mm", fails=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--registration-inset must be at least --margin" in result.stderr
    assert not (tmp_path / "out").exists()
