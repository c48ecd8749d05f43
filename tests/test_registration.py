"""Print-then-cut (`--registration`): Silhouette Studio's "Type 1" marks (a filled square
top-left, L-corners top-right and bottom-left) as the inkscape-silhouette plugin draws them
(render_silhouette_regmarks.py: a 5 mm square at the inset, L's of 20 mm arms stroked
0.3 mm on the inset), in the PDF and in the cut file alike; the 20 x 20 mm zone at each
mark free of ink, read off pages poppler draws (tests/zone_ink.py); marks on fronts only
when the backs are printed duplex; an inset below the machines' 10 mm refused."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from tests.conftest import ROOT, build
from tests.render import Rendered
from tests.test_shapes import _kit
from tests.tools import tools_here
from tests.zone_ink import drawn, fine_zone_ink, zone_ink, zones_mm

PAGE = (210, 297)
DPI = 100
PX = DPI / 25.4  # pixels per mm
NS = {"s": "http://www.w3.org/2000/svg"}


def _marks(inset: float, page=PAGE) -> list[tuple[float, float, float, float]]:
    """The ink of the marks, (x, y, w, h) in mm from the top-left: the square, and each
    L's arms a 0.3 mm line centred on the inset, butt at its ends, mitred at its corner."""
    w, h = page
    t = 0.15
    return [
        (inset, inset, 5, 5),
        (w - inset - 20, inset - t, 20 + t, 2 * t),
        (w - inset - t, inset - t, 2 * t, 20 + t),
        (inset - t, h - inset - 20, 2 * t, 20 + t),
        (inset - t, h - inset - t, 20 + t, 2 * t),
    ]


def _ink(image, x: float, y: float) -> int:
    """The darkness (0 white … 255 black) at mm from the top-left, the darkest of the
    pixels round it (a 0.3 mm line is a pixel or two, wherever rounding puts it)."""
    return max(
        255 - min(image.getpixel((int(x * PX) + dx, int(y * PX) + dy)))
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    )


def _bled(item: dict, page=PAGE, bleed: float = 3) -> tuple[float, float, float, float]:
    """An item's trim and bleed, (x0, y0, x1, y1) in mm from the top-left (the manifest's
    y runs up)."""
    x, y, w, h = item["trim_mm"]
    top = page[1] - y - h
    return x - bleed, top - bleed, x + w + bleed, top + h + bleed


def _clear_of(box, inset: float, page=PAGE, frame: float | None = None) -> bool:
    """Inside the marks' frame (or `frame` mm from the edges) and in none of their zones."""
    x0, y0, x1, y1 = box
    edge = inset if frame is None else frame
    inside = x0 >= edge - 0.01 and y0 >= edge - 0.01
    inside = inside and x1 <= page[0] - edge + 0.01 and y1 <= page[1] - edge + 0.01
    return inside and not any(
        x0 < zx1 - 0.01 and zx0 < x1 - 0.01 and y0 < zy1 - 0.01 and zy0 < y1 - 0.01
        for zx0, zy0, zx1, zy1 in zones_mm(page, inset)
    )


@pytest.mark.parametrize(
    ("duplex", "inset", "back"), [("long", 10, True), ("fold", 14, False), ("fold", 10, True)]
)
def test_marks_on_the_fronts_and_their_zones_clear(tmp_path, duplex, inset, back):
    """Marks on each sheet of fronts a machine cuts; none on a duplex back, nor on a fold
    sheet (folded before it is cut, its marks would fold away). No ink in a zone, every
    piece inside the marks' frame."""
    tools_here({"pdftoppm": "poppler-utils"})
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
    marks = _marks(inset)
    for n, page in enumerate(tiles["pages"]):
        fronts = {i["side"] for i in page["items"]} == {"front"}
        image = Rendered(kit / "tiles.pdf", n, DPI).image
        centres = [(x + mw / 2, y + mh / 2) for x, y, mw, mh in marks]
        assert all(_ink(image, x, y) > 200 for x, y in centres) == fronts
        if fronts:
            assert zone_ink(drawn(kit / "tiles.pdf", n, DPI, tmp_path), PAGE, inset) == [0] * 3
            assert all(_clear_of(_bled(item), inset) for item in page["items"])
    assert any(not any(i["side"] == "front" for i in p["items"]) for p in tiles["pages"]) == (
        duplex == "long"
    )
    # The cut file: the same marks, in a group of their own with the plugin's ids.
    root = ET.parse(kit / "cut" / "tiles-1.svg").getroot()
    group = root.find(".//s:g[@id='registration']", NS)
    if duplex == "fold" and back:
        assert group is None
        return
    square = group.find("s:rect[@id='regmark-tl']", NS)
    assert [float(square.get(k)) for k in ("x", "y", "width", "height")] == [inset, inset, 5, 5]
    w, h = PAGE
    want = {
        "regmark-tr": [w - inset - 20, inset, w - inset, inset, w - inset, inset + 20],
        "regmark-bl": [inset, h - inset - 20, inset, h - inset, inset + 20, h - inset],
    }
    for name, points in want.items():
        path = group.find(f"s:path[@id='{name}']", NS)
        assert [float(v) for v in re.findall(r"-?[\d.]+", path.get("d"))] == pytest.approx(points)
        assert float(path.get("stroke-width")) == 0.3 and path.get("fill") == "none"
    assert root.find(".//s:g[@id='cut']", NS).findall("s:rect", NS) == []


def test_dxf_has_the_marks_ink_on_their_own_layer(tmp_path):
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


def test_a_kit_with_pages_to_write_on(kits):
    """My Town with --registration on Letter: the tiles' and benches' fronts carry the marks
    (their pieces cut inside the frame, their bleed within the printer's margin, both clear
    of the zones); the score pad, a page to write on and not cut out, keeps its printer's
    margin and has none."""
    kit = kits("mytown", registration=True, paper="letter", langs=("de",))
    m = json.loads((kit / "manifest.json").read_text())
    assert "die drei Passermarken" in (kit / "PRINT.txt").read_text()
    page = (215.9, 279.4)
    for f in m["files"]:
        if not f["path"].endswith(".pdf") or f["path"].endswith("rules.pdf"):
            continue
        if not any(p["items"] for p in f["pages"]):
            continue  # the rulebook's files: read, folded and stapled, never cut out
        image = Rendered(kit / f["path"], 0, DPI).image
        marked = _ink(image, 12.5, 12.5) > 200 and _ink(image, page[0] - 10, 20) > 200
        assert marked == (not f["path"].endswith("score-pad.pdf")), f["path"]
        for i in f["pages"][0]["items"] if marked else ():
            # The machine cuts inside the frame; bleed may lie beyond it out to the 5 mm
            # margin, never in a zone (impose): two benches and their bleed, 198 mm, are
            # wider than Letter's frame, 195.9 mm.
            assert _clear_of(_bled(i, page, bleed=0), 10, page), (f["path"], i["trim_mm"])
            assert _clear_of(_bled(i, page), 10, page, frame=5), (f["path"], i["trim_mm"])


@pytest.mark.parametrize(
    ("game", "paper"),
    [
        ("mytown", "a4"),
        ("mytown", "letter"),
        pytest.param("museo", "a4", marks=pytest.mark.slow),
        pytest.param("museo", "letter", marks=pytest.mark.slow),
    ],
)
def test_no_ink_in_the_zones_of_a_real_kit(kits, tmp_path, game, paper):
    """Every sheet that carries the marks, drawn by poppler: not a pixel of ink in any of
    the three 20 x 20 mm zones but the marks' own (pieces, crop marks, a board sheet's
    label all keep out)."""
    tools_here({"pdftoppm": "poppler-utils"})
    kit = kits(game, registration=True, paper=paper, langs=("de",))
    m = json.loads((kit / "manifest.json").read_text())
    page = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    marked = 0
    for f in m["files"]:
        if not f["path"].endswith(".pdf"):
            continue
        for n, _ in enumerate(f["pages"]):
            image = drawn(kit / f["path"], n, DPI, tmp_path)
            if image.getpixel((int(12.5 * PX), int(12.5 * PX))) > 100:
                continue  # no square: no marks on this page
            marked += 1
            assert zone_ink(image, page, 10) == [0, 0, 0], (f["path"], n + 1)
    assert marked >= 5  # the sheets a machine cuts (My Town on A4: 7)


EXAMPLES = sorted(p.name for p in (ROOT / "examples" / "content").iterdir() if p.is_dir())


@pytest.mark.slow
@pytest.mark.parametrize(
    ("project", "game", "paper"),
    [
        ("", "minipilo", "a4"),
        *(
            pytest.param("", game, paper, marks=pytest.mark.slow)
            for game in ("minipilo", "muenchhausen", "museo", "mytown")
            for paper in ("a4", "letter")
            if (game, paper) != ("minipilo", "a4")
        ),
        *(pytest.param("examples", game, "a4", marks=pytest.mark.slow) for game in EXAMPLES),
    ],
)
def test_not_a_trace_of_ink_in_the_zones(tmp_path, project, game, paper):
    """Every sheet that carries the marks, drawn by poppler at 600 dpi with anti-aliasing:
    no pixel wholly inside a zone is touched by ink but the marks' own, not even by half a
    crop mark's width (MiniPilo's board sheets 3 and 7 had their cut at x = 180 mm, the
    zone's edge: a 0.25 pt mark centred on it inked 0.2 mm² of the zone)."""
    tools_here({"pdftoppm": "poppler-utils"})
    kit = build(game, tmp_path / "out", ROOT / project, registration=True, paper=paper)
    size = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    marked = 0
    for f in json.loads((kit / "manifest.json").read_text())["files"]:
        for n, _ in enumerate(f.get("pages", ()) if f["path"].endswith(".pdf") else ()):
            ink = fine_zone_ink(kit / f["path"], n, size, 10, tmp_path)
            marked += ink is not None
            assert ink in (None, [0, 0, 0]), (f["path"], n + 1, ink)
    assert marked >= 1


def test_an_inset_below_the_machines_minimum_is_refused(tmp_path):
    """Silhouette Studio sets its marks no nearer than 10 mm to the edges: 9.5 mm is a
    usage error that says so; an inset inside a wider printer's margin is one too."""
    result = _kit(tmp_path, "--registration", "--registration-inset", "9.5mm", fails=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "10mm" in result.stderr and "Silhouette Studio" in result.stderr
    result = _kit(tmp_path, "--registration", "--margin", "12mm", fails=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--registration-inset must be at least --margin" in result.stderr
    assert not (tmp_path / "out").exists()
