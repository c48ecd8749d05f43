"""The cheat sheet's columns filled from measures (render/rules/flow.py) against platypus
filling them: over random rules (headings, points, steps, notes, paragraphs of any length,
words too long for a line) at random scales and depths, the measures say a page fits
exactly where platypus lays it out on one page, and the fit they find is the one a search
by whole layouts finds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib import colors
from reportlab.platypus.doctemplate import LayoutError

from bastelbogen.core.units import mm
from bastelbogen.render.rules import cheatsheet, columns, flow, level
from bastelbogen.render.rules.page import BASE, RulesPage
from tests.conftest import ROOT, build
from tests.test_cheatsheet import _fonts

WORDS = (
    "Karte Spieler Stapel legt zieht Runde Punkte Baron Lügengeschichte"
    " Donaudampfschifffahrtsgesellschaftskapitän ein der die das und oder nicht"
).split()
KINDS = ("h", "p", "p", "li", "li", "step", "note")


def _sheet() -> RulesPage:
    return RulesPage(
        _fonts(),
        colors.HexColor("#1f2a44"),
        (mm(10), mm(18)),
        (mm(210), mm(297)),
        (("", None),),
        "de",
        ROOT / "content/muenchhausen",
    )


blocks_st = st.lists(
    st.tuples(
        st.sampled_from(KINDS),
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=90).map(" ".join),
    ),
    min_size=1,
    max_size=45,
).map(lambda body: [("title", "Regeln"), *body])


def _laid_out(sheet: RulesPage, blocks, scale: float, depth: float | None, cut=None) -> bool:
    template, flowables = cheatsheet._at(sheet, blocks, scale, depth, cut)[:2]
    return columns.overflow(template, sheet.size, flowables) is None


@settings(max_examples=60, deadline=None)
@given(
    blocks=blocks_st,
    scale=st.sampled_from(cheatsheet._scales()),
    part=st.floats(0.3, 1.0),
)
def test_measures_agree_with_platypus(blocks, scale, part):
    sheet = _sheet()
    trials = cheatsheet._Trials(sheet, blocks, by_layout=False)
    full, _groups = trials.measured(scale)
    depth = full * part
    assert trials.fits(scale, depth) == _laid_out(sheet, blocks, scale, depth)
    assert trials.fits(scale) == _laid_out(sheet, blocks, scale, None)


@settings(max_examples=30, deadline=None)
@given(blocks=blocks_st, scale=st.sampled_from(cheatsheet._scales()))
def test_columns_parted_fit_as_deep_as_their_measures_say(blocks, scale):
    """Parted where level.py would part them (between blocks, or inside a paragraph), the
    columns fit platypus' frames exactly as deep as the measures say, and, both holding
    text, not a point less."""
    sheet = _sheet()
    full, groups = cheatsheet._Trials(sheet, blocks, by_layout=False).measured(scale)
    line = BASE["p"] * scale * cheatsheet.LEADING
    for parting in level.partings(groups, full, line)[:3]:
        assert _laid_out(sheet, blocks, scale, parting.depth + cheatsheet.DEEPER, parting.cut)
        if not parting.right:
            continue  # one column: a point less, the text may go on in the other
        try:  # a point less: the text runs over (or a line fits no column at all)
            short = _laid_out(sheet, blocks, scale, parting.depth - 1, parting.cut)
        except LayoutError:
            short = False
        assert not short


@settings(max_examples=12, deadline=None)
@given(blocks=blocks_st)
def test_the_fit_found_from_measures_is_the_fit_found_by_layouts(blocks):
    sheet = _sheet()

    def found(by_layout: bool):
        try:
            return cheatsheet._fit(cheatsheet._Trials(sheet, blocks, by_layout), True)
        except Exception as exc:  # both must refuse alike: the same message
            return str(exc)

    assert found(False) == found(True)


def test_a_group_is_as_tall_as_platypus_wraps_it():
    """Spaces between a group's paragraphs overlap; none above or below it (KeepTogether)."""
    sheet = _sheet()
    blocks = [("title", "R"), ("h", "Ziel"), ("p", " ".join(WORDS * 3))]
    _full, groups = cheatsheet._Trials(sheet, blocks, False).measured(1.0)
    (group,) = groups
    kept = cheatsheet._kept(cheatsheet._at(sheet, blocks, 1.0)[3])[0]
    kept.canv = None
    kept.wrap(columns.COLUMN_W, 10_000)
    assert abs(flow.group_height(group) - kept._H) < 1e-6
    heading, body = group
    assert flow.group_height(group) == heading.height + max(heading.after, body.before) + (
        body.height
    )


@pytest.mark.slow
@pytest.mark.parametrize("game", ["muenchhausen", "museo", "mytown", "minipilo"])
def test_a_cheat_sheet_is_fitted_from_a_few_measures(game, tmp_path, monkeypatch):
    """Found by measuring, not by laying out: no trial page is laid out, and each language's
    page is measured at a few of its sixteen scales (the search predicts where it fits)."""
    measured: list[tuple[str, float]] = []
    laid_out: list[object] = []
    real = cheatsheet._Trials.measured

    def counted(self, scale):
        if scale not in self._measured:
            measured.append((self.sheet.lang, scale))
        return real(self, scale)

    monkeypatch.setattr(cheatsheet._Trials, "measured", counted)
    monkeypatch.setattr(columns, "overflow", lambda *a: laid_out.append(a))
    build(game, tmp_path / "out")
    langs = {lang for lang, _scale in measured}
    assert langs == {"de", "en"} and not laid_out
    for lang in langs:
        assert 1 <= sum(1 for lg, _s in measured if lg == lang) <= 5 < len(cheatsheet._scales())
