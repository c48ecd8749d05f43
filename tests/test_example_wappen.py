"""The coat of arms example (examples/content/wappen): nine SVG pictures drawn in the ways a
vector program writes them (gradients turned and repeating, a mask, a pattern, a clip in the
shape's own box, a filter's shadow, nested drawings, text on a path, pictures in pictures),
each printed three times. One drawing of a picture in every output: the face cut from the
printed sheet and the exported PNG agree by the conformance suite's measure, every copy on a
sheet is the same, the colours are those the SVG names, and the shop's PDF/X-1a holds them
flattened in CMYK, without transparency."""

from __future__ import annotations

import json

import numpy as np
import pikepdf
import pytest
from PIL import Image, ImageFilter

from tests.conftest import ROOT, build, manifest, pnp
from tests.render import Rendered
from tests.test_pdfx import INK, assert_cmyk_only

pytestmark = pytest.mark.heavy

EXAMPLES = ROOT / "examples"
DPI = 254  # ten pixels a millimetre: every trim (on half millimetres) falls on a pixel edge
MM = DPI / 25.4
MEAN_MOST = 3.5  # per channel, of 255: the conformance measure (bench/svgsuite.py)
OFF_SHARE = 0.004  # of pixels off by more than 64


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    return build("wappen", out, project=EXAMPLES, export=("png",), langs=("de",), dpi=DPI)


def _measure(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    diff = np.abs(np.asarray(a, dtype=np.int16) - np.asarray(b, dtype=np.int16))
    return float(diff.mean()), float((diff.max(axis=-1) > 64).mean())


def _faces_on_sheets(kit):
    """Every card front on the sheets: (its id, the face cut from the sheet at DPI and
    turned upright)."""
    [cards] = [f for f in manifest(kit)["files"] if f["path"] == "cards.pdf"]
    for n, page in enumerate(cards["pages"]):
        sheet = Rendered(kit / "cards.pdf", n, DPI).image
        page_h = page["size_mm"][1]
        for item in page["items"]:
            if item["side"] != "front":
                continue
            x, y, w, h = item["trim_mm"]
            box = (x * MM, (page_h - y - h) * MM, (x + w) * MM, (page_h - y) * MM)
            cut = sheet.crop(tuple(round(v) for v in box))
            yield item["id"], cut.rotate(-item["rotation"], expand=True)


ARMS = (11.5, 16, 40, 48)  # the picture's box on the card, mm from its top left


def _picture(face: Image.Image, shift: tuple[int, int] = (0, 0)) -> Image.Image:
    """The picture's box of a face (moved by `shift` pixels), softened over 0.3 mm (the
    four-engine comparison softens over 2 mm) and seen at the 200 pixels across the
    conformance measure looks at: PDFium snaps some edges to whole device pixels, and
    where two shapes meet on a fraction of a pixel it lets the paper show through a
    little, which fall differently where a face lies elsewhere on the page. A wrong
    drawing differs by far more (tested below)."""
    x, y, w, h = (round(v * MM) for v in ARMS)
    box = face.crop((x + shift[0], y + shift[1], x + w + shift[0], y + h + shift[1]))
    box = box.filter(ImageFilter.BoxBlur(3))
    return box.resize((200, round(200 * h / w)), Image.Resampling.BOX)


def _best(cut: Image.Image, face: Image.Image, bleed: int = 0) -> tuple[float, float]:
    """The picture cut from one face compared with another's (an exported face has its
    bleed around the trim), the best of a pixel's shift either way."""
    return min(
        _measure(_picture(cut), _picture(face, (bleed + dx, bleed + dy)))
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    )


@pytest.mark.slow
def test_every_face_on_the_sheet_is_its_exported_picture(kit):
    index = json.loads((kit / "export/png/index.json").read_text())
    files = {f["items"][0]: f["file"] for f in index["faces"] if f["side"] == "front"}
    seen: dict[str, list] = {}
    for item_id, cut in _faces_on_sheets(kit):
        face = Image.open(kit / "export/png" / files[item_id]).convert("RGB")
        mean, off = _best(cut, face, round(3 * MM))
        assert mean <= MEAN_MOST and off <= OFF_SHARE, (item_id, mean, off)
        seen.setdefault(item_id, []).append(cut)
    assert len(seen) == 9 and all(len(v) == 3 for v in seen.values())
    mean, off = _best(seen["checky"][0], seen["tower"][0])  # the measure tells pictures apart
    assert mean > MEAN_MOST and off > OFF_SHARE
    for item_id, copies in seen.items():  # a picture drawn many times draws the same
        for other in copies[1:]:
            mean, off = _best(copies[0], other)
            assert mean <= MEAN_MOST and off <= OFF_SHARE, (item_id, mean, off)


def test_the_colours_are_those_the_svg_names(kit):
    """Points of the arms box (11.5, 16, 40 x 48 mm on the card, the SVG's 120 x 144 units
    covering it) hold the colours the SVG files give them."""
    want = {
        "cross": [((60, 66), (0xF7, 0xF3, 0xEA)), ((30, 30), (0xC4, 0x22, 0x2E))],
        "checky": [
            ((15, 13), (0x1F, 0x4E, 0x96)),
            ((25, 13), (0xF4, 0xF1, 0xE8)),
            ((106, 126), (0xF4, 0xEF, 0xE2)),  # the card beside the shield: the clip holds
        ],
        "tower": [((60, 12), (0x2D, 0x5A, 0xA0)), ((60, 110), (0x2A, 0x20, 0x18))],
        "roundels": [((36, 42), (0xC9, 0x48, 0x4E))],  # 85 % of #c0282f over #f3efe4
    }
    for item_id, face in _faces_on_sheets(kit):
        for (u, v), colour in want.get(item_id, []):
            got = face.getpixel((round((11.5 + u / 3) * MM), round((16 + v / 3) * MM)))
            assert max(abs(a - b) for a, b in zip(got, colour, strict=True)) <= 16, (
                item_id,
                (u, v),
                got,
                colour,
            )


def test_the_example_prints_without_a_picture_warning(tmp_path):
    result = pnp("--root", str(EXAMPLES), "validate", "wappen", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "picture" not in result.stderr, result.stderr


@pytest.mark.slow
def test_the_shop_file_holds_the_pictures_flattened_in_cmyk(tmp_path):
    result = pnp(
        "--root",
        str(EXAMPLES),
        "build",
        "wappen",
        "--lang",
        "de",
        "--pdfx",
        "--profile",
        "dtc-poker",
        "--fit",
        "--out",
        str(tmp_path),
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    with pikepdf.open(tmp_path / "wappen/cards.pdf") as pdf:
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003"
        assert max(assert_cmyk_only(pdf)) <= INK + 1e-9
        pictures = [
            o
            for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]
        assert len(pictures) >= 10  # nine arms and the back, each once
        for picture in pictures:
            assert picture.ColorSpace == "/DeviceCMYK"
            # its samples as stored (pikepdf would turn a masked CMYK picture into RGBA)
            ink = np.frombuffer(picture.read_bytes(), np.uint8).astype(np.float64)
            assert ink.reshape(-1, 4).sum(axis=-1).max() / 255 <= INK + 1e-9
