"""The Museo kit: 200 cards, 30 paintings cut in six, a board over several sheets."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from bastelbogen.layout.imposition import PAPERS, PrintSettings
from tests.conftest import (
    board_sheets_line_up,
    build,
    holding,
    manifest,
    printed,
    sides,
    validate_fails,
)
from tests.pdfread import PT_PER_MM, read, trim_of
from tests.render import Rendered, close, dark, light

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

PICTURES = [f"p{i:02d}" for i in range(1, 31)]
# Piece pairs across each inner cut of a 2 x 3 picture: (left or upper, right or lower).
SEAMS = [(1, 2, "x"), (3, 4, "x"), (5, 6, "x"), (1, 3, "y"), (2, 4, "y"), (3, 5, "y"), (4, 6, "y")]


def _file(kit, name):
    return next(f for f in manifest(kit)["files"] if f["path"] == name)


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_200_cards_of_40_by_40_with_backs_behind(kits, paper):
    kit = kits("museo", paper=paper, duplex="long")
    pw = PAPERS[paper][0] / PT_PER_MM
    for name, count in (("pictures", 180), ("events", 20)):
        placed = sides(kit, name)
        for front, back, *_ in placed:
            x, y, w, h = trim_of(front, 3 * PT_PER_MM)
            assert (w, h) == pytest.approx((40.0, 40.0), abs=0.01)
            bx, by, _, _ = trim_of(back, 3 * PT_PER_MM)
            assert (bx, by) == pytest.approx((pw - x - w, y), abs=0.01)
        assert len(placed) == count


def _pieces(kit, dpi):
    f = _file(kit, "pictures.pdf")
    _, pages = read(kit / "pictures.pdf")
    where = {}
    for n, page in enumerate(f["pages"]):
        for i, item in enumerate(page["items"]):
            where.setdefault(item["id"], (n, pages[n].placed[i].matrix))
    renders: dict = {}
    seen: dict = {}

    def edge(piece_id, side):
        if (piece_id, side) not in seen:
            seen[(piece_id, side)] = _edge(piece_id, side)
        return seen[(piece_id, side)]

    def _edge(piece_id, side):
        n, matrix = where[piece_id]
        if n not in renders:
            renders[n] = Rendered(kit / "pictures.pdf", n, dpi)
        steps = [1 + k * 0.5 for k in range(77)]
        at = {
            "right": lambda t: (39.96, t),
            "left": lambda t: (0.04, t),
            "bottom": lambda t: (t, 0.04),
            "top": lambda t: (t, 39.96),
        }[side]
        return [renders[n].at_local(matrix, *at(t)) for t in steps]

    return edge


def _difference(a, b) -> float:
    return sum(
        abs(p - q) for pa, pb in zip(a, b, strict=True) for p, q in zip(pa, pb, strict=True)
    ) / (3 * len(a))


@pytest.mark.slow
def test_pieces_fit_edge_to_edge_and_no_stranger_fits_better(kits):
    """At 300 dpi, across every inner cut of every picture: the pixels on either side of
    the cut continue (mean difference under 10 of 255), and the right neighbour fits better
    than the same piece of any other of the 30 pictures."""
    edge = _pieces(kits("museo", duplex="none"), 300)
    for p in PICTURES:
        for a, b, axis in SEAMS:
            sides = ("right", "left") if axis == "x" else ("bottom", "top")
            mine = edge(f"{p}-{a}", sides[0])
            fits = _difference(mine, edge(f"{p}-{b}", sides[1]))
            assert fits < 10, (p, a, b, fits)
            for q in PICTURES:
                if q != p:
                    assert _difference(mine, edge(f"{q}-{b}", sides[1])) > fits, (p, q, a, b)


def _thumbnails(kit) -> dict:
    """Every whole picture, cut from a sheet printed without bleed, at 16 x 24 pixels."""
    f = _file(kit, "pictures.pdf")
    pdf = pdfium.PdfDocument(str(kit / "pictures.pdf"))
    dpi, thumbs, pages = 40, {}, {}
    for n, page in enumerate(f["pages"]):
        for item in page["items"]:
            if item["id"].endswith("-1"):  # the top-left piece: the picture starts there
                if n not in pages:
                    pages[n] = pdf[n].render(scale=dpi / 72).to_pil().convert("RGB")
                img = pages[n]
                x, y, w, h = (v / 25.4 * dpi for v in item["trim_mm"])
                top = img.height - y - h
                box = (round(x), round(top), round(x + 2 * w), round(top + 3 * h))
                thumbs[item["id"][:-2]] = img.crop(box).resize((16, 24), Image.BILINEAR)
    return thumbs


@pytest.mark.slow
def test_the_30_pictures_are_distinct_and_the_same_every_time(tmp_path):
    """Mean difference of two thumbnails, in grey levels: 0 for the same picture, and the
    closest two different ones (two night skies) still differ by about 25; 15 leaves room
    for rendering noise while any near-copy would fail."""
    first = _thumbnails(build("museo", tmp_path / "a", duplex="none", bleed=0))
    again = _thumbnails(build("museo", tmp_path / "b", duplex="none", bleed=0))
    assert sorted(first) == PICTURES
    for name in PICTURES:
        assert first[name].tobytes() == again[name].tobytes()
    for a, b in itertools.combinations(PICTURES, 2):
        distance = sum(ImageStat.Stat(ImageChops.difference(first[a], first[b])).mean) / 3
        assert distance > 15, (a, b, distance)


def _simulated(crop: Image.Image, vision: str) -> Image.Image:
    """The crop as seen with a colour-vision deficiency at full severity (Machado et al.
    2009, as colorspacious simulates it, the model the `distinguishable` check uses)."""
    if vision == "normal":
        return crop
    import numpy as np
    from colorspacious import cspace_convert

    cvd = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    seen = cspace_convert(np.asarray(crop) / 255.0, cvd, "sRGB1")
    return Image.fromarray((np.clip(seen, 0, 1) * 255).astype("uint8"))


def _histograms(kit, dpi: int = 40, vision: str = "normal") -> dict:
    """Each picture piece's colours: a 64-bin histogram (4 levels a channel) of its front
    rendered at `dpi`, inside the trim (a pixel in from each cut), as shares of its pixels,
    as seen with `vision` (normal, deuteranomaly, protanomaly)."""
    out = {}
    f = _file(kit, "pictures.pdf")
    pdf = pdfium.PdfDocument(str(kit / "pictures.pdf"))
    for n, page in enumerate(f["pages"]):
        mine = [i for i in page["items"] if i["component"] == "pictures" and i["side"] == "front"]
        if not mine:
            continue
        img = pdf[n].render(scale=dpi / 72).to_pil().convert("RGB")
        for item in mine:
            x, y, w, h = (v / 25.4 * dpi for v in item["trim_mm"])
            top = img.height - y - h
            box = (round(x) + 1, round(top) + 1, round(x + w) - 1, round(top + h) - 1)
            crop = _simulated(img.crop(box), vision).point(lambda v: v // 64)  # 0..3 a channel
            counts = Counter(r * 16 + g * 4 + b for r, g, b in crop.get_flattened_data())
            total = crop.width * crop.height
            out[item["id"]] = [counts.get(k, 0) / total for k in range(64)]
    return out


def test_pieces_are_nearest_in_colour_to_their_own_painting(kits):
    """The eye for style and colour is the game: a piece's colours must point to its own
    painting. For each of the 180 pieces, the piece of all the others whose histogram
    overlaps its own the most (histogram intersection) is of the same painting for all but
    at most 10 (37 were not when the three of a style shared a layout and differed by a
    tint; the Mondrian-like trio and the night skies were the worst)."""
    hists = _histograms(kits("museo"))
    assert len(hists) == 180

    def overlap(a: str, b: str) -> float:
        return sum(min(p, q) for p, q in zip(hists[a], hists[b], strict=True))

    strangers = []
    for a in hists:
        nearest = max((b for b in hists if b != a), key=lambda b: overlap(a, b))
        if nearest.split("-")[0] != a.split("-")[0]:
            strangers.append((a, nearest))
    assert len(strangers) <= 10, strangers


def _strangers(hists: dict, styles: dict) -> tuple[int, int]:
    """How many pieces' nearest other piece (histogram intersection) is of another painting,
    and of those, how many of another painting of the same style."""

    def overlap(a: str, b: str) -> float:
        return sum(min(p, q) for p, q in zip(hists[a], hists[b], strict=True))

    others = same = 0
    for a in hists:
        nearest = max((b for b in hists if b != a), key=lambda b: overlap(a, b))
        mine, theirs = a.split("-")[0], nearest.split("-")[0]
        others += mine != theirs
        same += mine != theirs and styles[mine] == styles[theirs]
    return others, same


def test_pictures_are_told_apart_without_colour_vision(kits):
    """GAMES.md: under a deuteranopia and a protanopia simulation no more pieces are nearest
    a piece of another picture of their own style than with normal vision, and at most 10
    of 180 are nearest a piece of another painting under every vision. (When the pictures
    of a style differed by hue alone: 6 / 0 normal, 30 / 8 deuteranopia, 37 / 11 protanopia,
    strangers / of them within the style; with a dark, a mid and a light key each: 1 / 0,
    1 / 0, 0 / 0.)"""
    import yaml

    from tests.conftest import ROOT

    rows = yaml.safe_load((ROOT / "content/museo/pictures.yaml").read_text())
    styles = {r["id"]: r["style"] for r in rows}
    kit = kits("museo")
    _, normal = _strangers(_histograms(kit), styles)
    for vision in ("normal", "deuteranomaly", "protanomaly"):
        others, same = _strangers(_histograms(kit, vision=vision), styles)
        assert others <= 10 and same <= normal, (vision, others, same)


def test_no_style_more_than_three_times_and_at_least_ten_styles():
    import yaml

    from tests.conftest import ROOT

    rows = yaml.safe_load((ROOT / "content/museo/pictures.yaml").read_text())
    styles = Counter(r["style"] for r in rows)
    assert len(rows) == 30 and len(styles) >= 10 and max(styles.values()) <= 3


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_board_sheets_line_up_after_cutting_and_gluing(kits, paper):
    """For each pair of neighbours: cut the second at its trim, lay its edge on the first's
    glue line, and the board drawn on both lands in the same place, within 0.1 mm."""
    assert board_sheets_line_up(kits("museo", paper=paper), (540, 348), paper) >= 2


def test_board_has_six_start_points_round_the_flea_market():
    from bastelbogen.games.museo.museum import board_fields

    stacks, path, starts, market = board_fields(11, 7)
    assert len(starts) == 6 and set(starts) <= set(path)
    assert len(stacks) == 38 and len(set(path)) == len(path) == 24
    # Every path field touches stacks; some border the flea market, but not all (rule 6).
    mc, mr, mw, mh = market
    for c, r in path:
        assert sum(abs(c - sc) <= 1 and abs(r - sr) <= 1 for sc, sr in stacks) >= 2
    borders = [(c, r) for c, r in path if mc - 1 <= c <= mc + mw and mr - 1 <= r <= mr + mh]
    assert 0 < len(borders) < len(path)


FIELD, EDGE, COLS, ROWS = 48, 6, 11, 7  # the board's grid in mm, as game.yaml gives it
WHITE, INK_DARK = (250, 250, 250), 90


class Board:
    """The board as printed: a point in mm from its trim's bottom-left, read from whichever
    sheet shows it (cut at its trim), rendered at 50 dpi."""

    def __init__(self, kit, lang="de"):
        [listed] = holding(kit, "board", lang)
        _, pages = read(kit / listed["path"])
        self.sheets = [
            (Rendered(kit / listed["path"], n, 50), page.placed[0].matrix, info["items"][0])
            for n, (page, info) in enumerate(zip(pages, listed["pages"], strict=True))
            if info["items"]
        ]

    def at(self, x: float, y: float):
        from bastelbogen.core.geometry import apply

        def inside(sheet) -> float:  # how far in from its trim's nearest edge, in mm
            _, matrix, item = sheet
            px, py = (v / PT_PER_MM for v in apply(matrix, x * PT_PER_MM, y * PT_PER_MM))
            tx, ty, tw, th = item["trim_mm"]
            return min(px - tx, tx + tw - px, py - ty, ty + th - py)

        # On a seam, the sheet it is deeper in: the other shows its glue line there.
        best = max(self.sheets, key=inside)
        if inside(best) >= 0:
            return best[0].at_local(best[1], x, y)
        raise AssertionError(f"no sheet shows {x}, {y}")


def _cell_middle(col: int, row: int) -> tuple[float, float]:
    return EDGE + (col + 0.5) * FIELD, EDGE + (ROWS - 1 - row + 0.5) * FIELD


def _disc(col: int, row: int) -> tuple[float, float]:
    x, y = _cell_middle(col, row)
    return x + 9, y + 3  # (a seam runs through the middle of some)


def test_each_movement_field_points_at_the_stacks_around_it(kits):
    """Read from the printed sheets: round every movement field (a light disc in a cell
    that is no stack), a dark pointer lies towards each of its eight neighbours exactly when
    that neighbour is a stack field (white), and a red one towards the flea market (its
    cream floor) exactly where the field borders it along a side."""
    board = Board(kits("museo"))

    def kind(col, row):
        if not (0 <= col < COLS and 0 <= row < ROWS):
            return "outside"
        x, y = _cell_middle(col, row)
        rgb = board.at(x + 12, y - 12)  # off the middle: the market's name is there
        return "stack" if min(rgb) > 245 else "market" if close(rgb, "#f6efe0", 8) else "floor"

    kinds = {(c, r): kind(c, r) for c in range(COLS) for r in range(ROWS)}
    assert Counter(kinds.values()) == {"stack": 38, "market": 15, "floor": 24}
    # a movement field: a light disc (off its middle, where a start point's star is)
    fields = [c for c, k in kinds.items() if k == "floor" and light(board.at(*_disc(*c)), 180)]
    assert len(fields) == 24
    pointed = 0
    for col, row in fields:
        x, y = _cell_middle(col, row)
        for dc, dr in itertools.product((-1, 0, 1), repeat=2):
            if (dc, dr) == (0, 0):
                continue
            d = math.hypot(dc, dr)
            # 17 mm out, between a pointer's base and tip, 1 mm to its side (off a seam)
            rgb = board.at(x + dc / d * 17 + dr / d, y - dr / d * 17 + dc / d)
            neighbour = kinds.get((col + dc, row + dr), "outside")
            assert dark(rgb, INK_DARK) == (neighbour == "stack"), (col, row, dc, dr, rgb)
            red = close(rgb, "#c0392b", 40)
            assert red == (neighbour == "market" and 0 in (dc, dr)), (col, row, dc, dr, rgb)
            pointed += neighbour == "stack"
    assert pointed > 2 * len(fields)  # "von mehreren Bildstapeln umgeben"


def test_the_flea_market_holds_a_dozen_face_up_pieces_spread_out(kits):
    """The market's clear floor, measured on the printed sheets from its middle out along
    both axes (below its name), holds a grid of 40 mm pieces 5 mm apart: at least 12."""
    board = Board(kits("museo"))
    mx, my = (v + 0.5 for v in _cell_middle(5, 3))  # seams lie on whole mm: step between

    def reach(dx, dy, x, y):
        k = 0
        while close(board.at(x + dx * (k + 1), y + dy * (k + 1)), "#f6efe0", 8):
            k += 1
        return k

    wide = reach(1, 0, mx, my - 20) + reach(-1, 0, mx, my - 20) + 1
    tall = reach(0, 1, mx + 60, my) + reach(0, -1, mx + 60, my) + 1
    gap = 5
    fits = ((wide + gap) // (40 + gap)) * ((tall + gap) // (40 + gap))
    assert fits >= 12, (wide, tall, fits)
    assert wide * tall >= 148 * 210  # A5 at least


def test_pawns_die_and_reference(kits):
    kit = kits("museo")
    pawns = [item for *_, item in sides(kit, "pawns")]
    assert len(pawns) == 6 and {i["kind"] for i in pawns} == {"standee"}
    [(_, _, path, n, die)] = sides(kit, "die")
    _, pages = read(kit / path, forms=True)
    lines = Counter(ln.dash for ln in pages[n].lines if ln.in_form)
    assert lines[(4.0, 1.5, 1.0, 1.5)] == 5 + 7  # folds: between the faces, each tab's base
    # One cut line round the net and its seven tabs: six 20 mm faces and seven trapezoids
    # 0.28 of the edge deep, their ends slanted in by 0.18 (the manifest's outline).
    [cut] = [o for o in pages[n].outlines if o.in_form and not o.dashed]
    want = die["outline_mm"][0]
    assert len(cut.points) == len(want) and all(
        math.dist((x / PT_PER_MM, y / PT_PER_MM), q) < 0.01
        for (x, y), q in zip(cut.points, want, strict=True)
    )
    area = (
        abs(
            sum(
                x1 * y2 - x2 * y1
                for (x1, y1), (x2, y2) in zip(want, want[1:] + want[:1], strict=True)
            )
        )
        / 2
    )
    s = 20
    assert area == pytest.approx(6 * s * s + 7 * (s + s * (1 - 2 * 0.18)) / 2 * 0.28 * s, abs=0.05)
    refs = [item for _, back, *_, item in sides(kit, "reference") if back is not None]
    assert len(refs) == 6


BASE_MM, FIGURE_MM = 14, 40  # a pawn's foot tab and figure height, as game.yaml gives them


def _emblems(kit) -> list:
    """Each pawn's black emblem on its front and its back figure, read in grey from the
    printed sheet at 254 dpi (10 pixels a mm): the pixels darker than 32 of 255 (the coats,
    collars and berets are lighter, even shaded), as a mask cut to their bounding box."""
    out = []
    for _, _, path, n, item in sides(kit, "pawns"):
        assert item["rotation"] == 0  # the strip stands upright on the sheet
        grey = pdfium.PdfDocument(str(kit / path))[n].render(scale=254 / 72).to_pil().convert("L")
        x, y, w, _ = (v * 10 for v in item["trim_mm"])
        masks = []
        for bottom in (BASE_MM, BASE_MM + FIGURE_MM):  # the front, then the back above it
            low = grey.height - y - bottom * 10
            figure = grey.crop((round(x), round(low - FIGURE_MM * 10), round(x + w), round(low)))
            ink = figure.point(lambda v: 255 * (v < 32))
            box = ink.getbbox()
            assert box is not None, (item["id"], bottom)
            masks.append(ink.crop(box))
        out.append((item["id"], *masks))
    return out


def test_each_pawn_wears_a_large_emblem_of_its_own_shape_on_both_faces(kits):
    """Told apart at 2 m and without colour: each pawn's emblem is at least 8 mm across
    both ways on each face; the back's is the front's turned (the figure is folded over
    the head); and the six differ in shape in grey: scaled to 32 x 32, any two disagree
    on more than 12 % of the pixels (the same shape disagrees on under 5 %). Measured: 12
    to 15 mm across; the closest two, diamond and cross, disagree on 16 %."""
    emblems = _emblems(kits("museo"))
    assert len(emblems) == 6
    shapes = {}
    for pawn, front, back in emblems:
        for mask in (front, back):
            assert min(mask.size) >= 80, (pawn, mask.size)  # 8 mm at 10 px a mm
        shapes[pawn] = front.resize((32, 32))
        turned = back.rotate(180).resize((32, 32))
        assert _disagree(shapes[pawn], turned) < 0.05, pawn
    for a, b in itertools.combinations(shapes, 2):
        assert _disagree(shapes[a], shapes[b]) > 0.12, (a, b)


def _disagree(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels inked in one mask and not in the other."""
    on = [
        (p > 127) != (q > 127)
        for p, q in zip(a.get_flattened_data(), b.get_flattened_data(), strict=True)
    ]
    return sum(on) / len(on)


BAD = {
    "29_pictures": (
        "content/museo/pictures.yaml",
        re.compile(r"^- \{id: p30.*\n", re.M),
        "",
        r"table 'pictures' has 29 rows, but this check asks for exactly 30",
    ),
    "missing_piece": (
        "content/museo/game.yaml",
        "{picture: p07, each: {piece: [1, 2, 3, 4, 5, 6]}}",
        "{picture: p07, each: {piece: [1, 2, 3, 5, 6]}}",
        r"^content/museo/game\.yaml:\d+:\d+: picture 'p07' of component 'pictures'"
        r" has no piece 4",
    ),
    "doubled_piece": (
        "content/museo/game.yaml",
        "{picture: p08, each: {piece: [1, 2, 3, 4, 5, 6]}}",
        "{picture: p08, each: {piece: [1, 2, 2, 4, 5, 6]}}",
        r"^content/museo/game\.yaml:\d+:\d+: picture 'p08' of component 'pictures'"
        r" has piece 2 more than once",
    ),
    "event_without_english": (
        "content/museo/events.yaml",
        'text: {de: "Dein Zug endet sofort, und den nächsten setzt du aus.",'
        ' en: "Your turn ends at once, and you miss your next one."}',
        'text: {de: "Dein Zug endet sofort, und den nächsten setzt du aus."}',
        r"^content/museo/events\.yaml:\d+:\d+: table 'events': 'e16' has no text in en",
    ),
    "missing_image": (
        "content/museo/pictures.yaml",
        re.compile(r"\{id: p05, style: concentric, seed: \d+,"),
        "{id: p05, image: pictures/kandinsky.png,",
        r"^content/museo/pictures\.yaml:\d+:\d+: table 'pictures': image file not"
        r" found: pictures/kandinsky\.png",
    ),
    "style_four_times": (
        "content/museo/pictures.yaml",
        "{id: p07, style: stripes,",
        "{id: p07, style: hills,",
        r"^content/museo/pictures\.yaml:\d+:\d+: table 'pictures': style 'hills'"
        r" is used 4 times; at most 3",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_validate_names_what_is_wrong(project_copy, case):
    validate_fails(project_copy, "museo", BAD[case])


def test_own_picture_is_cropped_and_cut(project_copy, tmp_path):
    """A picture of the user's, wider than 2:3, made here in four colour quarters."""
    folder = project_copy / "content/museo/pictures"
    folder.mkdir()
    image = Image.new("RGB", (900, 600), (220, 40, 40))
    image.paste((40, 90, 220), (450, 0, 900, 300))
    image.paste((40, 170, 80), (0, 300, 450, 600))
    image.paste((240, 200, 40), (450, 300, 900, 600))
    image.save(folder / "mine.png")
    pictures = project_copy / "content/museo/pictures.yaml"
    pictures.write_text(
        re.sub(
            r"\{id: p05, style: concentric, seed: \d+,",
            "{id: p05, image: pictures/mine.png,",
            pictures.read_text(),
        )
    )
    from bastelbogen.pipeline.build import BuildOptions, Project, build_game

    kit = build_game(
        Project(project_copy),
        "museo",
        tmp_path,
        BuildOptions(settings=PrintSettings(duplex="none")),
    )
    edge = _pieces(kit, 100)
    # Cropped to 2:3 around the middle, then cut: the top left piece red, the bottom right
    # yellow, the top right blue, the bottom left green.
    assert close(edge("p05-1", "left")[60], "#dc2828", tol=30)
    assert close(edge("p05-2", "right")[60], "#285adc", tol=30)
    assert close(edge("p05-5", "left")[10], "#28aa50", tol=30)
    assert close(edge("p05-6", "right")[10], "#f0c828", tol=30)


ID = re.compile(r"[pe]\d\d\W?[1-6]?")  # a picture's or event's id, or a mark like p04·5
CODE = re.compile(r"\b[A-Z]{3}\b")  # a sorting code: three capitals
KEYED = re.compile(r"\b([A-Z]{3}) (\d{1,2})·([1-6])\b")  # the key's A-Z list: code picture·place


def _slot_text(textpage, trim_mm) -> str:
    x, y, w, h = (v * PT_PER_MM for v in trim_mm)
    return textpage.get_text_bounded(left=x, bottom=y, right=x + w, top=y + h).strip()


def _back_codes(kit) -> dict:
    """Each picture piece's id -> the text printed behind it, read from the slot behind its
    front (the next page, mirrored across the long edge), found by its place, not by the
    manifest's word for the back. Fronts are checked to carry no text at all on the way."""
    f = _file(kit, "pictures.pdf")
    pdf = pdfium.PdfDocument(str(kit / "pictures.pdf"))
    pw = pdf[0].get_width() / PT_PER_MM
    backs = {}
    for n, page in enumerate(f["pages"]):
        if not any(i["side"] == "front" for i in page["items"]):
            continue
        text, behind = pdf[n].get_textpage(), pdf[n + 1].get_textpage()
        assert not ID.search(text.get_text_range()), n  # nothing, anywhere on a front page
        for item in page["items"]:
            x, y, w, h = item["trim_mm"]
            assert _slot_text(text, item["trim_mm"]) == "", item["id"]
            backs[item["id"]] = _slot_text(behind, [pw - x - w, y, w, h])
    return backs


def test_each_picture_back_has_a_code_of_its_own_with_no_pattern(kits):
    """Rule 5 needs players to match by eye: no front shows a code. A piece picked up shows
    its back, so the back's code must not tell which pieces belong together: one code of
    three capitals each, all 180 different, and no two pieces of one picture share a letter
    in the same place (so no shared first letter, last letter, prefix or suffix)."""
    backs = _back_codes(kits("museo", duplex="long"))
    assert len(backs) == 180
    codes = {piece: CODE.findall(text) for piece, text in backs.items()}
    assert all(len(found) == 1 for found in codes.values()), codes
    assert len({found[0] for found in codes.values()}) == 180
    for p in PICTURES:
        mine = [codes[f"{p}-{k}"][0] for k in range(1, 7)]
        for place in range(3):
            assert len({code[place] for code in mine}) == 6, (p, place, mine)


def test_the_sorting_key_sheet_maps_every_back_code_to_its_picture_and_place(kits):
    """Printed once, a sheet of its own in each language: its A-Z list sends every code read
    from a back to that piece's picture (its number) and place (1 top left … 6 bottom right),
    and each picture's block shows its six codes."""
    kit = kits("museo", duplex="long")
    backs = {piece: CODE.findall(text)[0] for piece, text in _back_codes(kit).items()}
    want = {code: (int(piece[1:3]), int(piece[4])) for piece, code in backs.items()}
    for lang in ("de", "en"):
        [sheet] = holding(kit, "sorting-key", lang)
        assert len(sheet["pages"]) == 1
        assert {i["component"] for i in sheet["pages"][0]["items"]} == {"sorting-key"}
        text = pdfium.PdfDocument(str(kit / sheet["path"]))[0].get_textpage().get_text_range()
        keyed = {code: (int(n), int(place)) for code, n, place in KEYED.findall(text)}
        assert keyed == want, lang
        blocks = Counter(CODE.findall(KEYED.sub("", text)))  # the codes in the blocks
        assert set(blocks) == set(want) and set(blocks.values()) == {1}, lang


def _slots(kit, name: str, side: str, dpi: int = 254) -> list:
    """Every placed side of a component as pixels cut at its trim (at 254 dpi a
    millimetre is 10 pixels, and the trims lie on whole millimetres)."""
    out = []
    for f in holding(kit, name):
        pdf = pdfium.PdfDocument(str(kit / f["path"]))
        for n, page in enumerate(f["pages"]):
            mine = [i for i in page["items"] if i["component"] == name and i["side"] == side]
            if not mine:
                continue
            img = pdf[n].render(scale=dpi / 72).to_pil().convert("RGB")
            for item in mine:
                x, y, w, h = (v / 25.4 * dpi for v in item["trim_mm"])
                top = img.height - y - h
                out.append((item, img.crop((round(x), round(top), round(x + w), round(top + h)))))
    return out


def _unlike(a: Image.Image, b: Image.Image) -> Image.Image:
    """Per pixel, in grey levels, how far `a` is from the nearest of `b`'s pixels within
    one pixel (0.1 mm): the rasterizer may round one placement's edges a pixel the other
    way, which no printer shows and no player sees."""
    a, b = a.convert("L"), b.convert("L")
    w, h = a.size
    best = None
    for dx, dy in itertools.product((-1, 0, 1), repeat=2):
        moved = ImageChops.offset(b, dx, dy)
        d = ImageChops.difference(a, moved)
        best = d if best is None else ImageChops.darker(best, d)
    return best.crop((1, 1, w - 1, h - 1))  # the offset wraps round at the edge


def test_every_event_back_is_the_same_and_a_picture_back_differs_only_by_its_mark(kits):
    """A face-down event must not be told: all 20 event backs draw one same form and print
    the same pixels (within a pixel's rounding: the worst edge pixel of two placements
    differs by about 50 grey levels, the mark's gold on the wall by 166). A picture back is
    that back with its small sorting mark added in one corner: it differs only there."""
    kit = kits("museo")
    forms = set()
    for f in holding(kit, "events"):
        reader, pages = read(kit / f["path"])
        for page, info in zip(pages, f["pages"], strict=True):
            for placed, item in zip(page.placed, info["items"], strict=True):
                if item["side"] == "back" and item["component"] == "events":
                    forms.add(placed.name)
    assert len(forms) == 1
    events = _slots(kit, "events", "back")
    assert len(events) == 20
    first = events[0][1]
    for item, img in events:
        assert _unlike(img, first).getextrema()[1] < 80, item["id"]
        assert _unlike(first, img).getextrema()[1] < 80, item["id"]
    pictures = _slots(kit, "pictures", "back")
    assert len(pictures) == 180
    for item, img in pictures:
        box = _unlike(img, first).point(lambda v: 255 * (v >= 80)).getbbox()
        assert box is not None, item["id"]  # the mark is there
        # and it is all in one corner's quarter, the lower right one
        assert box[0] > img.width / 2 and box[1] > img.height / 2, (item["id"], box)


def _rules(kit, lang: str) -> str:
    from pypdf import PdfReader

    pages = PdfReader(str(printed(kit, "rules.pdf", lang))).pages
    return " ".join(" ".join(p.extract_text() for p in pages).replace("-\n", "").split())


SHEET = {
    "de": (
        "lose Karten, d.h. solche, die nicht mit anderen Rand an Rand liegen",
        "gesichert",
        "an die Mitspieler zurück",
        "bleiben mindestens bis zum Ende deines Zugs im Flohmarkt liegen",
        "Wer zuerst ein Bild",
        # when an event triggers, and which stacks are "around" a field
        "Liegt, wenn du landest, oben auf einem Stapel rings um dein Feld eine verdeckte"
        " Karte, deckst du sie sofort auf und führst sie aus, bevor du wählst",
        "Rings um dein Feld liegen die Stapel, die es an einer Seite oder Ecke berühren",
        "im Uhrzeigersinn",
        "Zwei Einsen",
        "Variante:",
    ),
    "en": (
        "if, when you land, a face-down card lies on top of a stack around your field, turn"
        " it up and carry it out at once, before you choose",
        "Around your field lie the stacks that touch it along a side or at a corner",
        "clockwise",
        "Two ones",
        "Variant:",
    ),
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_cheat_sheet_and_reference_say_what_the_seed_leaves_open(kits, lang):
    """Read from the printed sheet: 'lose' and 'gesichert' defined, where given-back cards
    go, the discard lock, who wins, when an event card is carried out and which stacks are
    around a field, the way pawns move, the other readings as named variants, and no word
    about the kit itself; the reference card's back covers events and winning."""
    from pypdf import PdfReader

    kit = kits("museo")
    rules = _rules(kit, lang)
    for fact in SHEET[lang]:
        assert fact in rules, fact
    assert "1en" not in rules and "1s" not in rules
    assert not re.search(r"(dieses|das) Kit|this kit|the kit", rules, re.I)
    [listed] = holding(kit, "reference", lang)
    back = next(
        p["number"]
        for p in listed["pages"]
        if any(i["side"] == "back" and i["component"] == "reference" for i in p["items"])
    )
    text = " ".join(PdfReader(str(kit / listed["path"])).pages[back - 1].extract_text().split())
    assert ("rings um dein Feld" if lang == "de" else "around your field") in text
    assert ("Sieg:" if lang == "de" else "Winning:") in text


EVENT_WORDS = {  # each event says where what it moves comes from and goes to
    "de": ("Sammlung", "Flohmarkt", "Stapel", "Feld", "Zug", "vor dich"),
    "en": ("collection", "flea market", "stack", "field", "turn", "in front of you"),
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_event_card_names_its_places(kits, lang):
    """Read from the printed event cards: each text names a place of the game (a
    collection, the flea market, a stack, a field, the turn, in front of you), and the split
    event says where the lifted part goes."""
    kit = kits("museo")
    texts = []
    for f in holding(kit, "events", lang):
        pdf = pdfium.PdfDocument(str(kit / f["path"]))
        for n, page in enumerate(f["pages"]):
            tp = pdf[n].get_textpage()
            for item in page["items"]:
                if item["component"] == "events" and item["side"] == "front":
                    texts.append(" ".join(_slot_text(tp, item["trim_mm"]).split()))
    assert len(texts) == 20
    for text in texts:
        assert any(w in text for w in EVENT_WORDS[lang]), text
    split = next(t for t in texts if "Neuer Stapel" in t or "New stack" in t)
    assert ("leeres weißes Feld" if lang == "de" else "empty white field") in split
