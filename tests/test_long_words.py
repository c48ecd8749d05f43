"""A word as long as a stranger makes it (issue 46): setting it costs what its length does,
in every painter that sets words, and one that fits no line is told where it was written.
Cost is counted, not timed: the characters measured and read from the dictionary."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pyphen
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas
from reportlab.platypus import paragraph as platypus

import bastelbogen.render.paragraphs  # noqa: F401 - registers the paragraph painter
import bastelbogen.render.text  # noqa: F401 - and the text painter
from bastelbogen.core.errors import ContentError, Loc
from bastelbogen.layout.layouts import Box
from bastelbogen.render import syllables
from bastelbogen.render.paint import PaintContext, draw_face
from bastelbogen.render.rules import hyphens, typesetting
from bastelbogen.render.rules.hyphens import Hyphenating, hyphenated, least_height, overrun
from tests.test_hyphenation import _fonts

LOC = Loc("face.yaml", 7, 11)
SYLLABLES = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"
FACES = ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique")


def word(n: int, syllables: str = SYLLABLES) -> str:
    return (syllables * (n // len(syllables) + 1))[:n]


class Work:
    """The characters measured (reportlab's and ours) and read from the dictionary."""

    def __init__(self, monkeypatch) -> None:
        self.chars = 0
        real_width, real_positions = platypus.stringWidth, pyphen.HyphDict.positions

        def width(text, *args, **kw):
            self.chars += len(text)
            return real_width(text, *args, **kw)

        def positions(hd, text):
            self.chars += len(text)
            return real_positions(hd, text)

        for module in (platypus, hyphens):
            monkeypatch.setattr(module, "stringWidth", width)
        monkeypatch.setattr(pyphen.HyphDict, "positions", positions)
        monkeypatch.setattr(syllables, "REMEMBERED", _Forgetful())


class _Forgetful:
    def get(self, key):
        return None

    def put(self, key, value) -> None:
        pass


def _box(painter: str, text: str, width_mm: float, height_mm: float, **params) -> Box:
    keys = {"text": text, "size": 12, "min-size": 11, **params}
    return Box("body", painter, (10, 10, width_mm * mm, height_mm * mm), tuple(keys.items()), LOC)


def _draw(box: Box, lang: str = "de") -> None:
    c = canvas.Canvas(io.BytesIO(), pagesize=(200 * mm, 200 * mm))
    ctx = PaintContext(_fonts(), Path("."), lang=lang, item_label="item 'x' (front)")
    draw_face(c, (box,), ctx)


def _set(text: str, width: float, lang: str = "de", **style) -> Hyphenating:
    """The text wrapped `width` points wide, as tall as it takes."""
    breaks = hyphenated(lang, FACES, everywhere=style.pop("everywhere", False))
    para = Hyphenating(text, ParagraphStyle("p", fontName=FACES[0], **{**breaks, **style}))
    para.wrap(width, 10**9)
    return para


def _lines(para: Hyphenating) -> list[str]:
    found = []
    for line in para.blPara.lines:
        if isinstance(line, tuple):  # one style: a line's words
            found.append(" ".join(line[1]).strip())
        else:  # styles: their texts, spaces and all
            found.append("".join(w.text for w in line.words).strip())
    return found


def _costs(monkeypatch, make, n: int) -> tuple[int, int]:
    """The work `make(length)` does for a word of n characters, and of 4n."""
    found = []
    for length in (n, 4 * n):
        work = Work(monkeypatch)
        make(length)
        found.append(work.chars)
    return found[0], found[1]


@pytest.mark.parametrize("syllables", [SYLLABLES, "x", "don\u00adau\u00adschiff", "ab-cd-ef"])
def test_setting_a_long_word_costs_what_its_length_does(monkeypatch, syllables):
    """Four times the word, four times the work (a rest measured at every line: sixteen)."""
    small, large = _costs(monkeypatch, lambda n: _set(word(n, syllables), 150), 2000)
    assert large <= 5 * small, (small, large)


def test_justified_text_of_long_words_costs_what_its_length_does(monkeypatch):
    def make(n: int) -> None:
        _set(" ".join([word(n // 4)] * 4), 150, alignment=4, everywhere=True)

    small, large = _costs(monkeypatch, make, 2000)
    assert large <= 5 * small, (small, large)


@pytest.mark.parametrize("painter", ["paragraph", "text"])
def test_a_painter_fitting_a_long_word_costs_what_its_length_does(monkeypatch, painter):
    """Fitted to its box and failing at the smallest size, told either way."""

    def make(n: int) -> None:
        with pytest.raises(ContentError):
            _draw(_box(painter, f"Ein {word(n)}", 40, 30))

    small, large = _costs(monkeypatch, make, 2500)
    assert large <= 5 * small, (small, large)


def test_a_word_no_line_holds_is_told_where_it_was_written_and_quoted_short():
    with pytest.raises(ContentError) as caught:
        _draw(_box("paragraph", "Ein " + "x" * 10_000, 40, 150))
    message = str(caught.value)
    assert message.startswith("face.yaml:7:11: ") and "does not fit the width" in message
    assert len(message) < 600, message


def test_a_text_many_times_its_box_is_told_without_being_set(monkeypatch):
    """100,000 characters of words on a card: its letters outrun the box at every size."""
    laid: list[int] = []
    real = Hyphenating.wrap
    monkeypatch.setattr(Hyphenating, "wrap", lambda p, *a: laid.append(1) or real(p, *a))
    with pytest.raises(ContentError) as caught:
        _draw(_box("paragraph", "Wort " * 20_000, 40, 30, size=20, **{"min-size": 6}))
    assert "does not fit even at 6 pt" in str(caught.value)
    assert len(laid) == 1  # at the smallest size alone, to tell which fault it is


@pytest.mark.parametrize(
    "text",
    [
        "Am Anfang " + word(3000) + " und am Ende.",
        "Siehe " + "https://example.com/" + "abschnitt/" * 200 + " dort.",
        word(600, "Dampf\u00adschiff\u00adfahrt"),
        word(600, "Nord-Süd-") + "Bahn",
        "<b>" + word(300) + "</b>" + word(300) + " fett und mager",
    ],
)
def test_a_long_word_is_broken_into_lines_that_read_back_as_it_was(text):
    para = _set(text, 150)
    lines = _lines(para)
    plain = re.sub("<[^>]+>", "", text).replace("\u00ad", "")
    joined = "".join(line if line.endswith(("-", "/")) else line + " " for line in lines)
    assert re.sub(r"-(?! )", "", joined).split() == re.sub(r"-", "", plain).split(), lines
    assert overrun(para) is None
    assert all(len(line) <= hyphens.PIECE + 1 for line in lines)


def test_a_long_word_breaks_at_its_syllables():
    para = _set(word(1000), 150)
    heads = [line[:-1] for line in _lines(para)[:-1]]
    assert all(line.endswith("-") for line in _lines(para)[:-1])
    at = 0
    places = pyphen.Pyphen(lang="de").positions(SYLLABLES * 40)
    for head in heads:
        at += len(head)
        assert at in places, head


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(["Spiel", "karten", "Donau", "dampf", "schiff", "fahrt", "und", "ein"]),
        min_size=1,
        max_size=12,
    ).map("".join),
    st.integers(min_value=30, max_value=200),
    st.booleans(),
)
def test_the_hyphenator_offers_the_heads_reportlab_would_take(text, width, everywhere):
    """Heads too wide for any line are not offered: the lines come out as they did when
    every head was offered (the hyphenator asked with no line known)."""
    text = f"Ein {text} und {text[::-1].lower()} Satz"
    offered = _lines(_set(text, width, everywhere=everywhere))
    every = hyphens._Line.longest
    try:
        hyphens._Line.longest = lambda self, word: len(word)  # type: ignore[method-assign]
        assert _lines(_set(text, width, everywhere=everywhere)) == offered
    finally:
        hyphens._Line.longest = every  # type: ignore[method-assign]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.sampled_from(["Wort", "ein", "Donaudampfschiff", "<b>fett</b>", "x" * 40, "a-b"]),
        min_size=1,
        max_size=30,
    ).map(" ".join),
    st.integers(min_value=20, max_value=300),
)
def test_the_least_height_is_never_more_than_the_text_takes(text, width):
    para = _set(text, width, fontSize=9, leading=11)
    if overrun(para) is None:
        assert least_height(para, width) <= para.height + 1e-6


@given(st.text(alphabet=st.sampled_from(list("ab.!?:;)]'\"\n\u2019 ")), max_size=12))
def test_the_trailing_punctuation_pattern_answers_as_compiled(text):
    real = re.compile(typesetting._TRAILING)
    mine, theirs = platypus._hy_sfx_pat.search(text), real.search(text)
    assert (mine is None) == (theirs is None)
    assert mine is None or (mine.span(), mine.group(0)) == (theirs.span(), theirs.group(0))


def test_trailing_punctuation_is_found_from_the_end():
    assert isinstance(platypus._hy_sfx_pat, typesetting._TrailingRun)
    assert platypus._hy_sfx_pat.search("!" * 200_000 + "a") is None  # was minutes


def test_a_window_of_a_word_breaks_as_the_whole_word():
    """Read from its first `longest + WINDOW` characters, a word breaks as read whole: no
    dictionary's pattern is longer than the window's margin."""
    for lang in sorted(pyphen.LANGUAGES):
        assert pyphen.Pyphen(lang=lang).hd.maxlen + 2 <= syllables.WINDOW, lang
    long = word(2000)
    whole = list(syllables._breaks("de", long))
    assert list(syllables._breaks("de", long, 300)) == [b for b in whole if len(b[0]) <= 300]
