"""Exports read back: PNG faces (sizes, counts against the manifest, pixels against the PDF
sheet), Tabletop Simulator decks (grid, pixel size, hidden slot, card ids) for 64 and 180
cards, and contact sheets."""

from __future__ import annotations

import io
import json
import math
import re

import pytest
from PIL import Image, ImageChops, ImageCms, ImageFilter, ImageStat

from tests.conftest import build, manifest
from tests.render import Rendered

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

MM = 300 / 25.4  # pixels per mm at 300 dpi


@pytest.fixture(scope="module")
def muenchhausen(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    return build("muenchhausen", out, export=("png", "tts", "contact"), langs=("de",))


def _index(kit):
    return json.loads((kit / "export/png/index.json").read_text())


def test_png_faces_match_the_manifest(muenchhausen):
    """Every placed side in the kit is counted once in the index, under its face; each
    distinct face is one file of trim and bleed at 300 dpi, sRGB with its profile; a face
    many cards share is named after the first of them."""
    kit, index = muenchhausen, _index(muenchhausen)
    placed: dict = {}
    for f in manifest(kit)["files"]:
        if f["path"].endswith(".pdf") and not f["path"].endswith("rules.pdf"):
            for page in f["pages"]:
                for item in page["items"]:
                    key = (item["component"], item["side"])
                    placed[key] = placed.get(key, 0) + 1
    counted: dict = {}
    for face in index["faces"]:
        key = (face["component"], face["side"])
        counted[key] = counted.get(key, 0) + face["count"]
    assert counted == placed
    files = sorted(
        p.relative_to(kit / "export/png").as_posix() for p in (kit / "export/png").rglob("*.png")
    )
    assert files == sorted(f["file"] for f in index["faces"])
    back = next(
        f for f in index["faces"] if f["component"] == "number-cards" and f["side"] == "back"
    )
    # a face the deck shares is named after its first card, as the sheets lay them out
    [cards] = [f for f in manifest(kit)["files"] if f["path"] == "number-cards.pdf"]
    first = cards["pages"][0]["items"][0]["id"]
    assert back["count"] == 64 and back["file"] == f"number-cards/{first}-back.png"
    image = Image.open(kit / "export/png" / back["file"])
    assert image.size == (round(69 * MM), round(94 * MM))  # 63 x 88 mm and 3 mm bleed
    profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
    assert "sRGB" in ImageCms.getProfileDescription(profile)


def test_a_png_is_the_card_on_the_sheet(muenchhausen):
    """The PNG of a card and the same card cut from the printed sheet rendered at 300 dpi
    agree: after a 3-pixel blur (so that anti-aliasing and sub-pixel placement do not count)
    no pixel differs by more than 80 levels, where the next card's numeral differs by 200."""
    kit = muenchhausen
    [cards] = [f for f in manifest(kit)["files"] if f["path"] == "number-cards.pdf"]
    item = cards["pages"][0]["items"][4]
    x, y, w, h = item["trim_mm"]
    page_h = cards["pages"][0]["size_mm"][1]
    sheet = Rendered(kit / "number-cards.pdf", 0, 300).image
    cut = sheet.crop(
        (round(x * MM), round((page_h - y - h) * MM), round((x + w) * MM), round((page_h - y) * MM))
    )
    turns = (
        [cut]
        if w < h
        else [cut.transpose(Image.Transpose.ROTATE_90), cut.transpose(Image.Transpose.ROTATE_270)]
    )

    def worst(face):
        bleed = round(3 * MM)
        return min(
            ImageChops.difference(
                c, face.crop((bleed + dx, bleed + dy, bleed + dx + c.width, bleed + dy + c.height))
            )
            .convert("L")
            .filter(ImageFilter.BoxBlur(3))
            .getextrema()[1]
            for c in turns
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
        )

    png = kit / "export/png/number-cards"
    assert worst(Image.open(png / f"{item['id']}-front.png").convert("RGB")) < 80
    other = "taler-6" if item["id"] != "taler-6" else "taler-7"
    assert worst(Image.open(png / f"{other}-front.png").convert("RGB")) > 150


def _deck(kit, nickname):
    saved = json.loads(next((kit / "export/tts").glob("*.json")).read_text())
    return next(d for d in saved["ObjectStates"] if d["Nickname"] == nickname)


def _check_deck(kit, deck, count, trim_mm):
    sheets = math.ceil(count / 69)
    assert len(deck["CustomDeck"]) == sheets and len(deck["ContainedObjects"]) == count
    ids = []
    for n, (key, custom) in enumerate(
        sorted(deck["CustomDeck"].items(), key=lambda kv: int(kv[0]))
    ):
        here = min(69, count - 69 * n)
        cols = min(10, here + 1)
        rows = math.ceil((here + 1) / cols)
        assert (custom["NumWidth"], custom["NumHeight"]) == (cols, rows) and rows <= 7
        ids += [int(key) * 100 + k for k in range(here)]
        image = Image.open(custom["FaceURL"].removeprefix("file://")).convert("RGB")
        assert image.width <= 4096 and image.height <= 4096
        cw, ch = image.width // cols, image.height // rows
        assert abs(cw / ch - trim_mm[0] / trim_mm[1]) < 0.01  # trim only, its proportions
        # The hidden slot (the last) shows the back; every card slot shows a card.
        back = Image.open(custom["BackURL"].removeprefix("file://")).convert("RGB")
        hidden = image.crop(((cols - 1) * cw, (rows - 1) * ch, cols * cw, rows * ch))
        if not custom["UniqueBack"]:
            assert max(ImageStat.Stat(ImageChops.difference(hidden, back)).mean) < 1
        for k in range(here):
            slot = image.crop(
                ((k % cols) * cw, (k // cols) * ch, (k % cols + 1) * cw, (k // cols + 1) * ch)
            )
            assert max(ImageStat.Stat(ImageChops.difference(slot, back)).mean) > 5
    assert deck["DeckIDs"] == ids == [c["CardID"] for c in deck["ContainedObjects"]]


def test_tts_deck_of_64(muenchhausen):
    deck = _deck(muenchhausen, "Zahlenkarten")
    _check_deck(muenchhausen, deck, 64, (63, 88))
    assert [c["Nickname"] for c in deck["ContainedObjects"]][:2] == ["taler-1", "taler-2"]


@pytest.mark.slow
def test_tts_deck_of_180_spans_sheets(tmp_path):
    kit = build("museo", tmp_path, export=("tts",), langs=("de",))
    deck = _deck(kit, "Bildkarten")
    _check_deck(kit, deck, 180, (40, 40))
    assert sorted(deck["CustomDeck"]) == ["1", "2", "3"]


def test_a_base_url_replaces_the_files(tmp_path):
    kit = build(
        "muenchhausen",
        tmp_path,
        export=("tts",),
        langs=("de",),
        base_url="https://example.org/decks/",
    )
    custom = next(iter(_deck(kit, "Zahlenkarten")["CustomDeck"].values()))
    assert custom["FaceURL"] == "https://example.org/decks/number-cards.1.png"
    assert custom["BackURL"] == "https://example.org/decks/number-cards.back.png"


def test_a_deck_spanning_sheets_has_one_cell_size(tmp_path):
    """72 cards: a sheet of 69 and a sheet of 3. Each card of the deck is drawn at the same
    pixels (a last sheet of a few cards would have room for bigger cells, and TTS would show
    those cards sharper than the rest), and the deck has one back picture."""
    from tests.test_shapes import _kit

    kit = _kit(tmp_path, "--export", "tts", shape="rect", w=63, h=88, count=72, back=True)
    [deck] = json.loads((kit / "export/tts/hx.json").read_text())["ObjectStates"]
    cells, backs = set(), set()
    for custom in deck["CustomDeck"].values():
        with Image.open(custom["FaceURL"].removeprefix("file://")) as sheet:
            cols, rows = custom["NumWidth"], custom["NumHeight"]
            assert sheet.width % cols == 0 and sheet.height % rows == 0
            cells.add((sheet.width // cols, sheet.height // rows))
        backs.add(custom["BackURL"])
        with Image.open(custom["BackURL"].removeprefix("file://")) as back:
            cells.add(back.size)
    assert len(deck["CustomDeck"]) == 2 and len(cells) == 1 and len(backs) == 1


def test_numbered_files_sort_as_they_count(tmp_path):
    """82 cards, more than ten sheets to cut: their files numbered from 01, so that a list
    sorted as text (a cutter's or an uploader's) has them in order (10 after 9, not 1)."""
    from tests.test_shapes import _kit

    kit = _kit(tmp_path, "--cut", "svg", shape="rect", w=63, h=88, count=82, back=True)
    cut = [f["path"] for f in json.loads((kit / "manifest.json").read_text())["files"]]
    cut = [p for p in cut if p.startswith("cut/")]
    numbers = [int(p.rsplit("-", 1)[1].removesuffix(".svg")) for p in sorted(cut)]
    assert len(cut) >= 10 and numbers == list(range(1, len(cut) + 1))
    assert "cut/tiles-01.svg" in cut


def test_a_deck_of_one_is_a_card(tmp_path):
    """Tabletop Simulator shows a deck holding one card as nothing: a card it is."""
    from tests.test_shapes import _kit

    kit = _kit(
        tmp_path,
        "--export",
        "tts",
        shape="rect",
        w=63,
        h=88,
        count=1,
        back=True,
        label="[10, 10, 20, 8]",
    )
    [card] = json.loads((kit / "export/tts/hx.json").read_text())["ObjectStates"]
    assert card["Name"] == "Card" and card["CardID"] == 100
    assert card["CustomDeck"]["1"]["NumWidth"] == 2  # the card and the hidden slot


def test_contact_sheet_holds_every_face(muenchhausen):
    index = _index(muenchhausen)
    faces = [f for f in index["faces"] if f["component"] == "number-cards"]
    sheet = Image.open(muenchhausen / "export/contact/number-cards.png")
    card_w, card_h = round(63 / 25.4 * 72), round(88 / 25.4 * 72)
    rows = math.ceil(len(faces) / 8)
    assert sheet.size == (16 + 8 * (card_w + 16), 16 + rows * (card_h + 30 + 16))


def test_a_picture_too_large_is_refused_before_it_is_drawn(tmp_path):
    """The score sheet (190 x 260 mm) at 1200 dpi would be 110 million pixels: a located
    error, and nothing is written."""
    from tests.conftest import ROOT, pnp

    result = pnp(
        "build",
        "muenchhausen",
        "--export",
        "png",
        "--dpi",
        "1200",
        "--out",
        str(tmp_path / "out"),
        cwd=ROOT,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"^content/muenchhausen/game\.yaml:\d+:\d+: component 'score-sheet' would"
        r" be 8976 x 12283 pixels at 1200 dpi, more than 40 million",
        result.stderr,
        re.M,
    ), result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--export", "pdf"),
            r"must be one of png, shop, tts, tabletopia, screentop, contact, got pdf",
        ),
        (("--export", "png", "--export", "png"), r"'png' is asked for twice"),
        (("--dpi", "5"), r"must be a whole number from 72 to 1200, got 5"),
        (("--dpi", "3e2"), r"not a valid integer"),
        (("--base-url", "javascript:alert(1)"), r"must be an address starting http:// or https://"),
        (("--base-url", 'https://x.org/"><script>'), r"must be an address starting http://"),
        (("--base-url", "https://x.org/f?dl=1"), r"without \? or #"),
    ],
)
def test_export_options_are_checked(tmp_path, args, message):
    from tests.conftest import ROOT, pnp

    result = pnp("build", "muenchhausen", *args, "--out", str(tmp_path / "out"), cwd=ROOT)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert re.search(message, result.stderr), result.stderr
    assert not (tmp_path / "out").exists()


def test_every_export_writer_is_a_choice_of_the_option():
    """--export's words are the export writers' names: a writer added without its word
    could never be asked for, a word without its writer would export nothing."""
    from bastelbogen.content.options import OPTIONS
    from bastelbogen.output import WRITERS
    from bastelbogen.output.exported import Export

    exports = {name for name, writer in WRITERS.items() if isinstance(writer, Export)}
    assert set(OPTIONS["export"].type.choices) == exports
    help_text = OPTIONS["export"].help
    assert all(f"{name} (" in help_text for name in exports)


@pytest.mark.parametrize("export", ["png", "contact"])
def test_a_board_an_export_of_faces_leaves_out_is_said_at_its_component(tmp_path, export):
    """--export png and contact write a picture per face; a board, drawn whole over sheets,
    has none there: each board is told at its component, named, and its export named."""
    from tests.conftest import pnp

    (tmp_path / "content/b").mkdir(parents=True)
    (tmp_path / "templates/b").mkdir(parents=True)
    (tmp_path / "content/b/game.yaml").write_text(
        "game: b\ntitle: {en: B}\nplayers: {min: 2, max: 2}\ncomponents:\n"
        "  - {id: card, name: {en: Card}, kind: card, size: mini, face: b/face,"
        " items: [{id: c}]}\n"
        "  - {id: map, name: {en: Map}, kind: board, size: [300mm, 300mm], face: b/face,"
        " items: [{id: m}]}\n"
    )
    (tmp_path / "templates/b/face.yaml").write_text(
        "boxes:\n  - {name: ground, painter: shape, box: bleed, fill: '#d8ecd0'}\n"
    )
    told = pnp("build", "b", "--export", export, "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert told.returncode == 0, told.stderr
    said = [line for line in told.stderr.splitlines() if f"--export {export}" in line]
    assert len(said) == 1 and "content/b/game.yaml:6:5:" in said[0], told.stderr
    assert "component 'map' (board)" in said[0]
