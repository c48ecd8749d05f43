"""The saddle-stitched booklet (layout/booklet.py, render/booklet.py): a book of numbered A5
pages imposed on A4 and Letter and read back: which number sits on which half of which
side, folded as a person folds the printed stack; the creep in the placed forms; the marks
outside the pages; the fonts embedded; and the single-page file."""

from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen import canvas

from bastelbogen.content.words import words_for
from bastelbogen.core.errors import Loc
from bastelbogen.core.units import mm
from bastelbogen.layout import booklet as layout
from bastelbogen.render import booklet as render
from bastelbogen.render.standardfonts import registered
from tests.pdfread import fonts_embedded, read

COUNTS = [(1, 4), (4, 4), (5, 8), (8, 8), (13, 16), (16, 16)]
NUMBER = re.compile(r"page (\d+)")


def book(count: int) -> bytes:
    """A5 pages that each say their number, on a tinted ground filling the page."""
    font = registered("Sans", False, False)
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(mm(148), mm(210)), initialFontName=font)
    for n in range(1, count + 1):
        c.setFillColorRGB(0.85, 0.92, 1)
        c.rect(0, 0, mm(148), mm(210), stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(font, 30)
        c.drawCentredString(mm(74), mm(105), f"page {n}")
        c.showPage()
    c.save()
    return buffer.getvalue()


def halves(pdf: bytes) -> list[tuple[str, str]]:
    """Each printed side's left and right half as read: the page number it shows, or
    'notes' for a notes page."""
    found = []
    document = pdfium.PdfDocument(pdf)
    for page in document:
        width, height = page.get_size()
        text = page.get_textpage()
        said = []
        for left, right in ((0, width / 2), (width / 2, width)):
            bounded = text.get_text_bounded(left=left, bottom=0, right=right, top=height)
            number = NUMBER.findall(bounded)
            said.append(number[0] if len(number) == 1 else bounded.strip())
        found.append((said[0], said[1]))
    return found


def folded(sides: list[tuple[str, str]]) -> list[str]:
    """What a reader meets turning the pages of the printed sheets, stacked as they come
    out (first on top, fronts up) and folded at the middle with the top sheet outside.
    Flipped on its short edge, what is behind a side's right half is its back's left half.
    Each sheet's right half becomes a leaf of the first half of the book (its front up),
    its left half a leaf of the second half, turned over (its back up), innermost first."""
    sheets = [(sides[i], sides[i + 1]) for i in range(0, len(sides), 2)]
    first = [page for front, back in sheets for page in (front[1], back[0])]
    second = [page for front, back in reversed(sheets) for page in (back[1], front[0])]
    return first + second


@pytest.mark.parametrize("count,total", COUNTS)
def test_pages_padded_to_four_with_notes_before_the_back_cover(count, total):
    order = layout.reading_order(count)
    assert layout.padded(count) == len(order) == total
    assert [n for n in order if n is not None] == sorted(range(count)) != []
    assert order.count(None) == total - count
    if count >= 2:  # the back cover stays last, the notes come before it
        assert order[-1] == count - 1
        assert order[: count - 1] == list(range(count - 1))


@pytest.mark.parametrize("count,total", COUNTS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_folded_sheets_read_in_order(count, total, paper):
    pdf = render.impose(book(count), paper)
    sides = halves(pdf)
    assert len(sides) == total // 2  # two sides per sheet, four pages per sheet
    expected = [str(n + 1) if n is not None else "Notes" for n in layout.reading_order(count)]
    assert folded(sides) == expected
    # Sheet 1 carries the covers: the last page left of the first on its front.
    assert sides[0] == (expected[-1], "1")


def test_the_sheet_order_as_numbers():
    assert layout.sheets(8) == [
        layout.Sheet(1, layout.Side(8, 1), layout.Side(2, 7)),
        layout.Sheet(2, layout.Side(6, 3), layout.Side(4, 5)),
    ]
    with pytest.raises(ValueError, match="multiple of four"):
        layout.sheets(6)


def _forms_by_side(path):
    """Each side's placed source pages, left to right: (x, y, scale) in points."""
    _, pages = read(path)
    return [sorted((p.matrix[4], p.matrix[5], p.matrix[0]) for p in page.placed) for page in pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_inner_sheets_move_towards_the_spine_by_the_paper_thickness(tmp_path, paper):
    path = tmp_path / "book.pdf"
    path.write_bytes(render.impose(book(16), paper, thickness_mm=0.2))
    placed = _forms_by_side(path)
    scale = layout.scale_for(paper)
    width, height = layout.sheet_size(paper)
    page_w, page_h = mm(148) * scale, mm(210) * scale
    for n, ((lx, ly, ls), (rx, ry, rs)) in enumerate(placed):
        shift = (n // 2) * mm(0.2)  # four sheets: 0, 0.2, 0.4, 0.6 mm
        assert ls == pytest.approx(scale) and rs == pytest.approx(scale)
        assert lx == pytest.approx(width / 2 - page_w + shift, abs=1e-3)
        assert rx == pytest.approx(width / 2 - shift, abs=1e-3)
        assert ly == ry == pytest.approx((height - page_h) / 2, abs=1e-3)
    innermost, outermost = placed[-1], placed[0]
    assert innermost[1][0] - outermost[1][0] == pytest.approx(-mm(0.6), abs=1e-3)


def test_a_page_moved_towards_the_spine_is_cut_at_the_spine():
    book_ = layout.booklet(16, "a4", thickness_mm=0.5)
    spine = book_.size[0] / 2
    for side in book_.sides:
        left, right = side.slots
        assert left.clip[0] + left.clip[2] == pytest.approx(spine)
        assert right.clip[0] == pytest.approx(spine)


def _inside(px: float, py: float, rect) -> bool:
    x, y, w, h = rect
    return x < px < x + w and y < py < y + h


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_and_trim_marks_lie_outside_the_pages_and_within_the_printable(tmp_path, paper):
    path = tmp_path / "book.pdf"
    path.write_bytes(render.impose(book(8), paper, thickness_mm=0.3))
    _, pages = read(path)
    geometry = layout.booklet(8, paper, 0.3)
    edge = mm(layout.EDGE_MM) - 0.01
    for page, side in zip(pages, geometry.sides, strict=True):
        width, height = page.size
        marks = [line for line in page.lines if line.width < 1]
        solid = [m for m in marks if not m.dashed]
        dashed = [m for m in marks if m.dashed]
        assert len(solid) == 8 and len(dashed) == 2  # four corners, the fold above and below
        for m in marks:
            for px, py in ((m.x1, m.y1), (m.x2, m.y2), ((m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2)):
                assert not any(_inside(px, py, slot.box) for slot in side.slots)
                assert edge <= px <= width - edge and edge <= py <= height - edge
        assert {m.x1 for m in dashed} == {width / 2}
        # The trim marks point at the (crept) fore-edges and at head and foot.
        left, right = (slot.box for slot in side.slots)
        verticals = sorted({round(m.x1, 2) for m in solid if m.x1 == m.x2})
        assert verticals == pytest.approx([left[0], right[0] + right[2]], abs=0.01)
        horizontals = sorted({round(m.y1, 2) for m in solid if m.y1 == m.y2})
        assert horizontals == pytest.approx([left[1], left[1] + left[3]], abs=0.01)


def test_the_marks_print(tmp_path):
    """Rendered, a trim mark is ink in the band above the page, and the page ground ends
    where its box does."""
    pdf = render.impose(book(4), "a4")
    page = pdfium.PdfDocument(pdf)[0]
    zoom = 4
    image = page.render(scale=zoom).to_pil().convert("L")
    image.save(tmp_path / "sheet.png")
    side = layout.booklet(4, "a4").sides[0]
    x, y, w, h = side.slots[0].box
    height = layout.sheet_size("a4")[1]
    mark_x, mark_y = x, y + h + mm(layout.GAP_MM + layout.MARK_MM / 2)  # top left mark
    px, py = round(mark_x * zoom), round((height - mark_y) * zoom)
    window = [image.getpixel((px + dx, py)) for dx in range(-2, 3)]
    assert min(window) < 100
    inside = image.getpixel((round((x + 10) * zoom), round((height - y - h / 2) * zoom)))
    outside = image.getpixel((round((x - 10) * zoom), round((height - y - h / 2) * zoom)))
    assert inside < 245 and outside == 255  # the tinted ground, then bare paper


@pytest.mark.parametrize("paper,scale", [("a4", 0.9333), ("letter", 0.8966)])
def test_the_pages_scale_to_leave_the_marks_room(paper, scale):
    assert layout.scale_for(paper) == pytest.approx(scale, abs=1e-4)
    width, height = layout.sheet_size(paper)
    band = mm(layout.MARK_BAND_MM)
    assert 2 * mm(148) * scale <= width - 2 * band + 1e-6
    assert mm(210) * scale <= height - 2 * band + 1e-6


def test_fonts_are_embedded_and_the_file_asks_for_short_edge_duplex(tmp_path):
    path = tmp_path / "book.pdf"
    path.write_bytes(render.impose(book(5), "letter"))  # three notes pages, set in our font
    _, pages = read(path)
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    fonts = fonts_embedded(reader)
    assert fonts and all(embedded for _, embedded in fonts), fonts
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/DuplexFlipShortEdge"
    assert preferences["/PrintScaling"] == "/None"
    assert all(page.size == pytest.approx((mm(279.4), mm(215.9))) for page in pages)


def test_single_pages_sit_at_full_size_in_the_middle(tmp_path):
    for paper, size in (("a4", (210, 297)), ("letter", (215.9, 279.4))):
        path = tmp_path / f"single-{paper}.pdf"
        path.write_bytes(render.single_pages(book(5), paper))
        _, pages = read(path)
        assert len(pages) == 5  # no notes: nothing is folded
        for page in pages:
            assert page.size == pytest.approx((mm(size[0]), mm(size[1])))
            ((x, y, scale),) = [(p.matrix[4], p.matrix[5], p.matrix[0]) for p in page.placed]
            assert scale == pytest.approx(1)
            assert (x, y) == pytest.approx((mm(size[0] - 148) / 2, mm(size[1] - 210) / 2))
            assert len(page.lines) == 8  # a mark each way at each corner
        said = [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(path)]
        assert [NUMBER.findall(text) for text in said] == [["1"], ["2"], ["3"], ["4"], ["5"]]


def _helvetica(size_mm=(148, 210)) -> bytes:
    """A page set in a font it names without carrying (reportlab's default)."""
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(mm(size_mm[0]), mm(size_mm[1])))
    c.drawString(100, 100, "page 1")
    c.showPage()
    c.save()
    return buffer.getvalue()


@pytest.mark.parametrize(
    "call,told",
    [
        (lambda: layout.booklet(0, "a4"), "1 to 128 pages"),
        (lambda: layout.booklet(4, "a3"), "paper 'a3' is not one of a4, letter"),
        (lambda: layout.booklet(4, "a4", thickness_mm=2), "outside 0 to 0.5 mm"),
        (lambda: layout.booklet(4, "a4", thickness_mm=-0.1), "outside 0 to 0.5 mm"),
        (lambda: render.single_pages(book(2), "a5"), "paper 'a5' is not one of a4, letter"),
        (lambda: render.impose(_helvetica(), "a4"), "do not embed: Helvetica"),
        (lambda: render.impose(_helvetica((210, 297)), "a4"), "page 1 of the book is 210.0 x"),
        (lambda: render.single_pages(_helvetica(), "a4"), "do not embed: Helvetica"),
    ],
)
def test_what_cannot_be_a_booklet_is_told(call, told):
    with pytest.raises(ValueError, match=re.escape(told)):
        call()


@pytest.mark.parametrize("lang,said", [("en", "printed at 90 %"), ("de", "auf 90 % verkleinert")])
def test_print_txt_says_how_to_print_fold_and_staple(tmp_path, lang, said):
    game = type("Game", (), {"folder": tmp_path})()  # a game without words of its own
    words = words_for(game, (lang,), Loc("game.yaml"))[lang]
    lines = render.guide_lines(words, "letter")
    text = "\n".join(lines)
    assert said in text and "{scale}" not in text
    assert len(lines) == len(words["booklet-steps"]) + 2
    assert words["notes"] == {"en": "Notes", "de": "Notizen"}[lang]


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_engine_draws_the_booklet_alike(tmp_path, paper):
    """The four engines of tests/test_engines.py, on both files: imposed (with its notes
    pages and a page cut at the spine) and single pages; qpdf finds nothing to say."""
    from bench.engines import ENGINES, differing, engine_pages, pdfium_pages, qpdf_problems
    from tests.test_engines import DPI, MOST, engines_here

    engines_here()
    source = book(5)
    for name, pdf in (
        ("booklet", render.impose(source, paper, thickness_mm=0.5)),
        ("single", render.single_pages(source, paper)),
    ):
        path = tmp_path / f"{name}-{paper}.pdf"
        path.write_bytes(pdf)
        assert not qpdf_problems(path), qpdf_problems(path)
        reference = pdfium_pages(path, DPI)
        for engine in ENGINES:
            pages, said = engine_pages(engine, path, DPI)
            assert not said and len(pages) == len(reference), (engine, said)
            for n, (ours, theirs) in enumerate(zip(reference, pages, strict=True), start=1):
                share = differing(ours, theirs, DPI)
                assert share <= MOST, f"{engine} draws {path.name} page {n} unlike PDFium"
