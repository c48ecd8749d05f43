"""What comes out of the printer, checked in pixels of rendered pages."""

from __future__ import annotations

import pytest

from bastelbogen.core.units import to_mm
from bastelbogen.layout import braille
from tests.conftest import printed
from tests.pdfread import read
from tests.render import Rendered, close, dark, light

SETS = {
    "taler": "#E69F00",
    "gulden": "#56B4E9",
    "dukaten": "#009E73",
    "rubel": "#F0E442",
    "livre": "#0072B2",
    "pfund": "#D55E00",
    "zechine": "#CC79A7",
    "kreuzer": "#000000",
}


@pytest.fixture(scope="module")
def plain(kits):
    return kits("muenchhausen")


def _card_pages(kit):
    _, pages = read(kit / "number-cards.pdf")
    return pages


def test_fronts_show_their_set_colour_in_the_bleed_and_a_light_panel(plain):
    pages = _card_pages(plain)
    img = Rendered(plain / "number-cards.pdf", 0, 100)
    for placed in pages[0].placed:
        m = placed.matrix
        assert close(img.at_local(m, -1.5, 44), SETS["taler"]), "bleed carries the set colour"
        assert close(img.at_local(m, 31.5, 86.5), SETS["taler"]), "frame inside the trim too"
        assert light(img.at_local(m, 8, 30)), "the panel is light"
        # The big numeral sits in the centre of the coin.
        centre = [
            img.at_local(m, 31.5 + dx, 44 + dy) for dx in range(-6, 7, 2) for dy in range(-8, 9, 2)
        ]
        assert any(dark(px) for px in centre)


def test_every_set_has_its_own_colour(kits):
    kit = kits("muenchhausen", duplex="none")
    pages = _card_pages(kit)
    seen = []
    for n in range(0, 8):  # eight cards a page, one set a page
        img = Rendered(kit / "number-cards.pdf", n, 50)
        seen.append(img.at_local(pages[n].placed[0].matrix, -1.5, 44))
    for (name, hex_colour), rgb in zip(SETS.items(), seen, strict=True):
        assert close(rgb, hex_colour), name


def test_all_backs_are_one_design_that_reveals_nothing(plain):
    pages = _card_pages(plain)
    backs = {p.name for page in pages[1::2] for p in page.placed}
    fronts = {p.name for page in pages[0::2] for p in page.placed}
    assert len(backs) == 1 and len(fronts) == 64  # one form drawn behind all 64 fronts
    for n in (1, 15):
        img = Rendered(plain / "number-cards.pdf", n, 100)
        spots = [(x, y) for x in (3.5, 17.0, 31.5, 46.0) for y in (5.0, 36.5, 44.0, 80.0)]

        def patch(matrix, x, y, img=img):  # a 2 mm patch's mean colour, not a hairline
            px = [img.at_local(matrix, x + i / 2, y + j / 2) for i in range(4) for j in range(4)]
            return [sum(c[k] for c in px) / len(px) for k in range(3)]

        first = [patch(pages[n].placed[0].matrix, *p) for p in spots]
        for placed in pages[n].placed:
            # Same colours at the same card spots on every back (one pattern, edge to edge).
            for spot, rgb in zip(spots, first, strict=True):
                seen = patch(placed.matrix, *spot)
                assert max(abs(a - b) for a, b in zip(seen, rgb, strict=True)) < 25, spot


def test_braille_dots_at_standard_size(kits):
    kit = kits("muenchhausen", braille=True, duplex="none")
    pages = _card_pages(kit)
    img = Rendered(kit / "number-cards.pdf", 0, 600)
    placed = pages[0].placed[4]  # taler-5: number sign (3,4,5,6) then e (1,5)
    box_x, box_y, box_w, box_h = 4.5, 24, 11, 7  # templates/muenchhausen/number.yaml
    cells = braille.cells("5")
    assert cells == [(3, 4, 5, 6), (1, 5)]
    bw, bh = (to_mm(v) for v in braille.size(len(cells)))
    left = box_x + (box_w - bw) / 2
    top = 88 - box_y - (box_h - bh) / 2  # from the card's bottom edge
    r = to_mm(braille.DOT_DIAMETER) / 2
    for i, cell in enumerate(cells):
        for dot in range(1, 7):
            col, row = (dot - 1) // 3, (dot - 1) % 3
            cx = left + r + i * 6.2 + col * 2.34
            cy = top - r - row * 2.34
            px = img.at_local(placed.matrix, cx, cy)
            assert dark(px) if dot in cell else light(px), (i, dot, px)
    # Measure a dot's diameter in pixels across its centre: 1.44 mm.
    cx, cy = left + r + 6.2, top - r  # dot 1 of the second cell
    width = sum(dark(img.at_local(placed.matrix, cx + k / 100, cy)) for k in range(-150, 151))
    assert width / 100 == pytest.approx(1.44, abs=0.06)


def test_without_braille_there_are_no_dots(plain):
    pages = _card_pages(plain)
    img = Rendered(plain / "number-cards.pdf", 0, 300)
    placed = pages[0].placed[4]
    bw, bh = (to_mm(v) for v in braille.size(2))
    cx = 4.5 + (11 - bw) / 2 + 0.72  # the top-left braille box of number.yaml
    assert light(img.at_local(placed.matrix, cx, 88 - 24 - (7 - bh) / 2 - 0.72 - 2 * 2.34))


def test_standee_folds_are_dashed_and_figures_face_away(kits):
    kit = kits("muenchhausen")
    img = Rendered(kit / "baron.pdf", 0, 150)
    _, pages = read(kit / "baron.pdf")
    m = pages[0].placed[0].matrix
    # Along the head fold (y = 18 + 60 mm) the dashes alternate dark and light.
    samples = [img.at_local(m, x / 4, 78) for x in range(0, 160)]
    assert 5 < sum(max(px) < 150 for px in samples) < 150
    # The back figure is the front turned by 180°: the name banner is at the feet of each.
    assert close(img.at_local(m, 6, 18 + 60 - 55.5), "#1f2a44", tol=50)
    assert close(img.at_local(m, 34, 18 + 60 + 55.5), "#1f2a44", tol=50)


def test_braille_build_keeps_only_the_dots_dark(kits):
    """On swell paper all dark print rises: the braille cards lighten everything else."""
    kit = kits("muenchhausen", braille=True, duplex="none")
    pages = _card_pages(kit)
    img = Rendered(kit / "number-cards.pdf", 7, 150)  # the black Kreuzer set
    m = pages[7].placed[0].matrix
    assert not dark(img.at_local(m, -1.5, 44), limit=120), "the black ground is lightened"
    centre = [img.at_local(m, 31.5 + dx, 44 + dy) for dx in range(-6, 7) for dy in range(-8, 9)]
    assert not any(dark(px, limit=100) for px in centre), "the big value is lightened"
    # The other components are not printed on swell paper and keep their colours.
    aids = Rendered(printed(kit, "player-aids.pdf"), 0, 72)
    _, aid_pages = read(printed(kit, "player-aids.pdf"))
    assert close(aids.at_local(aid_pages[0].placed[0].matrix, -1.5, 44), "#1f2a44")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["museo", "mytown", "minipilo", "muenchhausen"])
def test_nothing_is_see_through(kits, game):
    """No transparency on the print path (engines draw it apart, PDF/X shops refuse it):
    in every page and form of every file, each graphics state used is opaque with the
    normal blend, no soft mask, no transparency group — read back from the PDFs."""
    import re

    from pypdf import PdfReader

    forms = 0
    for pdf in sorted(kits(game).rglob("*.pdf")):
        reader = PdfReader(str(pdf))
        stack = [(page, page.get("/Resources", {})) for page in reader.pages]
        done = set()
        while stack:
            owner, resources = stack.pop()
            data = owner.get_data() if hasattr(owner, "get_data") else owner.get_contents()
            data = data if isinstance(data, bytes) else (data.get_data() if data else b"")
            states = resources.get("/ExtGState", {})
            for name in set(re.findall(rb"/([\w.]+) gs", data)):
                state = states["/" + name.decode()].get_object()
                assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1, (
                    f"{pdf.name}: see-through paint ({name.decode()})"
                )
                assert state.get("/SMask", "/None") == "/None", f"{pdf.name}: a soft mask"
                assert state.get("/BM", "/Normal") in ("/Normal", "/Compatible"), pdf.name
            for xobj in resources.get("/XObject", {}).values():
                obj = xobj.get_object()
                key = xobj.idnum if hasattr(xobj, "idnum") else id(obj)
                if key in done:
                    continue
                done.add(key)
                assert "/SMask" not in obj, f"{pdf.name}: an image with a soft mask"
                group = obj.get("/Group", {})
                assert group.get("/S") != "/Transparency", f"{pdf.name}: a transparency group"
                if obj.get("/Subtype") == "/Form":
                    forms += 1
                    stack.append((obj, obj.get("/Resources", {})))
    assert forms > 10  # every card is a form: the walk went inside them
    # Only our canvas's forms are completed; reportlab itself is left as it came.
    from reportlab.pdfbase import pdfdoc

    assert pdfdoc.PDFFormXObject.format.__module__ == "reportlab.pdfbase.pdfdoc"
