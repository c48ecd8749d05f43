"""The rulebook's own words (Contents, page …) in any language: a French game's book says
the words of its words/fr.yaml, read back from the PDF; a word its table lacks is told at
the table, and a booklet's steps that never say {scale} (or say what nothing fills in) are
told at their line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import pnp
from tests.test_languages import BOARD, FACE, FRENCH, GAME, RULES, _words

BOOK = """# Le Jeu

## Matériel

Le jeu a {{count:cartes}} {{name:cartes}}.

```components
```

## But

Dire bonjour; voir [Matériel](#matériel).

> [!EXAMPLE]
> Anne dit bonjour.
"""


@pytest.fixture
def jeu(tmp_path: Path) -> Path:
    game = tmp_path / "content" / "jeu"
    (game / "words").mkdir(parents=True)
    (game / "rulebook").mkdir()
    (game / "game.yaml").write_text(
        GAME.replace("rules: rules.yaml", "rules: rules.yaml\nrulebook: {fr: rulebook/fr.md}")
    )
    (game / "rules.yaml").write_text(RULES)
    (game / "rulebook" / "fr.md").write_text(BOOK)
    (game / "words" / "fr.yaml").write_text(_words())
    (tmp_path / "templates" / "jeu").mkdir(parents=True)
    (tmp_path / "templates" / "jeu" / "carte.yaml").write_text(FACE)
    (tmp_path / "templates" / "jeu" / "plateau.yaml").write_text(BOARD)
    return tmp_path


def _build(jeu: Path) -> tuple[int, str, Path]:
    out = jeu / "out"
    result = pnp("build", "jeu", "--lang", "fr", "--out", str(out), cwd=jeu)
    return result.returncode, result.stderr, out / "jeu"


def test_a_french_books_own_words_are_its_games(jeu):
    code, err, kit = _build(jeu)
    assert code == 0, err
    assert "untranslated" not in err and "set in English" not in err
    book = PdfReader(kit / "rulebook.pdf")
    text = "\n".join(p.extract_text() for p in book.pages)
    assert book.metadata.title == f"Le Jeu – {FRENCH['rulebook']}"
    assert FRENCH["rulebook-contents"] in text.splitlines()  # the contents' heading
    assert re.search(r"voir Matériel, page \d", text), text  # a reference's page
    assert re.search(rf"{FRENCH['rulebook-pieces']}\s+{FRENCH['rulebook-count']}", text), text
    assert FRENCH["rulebook-example"] in text
    for english in ("Contents", "Pieces", "Count", "Example"):
        assert english not in text


def test_a_book_word_missing_from_the_games_table_is_told_there(jeu):
    (jeu / "content" / "jeu" / "words" / "fr.yaml").write_text(_words(omit="rulebook-contents"))
    code, err, kit = _build(jeu)
    assert code == 1 and "Traceback" not in err
    assert re.search(r"words/fr\.yaml:1:1: .*'rulebook-contents'", err), err
    assert not kit.exists()


@pytest.mark.parametrize(
    "first,told",
    [
        ("Livret à 93 %.", r"'booklet-steps' never says \{scale\}"),
        ("Livret à {échelle} %, {scale}.", r"'booklet-steps' says \{échelle\}, which nothing"),
    ],
)
def test_booklet_steps_must_say_their_scale(jeu, first, told):
    words = jeu / "content" / "jeu" / "words" / "fr.yaml"
    text = words.read_text().replace("Livret à {scale} %.", first)
    words.write_text(text)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("booklet-steps"))
    code, err, _kit = _build(jeu)
    assert code == 1 and "Traceback" not in err
    assert re.search(rf"words/fr\.yaml:{line}:\d+: {told}", err), err
