"""The hexes and round tokens example (examples/content/hextokens): flat sea hexes, ships
whose backs are their damaged side, goods behind one shared back; built as `make` builds
it and read back as a designer would check it: the counts, the hex and round outlines in
the cut files, the exported pictures transparent outside each piece, the copies numbered
and turned in the manifest."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

import pytest
from shapely import Point, Polygon

from tests.conftest import ROOT, pnp

pytestmark = pytest.mark.heavy  # a whole build with exports

EXAMPLES = ROOT / "examples"
NS = {"s": "http://www.w3.org/2000/svg"}
W, H = 40.0, 40.0 * math.sqrt(3) / 2  # a flat hex 40 mm across the corners
FLAT_HEX = Polygon([(0, H / 2), (W / 4, 0), (3 * W / 4, 0), (W, H / 2), (3 * W / 4, H), (W / 4, H)])
COUNTS = {"terrain": 24, "ships": 8, "goods": 24}


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    flags = ("--svg", "--export", "png", "--export", "contact", "--out", str(out))
    result = pnp("--root", str(EXAMPLES), "build", "hextokens", *flags, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return out / "hextokens"


def _fronts(kit) -> list[dict]:
    """Every piece's front as the cut files' sheets place it."""
    m = json.loads((kit / "manifest.json").read_text())
    return [
        i
        for f in m["files"]
        if f["path"].startswith("cut/")
        for p in f["pages"]
        for i in p["items"]
        if i["side"] == "front"
    ]


def test_counts_and_copies(kit):
    """24 hexes (12 sea, 8 island, 4 reef), 8 ships, 24 goods (12 ones, 8 twos, 4 fives), as
    the tables count them; each item's copies are numbered 1..n exactly once."""
    fronts = _fronts(kit)
    assert {c: sum(i["component"] == c for i in fronts) for c in COUNTS} == COUNTS
    copies: dict = {}
    for i in fronts:
        copies.setdefault((i["component"], i["id"]), []).append(i["copy"])
    assert {k: len(v) for k, v in copies.items() if k[0] == "terrain"} == {
        ("terrain", "meer"): 12,
        ("terrain", "insel"): 8,
        ("terrain", "riff"): 4,
    }
    assert {k: len(v) for k, v in copies.items() if k[0] == "goods"} == {
        ("goods", "ware-1"): 12,
        ("goods", "ware-2"): 8,
        ("goods", "ware-5"): 4,
    }
    assert all(sorted(v) == list(range(1, len(v) + 1)) for v in copies.values())


def test_rotation_is_what_the_outline_shows(kit):
    """The manifest's rotation turns the flat hex's corners onto its outline on the sheet:
    a flat hex laid at 90 degrees has a pointy top there."""
    hexes = [i for i in _fronts(kit) if i["component"] == "terrain"]
    assert hexes
    for item in hexes:
        turn = math.radians(item["rotation"])
        x, y, w, h = item["trim_mm"]
        corners = FLAT_HEX.exterior.coords[:-1]
        # the flat hex turned about its centre, then put at the centre of its trim on the page
        turned = [
            (
                x + w / 2 + (cx - W / 2) * math.cos(turn) - (cy - H / 2) * math.sin(turn),
                y + h / 2 + (cx - W / 2) * math.sin(turn) + (cy - H / 2) * math.cos(turn),
            )
            for cx, cy in corners
        ]
        [outline] = item["outline_mm"]
        assert all(min(math.dist(p, q) for q in turned) < 0.01 for p in outline)


def _polygons(kit) -> list[list[tuple[float, float]]]:
    out = []
    for svg in sorted((kit / "cut").glob("*.svg")):
        for el in ET.parse(svg).getroot().find(".//s:g[@id='cut']", NS):
            numbers = [float(v) for v in el.get("points").replace(",", " ").split()]
            out.append(list(zip(numbers[::2], numbers[1::2], strict=True)))
    return out


def test_cut_files_hold_hexes_and_circles(kit):
    """The cut files: 24 closed hexes of six 20 mm edges, 8 circles of radius 10 mm and 24
    of 8 mm, to 0.01 mm, nothing else."""
    hexes, radii = 0, []
    for loop in _polygons(kit):
        if len(loop) == 6:
            edges = [math.dist(loop[k], loop[(k + 1) % 6]) for k in range(6)]
            assert all(abs(e - 20) < 0.01 for e in edges), edges
            hexes += 1
            continue
        cx, cy = (sum(p[i] for p in loop) / len(loop) for i in (0, 1))
        r = [math.dist(p, (cx, cy)) for p in loop]
        assert max(r) - min(r) < 0.01 and len(loop) > 12
        radii.append(round(r[0], 2))
    assert hexes == 24
    assert sorted(radii) == [8.0] * 24 + [10.0] * 8


def _alpha_agrees(path, shape: Polygon, size_mm: tuple[float, float], bleed: float) -> None:
    """Alpha 0 more than a pixel outside the piece's outline, 255 more than a pixel inside:
    every 7th pixel checked."""
    from PIL import Image

    image = Image.open(path)
    assert image.mode == "RGBA"
    alpha = image.getchannel("A")
    px = (size_mm[0] + 2 * bleed) / image.width  # mm a pixel
    outside = inside = 0
    for row in range(0, image.height, 7):
        for col in range(0, image.width, 7):
            point = Point(-bleed + (col + 0.5) * px, -bleed + (row + 0.5) * px)
            depth = shape.exterior.distance(point) * (1 if shape.contains(point) else -1)
            if depth < -px:
                assert alpha.getpixel((col, row)) == 0, (path.name, col, row)
                outside += 1
            elif depth > px:
                assert alpha.getpixel((col, row)) == 255, (path.name, col, row)
                inside += 1
    assert outside > 50 and inside > 500
    assert alpha.getpixel((0, 0)) == 0  # the corner of the bleed box


def test_pictures_are_transparent_outside_the_piece(kit):
    """Each exported hex and token: transparent outside its outline, opaque inside, the
    bleed box's corners clear (the index gives the bleed the picture has round it)."""
    index = json.loads((kit / "export/png/index.json").read_text())
    shapes = {
        "terrain": (FLAT_HEX, (W, H)),
        "ships": (Point(10, 10).buffer(10, 64), (20, 20)),
        "goods": (Point(8, 8).buffer(8, 64), (16, 16)),
    }
    for face in index["faces"]:
        shape, size = shapes[face["component"]]
        _alpha_agrees(kit / "export/png" / face["file"], shape, size, face["bleed_mm"])
    assert len(index["faces"]) == 3 + 1 + 4 + 4 + 3 + 1


def test_a_shared_face_is_named_after_its_first_item(kit):
    """The hexes' one back and the goods' one back are named after the first item that
    shows them, as the table lists it; a ship's own back after the ship."""
    index = json.loads((kit / "export/png/index.json").read_text())
    backs = {
        f["component"]: f["file"] for f in index["faces"] if f["side"] == "back" and f["count"] > 2
    }
    assert backs == {"terrain": "terrain/meer-back.png", "goods": "goods/ware-1-back.png"}
    ships = sorted(
        f["file"] for f in index["faces"] if f["component"] == "ships" and f["side"] == "back"
    )
    assert ships == [f"ships/{s}-back.png" for s in ("fleute", "galeere", "karavelle", "kogge")]
    files = sorted(
        p.relative_to(kit / "export/png").as_posix() for p in (kit / "export/png").rglob("*.png")
    )
    assert files == sorted(f["file"] for f in index["faces"])


def test_contact_sheets_for_each_component(kit):
    """A contact sheet per component, its corners of the hexes the paper's colour."""
    from PIL import Image

    for component in COUNTS:
        image = Image.open(kit / "export/contact" / f"{component}.png")
        assert image.width > 100 and image.height > 100
