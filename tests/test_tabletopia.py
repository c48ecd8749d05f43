"""--export tabletopia read back with Pillow and json against what Tabletopia's help asks
(help.tabletopia.com/knowledge-base/how-to-prepare-graphics/, tabletopia.com/news/
game-creator-checklist): a file per side, front and back the same size, one size per
component, 10 pixels a millimetre, at most 4000 a side; the pictures compared in pixels
with the same faces of --export png at that resolution, which back goes with which front,
counts against the kit's manifest, shaped pieces transparent outside their outline."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.conftest import ROOT, build, manifest

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

DPI = 254  # Tabletopia's 10 pixels a millimetre
EXAMPLES = ROOT / "examples"


def _listing(kit: Path) -> dict:
    return json.loads((kit / "export/tabletopia/tabletopia.json").read_text())


def _object(kit: Path, component: str) -> dict:
    return next(o for o in _listing(kit)["objects"] if o["component"] == component)


def _items(kit: Path, component: str) -> Counter[str]:
    """How many of each item the printed kit holds (its fronts, in the build's first
    language), by the kit's manifest."""
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


def _png_face(kit: Path, name: str) -> Image.Image:
    """The face as --export png drew it at the same dpi, its bleed cut off (trim only)."""
    index = json.loads((kit / "export/png/index.json").read_text())
    entry = next(f for f in index["faces"] if f["file"] == name)
    image = Image.open(kit / "export/png" / name).convert("RGBA")
    b = round(entry["bleed_mm"] * DPI / 25.4)
    return image.crop((b, b, image.width - b, image.height - b))


def _differs(a: Image.Image, b: Image.Image) -> float:
    """Mean difference per channel of two pictures of one size, 0-255."""
    assert a.size == b.size
    return max(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean)


@pytest.fixture(scope="module")
def muenchhausen(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    return build("muenchhausen", out, export=("tabletopia", "png"), dpi=DPI, langs=("de",))


@pytest.fixture(scope="module")
def hextokens(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    return build("hextokens", out, EXAMPLES, export=("tabletopia", "png"), dpi=DPI)


def test_a_deck_is_a_file_a_side_at_ten_pixels_a_millimetre(muenchhausen):
    kit = muenchhausen
    deck = _object(kit, "number-cards")
    assert deck["type"] == "card" and deck["size_mm"] == [63, 88]
    assert deck["size_px"] == [630, 880] and deck["scale"] == 1
    files = {f for face in deck["faces"] for f in (face["front"], face["back"])}
    for name in files:  # every side one size, its resolution told as 10 px/mm
        image = Image.open(kit / "export/tabletopia" / name)
        assert image.size == (630, 880)
        assert image.info["dpi"] == pytest.approx((DPI, DPI), abs=0.1)
    # One back for all (Tabletopia's 52 + 1 files): every front names the same back.
    assert {face["back"] for face in deck["faces"]} == {"number-cards/back.png"}
    fronts = [face["front"] for face in deck["faces"]]
    assert len(fronts) == len(set(fronts)) == len(files) - 1
    # Every card of the kit, as many as it prints of each.
    counted = Counter({i: face["count"] for face in deck["faces"] for i in face["items"]})
    assert counted == _items(kit, "number-cards") and sum(counted.values()) == 64


def test_a_side_is_the_card_png_draws(muenchhausen):
    kit = muenchhausen
    deck = _object(kit, "number-cards")
    face = deck["faces"][5]
    ours = Image.open(kit / "export/tabletopia" / face["front"])
    item = face["items"][0]
    assert _differs(ours, _png_face(kit, f"number-cards/{item}-front.png")) < 2
    other = deck["faces"][6]["items"][0]
    assert _differs(ours, _png_face(kit, f"number-cards/{other}-front.png")) > 2
    back = Image.open(kit / "export/tabletopia/number-cards/back.png")
    png_back = next(
        f["file"]
        for f in json.loads((kit / "export/png/index.json").read_text())["faces"]
        if f["component"] == "number-cards" and f["side"] == "back"
    )
    assert _differs(back, _png_face(kit, png_back)) < 2


def test_each_front_has_its_own_back_where_backs_differ(hextokens):
    """Ships: each ship's back is its damaged side; the listing pairs them as png does."""
    kit = hextokens
    ships = _object(kit, "ships")
    assert ships["type"] == "token" and ships["shape"] == "circle"
    assert len({face["back"] for face in ships["faces"]}) == len(ships["faces"]) == 4
    for face in ships["faces"]:
        [item] = face["items"]
        assert face["back"] == f"ships/{item}-back.png"
        back = Image.open(kit / "export/tabletopia" / face["back"])
        assert _differs(back, _png_face(kit, f"ships/{item}-back.png")) < 2
        assert _differs(back, Image.open(kit / "export/tabletopia" / face["front"])) > 5
    assert Counter({f["items"][0]: f["count"] for f in ships["faces"]}) == _items(kit, "ships")


def test_hexes_and_rounds_keep_their_shape(hextokens):
    kit = hextokens
    terrain = _object(kit, "terrain")
    assert terrain["type"] == "tile" and terrain["shape"] == "hex"
    assert terrain["size_px"] == [400, 346]
    hex_ = Image.open(kit / "export/tabletopia" / terrain["faces"][0]["front"])
    assert hex_.mode == "RGBA" and hex_.size == (400, 346)
    alpha = hex_.getchannel("A")
    # A flat hex: its corners left and right, the picture's corners outside it.
    assert alpha.getpixel((2, 2)) == 0 and alpha.getpixel((397, 343)) == 0
    assert alpha.getpixel((200, 173)) == 255 and alpha.getpixel((5, 173)) == 255
    goods = _object(kit, "goods")
    assert goods["type"] == "token" and {f["back"] for f in goods["faces"]} == {"goods/back.png"}
    token = Image.open(kit / "export/tabletopia" / goods["faces"][0]["front"]).getchannel("A")
    assert token.size == (160, 160)
    assert (
        token.getpixel((1, 1)) == 0 and token.getpixel((80, 80)) == token.getpixel((80, 2)) == 255
    )


def test_a_die_is_its_six_faces(tmp_path):
    """Rollwrite's plant die: six squares of its edge (22 mm), each the square of the net
    where that face lies in --export png's picture of the net."""
    from bastelbogen.content.kinds.die import net

    kit = build("rollwrite", tmp_path, EXAMPLES, export=("tabletopia", "png"), dpi=DPI)
    dice = _object(kit, "plant-die")
    assert dice["type"] == "dice" and dice["sides"] == 6
    [die] = dice["dice"]
    assert die["values"][:2] == ["rose", "tulip"] and len(die["faces"]) == 6
    index = json.loads((kit / "export/png/index.json").read_text())
    entry = next(f for f in index["faces"] if f["component"] == "plant-die")
    whole = Image.open(kit / "export/png" / entry["file"]).convert("RGB")
    bleed = entry["bleed_mm"]
    edge = dice["size_mm"][0]
    side = round(edge * 10)
    assert edge == 22 and dice["size_px"] == [side, side]
    height = whole.height - 2 * round(bleed * DPI / 25.4)
    for x, y, n in net(edge * 72 / 25.4).faces:  # points from the lower left
        face = Image.open(kit / "export/tabletopia" / die["faces"][n - 1]).convert("RGB")
        assert face.size == (side, side)
        left = round((bleed + x * 25.4 / 72) * 10)
        top = round(bleed * 10) + height - round(y * 25.4 / 72 * 10) - side
        square = whole.crop((left, top, left + side, top + side))
        inner = (20, 20, side - 20, side - 20)  # off the edge, where the net's folds were
        assert _differs(face.crop(inner), square.crop(inner)) < 6, n


def test_a_board_is_one_picture_within_4000_pixels(tmp_path):
    """MiniPilo's board, 520 × 510 mm, is more than 4000 pixels at 10 a millimetre: made
    smaller, with the scale that brings it back to size; its standees are left out, said."""
    from bastelbogen.pipeline.build import BuildOptions, Project, build_game

    told = []
    options = BuildOptions.of(export=("tabletopia",), langs=("de",))
    kit = build_game(Project(ROOT), "minipilo", tmp_path, options, told.append)
    board = _object(kit, "board")
    assert board["type"] == "board" and board["size_mm"] == [520, 510]
    w, h = board["size_px"]
    assert w == 4000 and h == round(4000 * 510 / 520)
    assert board["scale"] == pytest.approx(1.3, abs=0.001)
    [face] = board["faces"]
    image = Image.open(kit / "export/tabletopia" / face["front"])
    assert image.size == (w, h) and face["back"] is None
    assert any("figures" in p.message and "tabletopia" in p.message for p in told)
    assert "figures" not in {o["component"] for o in _listing(kit)["objects"]}
