"""A theme's words in the rulebook (`{{term:NAME}}`, from the built theme's `terms:`): My
Town's book built with each theme says that theme's words where the Markdown names a term,
read back from the PDF; a term one theme lacks, or a game without themes, is told at its
line for every theme, with a suggestion."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from bastelbogen.core.errors import ContentError
from tests.conftest import ROOT, build, pnp
from tests.test_rulebook import EN, _game

BOOK = ROOT / "content" / "mytown" / "rulebook"


def _text(pdf: Path) -> str:
    """The book's text, its lines joined: a word hyphenated at a line's end made whole."""
    text = " ".join(p.extract_text() for p in PdfReader(pdf).pages)
    return " ".join(re.sub(r"(\w)-\s*\n\s*(\w)", r"\1\2", text).split())


def _terms(theme: str, lang: str) -> dict[str, str]:
    import yaml

    data = yaml.safe_load((ROOT / "content" / "mytown" / "themes" / f"{theme}.yaml").read_text())
    return dict(data["terms"][lang])


# phrases of the book around its terms, as the Markdown writes them
PHRASES = {
    "de": [
        "Spielziel ist, durch geschicktes Tauschen {{term:the-town}} zu komplettieren",
        "Einzelplättchen können beliebig platziert sein, aber nicht mitten in einem"
        " {{term:building}}.",
        "bis ein Spieler seine {{term:town}} komplettiert hat",
    ],
    "en": [
        "The goal is to complete {{term:the-town}} by clever swapping.",
        "showing the sights of {{term:a-town}}.",
        "but not in the middle of {{term:a-building}}.",
        "until one player has completed their {{term:town}}",
    ],
}


def _said(phrase: str, terms: dict[str, str]) -> str:
    return re.sub(r"\{\{term:([^}]+)\}\}", lambda m: terms[m.group(1)], phrase)


@pytest.mark.parametrize("theme,other", [("animals", "town"), ("town", "animals")])
def test_the_book_says_the_built_themes_words(theme, other, tmp_path):
    kit = build("mytown", tmp_path / "out", theme=theme)
    for lang in ("de", "en"):
        source = (BOOK / f"{lang}.md").read_text()
        for phrase in PHRASES[lang]:
            assert phrase in " ".join(source.split()), phrase  # the Markdown names terms there
        text = _text(kit / lang / "rulebook.pdf")
        mine, theirs = _terms(theme, lang), _terms(other, lang)
        for phrase in PHRASES[lang]:
            assert _said(phrase, mine) in text, (_said(phrase, mine), theme)
            assert _said(phrase, theirs) not in text, (_said(phrase, theirs), theme)
        # every term the book uses is said at least as often as it is written
        for name in set(re.findall(r"\{\{term:([^}]+)\}\}", source)):
            assert text.count(mine[name]) >= source.count(f"{{{{term:{name}}}}}") > 0, name
        # what the tiles show is the theme's: no town hall among the animals, nor the reverse
        assert " ".join(theirs["motifs"].split()) not in text, theme


def test_both_themes_validate(tmp_path):
    result = pnp("validate", "mytown", cwd=ROOT)
    assert result.returncode == 0, result.stderr


def test_a_term_a_theme_lacks_is_told_at_its_line_for_that_theme(project_copy):
    animals = project_copy / "content" / "mytown" / "themes" / "animals.yaml"
    animals.write_text(animals.read_text().replace("a-building: an animal, ", ""))
    en = project_copy / "content" / "mytown" / "rulebook" / "en.md"
    en.write_text(en.read_text().replace("{{term:town}}", "{{term:towns}}", 1))
    result = pnp("validate", "mytown", cwd=project_copy)
    assert result.returncode != 0
    line = next(
        n for n, text in enumerate(en.read_text().splitlines(), 1) if "{{term:towns}}" in text
    )
    err = result.stderr
    # the misspelt term: told once per theme, each with its suggestion
    for theme in ("town", "animals"):
        assert re.search(
            rf"en\.md:{line}:\d+: \{{\{{term:towns\}}\}}: theme '{theme}' has no term 'towns'"
            rf" in 'en' \(themes/{theme}\.yaml\); did you mean '\{{\{{term:town\}}\}}'\?",
            err,
        ), err
    # the term only the town has: told for the animals, not the town
    assert "theme 'animals' has no term 'a-building' in 'en'" in err, err
    assert "theme 'town' has no term 'a-building'" not in err, err
    assert "Traceback" not in err


def test_a_term_in_a_game_without_themes_is_told(tmp_path):
    root = _game(tmp_path, en=EN.replace("The game has", "The {{term:town}} has"))
    with pytest.raises(
        ContentError, match=r"en.md:\d+:\d+: \{\{term:town\}\} names a theme's word,"
    ):
        build("fox", root / "out", project=root)
