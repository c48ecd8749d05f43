from __future__ import annotations

import io

import pytest

from bastelbogen.content.project import FONTS
from bastelbogen.core.units import mm
from bastelbogen.render.rules.cheatsheet import _groups, _kept, _styles
from bastelbogen.render.rules.page import BASE, RulesPage
from bastelbogen.render.rules.rulestext import blocks
from bastelbogen.render.style import Fonts
from tests.conftest import ROOT, printed


def _fonts():
    return Fonts(
        {
            k: FONTS / f
            for k, f in (("regular", "Vera.ttf"), ("bold", "VeraBd.ttf"), ("italic", "VeraIt.ttf"))
        },
        None,
    )


def test_template_lines_become_blocks():
    assert blocks("x\n@h Ziel\n@p Viel <b>Glück</b>\n@zzz no\n", BASE) == [
        ("h", "Ziel"),
        ("p", "Viel <b>Glück</b>"),
    ]


def test_a_heading_travels_with_its_first_block():
    """A heading near a column's foot moves to the next column with its first block
    (platypus' KeepTogether), while a paragraph alone fills the column."""
    from reportlab.platypus import KeepTogether, Paragraph

    from bastelbogen.render.rules import columns
    from bastelbogen.render.rules.hyphens import Hyphenating

    sheet = RulesPage(
        _fonts(),
        None,
        (0.0, 0.0),
        (mm(210), mm(297)),
        (("one", None),),
        "de",
        ROOT / "content/muenchhausen",
    )
    from reportlab.lib import colors

    styles = _styles(sheet.fonts, 1.0, colors.black, sheet.lang)
    texts: dict = {}
    flow = _kept(
        _groups(
            [("h", "A"), ("p", "one"), ("p", "two"), ("h", "B"), ("li", "x")], styles, sheet, texts
        )
    )
    # a paragraph alone (one that hyphenates: render/rules/hyphens.py), between kept groups
    assert [type(f) for f in flow] == [KeepTogether, Hyphenating, KeepTogether]
    assert sorted(texts.values()) == ["A", "B", "one", "two", "x"]
    # Fill the left column with filler so that heading B would fit at its foot, its point not.
    template = columns.page_template("de", (0.0, 0.0), mm(30), colors.black)
    doc = columns._Document(io.BytesIO(), (mm(210), mm(297)))
    doc.addPageTemplates([template])
    landed = []
    doc.afterFlowable = lambda f: landed.append((doc.frame.id, doc.page, f))
    for n in range(1, 400):  # filler line by line, until B no longer starts on the left
        landed.clear()
        flow = _kept(_groups([("h", "B"), ("li", "x")], styles, sheet, {}))
        heading, point = flow[0]._content
        filler = [Paragraph("filler", styles["p"]) for _ in range(n)]
        doc.build(columns.story([], [*filler, flow[0]]))
        where = {id(f): (frame, page) for frame, page, f in landed}
        if where[id(heading)] != where[id(point)]:
            raise AssertionError(f"after {n} fillers the heading and its point parted")
        if where[id(heading)][0] != "left":
            break
    assert where[id(heading)] == ("right", 1)


@pytest.mark.parametrize("game", ["museo", "mytown", "muenchhausen", "minipilo"])
def test_the_columns_end_level(kits, game):
    """Both columns are made as short as the text allows: the rule between them ends where
    they end, well above the sheet's foot, and the right column is not left near empty."""
    import pypdfium2 as pdfium

    from tests.pdfread import PT_PER_MM, read

    kit = kits(game)
    _, pages = read(printed(kit, "rules.pdf"))
    page = pages[0]
    rule = next(
        ln for ln in page.lines if abs(ln.x1 - ln.x2) < 0.01 and abs(ln.x1 - page.size[0] / 2) < 1
    )
    bottom = min(rule.y1, rule.y2) / PT_PER_MM
    foot = (page.size[1] / PT_PER_MM - 260) / 2 + 6  # the sheet's foot, where columns end
    image = (
        pdfium.PdfDocument(str(printed(kit, "rules.pdf")))[0].render(scale=1).to_pil().convert("L")
    )
    w, h = image.size

    def last_ink(x0, x1):  # the lowest row with text in a column, in mm from the bottom
        rows = [y for y in range(h) if min(image.getpixel((x, y)) for x in range(x0, x1, 2)) < 100]
        return (h - max(rows)) / PT_PER_MM

    left, right = last_ink(int(w * 0.12), int(w * 0.48)), last_ink(int(w * 0.52), int(w * 0.88))
    assert abs(left - right) < 30, (left, right)  # within a block or so of each other
    assert bottom >= foot - 0.5  # the rule ends with the columns, not below the sheet


LOOKUP_BAD = {
    "unknown_motif": (
        "content/minipilo/rules.yaml",
        "{motif: icon-humor, colour:",
        "{motif: icon-hurra, colour:",
        r"^content/minipilo/rules\.yaml:\d+:\d+: cheat sheet: unknown motif"
        r" 'icon-hurra'",
    ),
    "bad_colour": (
        "content/minipilo/rules.yaml",
        '{motif: icon-humor, colour: "#e69f00"',
        '{motif: icon-humor, colour: "#e69f0"',
        r"^content/minipilo/rules\.yaml:\d+:\d+: 'colour' ",
    ),
    "row_not_a_list": (
        "content/minipilo/rules.yaml",
        "        - [je Schritt, 2]\n",
        "        - je Schritt\n",
        r"^content/minipilo/rules\.yaml:\d+:\d+: row 2 of 'table' must be a list",
    ),
    "unknown_panel_key": (
        "content/muenchhausen/rules.yaml",
        '      cycle: ["Mitspieler bieten',
        '      cycles: ["Mitspieler bieten',
        r"^content/muenchhausen/rules\.yaml:\d+:\d+: unknown key 'cycles'.*"
        r"did you mean 'cycle'",
    ),
}


@pytest.mark.parametrize("case", sorted(LOOKUP_BAD))
def test_a_broken_look_up_panel_is_named_where_it_is_written(project_copy, case):
    from tests.conftest import validate_fails

    path = LOOKUP_BAD[case][0]
    validate_fails(project_copy, path.split("/")[1], LOOKUP_BAD[case])


def test_the_rules_read_back_every_word_as_written(kits):
    """Hyphenating, reportlab 5.1 dropped the hyphen of a word it tried to break after its
    own hyphen and then set whole ('L-Karte' printed 'LKarte'); every word with a hyphen
    in Minipilo's rules reads back with it."""
    import re

    from pypdf import PdfReader

    written = (ROOT / "content" / "minipilo" / "rules.yaml").read_text()
    hyphened = set(re.findall(r"\b[A-Z]-Karte\b", written))
    assert hyphened, "the rules have words like L-Karte"
    text = " ".join(
        page.extract_text()
        for page in PdfReader(printed(kits("minipilo"), "rules.pdf", "de")).pages
    )
    for word in hyphened:
        assert word.replace("-", "") not in text, word
