"""Tabletop Simulator saves read back with json and their pictures with Pillow: each deck's
card shape follows its pieces (hex and circle slots without white corners), every CardID
finds its sheet and slot, every picture is written at its grid's size within 4096 pixels,
cards are named after their items and spawn at their physical size, and dice are TTS dice
whose template cells show each face."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.conftest import build, pnp
from tests.test_dice_faces import _project as dice_project
from tests.test_shapes import BACK, FACE

GAME = """game: tt
title: TTS
languages: [en]
players: {{min: 2, max: 4}}
components:
{components}
"""
PIECE = """  - id: {id}
    name: {id}
    kind: tile
    size: [{w}mm, {h}mm]
    shape: {shape}
    face: tt/tile
    back: tt/back
    items:
      - {{id: {id}-a, name: "Forest {id}", text: "Grows.", colour: "#2e7d32"}}
      - {{id: {id}-b, colour: "#c62828"}}
"""
HEX = 60 * math.sqrt(3) / 2
SHAPES = {  # id: (shape, w, h, TTS card type)
    "plain": ("rect", 63, 88, 1),
    "soft": ("{rounded: 3mm}", 63, 88, 0),
    "hexes": ("hex", HEX, 60, 3),
    "flat": ("{hex: flat}", 60, HEX, 3),
    "discs": ("circle", 40, 40, 4),
    "small": ("rect", 44, 63, 1),
}


def _files(url: str) -> Path:
    return Path(url.removeprefix("file://"))


@pytest.fixture(scope="module")
def shapes(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tt")
    (tmp / "content" / "tt").mkdir(parents=True)
    (tmp / "templates" / "tt").mkdir(parents=True)
    pieces = "".join(
        PIECE.format(id=cid, shape=shape, w=round(w, 4), h=h)
        for cid, (shape, w, h, _) in SHAPES.items()
    )
    (tmp / "content" / "tt" / "game.yaml").write_text(GAME.format(components=pieces))
    (tmp / "templates" / "tt" / "tile.yaml").write_text(FACE.format(label="[15, 16, 10, 8]"))
    (tmp / "templates" / "tt" / "back.yaml").write_text(BACK)
    result = pnp("build", "tt", "--export", "tts", "--out", str(tmp / "out"), cwd=tmp)
    assert result.returncode == 0, result.stderr
    saved = json.loads((tmp / "out/tt/export/tts/tt.json").read_text())
    return {deck["Nickname"]: deck for deck in saved["ObjectStates"]}


def check_save(objects: list[dict]) -> None:
    """Every CardID names a CustomDeck and a slot of its grid; every picture is written,
    NumWidth × NumHeight slots of one size, at most 4096 pixels a side."""
    for deck in objects:
        if deck["Name"] not in ("DeckCustom", "Card"):
            continue
        cards = deck.get("ContainedObjects", [deck])
        customs = deck["CustomDeck"]
        for card in cards:
            deck_id, slot = divmod(card["CardID"], 100)
            custom = customs[str(deck_id)]
            assert card["CustomDeck"][str(deck_id)] == custom
            assert slot < custom["NumWidth"] * custom["NumHeight"] - 1  # the last is hidden
        for custom in customs.values():
            face = Image.open(_files(custom["FaceURL"]))
            assert face.width <= 4096 and face.height <= 4096
            assert face.width % custom["NumWidth"] == 0 and face.height % custom["NumHeight"] == 0
            w, h = face.width // custom["NumWidth"], face.height // custom["NumHeight"]
            back = Image.open(_files(custom["BackURL"]))
            if custom["UniqueBack"]:
                assert back.size == face.size
            else:
                assert back.size == (w, h)


def test_every_card_finds_its_sheet_and_slot(shapes):
    check_save(list(shapes.values()))


@pytest.mark.parametrize("cid", list(SHAPES))
def test_the_card_shape_follows_the_pieces(shapes, cid):
    custom = next(iter(shapes[cid]["CustomDeck"].values()))
    assert custom["Type"] == SHAPES[cid][3]


@pytest.mark.parametrize("cid", ["hexes", "flat", "discs"])
def test_a_hex_or_disc_has_no_white_corners(shapes, cid):
    """The corner of a hex or round slot is the plain colour: neither the card's art (green)
    nor white; its middle is the art."""
    custom = next(iter(shapes[cid]["CustomDeck"].values()))
    sheet = Image.open(_files(custom["FaceURL"])).convert("RGB")
    w, h = sheet.width // custom["NumWidth"], sheet.height // custom["NumHeight"]
    corner = sheet.getpixel((1, 1))
    middle = sheet.getpixel((w // 2, h - h // 3))
    assert corner == (62, 62, 70), corner
    assert middle[1] > 100 and middle[0] < 80, middle  # the forest's green


def test_a_flat_hex_is_turned_to_the_tts_hex(shapes):
    """TTS's hex card is pointy (portrait): a flat hex's slot is turned a quarter, taller
    than wide, and its deck turned back on the table."""
    flat, pointy = shapes["flat"], shapes["hexes"]
    for deck in (flat, pointy):
        custom = next(iter(deck["CustomDeck"].values()))
        sheet = Image.open(_files(custom["FaceURL"]))
        w, h = sheet.width // custom["NumWidth"], sheet.height // custom["NumHeight"]
        assert abs(w / h - HEX / 60) < 0.01, (w, h)
    assert flat["Transform"]["rotY"] - pointy["Transform"]["rotY"] == 90


def test_cards_are_named_after_their_items(shapes):
    cards = shapes["plain"]["ContainedObjects"]
    assert [c["Nickname"] for c in cards] == ["Forest plain", "plain-b"]
    assert [c["Description"] for c in cards] == ["Grows.", ""]


def test_cards_spawn_at_their_physical_size(shapes):
    """Scale follows the height: 88 mm and 63 mm cards scale as 88 : 63, both ways."""
    big, small = shapes["plain"]["Transform"], shapes["small"]["Transform"]
    assert big["scaleX"] == big["scaleZ"] and small["scaleX"] == small["scaleZ"]
    assert big["scaleX"] / small["scaleX"] == pytest.approx(88 / 63, rel=1e-3)
    assert big["scaleX"] == pytest.approx(88 / 88.9, rel=1e-3)  # a poker card's height


@pytest.fixture(scope="module")
def dice(tmp_path_factory):
    tmp = dice_project(tmp_path_factory.mktemp("dt"))
    result = pnp("build", "dt", "--export", "tts", "--out", str(tmp / "out"), cwd=tmp)
    assert result.returncode == 0, result.stderr
    return tmp / "out" / "dt"


def test_dice_are_tts_dice(dice):
    saved = json.loads((dice / "export/tts/dt.json").read_text())
    objects = saved["ObjectStates"]
    assert [o["Name"] for o in objects] == ["Custom_Dice", "Custom_Dice"]  # one a die
    letters = objects[0]
    assert letters["CustomImage"]["CustomDice"]["Type"] == 1
    values = {tuple(r["Rotation"].values()): r["Value"] for r in letters["RotationValues"]}
    assert values[(0.0, 0.0, 0.0)] == "B" and values[(-90.0, 0.0, 0.0)] == "A"
    digits = [r["Value"] for r in objects[1]["RotationValues"]]
    assert digits == [1, 2, 3, 4, 5, 6]  # numbers, so that rolls add up
    template = Image.open(_files(letters["CustomImage"]["ImageURL"]))
    assert template.width == template.height <= 4096


def test_each_template_cell_shows_its_face(dice, tmp_path):
    """Each face's cell, cropped to its face, is that face's square of the net as the
    png export draws it (the 1 and the 6 upside down); two different faces differ."""
    from bastelbogen.content.kinds.die import net
    from bastelbogen.core.units import mm
    from bastelbogen.output.ttsdice import CELLS, FACE_SHARE, UPSIDE_DOWN
    from tests.test_dice_faces import EDGE

    saved = json.loads((dice / "export/tts/dt.json").read_text())
    template = Image.open(_files(saved["ObjectStates"][0]["CustomImage"]["ImageURL"]))
    cell = template.width // 3
    face = math.floor(cell * FACE_SHARE)
    inset = (cell - face) // 2
    png = build(
        "dt", tmp_path, project=dice.parent.parent, export=("png",), dpi=face / (EDGE / 25.4)
    )
    whole = Image.open(png / "export/png/letters/letters-front.png").convert("RGB")
    ppm = face / EDGE  # pixels a millimetre
    net_w, net_h = (v / 72 * 25.4 for v in net(mm(EDGE)).size)
    bleed = (whole.width - net_w * ppm) / 2  # the png holds the bleed too
    cells = {}
    for x, y, n in net(mm(EDGE)).faces:
        left = round(bleed + x / 72 * 25.4 * ppm)
        top = round(bleed + (net_h - y / 72 * 25.4 - EDGE) * ppm)
        alone = whole.crop((left, top, left + face, top + face))
        col, row = CELLS[n]
        box = (col * cell + inset, row * cell + inset, col * cell + inset + face)
        shown = template.convert("RGB").crop((*box, row * cell + inset + face))
        if n in UPSIDE_DOWN:
            shown = shown.rotate(180)
        cells[n] = shown
        assert max(ImageStat.Stat(ImageChops.difference(shown, alone)).mean) < 12, n
    assert max(ImageStat.Stat(ImageChops.difference(cells[1], cells[2])).mean) > 3


@pytest.mark.heavy
@pytest.mark.parametrize(
    "game",  # one kit in `make test`, all four in `make test-slow` (a minute on two cores)
    [
        "muenchhausen",
        pytest.param("museo", marks=pytest.mark.slow),
        pytest.param("minipilo", marks=pytest.mark.slow),
        pytest.param("mytown", marks=pytest.mark.slow),
    ],
)
def test_the_shipped_kits_read_back(tmp_path, game):
    kit = build(game, tmp_path, export=("tts",), langs=("de",))
    saved = json.loads(next((kit / "export/tts").glob("*.json")).read_text())
    check_save(saved["ObjectStates"])


def test_objects_lie_side_by_side(shapes):
    """Neighbours on the table keep apart by at least half their widths (TTS's unit an
    inch): a big deck does not cover the next."""
    placed = sorted(
        (deck["Transform"]["posX"], min(w, h) if cid == "flat" else w)
        for cid, (_, w, h, _) in SHAPES.items()
        for deck in [shapes[cid]]
    )
    for (x1, w1), (x2, w2) in zip(placed, placed[1:], strict=False):
        assert x2 - x1 >= (w1 + w2) / 2 / 25.4, (x1, x2)
