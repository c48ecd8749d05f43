"""--export screentop read back with Pillow and json: each card sheet cut into its grid's
cells as Screentop cuts an asset (from the upper-left, row by row), each cell compared in
pixels with the face --export png drew at the same dpi, the backs after the fronts and the
blank cells transparent, every variant's back the one its front is printed with, the
counts against the kit's manifest; a die's faces from the upper-left of its grid, a board
one picture."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.conftest import ROOT, build, manifest

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

DPI = 150
EXAMPLES = ROOT / "examples"


def _listing(kit: Path) -> dict:
    return json.loads((kit / "export/screentop/screentop.json").read_text())


def _component(kit: Path, component: str) -> dict:
    return next(c for c in _listing(kit)["components"] if c["component"] == component)


def _cells(kit: Path, sheet: dict) -> list[Image.Image]:
    """The sheet cut into its grid: cell 0 upper-left, row by row."""
    image = Image.open(kit / "export/screentop" / sheet["file"]).convert("RGBA")
    w, h = sheet["cell_px"]
    assert image.size == (sheet["columns"] * w, sheet["rows"] * h)
    cols = sheet["columns"]
    return [
        image.crop(((k % cols) * w, (k // cols) * h, (k % cols + 1) * w, (k // cols + 1) * h))
        for k in range(cols * sheet["rows"])
    ]


def _png(kit: Path, component: str, item: str, side: str, size: tuple[int, int]) -> Image.Image:
    """The side as --export png drew it, its bleed cut off, on white where transparent."""
    index = json.loads((kit / "export/png/index.json").read_text())
    entry = next(
        f
        for f in index["faces"]
        if f["component"] == component and f["side"] == side and item in f["items"]
    )
    image = _flat(Image.open(kit / "export/png" / entry["file"]))
    b = round(entry["bleed_mm"] * DPI / 25.4)
    return image.crop((b, b, image.width - b, image.height - b)).resize(size)


def _flat(image: Image.Image) -> Image.Image:
    ground = Image.new("RGBA", image.size, "white")
    ground.alpha_composite(image.convert("RGBA"))
    return ground.convert("RGB")


def _differs(a: Image.Image, b: Image.Image) -> float:
    return max(ImageStat.Stat(ImageChops.difference(_flat(a), _flat(b))).mean)


def _items(kit: Path, component: str) -> Counter[str]:
    listed = manifest(kit)
    other = set(listed["options"]["lang"][1:])
    return Counter(
        item["id"]
        for file in listed["files"]
        if file["path"].split("/")[0] not in other
        for page in file.get("pages", [])
        for item in page["items"]
        if item.get("component") == component and item.get("side") == "front"
    )


@pytest.fixture(scope="module")
def hextokens(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    return build("hextokens", out, EXAMPLES, export=("screentop", "png"), dpi=DPI)


@pytest.mark.parametrize("component", ["ships", "terrain", "goods"])
def test_a_sheet_holds_fronts_then_backs_then_blanks(hextokens, component):
    kit = hextokens
    listed = _component(kit, component)
    [sheet] = listed["sheets"]
    cells = _cells(kit, sheet)
    kinds = [cell["side"] for cell in sheet["cells"]]
    fronts, backs = kinds.count("front"), kinds.count("back")
    # Fronts first, then backs, then blank cells filling the last row only.
    assert kinds == ["front"] * fronts + ["back"] * backs + ["blank"] * (
        len(kinds) - fronts - backs
    )
    assert len(kinds) - fronts - backs < sheet["columns"]
    assert sheet["rows"] == math.ceil((fronts + backs) / sheet["columns"])
    for k in range(fronts + backs, len(cells)):  # blank: nothing drawn at all
        assert cells[k].getchannel("A").getextrema() == (0, 0)
    for k in range(fronts + backs):
        entry = sheet["cells"][k]
        png = _png(kit, component, entry["items"][0], entry["side"], cells[k].size)
        assert _differs(cells[k], png) < 12, (k, entry)


def test_each_variant_names_the_back_it_is_printed_with(hextokens):
    kit = hextokens
    ships = _component(kit, "ships")
    [sheet] = ships["sheets"]
    cells = _cells(kit, sheet)
    assert len({v["back"] for v in ships["variants"]}) == 4  # each ship its damaged side
    for variant in ships["variants"]:
        [item] = variant["items"]
        assert sheet["cells"][variant["front"]] == {"side": "front", "items": [item]}
        assert sheet["cells"][variant["back"]] == {"side": "back", "items": [item]}
        png = _png(kit, "ships", item, "back", cells[variant["back"]].size)
        assert _differs(cells[variant["back"]], png) < 12
    goods = _component(kit, "goods")
    assert len({v["back"] for v in goods["variants"]}) == 1  # one back for them all
    for name in ("ships", "goods", "terrain"):
        listed = _component(kit, name)
        counts = Counter({v["items"][0]: v["count"] for v in listed["variants"]})
        assert counts == _items(kit, name)


def test_hexes_and_rounds_keep_their_shape(hextokens):
    kit = hextokens
    terrain = _component(kit, "terrain")
    assert terrain["shape"] == "hex" and terrain["size_mm"] == [40, 34.64]
    [sheet] = terrain["sheets"]
    w, h = sheet["cell_px"]
    assert (w, h) == (round(40 / 25.4 * DPI), math.floor(34.641 / 25.4 * DPI))
    alpha = _cells(kit, sheet)[0].getchannel("A")
    assert alpha.getpixel((1, 1)) == 0 and alpha.getpixel((w // 2, h // 2)) == 255
    assert alpha.getpixel((2, h // 2)) == 255  # a flat hex's corner, left


def _check_deck(kit: Path, component: str, count: int, trim: tuple[float, float]) -> list:
    deck = _component(kit, component)
    sheets = {s["file"]: s for s in deck["sheets"]}
    for variant in deck["variants"]:  # every variant's back on its front's own sheet
        sheet = sheets[variant["sheet"]]
        assert sheet["cells"][variant["front"]]["side"] == "front"
        assert sheet["cells"][variant["back"]]["side"] == "back"
    for sheet in sheets.values():
        image = Image.open(kit / "export/screentop" / sheet["file"])
        assert max(image.size) <= 4096
        w, h = sheet["cell_px"]
        assert abs(w / h - trim[0] / trim[1]) < 0.01
    counts = Counter({v["items"][0]: v["count"] for v in deck["variants"]})
    assert counts == _items(kit, component) and sum(counts.values()) == count
    return list(sheets.values())


def test_a_deck_of_64_is_one_sheet_with_its_back_and_blanks(tmp_path):
    kit = build("muenchhausen", tmp_path, export=("screentop",), dpi=DPI, langs=("de",))
    [sheet] = _check_deck(kit, "number-cards", 64, (63, 88))
    sides = [c["side"] for c in sheet["cells"]]
    assert sides.count("back") == 1 and sides.count("blank") == 9 * 8 - 65
    assert _component(kit, "number-cards")["type"] == "card"  # Screentop's deck of cards


@pytest.mark.slow
def test_a_deck_of_180_spans_sheets_each_with_its_back(tmp_path):
    kit = build("museo", tmp_path, export=("screentop",), dpi=DPI, langs=("de",))
    sheets = _check_deck(kit, _deck_of(kit, 180), 180, (40, 40))
    assert len(sheets) >= 3
    names = [sheet["file"] for sheet in sheets]  # numbered to one width: sorted as counted
    assert names == sorted(names) == [f"{names[0][:-6]}.{n}.png" for n in range(1, len(names) + 1)]


def test_sheet_names_sort_as_they_count():
    from bastelbogen.output.screentop import numbered

    names = [numbered("deck", n, 12) for n in range(1, 13)]
    assert names == sorted(names) and names[0] == "deck.01.png" and names[-1] == "deck.12.png"
    assert numbered("deck", 1, 1) == "deck.png"


def _deck_of(kit: Path, count: int) -> str:
    return next(
        c["component"]
        for c in _listing(kit)["components"]
        if sum(v["count"] for v in c.get("variants", [])) == count
    )


def test_a_die_is_its_faces_from_the_upper_left(tmp_path):
    kit = build("rollwrite", tmp_path, EXAMPLES, export=("screentop", "tabletopia"), dpi=254)
    die = _component(kit, "plant-die")
    assert die["sides"] == 6 and (die["columns"], die["rows"]) == (3, 2)
    side = die["cell_px"][0]
    assert side == 220 and die["size_mm"] == [22, 22]
    [one] = die["dice"]
    grid = Image.open(kit / "export/screentop" / one["file"]).convert("RGB")
    assert grid.size == (3 * side, 2 * side)
    # Face n at cell n - 1: the same square as Tabletopia's face n (both at 10 px/mm).
    faces = next(
        o
        for o in json.loads((kit / "export/tabletopia/tabletopia.json").read_text())["objects"]
        if o["component"] == "plant-die"
    )["dice"][0]["faces"]
    for n in range(6):
        cell = grid.crop((n % 3 * side, n // 3 * side, (n % 3 + 1) * side, (n // 3 + 1) * side))
        face = Image.open(kit / "export/tabletopia" / faces[n])
        assert _differs(cell, face) < 1
        other = Image.open(kit / "export/tabletopia" / faces[(n + 1) % 6])
        assert _differs(cell, other) > 1


def test_a_board_is_one_picture(tmp_path):
    kit = build("minipilo", tmp_path, export=("screentop",), dpi=DPI, langs=("de",))
    board = _component(kit, "board")
    [picture] = board["pictures"]
    image = Image.open(kit / "export/screentop" / picture["file"])
    assert image.size == tuple(picture["size_px"]) and max(image.size) <= 4096
    assert image.width == round(520 / 25.4 * DPI)
