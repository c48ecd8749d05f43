"""Words are hyphenated, never cut (issue 27): a word too long for its line is broken at a
syllable the language's dictionary allows, with a hyphen; a word that fits no line even so
at the smallest size is an error at the text's place; a language without a dictionary
builds unhyphenated and says so once."""

from __future__ import annotations

import io
from pathlib import Path

import pyphen
import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from bastelbogen.content.painters import PAINTERS
from bastelbogen.content.project import FONTS
from bastelbogen.core.errors import ContentError, Loc
from bastelbogen.layout.layouts import Box
from bastelbogen.render.paint import PaintContext, draw_face
from bastelbogen.render.style import Fonts
from bastelbogen.render.syllables import knows

LOC = Loc("face.yaml", 7, 11)
GERMAN = "Versorgt Erschüttert Donaudampfschifffahrtsgesellschaft"


def _fonts() -> Fonts:
    return Fonts({role: FONTS / name for role, name in _FONT_FILES.items()}, None)


_FONT_FILES = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf"}


def _lines(text: str, lang: str, width_mm: float, **params) -> list[str]:
    """The paragraph set in a box `width_mm` wide, as the lines the PDF holds."""
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(200 * mm, 200 * mm))
    ctx = PaintContext(_fonts(), Path("."), lang=lang, item_label="item 'x' (front)")
    keys = {"text": text, "size": 12, "min-size": 11, **params}
    box = Box("rules", "paragraph", (10, 10, width_mm * mm, 150 * mm), tuple(keys.items()), LOC)
    draw_face(c, (box,), ctx)
    c.showPage()
    c.save()
    page = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    return [line.strip() for line in page.extract_text().splitlines() if line.strip()]


def _well_broken(lines: list[str], text: str, lang: str) -> int:
    """Every line ends at a word's end or with a hyphen where the dictionary allows a
    break; the words read back whole. The number of hyphenated line ends."""
    words = text.split()
    dic = pyphen.Pyphen(lang=pyphen.language_fallback(lang))
    breaks = 0
    joined: list[str] = []
    carry = ""
    for line in lines:
        tokens = line.split()
        tokens[0] = carry + tokens[0]
        carry = ""
        if tokens[-1].endswith("-") and tokens[-1][:-1] not in words:
            head = tokens.pop()[:-1]
            word = next(w for w in words if w.startswith(head) and w != head)
            assert len(head) in dic.positions(word), f"{head}- is no syllable of {word}"
            carry, breaks = head, breaks + 1
        joined += tokens
    assert not carry
    assert joined == words, lines
    return breaks


def test_long_german_words_break_at_syllables_with_a_hyphen():
    lines = _lines(GERMAN, "de", 22)
    assert _well_broken(lines, GERMAN, "de") >= 2, lines  # the long word, twice at least


def test_english_is_hyphenated_by_english_rules():
    text = "Characteristically incomprehensible hyphenation"
    lines = _lines(text, "en", 20)
    assert _well_broken(lines, text, "en") >= 1, lines
    # the breaks are English ones: "hy-phen-ation", not the German "Hy-phe-na-ti-on"
    en = pyphen.Pyphen(lang="en").positions("incomprehensible")
    assert en != pyphen.Pyphen(lang="de").positions("incomprehensible")


def test_a_word_that_fits_no_line_even_hyphenated_is_a_located_error():
    with pytest.raises(ContentError) as caught:
        _lines("Ein Donaudampfschifffahrtsgesellschaft", "de", 6)
    message = str(caught.value)
    assert message.startswith("face.yaml:7:11: "), message
    assert "'Donaudampfschifffahrtsgesellschaft'" in message and "11 pt" in message


def test_a_language_without_a_dictionary_is_set_unhyphenated():
    assert not knows("tlh") and knows("de") and knows("pt-BR")
    # Words that fit their lines are set as they are, whatever the language.
    assert _lines("nuqneH tlhIngan Hol", "tlh", 60) == ["nuqneH tlhIngan Hol"]


def test_the_paragraph_painter_says_it_hyphenates():
    assert "hyphen" in PAINTERS["paragraph"].help


def test_ragged_text_keeps_words_whole_that_fit_a_line_and_justified_text_hyphenates():
    text = "Glück und Lebensfreude für alle Mitspielerinnen am Spieltisch"
    ragged = _lines(text, "de", 38)
    assert _well_broken(ragged, text, "de") == 0, ragged
    justified = _lines(text, "de", 38, align="justify")
    assert _well_broken(justified, text, "de") >= 1, justified
    assert len(justified) < len(ragged)


def test_a_long_compound_breaks_after_its_own_hyphen():
    lines = _lines("Ein Print-and-Play-Spiel", "en", 20)
    assert any(line.endswith("-") for line in lines)
    assert "".join(lines).replace(" ", "") == "EinPrint-and-Play-Spiel"


LATIN = """game: la
title: {la: Ludus}
languages: [la]
players: {min: 2, max: 4}
components:
  - id: cards
    name: {la: Chartae}
    kind: card
    size: [63mm, 88mm]
    face: la/face
    items:
      - {id: one, count: 1, text: {la: "Gallia est omnis divisa in partes tres"}}
"""


def test_a_game_in_a_language_without_a_dictionary_builds_and_says_so_once(tmp_path):
    from bastelbogen.content.words import SHIPPED
    from tests.conftest import pnp

    game = tmp_path / "content" / "la"
    (game / "words").mkdir(parents=True)
    (game / "game.yaml").write_text(LATIN)
    (game / "words" / "la.yaml").write_text((SHIPPED / "en.yaml").read_text())
    (tmp_path / "templates" / "la").mkdir(parents=True)
    (tmp_path / "templates" / "la" / "face.yaml").write_text(
        'boxes:\n  - {name: w, painter: paragraph, box: [6, 6, 50, 60], text: "{{ text }}"}\n'
    )
    result = pnp("validate", "la", "--strict", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    warned = [line for line in result.stderr.splitlines() if "hyphenation" in line]
    assert len(warned) == 1, result.stderr
    assert warned[0].startswith("content/la/game.yaml:3:12: warning: preflight:")
    assert "'la'" in warned[0]
