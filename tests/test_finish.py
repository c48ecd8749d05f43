"""The kits finished like a published game (issue 26): the boards bleed at their outer
edges, no glue seam cuts what a player reads, the sheet numbers survive the cut, Museo's
board is printed in English too, and each kind of line has one look in every PDF."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from bastelbogen.content.kinds import SAFE_ZONE
from bastelbogen.core.units import mm
from bastelbogen.layout import boards
from bastelbogen.layout.imposition import PrintSettings
from tests.conftest import manifest, printed

BOARDS = {"museo": (540, 348), "minipilo": (520, 510)}  # as their game files say
DPI = 100
PX_PER_MM = DPI / 25.4


def _sheets(kit, name: str = "board.pdf"):
    """(page, cell mm, cut window mm) of each board sheet after the assembly plan; the
    manifest's boxes are in mm from the page's lower-left corner."""
    listed = next(
        f for f in manifest(kit)["files"] if f["path"] == str(printed(kit, name).relative_to(kit))
    )
    doc = pdfium.PdfDocument(printed(kit, name))
    out = []
    for n, info in enumerate(listed["pages"][1:], start=1):
        item = info["items"][0]
        xs = [p[0] for p in item["outline_mm"][0]]
        ys = [p[1] for p in item["outline_mm"][0]]
        cut = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        out.append((doc[n], tuple(item["trim_mm"]), cut))
    return out


def _chars(page):
    """Each character drawn on the page and its box, in mm from the lower-left corner."""
    text = page.get_textpage()
    out = []
    for k in range(text.count_chars()):
        ch = text.get_text_range(k, 1)
        if ch.strip():
            box = tuple(v / mm(1) for v in text.get_charbox(k, loose=False))
            out.append((ch, box))  # left, bottom, right, top
    return out


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_boards_bleed_at_their_outer_edges(kits, game):
    """Just outside the cut along the board's own edges the art goes on: a cut a hair
    wide shows board, not paper."""
    kit = kits(game)
    t = boards.plan(tuple(mm(v) for v in BOARDS[game]), PrintSettings())
    sheets = _sheets(kit)
    assert len(sheets) == t.sheets
    probed = 0
    for n, (page, _, cut) in enumerate(sheets):
        row, col = divmod(n, t.cols)
        img = page.render(scale=DPI / 72).to_pil().convert("RGB")
        height = img.size[1]
        x, y, w, h = cut
        out = 1.5  # mm beyond the cut, inside the 3 mm bleed
        edges = []
        if col == 0:
            edges += [(x - out, y + s) for s in _steps(h)]
        if col == t.cols - 1:
            edges += [(x + w + out, y + s) for s in _steps(h)]
        if row == 0:
            edges += [(x + s, y + h + out) for s in _steps(w)]
        if row == t.rows - 1:
            edges += [(x + s, y - out) for s in _steps(w)]
        white = [
            (px, py)
            for px, py in edges
            if min(img.getpixel((round(px * PX_PER_MM), round(height - py * PX_PER_MM)))) > 245
        ]
        assert not white, f"sheet {n + 1}: white just outside the cut at {white[:5]} (mm)"
        probed += len(edges)
    assert probed > 100


def _steps(length: float) -> list[float]:
    """Points along an edge every 5 mm, clear of the corners' crop marks."""
    return [s for s in range(6, int(length) - 5, 5)]


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_no_glue_seam_cuts_a_text(kits, game):
    """Every letter on the board lies whole inside one sheet's cell: none straddles the
    edge where a neighbour is laid (the Flohmarkt label, the title, a side disc's number,
    a track field's)."""
    kit = kits(game)
    seen = 0
    for n, (page, cell, _) in enumerate(_sheets(kit), start=1):
        x, y, w, h = cell
        for ch, (left, bottom, right, top) in _chars(page):
            inside_x = left >= x - 0.05 and right <= x + w + 0.05
            inside_y = bottom >= y - 0.05 and top <= y + h + 0.05
            meets = left < x + w and right > x and bottom < y + h and top > y
            if meets:
                seen += 1
                assert inside_x and inside_y, (
                    f"sheet {n}: {ch!r} at {left:.1f}..{right:.1f}, {bottom:.1f}..{top:.1f} mm"
                    f" is cut by the cell's edge {cell}"
                )
    assert seen >= len("Flohmarkt")  # the board's words (the sheets' numbers are not on it)


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_sheet_numbers_survive_the_cut(kits, game):
    """Each sheet's number stands inside its cut window, so the sheets can be laid after
    cutting: in the glue margin (beyond the cell, glued under the neighbour) on a sheet
    that has one, else in the cell's safe zone; never on the board's picture."""
    kit = kits(game)
    safe = SAFE_ZONE / mm(1)
    sheets = _sheets(kit)
    for n, (page, cell, cut) in enumerate(sheets, start=1):
        x, y, w, h = cell
        margin = cut[2] > w + 1 or cut[3] > h + 1  # a neighbour is glued over it
        found = [
            box
            for ch, box in _chars(page)
            if ch == str(n)
            and box[3] - box[1] < 2.5  # small print, not a number on the board
            and box[0] >= cut[0]
            and box[2] <= cut[0] + cut[2]
            and box[1] >= cut[1]
            and box[3] <= cut[1] + cut[3]
            and (
                not (box[0] < x + w and box[2] > x and box[1] < y + h and box[3] > y)
                if margin
                else box[0] >= x + safe
                and box[2] <= x + w - safe
                and box[1] >= y + safe
                and box[3] <= y + h - safe
            )
        ]
        where = "in its glue margin" if margin else "in its cell's safe zone"
        assert len(found) == 1, f"sheet {n}: its number is not {where}"
    # the last sheet has no margin
    assert all(abs(a - b) < 0.01 for a, b in zip(sheets[-1][1], sheets[-1][2], strict=True))


def test_museo_board_in_english(kits):
    """Museo's board exists in English, as MiniPilo's does: the flea market in the
    players' language."""
    kit = kits("museo")
    files = {f["path"] for f in manifest(kit)["files"]}
    assert {"de/board.pdf", "en/board.pdf"} <= files

    def words(name: str) -> str:
        doc = pdfium.PdfDocument(printed(kit, name))
        return " ".join(doc[n].get_textpage().get_text_range() for n in range(len(doc)))

    assert "Flea market" in words("en/board.pdf") and "Flohmarkt" not in words("en/board.pdf")
    assert "Flohmarkt" in words("de/board.pdf") and "Flea market" not in words("de/board.pdf")


# One look for each line: the patterns as render/style.py defines them, read back from
# the PDFs' own drawing operators.


def _dashes(path) -> list[tuple[float, ...]]:
    """Every dash array a PDF sets (`d`), in its pages and the forms they place."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(str(path))
    found: list[tuple[float, ...]] = []
    seen: set = set()

    def walk(ops, resources) -> None:
        xobjects = resources.get("/XObject", {}) if resources else {}
        for operands, op in ops:
            if op == b"d":
                found.append(tuple(float(v) for v in operands[0]))
            elif op == b"Do":
                form = xobjects[operands[0]].get_object()
                if form.get("/Subtype") == "/Form" and id(form) not in seen:
                    seen.add(id(form))
                    walk(ContentStream(form, reader).operations, form.get("/Resources"))

    for page in reader.pages:
        walk(ContentStream(page.get_contents(), reader).operations, page["/Resources"])
    return found


def _style(name: str) -> tuple[float, ...]:
    from bastelbogen.render.style import LINE_STYLES

    return tuple(float(v) for v in LINE_STYLES[name][1])


def _page_of(kit, name: str, component: str) -> int:
    listed = next(
        f for f in manifest(kit)["files"] if f["path"] == str(printed(kit, name).relative_to(kit))
    )
    return next(
        n
        for n, p in enumerate(listed["pages"])
        if any(i["component"] == component for i in p["items"])
    )


def test_standee_head_is_a_mountain_fold_and_its_feet_valley_folds(kits):
    """A standee's strip, read from the PDF: at its middle (the head) a dash-dotted
    mountain fold, at both feet dashed valley folds."""
    from tests.pdfread import read

    kit = kits("museo")
    n = _page_of(kit, "parts.pdf", "pawns")
    _, pages = read(printed(kit, "parts.pdf"), forms=True)
    page = pages[n]
    mountain, valley = _style("mountain"), _style("valley")
    for placed in page.placed:
        x0, y0, x1, y1 = placed.bbox
        (ax, ay), (bx, by) = (
            (placed.matrix[0] * x + placed.matrix[2] * y + placed.matrix[4],)
            + (placed.matrix[1] * x + placed.matrix[3] * y + placed.matrix[5],)
            for x, y in ((x0, y0), (x1, y1))
        )
        low, high = min(ay, by), max(ay, by)
        inside = [
            ln
            for ln in page.lines
            if ln.in_form and low <= ln.y1 <= high and min(ax, bx) <= ln.x1 <= max(ax, bx)
        ]
        # A neighbour's fold reaches into this strip's bleed: one of each height.
        folds = sorted({(round(ln.y1, 3), ln.dash) for ln in inside if ln.dash and ln.y1 == ln.y2})
        assert [d for _, d in folds] == [valley, mountain, valley], folds
        assert folds[1][0] == pytest.approx((low + high) / 2, abs=0.01)  # the head


@pytest.mark.parametrize(
    ("game", "name", "component"),
    [
        ("museo", "parts.pdf", "die"),
        ("mytown", "benches.pdf", "benches"),
        ("museo", "board.pdf", "board"),
    ],
)
def test_glue_areas_are_hatched(kits, game, name, component):
    """A glue area looks the same on every piece: solid hatching strokes of one width,
    at 45 degrees (the die's tabs, the bench's tab, a board sheet's margins)."""
    from bastelbogen.render.style import GLUE_LINE
    from tests.pdfread import read

    kit = kits(game)
    n = _page_of(kit, name, component) + (1 if component == "board" else 0)
    _, pages = read(printed(kit, name), forms=True)
    hatch = [
        ln
        for ln in pages[n].lines
        if not ln.dash
        and ln.width == pytest.approx(GLUE_LINE)
        and abs(abs(ln.x2 - ln.x1) - abs(ln.y2 - ln.y1)) < 0.01
        and abs(ln.x2 - ln.x1) > 1
    ]
    assert len(hatch) >= 5, f"{name} page {n + 1}: {len(hatch)} hatching strokes"


def test_every_dash_is_a_line_kind(kits):
    """Every dashed line the pieces' sheets draw is one of the kinds defined once: a fold
    (valley, mountain) or a board's line to lay the neighbour on; a project mat's slots
    are not drawn as folds (they set no fold pattern at all)."""
    kinds = {_style(k) for k in ("valley", "mountain", "align")} | {()}
    for game, name in (
        ("museo", "parts.pdf"),
        ("mytown", "benches.pdf"),
        ("minipilo", "parts.pdf"),
    ):
        dashes = set(_dashes(printed(kits(game), name)))
        assert dashes <= kinds, f"{game}/{name}: {dashes - kinds}"
        assert _style("valley") in dashes
    mats = set(_dashes(printed(kits("minipilo"), "projects.pdf")))
    assert not mats & {_style("valley"), _style("mountain")}, mats


@pytest.mark.parametrize("bleed", [0.0, 3.0, 6.0])
def test_seams_clear_kept_areas_and_every_sheet_holds_its_cell(bleed):
    """The planner as geometry: a kept area across the even split moves the seam off it,
    and every cell with its glue margin and bleed still fits the sheet."""
    settings = PrintSettings(bleed=mm(bleed))
    size = (mm(300), mm(444))  # upright on A4: 2 x 2 sheets
    keep = ((mm(140), mm(200), mm(20), mm(44)),)  # across both even splits
    t = boards.plan(size, settings, keep)
    assert (t.cols, t.rows, t.turns) == (2, 2, 0)
    kx, ky, kw, kh = keep[0]
    top = size[1] - ky - kh  # the kept area, counted down from the top as the rows are
    for edge in t.xs[1:-1]:
        assert not kx - boards.CLEAR < edge < kx + kw + boards.CLEAR
    for edge in t.ys[1:-1]:
        assert not top - boards.CLEAR < edge < top + kh + boards.CLEAR
    page_w, page_h = settings.page_size
    for edges, room in ((t.xs, page_w), (t.ys, page_h)):
        caps = boards._caps(
            len(edges) - 1, room - 2 * settings.keep_clear - 2 * boards.ROOM, mm(bleed)
        )
        for k, cap in enumerate(caps):
            assert edges[k + 1] - edges[k] <= cap + 1e-6
    assert (t.xs[0], t.ys[0]) == (0.0, 0.0) and (t.xs[-1], t.ys[-1]) == pytest.approx(size)
