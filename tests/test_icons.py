"""Icons in text (issue 49): a game declares its icons once (`icons:` in game.yaml) and any
text writes `:name:`. Measured in pixels: an icon is as tall as its text's font size (as set
and as shrunk to fit) times its `size`, and stands on the baseline; SVG, PNG and JPEG icons
alike, tinted ones in their text's colour; a line or paragraph is fitted with its icons
counted. Told where written: an unknown icon (with the nearest name), an icon file outside
the game, missing or too large."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

import bastelbogen.render.paragraphs  # noqa: F401 - registers the paragraph painter
import bastelbogen.render.shapes  # noqa: F401 - the table and braille painters
import bastelbogen.render.text  # noqa: F401 - the text painter
from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.icons import IconEntry, Icons, Ref, load_icons, pieces, spoken
from bastelbogen.content.project import FONTS
from bastelbogen.core import limits
from bastelbogen.core.declare import MapOf
from bastelbogen.core.errors import Collector, ContentError, Loc
from bastelbogen.core.source import load_yaml
from bastelbogen.core.units import mm
from bastelbogen.layout.layouts import Box
from bastelbogen.render.paint import PaintContext, draw_face
from bastelbogen.render.pdf import Meta, new_canvas
from bastelbogen.render.style import Fonts
from tests.conftest import pnp

DPI = 600
PX = DPI / 72  # pixels a point
LOC = Loc("face.yaml", 3, 5)
GREEN, BLUE, RED = (0, 160, 0), (0, 0, 230), (200, 0, 0)
FONT_FILES = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf"}
# A square of one colour in each format, a black shape on white (JPEG: no transparency) and a
# black shape on nothing (SVG) for tinting, and one three times as wide as tall.
SQUARE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
    '<rect width="100" height="100" fill="#00a000"/></svg>'
)
WIDE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" width="300" height="100">'
    '<rect width="300" height="100" fill="#00a000"/></svg>'
)
SHAPE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
    '<circle cx="50" cy="50" r="50" fill="#000000"/></svg>'
)
ICONS = """\
icons:
  sq: icons/sq.svg
  wide: {file: icons/wide.svg, size: 1.5}
  png: icons/sq.png
  jpg: icons/sq.jpg
  dot: {file: icons/dot.svg, tint: true}
  star: {file: icons/star.jpg, tint: true}
  half: {file: icons/sq.svg, size: 0.5}
  big: {file: icons/sq.svg, size: 2}
"""


def _files(folder: Path) -> None:
    icons = folder / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    (icons / "sq.svg").write_text(SQUARE_SVG)
    (icons / "wide.svg").write_text(WIDE_SVG)
    (icons / "dot.svg").write_text(SHAPE_SVG)
    Image.new("RGBA", (64, 64), (*BLUE, 255)).save(icons / "sq.png")
    Image.new("RGB", (64, 64), RED).save(icons / "sq.jpg", quality=100)
    star = Image.new("RGB", (64, 64), (255, 255, 255))
    ImageDraw.Draw(star).rectangle((16, 16, 47, 47), fill=(0, 0, 0))
    star.save(icons / "star.jpg", quality=100)


def _icons(folder: Path, text: str = ICONS) -> tuple[Icons, Collector]:
    _files(folder)
    game = folder / "icons.yaml"
    game.write_text(text)
    problems = Collector()
    data = load_yaml(game)
    raw = MapOf(IconEntry()).read(data["icons"], data.value_loc("icons"), "icons", problems)
    return load_icons(raw, data.value_loc("icons"), folder, problems), problems


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("game")


@pytest.fixture(scope="module")
def icons(folder) -> Icons:
    found, problems = _icons(folder)
    assert not problems.problems, problems.problems
    return found


def _ctx(icons: Icons, folder: Path, **kw) -> PaintContext:
    fonts = Fonts({r: FONTS / f for r, f in FONT_FILES.items()}, LOC, {}, icons=icons)
    return PaintContext(fonts, folder, item_label="item 'x' (front)", **kw)


def _box(painter: str, rect_mm: tuple[float, ...], **params: object) -> Box:
    x, y, w, h = (mm(v) for v in rect_mm)
    keys = {k.replace("_", "-"): v for k, v in params.items()}  # min_size: min-size
    locs = tuple((k, Loc("face.yaml", 3, 20 + n)) for n, k in enumerate(keys))
    return Box("b", painter, (x, y, w, h), tuple(keys.items()), LOC, locs)


def _drawn(boxes: list[Box], icons: Icons, folder: Path, size_mm=(120, 60), **kw) -> np.ndarray:
    """The boxes drawn on a page of their own (our canvas, as a build draws), as pixels."""
    out = io.BytesIO()
    ctx = _ctx(icons, folder, **kw)
    c = new_canvas(out, Meta("t", "", ""), (mm(size_mm[0]), mm(size_mm[1])), ctx.fonts["regular"])
    draw_face(c, tuple(boxes), ctx)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(out.getvalue())[0]
    return np.asarray(page.render(scale=PX).to_pil().convert("RGB")).astype(int)


def _where(pixels: np.ndarray, rgb: tuple[int, int, int], tol: int = 90) -> tuple[int, ...]:
    """The rows and columns (top, bottom, left, right) the colour covers at least half."""
    near = np.abs(pixels - np.array(rgb)).sum(axis=2) <= tol
    rows, cols = np.nonzero(near)
    assert rows.size, f"no pixel of {rgb}"
    return rows.min(), rows.max(), cols.min(), cols.max()


def _letters(pixels: np.ndarray) -> tuple[int, ...]:
    """Where the black letters are (dark in every channel)."""
    dark = (pixels < 110).all(axis=2)
    rows, cols = np.nonzero(dark)
    return rows.min(), rows.max(), cols.min(), cols.max()


H = 1493 / 2048  # Vera's H, in font sizes: an H measured gives the size it is set at


# --- what counts as an icon ---------------------------------------------------------------


def test_ordinary_text_is_never_an_icon():
    for text in ("10:30", "Note: x", "a:b:c", "std::vector::size", "https://x.org/a:b:", "x:y:"):
        assert pieces(text) == [text]


def test_a_name_between_colons_is_an_icon_and_the_escapes_write_colons():
    assert pieces("Pay 3 :coin: now") == ["Pay 3 ", Ref("coin"), " now"]
    assert pieces(":coin::coin:") == [Ref("coin"), Ref("coin")]  # two, side by side
    assert pieces(r"\:coin:") == [":coin:"] and pieces("::coin:") == [":coin:"]
    assert pieces("(:a-b_c:).") == ["(", Ref("a-b_c"), ")."]
    too_long = "x" * (limits.MAX_ICON_NAME_CHARS + 1)
    assert pieces(f":{too_long}:") == [f":{too_long}:"]


def test_braille_reads_an_icon_as_its_name():
    assert (
        spoken("Pay 3 :coin::coin:") == "Pay 3 coin coin" and spoken(":two-coins:") == "two coins"
    )
    assert spoken(r"\:coin:") == ":coin:"


# --- measured in pixels ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [8.0, 16.0, 32.0])
def test_an_icon_is_one_em_tall_and_stands_on_the_baseline(icons, folder, size):
    line = _box("text", (5, 5, 110, 50), text="HH :sq:", size=size, colour="#000000")
    pixels = _drawn([line], icons, folder)
    top, bottom, left, _ = _where(pixels, (0, 160, 0))
    h_top, h_bottom, _, h_right = _letters(pixels)
    assert abs((bottom - top + 1) - size * PX) <= 2  # 1 em tall
    assert abs(bottom - h_bottom) <= 1  # on the baseline, as the H stands
    assert abs((h_bottom - h_top + 1) - size * H * PX) <= 2  # the H: set at `size`
    assert 0 <= left - h_right <= size * PX * 0.5  # a space after the letters


def test_an_icon_follows_the_size_a_paragraph_shrinks_to(icons, folder):
    """A paragraph of one line too wide for its box at 24 pt: set smaller, its icon too."""
    text = "HHHHHHHH :sq: HHHHHHHH"
    box = _box("paragraph", (5, 5, 50, 12), text=text, size=24, min_size=4, colour="#000000")
    pixels = _drawn([box], icons, folder)
    top, bottom, _, _ = _where(pixels, GREEN)
    h_top, h_bottom, _, _ = _letters(pixels[top : bottom + 1])  # the icon's line
    fitted = (h_bottom - h_top + 1) / H / PX
    assert fitted < 24 - 4  # it shrank to fit
    assert abs((bottom - top + 1) - fitted * PX) <= 2  # and the icon with it
    assert abs(h_bottom - (bottom - top)) <= 1  # on the baseline


def test_each_icon_has_its_own_size_in_ems(icons, folder):
    pixels = _drawn([_box("text", (5, 5, 110, 50), text="H :half:", size=20)], icons, folder)
    top, bottom, _, _ = _where(pixels, (0, 160, 0))
    assert abs((bottom - top + 1) - 10 * PX) <= 2


def test_an_icon_taller_than_the_leading_moves_its_line_down(icons, folder):
    text = "HHHH HHHH<br/>HH :big: HH"
    box = _box("paragraph", (5, 5, 110, 50), text=text, size=10, colour="#000000")
    pixels = _drawn([box], icons, folder)
    top, bottom, _, _ = _where(pixels, GREEN)
    assert abs((bottom - top + 1) - 20 * PX) <= 2
    dark = (pixels < 110).all(axis=2).any(axis=1)
    first_line = np.nonzero(dark[:top])[0]
    assert first_line.size and first_line.max() < top  # the line above, clear of the icon
    assert abs(_letters(pixels[top : bottom + 1])[1] - (bottom - top)) <= 1  # on its line


@pytest.mark.parametrize(("name", "rgb"), [("sq", GREEN), ("png", BLUE), ("jpg", RED)])
def test_svg_png_and_jpeg_icons_are_drawn_alike(icons, folder, name, rgb):
    box = _box("text", (5, 5, 110, 50), text=f"H :{name}:", size=16, colour="#000000")
    pixels = _drawn([box], icons, folder)
    top, bottom, left, right = _where(pixels, rgb)
    assert abs((bottom - top + 1) - 16 * PX) <= 2 and abs((right - left + 1) - 16 * PX) <= 2
    assert abs(bottom - _letters(pixels)[1]) <= 1


def test_a_wide_icon_keeps_its_proportions(icons, folder):
    box = _box("text", (5, 5, 110, 50), text="H :wide:", size=12)
    top, bottom, left, right = _where(_drawn([box], icons, folder), (0, 160, 0))
    assert abs((bottom - top + 1) - 18 * PX) <= 2 and abs((right - left + 1) - 54 * PX) <= 3


def test_a_tinted_icon_takes_its_text_s_colour(icons, folder):
    """An SVG's shape and a JPEG's dark pixels in the text's colour (the box's, or a
    <font color> span's), and nothing of the picture's white over the ground."""
    ground = _box("shape", (0, 0, 120, 60), fill="#ffff00")
    line = _box("text", (5, 5, 110, 20), text=":dot: :star:", size=30, colour="#c00000")
    pixels = _drawn([ground, line], icons, folder)
    top, bottom, left, right = _where(pixels, (192, 0, 0), tol=60)
    assert (bottom - top + 1) >= 29 * PX * 0.5
    assert not (pixels.sum(axis=2) < 100).any()  # no black left
    assert not ((pixels > 235).all(axis=2)).any()  # no white box round the JPEG's square
    span = "H <font color='#0000c0'>:dot:</font> H"
    para = _box("paragraph", (5, 30, 110, 25), text=span, size=20, colour="#000000")
    pixels = _drawn([para], icons, folder)
    top, bottom, _, _ = _where(pixels, (0, 0, 192), tol=60)
    assert abs((bottom - top + 1) - 20 * PX) <= 3


def test_the_escapes_write_the_colons(icons, folder):
    out = io.BytesIO()
    ctx = _ctx(icons, folder)
    c = new_canvas(out, Meta("t", "", ""), (mm(120), mm(60)), ctx.fonts["regular"])
    boxes = (
        _box("text", (5, 5, 110, 10), text=r"a \:sq: b", size=10),
        _box("paragraph", (5, 20, 110, 10), text="c ::sq: d", size=10),
    )
    draw_face(c, boxes, ctx)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(out.getvalue())[0]
    said = page.get_textpage().get_text_range()
    assert "a :sq: b" in said and "c :sq: d" in said
    pixels = np.asarray(page.render(scale=4).to_pil().convert("RGB")).astype(int)
    assert not (np.abs(pixels - np.array(GREEN)).sum(axis=2) <= 90).any()


# --- fitted with its icons --------------------------------------------------------------------


def _h_height(pixels: np.ndarray) -> int:
    top, bottom, _, _ = _letters(pixels)
    return bottom - top + 1


def test_a_line_shrinks_for_its_icons(icons, folder):
    plain = _box("text", (5, 5, 40, 20), text="HHHH HHHH", size=12, colour="#000000")
    assert abs(_h_height(_drawn([plain], icons, folder)) - 12 * H * PX) <= 2
    wide = _box("text", (5, 5, 40, 20), text="HHHH :wide: HHHH", size=12, colour="#000000")
    assert _h_height(_drawn([wide], icons, folder)) < 12 * H * PX * 0.85


def test_a_paragraph_that_fits_without_icons_shrinks_with_wide_ones(icons, folder):
    def tallest_letter(text: str) -> float:
        box = _box("paragraph", (5, 5, 50, 12), text=text, size=10, colour="#000000")
        pixels = _drawn([box], icons, folder)
        dark = (pixels < 110).all(axis=2)
        rows = np.nonzero(dark.any(axis=1))[0]
        first = rows[rows < rows.min() + 10 * PX]  # the first line
        return (first.max() - first.min() + 1) / PX / H

    assert tallest_letter("HHH HH HHH HH HHH") == pytest.approx(10, abs=0.4)
    assert tallest_letter("HHH :wide: HH :wide: HHH :wide: HH :wide: HHH") < 9.0


# --- every text that shows icons --------------------------------------------------------------


def test_icons_in_a_table_s_labels(icons, folder):
    table = _box(
        "table", (5, 5, 110, 50), header=(":png:", "1"), rows=("H :sq:|:jpg:", "H"), size=12
    )
    pixels = _drawn([table], icons, folder)
    for rgb in (GREEN, BLUE, RED):
        top, bottom, _, _ = _where(pixels, rgb)
        assert (bottom - top + 1) >= 12 * PX * 0.7 - 2  # the labels shrink to 70 % at most


def test_braille_writes_the_icon_s_name(icons, folder):
    said = _box("braille", (5, 5, 110, 20), text=":sq: 3")
    named = _box("braille", (5, 5, 110, 20), text="sq 3")
    assert np.array_equal(_drawn([said], icons, folder), _drawn([named], icons, folder))


def test_an_icon_glued_to_a_word_is_shown_as_written_and_said(icons, folder):
    preflight = Preflight()
    _drawn(
        [_box("text", (5, 5, 110, 20), text="Pay 3:sq:", size=12)],
        icons,
        folder,
        preflight=preflight,
    )
    told = [p for p in preflight.problems() if "':sq:' follows a letter or digit" in p.message]
    assert len(told) == 1 and told[0].loc == Loc("face.yaml", 3, 20)


def test_an_unknown_icon_is_told_with_the_nearest_name(icons, folder):
    box = _box("text", (5, 5, 110, 20), text="H :sqq:", size=12)
    with pytest.raises(ContentError) as told:
        _drawn([box], icons, folder)
    problem = told.value.problems[0]
    assert problem.loc == Loc("face.yaml", 3, 20)  # the box's text
    assert "unknown icon ':sqq:'" in problem.message and "did you mean ':sq:'?" in problem.message


# --- a game that shows icons, built --------------------------------------------------------------


def _game(root: Path, cards: str, face: str, rules_text: str = "") -> Path:
    from bastelbogen.content.scaffold import scaffold

    table = root / "deck.csv"
    table.write_text(cards)
    (root / "content").mkdir(parents=True, exist_ok=True)
    scaffold(root, "icons", table)
    game = root / "content" / "icons"
    _files(game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + ICONS)
    (root / "templates" / "icons" / "card.yaml").write_text(face)
    (root / "templates" / "icons" / "back.yaml").write_text(BACK)
    if rules_text:
        rules = game / "rules.yaml"
        rules.write_text(
            rules.read_text().replace(rules_text.split("|")[0], rules_text.split("|")[1])
        )
    return game


# The back every card shares: a form of its own, drawn after fronts drawn in place.
BACK = """\
boxes:
  - {name: mark, painter: text, box: [5, 5, 53, 20], text: ":dot: :star:", size: 20,
     colour: "#c00000"}
"""
FACE = """\
boxes:
  - {name: text, painter: paragraph, box: [5, 5, 53, 40], text: "{{ text }}", size: 12}
  - {name: label, painter: text, box: [5, 50, 53, 10], text: ":png: {{ name }}", size: 12}
"""


def test_an_unknown_icon_in_a_table_s_cell_is_told_at_the_cell(tmp_path):
    _game(tmp_path, "name,text\nAlpha,Pay :sq:\nBeta,Gain :jgp: now\n", FACE)
    told = pnp("validate", "icons", cwd=tmp_path)
    assert told.returncode == 1
    assert "content/icons/cards.csv:3:2: item 'Beta' (front): unknown icon ':jgp:' in the" in (
        told.stderr
    )
    assert "did you mean ':jpg:'?" in told.stderr and "Traceback" not in told.stderr


def _unnamed_states(pdf: Path) -> list[str]:
    """The graphics states a page or form of the file sets (`/Name gs`) that its resources
    do not hold: a viewer draws those parts wrongly or not at all (a tinted icon's mask)."""
    missing, seen = [], set()

    def visit(holder, data: bytes) -> None:
        resources = holder.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        states = resources.get("/ExtGState")
        named = set(states.get_object().keys()) if states is not None else set()
        missing.extend(
            n for n in re.findall(rb"/([\w.]+)\s+gs\b", data) if f"/{n.decode()}" not in named
        )
        forms = resources.get("/XObject")
        for form in forms.get_object().values() if forms is not None else ():
            form = form.get_object()
            if form.get("/Subtype") == "/Form" and id(form) not in seen:
                seen.add(id(form))
                visit(form, form.get_data())

    for page in PdfReader(str(pdf)).pages:
        visit(page, page.get_contents().get_data())
    return missing


def _faces(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text())["faces"]


def test_a_built_card_and_its_cheat_sheet_show_the_icons(tmp_path):
    """Built as a designer builds: the card's icons, the cheat sheet's at the rules' size
    (9 pt, shrunk at most to 72 %); an icon's file changed is a change of the faces that
    show it (their fingerprints: what --changed-since reprints)."""
    game = _game(
        tmp_path,
        "name,text\nAlpha,Pay :sq: to :dot:\nBeta,Gain :dot: and :star:\n",
        FACE,
        'Say here what the game is about.|"Collect :png: and :jpg:, spend :sq:."',
    )
    built = pnp("build", "icons", "--lang", "en", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    kit = tmp_path / "out" / "icons"
    card = pdfium.PdfDocument(str(kit / "cards.pdf"))[0]
    pixels = np.asarray(card.render(scale=4).to_pil().convert("RGB")).astype(int)
    for rgb in (GREEN, BLUE):
        _where(pixels, rgb)
    assert _unnamed_states(kit / "cards.pdf") == []  # each card's tinted icons are masked
    sheet = pdfium.PdfDocument(str(next(kit.rglob("rules.pdf"))))[0]
    pixels = np.asarray(sheet.render(scale=4).to_pil().convert("RGB")).astype(int)
    for rgb in (GREEN, BLUE, RED):
        top, bottom, _, _ = _where(pixels, rgb)
        assert 9 * 0.72 * 4 - 2 <= bottom - top + 1 <= 9 * 1.3 * 4 + 2
    before = _faces(kit)
    (game / "icons" / "sq.svg").write_text(SQUARE_SVG.replace("#00a000", "#a000a0"))
    again = pnp("build", "icons", "--lang", "en", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert _faces(kit) != before


def test_an_unknown_icon_in_the_rules_is_told_in_the_rules_file(tmp_path):
    _game(tmp_path, "name,text\nAlpha,a\n", FACE, 'Say here what the game is about.|"Spend :pgn:."')
    told = pnp("validate", "icons", cwd=tmp_path)
    assert told.returncode == 1 and "content/icons/rules.yaml:" in told.stderr
    assert "unknown icon ':pgn:'" in told.stderr and "did you mean ':png:'?" in told.stderr


# --- the game file's icons, from strangers -------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("../outside.svg", "leaves the game's folder"),
        ("icons/missing.svg", "file not found: icons/missing.svg"),
        ("icons/huge.svg", "an icon is drawn as large as a letter, and its file may have at most"),
        ("icons/many.svg", "elements; at most"),
        ("icons/sq.gif", "is no SVG, PNG or JPEG file"),
        ("{file: icons/sq.svg, size: 9}", "'size' must be from 0.25 to 4"),
        ("{size: 2}", "needs the key 'file'"),
    ],
)
def test_an_icon_file_a_stranger_names_is_told_where_it_is_named(tmp_path, entry, said):
    folder = tmp_path / "game"
    _files(folder)
    (tmp_path / "outside.svg").write_text(SQUARE_SVG)
    (folder / "icons" / "sq.gif").write_bytes(b"GIF89a")
    huge = '<svg xmlns="http://www.w3.org/2000/svg">' + " " * limits.MAX_ICON_BYTES + "</svg>"
    (folder / "icons" / "huge.svg").write_text(huge)
    many = "<g/>" * (limits.MAX_SVG_ELEMENTS + 1)
    (folder / "icons" / "many.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">{many}</svg>'
    )
    _, problems = _icons(folder, f"icons:\n  bad: {entry}\n")
    assert len(problems.problems) == 1, problems.problems
    problem = problems.problems[0]
    assert said in problem.message
    assert problem.loc.file.endswith("icons.yaml") and problem.loc.line == 2, problem.loc


def test_an_icon_s_name_is_a_word(tmp_path):
    _, problems = _icons(tmp_path, "icons:\n  2coins: icons/sq.svg\n")
    assert "icon name '2coins' must be a letter" in problems.problems[0].message
    assert problems.problems[0].loc.line == 2


def test_a_print_shop_s_cmyk_file_tints_icons_as_flattened_pictures(tmp_path):
    """PDF/X-1a has no soft masks: a tinted SVG icon is flattened as every SVG is, its shape
    in its text's colour (the shared back's red marks), nothing of its own black left."""
    game = _game(tmp_path, "name,text\nAlpha,a\n", FACE)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("standard", "poker"))
    built = pnp("build", "icons", "--pdfx", "--profile", "dtc-poker", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    back = pdfium.PdfDocument(str(tmp_path / "out" / "icons" / "cards.pdf"))[1]
    pixels = np.asarray(back.render(scale=4).to_pil().convert("RGB")).astype(int)
    red = (pixels[..., 0] > 150) & (pixels[..., 1] < 90) & (pixels[..., 2] < 90)
    assert red.sum() > 0.9 * (3.14 / 4 + 1 / 4) * (20 * 4) ** 2  # a disc and a square, 20 pt
    rows, cols = np.nonzero(red)
    marks = pixels[rows.min() - 8 : rows.max() + 9, cols.min() - 8 : cols.max() + 9]
    assert not (marks.max(axis=2) < 60).any()  # the crop marks' black lies elsewhere


def test_an_unquoted_text_with_an_icon_is_told_to_be_quoted(tmp_path):
    """`text: Pay :coin: now` is broken YAML (a colon and a space start a value): the
    parser's complaint is said at its place with how to mend it."""
    path = tmp_path / "card.yaml"
    path.write_text("boxes:\n  - name: cost\n    text: Pay :coin: now\n")
    with pytest.raises(ContentError) as told:
        load_yaml(path)
    [problem] = told.value.problems
    assert (problem.loc.line, problem.loc.col) == (3, 20)
    assert "mapping values are not allowed" in problem.message
    assert 'must be quoted: text: "Pay :coin: now"' in problem.message
    path.write_text('boxes:\n  - name: cost\n    text: "Pay :coin: now"\n')
    assert load_yaml(path)["boxes"][0]["text"] == "Pay :coin: now"


@pytest.mark.parametrize("painter", ["paragraph", "text"])
def test_a_flood_of_icons_is_told_at_once_not_laid_out(tmp_path, painter):
    """A stranger's 2,800 icons in one text (reportlab breaks lines in time growing with
    the square of the pictures: minutes) are refused at the cell, at once."""
    flood = " ".join([":png:"] * 2800)
    face = "boxes:\n  - {name: text, painter: %s, box: [5, 5, 53, 40], text: '{{ text }}'}\n"
    face %= painter
    _game(tmp_path, f"name,text\nAlpha,{flood}\n", face)
    told = pnp("build", "icons", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert told.returncode == 1 and "Traceback" not in told.stderr
    assert f"a text showing 2,800 icons; at most {limits.MAX_ICONS_IN_TEXT} are shown" in (
        told.stderr
    )
    assert not (tmp_path / "out" / "icons").exists()
