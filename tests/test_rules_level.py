"""The cheat sheet's two columns end level: read back from the written page, their last
baselines lie within one line's leading of each other wherever some place the text may part
at (between blocks, a heading kept with the block after it; or inside a paragraph, two lines
or more on either side; a boxed note whole) allows it at the page's scale, and otherwise as
near as the nearest such place allows. Every place is tried here, one by one; a column never
ends on a heading."""

from __future__ import annotations

from collections import Counter

import pytest
from pypdf import PdfReader

from bastelbogen.content.project import Project
from bastelbogen.content.summaries import summaries
from bastelbogen.pipeline.build import BuildOptions, prepare
from bastelbogen.render.pdf import Meta
from bastelbogen.render.rules import cheatsheet, flow
from bastelbogen.render.rules.page import BASE, Marks
from bastelbogen.render.rules.sheet import RulesSheet
from tests.conftest import ROOT, printed
from tests.pdfread import read
from tests.test_rules_pages import _outline

KITS = ("muenchhausen", "museo", "mytown", "minipilo")
EXAMPLES = ROOT / "examples"
EXAMPLE_GAMES = sorted(p.parent.name for p in (EXAMPLES / "content").glob("*/rules.yaml"))
# The letters' own depth below a line's foot differs a little from style to style (a note's
# italic 8.5 pt, a point's 9 pt): what the baselines may differ by beyond the blocks' feet.
DEPTHS = 0.5


def _sheet(root, game: str, lang: str, kit=None):
    """The language's page as the build lays it out: the page, its blocks; with the built
    `kit`, its headings marked with the pages of its rulebook."""
    project = Project(root)
    ready = prepare(project, game, BuildOptions(langs=(lang,)))
    options = ready.options
    marks = None
    book = ready.game.rulebooks.get(lang)
    if kit is not None and book is not None and ready.game.rules is not None:
        parts = summaries(ready.game.rules.data[lang], book)
        pages = _outline(printed(kit, "rulebook.pdf", lang))
        word = str(ready.words[lang]["summary-page"])
        marks = {lang: Marks.of(parts, pages, word, "rulebook.pdf")[0]}
    sheet = RulesSheet(
        ready.game, project.templates, ready.fonts, (lang,), options.settings, options.theme, marks
    )
    return sheet, *sheet.pages[0]


def _measured(page, blocks):
    """The page's scale, its full columns' depth, its groups measured and a line's leading."""
    trials = cheatsheet._Trials(page, blocks, by_layout=False)
    scale = cheatsheet._fit(trials, True)[0]
    full, groups = trials.measured(scale)
    return full, groups, BASE["p"] * scale * cheatsheet.LEADING


def _every_parting(groups, full):
    """The gap between the columns' feet at every place the text may part, no column deeper
    than `full`, none ending on a heading."""
    gaps = []
    for k in range(1, len(groups) + 1):
        if groups[k - 1][-1].para.style.name == "h" and k < len(groups):
            continue
        left, right = flow.column(groups[:k]), flow.column(groups[k:])
        if max(left, right) <= full:
            gaps.append(abs(left - right))
    for k, group in enumerate(groups):
        para = group[-1]
        style = para.para.style
        if style.name == "h" or style.backColor is not None:
            continue
        lines = round(para.height / style.leading)
        for n in range(2, lines - 1):
            split = para.split((n + 0.5) * style.leading)
            if split is None or split[1].height < 2 * style.leading - 1e-6:
                continue
            kept, rest = split
            head = flow.Measure(para.para, para.width, kept, para.before, para.after)
            left = flow.column([*groups[:k], [*group[:-1], head]])
            right = flow.column([[rest], *groups[k + 1 :]])
            if max(left, right) <= full:
                gaps.append(abs(left - right))
    return gaps


def _columns(path):
    """Each column's lines as (baseline, font size), in the page's points from its foot:
    the text between the top and the foot of the rule between the columns."""
    reader, (info,) = read(path)
    mid = info.size[0] / 2
    rule = next(ln for ln in info.lines if abs(ln.x1 - ln.x2) < 0.01 and abs(ln.x1 - mid) < 1)
    bottom, top = sorted((rule.y1, rule.y2))
    seen: list[tuple[float, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            seen.append((x, y, size * abs(tm[3] * cm[3])))

    reader.pages[0].extract_text(visitor_text=visit)
    body = [(x, y, s) for x, y, s in seen if bottom - 1 <= y <= top + 1]
    return [sorted((y, s) for x, y, s in body if (x < mid) == left) for left in (True, False)]


def _judged(path, page, blocks):
    left, right = _columns(path)
    sizes = Counter(round(s, 2) for column in (left, right) for _y, s in column)
    body = sizes.most_common(1)[0][0]
    for column in (left, right):  # a heading's letters are larger than the body's
        last_y = column[0][0]
        assert all(s < body * 1.1 for y, s in column if abs(y - last_y) < 0.5), column[:3]
    gap = abs(left[0][0] - right[0][0])
    full, groups, line = _measured(page, blocks)
    assert abs(body * cheatsheet.LEADING - line) < 0.01  # the leading read is the page's
    best = min(_every_parting(groups, full))
    if best <= line:
        assert gap <= line + DEPTHS, (gap, line, best)
    else:  # no place ends them within a line: the nearest does
        assert gap <= best + DEPTHS, (gap, best)
    return gap, line


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", KITS)
def test_a_kit_s_columns_end_level_where_the_text_allows(kits, game, lang):
    sheet, page, blocks = _sheet(ROOT, game, lang, kits(game))
    assert any(kind == "mark" for kind, _text in blocks)  # laid out as built: pages named
    _judged(printed(kits(game), "rules.pdf", lang), page, blocks)


def test_the_kits_that_can_end_level_do(kits):
    """Where the text allows it, at the scale the page fits at (its headings marked with
    their rulebook pages, as built): Museo's, My Town's and Minipilo's pages part a point
    or a step between its lines, and so does Münchhausen's English one; its German one
    parts only between blocks (its 3-line steps cannot part, two lines on either side)."""
    level = {}
    for game in KITS:
        for lang in ("de", "en"):
            _sheet_, page, blocks = _sheet(ROOT, game, lang, kits(game))
            full, groups, line = _measured(page, blocks)
            level[game, lang] = min(_every_parting(groups, full)) <= line
    assert [k for k, v in level.items() if not v] == [("muenchhausen", "de")]


@pytest.mark.parametrize("game", EXAMPLE_GAMES)
def test_an_example_s_columns_end_level_where_the_text_allows(tmp_path, game):
    project = Project(EXAMPLES)
    for lang in project.load(game).languages:
        sheet, page, blocks = _sheet(EXAMPLES, game, lang)
        path = tmp_path / f"{lang}.pdf"
        sheet.write(path, Meta(game, "", ""))
        if len(PdfReader(path).pages[0].extract_text()) and _two_columns(path):
            _judged(path, page, blocks)


def _two_columns(path) -> bool:
    """Whether the page's text stands in two columns (the rule between them is drawn)."""
    _reader, (info,) = read(path)
    mid = info.size[0] / 2
    return any(abs(ln.x1 - ln.x2) < 0.01 and abs(ln.x1 - mid) < 1 for ln in info.lines)
