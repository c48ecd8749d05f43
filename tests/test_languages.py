"""Languages are data: a game declares the languages its texts are written in, any of them
can be built, and the words the kit prints itself come from a table per language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from bastelbogen.content.words import keys
from tests.conftest import ROOT, manifest, pnp

GAME = """game: jeu
title: {fr: Le Jeu, en: The Game}
languages: [fr, en]
players: {min: 2, max: 4}
rules: rules.yaml
components:
  - id: cartes
    name: {fr: Cartes, en: Cards}
    kind: card
    size: mini
    face: jeu/carte
    items:
      - {id: a, word: {fr: Bonjour, en: Hello}}
  - id: plateau
    name: {fr: Plateau, en: Board}
    kind: board
    size: [300mm, 200mm]
    face: jeu/plateau
    items:
      - {id: plateau}
"""
FACE = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#dde8f0"}
  - {name: word, painter: text, box: [4, 20, 36, 10], text: "{{ word }}", size: 14}
"""
BOARD = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#e8f0dd"}
"""
RULES = """fr:
  title: Le Jeu
  sections:
    - {heading: But, text: Dire bonjour.}
en:
  title: The Game
  sections:
    - {heading: Goal, text: Say hello.}
"""
FRENCH = {
    "subject": "Kit à imprimer Bastelbogen",
    "rules": "Règles",
    "glue": "colle",
    "board-sheet": "Plateau, feuille",
    "board-assembly": "Assembler le plateau",
    "how-to-print": "comment imprimer",
    "paper": "papier",
    "no-fit": "taille réelle",
    "built-with": "réglages",
    "pages": "p.",
    "one-sided": "recto",
    "duplex-long": "recto verso, bord long",
    "duplex-short": "recto verso, bord court",
    "duplex-fold": "recto; plier, coller",
    "duplex-none": "recto (faces seules)",
    "screen": "à lire à l'écran",
    "cutting": "Couper aux traits de coupe.",
    "parts": "Petites pièces",
    "holds": "contient",
    "per-language": "Les pièces à texte existent en chaque langue, n'en imprimer qu'une.",
    "registration": "Imprimer, puis découper aux repères.",
    "paper-card": "carton, 250-300 g/m²",
    "paper-board": "carton, 160-200 g/m²",
    "paper-plain": "papier, 80 g/m²",
    "paper-swell": "papier thermogonflant",
    "score-copies": "une par partie",
    "calibration": "Avant le recto verso, pnp calibrate.",
    "assemble-standee": "Figurines, découper, plier, coller.",
    "assemble-die": "Dés, découper, plier, coller.",
    "assemble-stand": "Bancs, découper, plier, coller.",
    "assemble-board": "Plateaux, coller les feuilles dans l'ordre.",
    "notes": "Notes",
    "single-pages": "Pages seules, recto, 100 %.",
    "rulebook": "Livret de règles",
    "rulebook-contents": "Sommaire",
    "rulebook-page": "page",
    "rulebook-pieces": "Matériel",
    "rulebook-count": "Nombre",
    "rulebook-example": "Exemple",
    "summary-page": "p. {page}",
}


def _words(omit: str = "") -> str:
    lines = [f"{k}: {v}" for k, v in FRENCH.items() if k != omit]
    steps = "" if omit == "board-steps" else 'board-steps: ["1. Découper.", "2. Coller."]\n'
    if omit != "booklet-steps":
        steps += 'booklet-steps: ["Livret à {scale} %.", "1. Plier.", "2. Agrafer."]\n'
    return "\n".join(lines) + "\n" + steps


@pytest.fixture
def jeu(tmp_path) -> Path:
    game = tmp_path / "content" / "jeu"
    (game / "words").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    (game / "rules.yaml").write_text(RULES)
    (game / "words" / "fr.yaml").write_text(_words())
    (tmp_path / "templates" / "jeu").mkdir(parents=True)
    (tmp_path / "templates" / "jeu" / "carte.yaml").write_text(FACE)
    (tmp_path / "templates" / "jeu" / "plateau.yaml").write_text(BOARD)
    return tmp_path


def test_the_words_tables_have_every_key():
    """The shipped tables agree with each other (the keys are read from the English)."""
    assert set(keys()) == set(FRENCH) | {"board-steps", "booklet-steps"}


def test_a_french_game_builds_in_french(jeu, tmp_path):
    result = pnp("build", "jeu", "--lang", "fr", "--out", str(tmp_path / "out"), cwd=jeu)
    assert result.returncode == 0, result.stderr
    kit = tmp_path / "out" / "jeu"
    cards = PdfReader(str(kit / "cartes.pdf"))
    assert "Bonjour" in cards.pages[0].extract_text()
    assert cards.metadata.title == "Le Jeu – Cartes"
    assert cards.metadata.subject == FRENCH["subject"]
    board = PdfReader(str(kit / "plateau.pdf"))
    assert "Assembler le plateau" in board.pages[0].extract_text()
    assert "Plateau, feuille 1" in board.pages[1].extract_text()
    rules = PdfReader(str(kit / "rules.pdf"))
    assert len(rules.pages) == 1 and "Dire bonjour." in rules.pages[0].extract_text()
    assert rules.metadata.title == "Le Jeu – Règles"
    guide = (kit / "PRINT.txt").read_text()
    assert "comment imprimer" in guide and "Couper aux traits de coupe." in guide
    assert manifest(kit)["options"]["lang"] == ["fr"]


def test_both_languages_by_default(jeu, tmp_path):
    result = pnp("build", "jeu", "--out", str(tmp_path / "out"), cwd=jeu)
    assert result.returncode == 0, result.stderr
    kit = tmp_path / "out" / "jeu"
    # Each language's cheat sheet in its own folder, one page, with its own guide.
    said = {}
    for lang, title in (("fr", "Le Jeu – Règles"), ("en", "Le Jeu – Rules")):
        rules = PdfReader(str(kit / lang / "rules.pdf"))
        assert rules.metadata.title == title
        said[lang] = [
            ("Dire" in p.extract_text(), "Say hello" in p.extract_text()) for p in rules.pages
        ]
    assert said == {"fr": [(True, False)], "en": [(False, True)]}
    assert not (kit / "rules.pdf").exists()
    assert "comment imprimer" in (kit / "fr" / "PRINT.txt").read_text()
    assert "how to print" in (kit / "en" / "PRINT.txt").read_text()
    assert "comment imprimer" not in (kit / "en" / "PRINT.txt").read_text()


def test_a_language_without_words_is_a_located_error(jeu, tmp_path):
    (jeu / "content" / "jeu" / "words" / "fr.yaml").unlink()
    result = pnp("build", "jeu", "--lang", "fr", "--out", str(tmp_path / "out"), cwd=jeu)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"content/jeu/game\.yaml:3:12: the words the kit prints itself .* no"
        r" translation to 'fr': add words/fr\.yaml",
        result.stderr,
    ), result.stderr
    assert not (tmp_path / "out" / "jeu").exists()


def test_a_missing_word_is_told_in_its_table(jeu, tmp_path):
    (jeu / "content" / "jeu" / "words" / "fr.yaml").write_text(_words(omit="glue"))
    result = pnp("build", "jeu", "--lang", "fr", "--out", str(tmp_path / "out"), cwd=jeu)
    assert result.returncode == 1
    assert re.search(r"words/fr\.yaml:1:1: .*'glue'", result.stderr), result.stderr


def test_an_undeclared_language_is_a_usage_error(jeu):
    result = pnp("build", "jeu", "--lang", "de", cwd=jeu)
    assert result.returncode == 2 and "is not written in 'de' (languages: fr, en)" in result.stderr


def test_a_text_in_an_undeclared_language_is_located(jeu):
    game = jeu / "content" / "jeu" / "game.yaml"
    game.write_text(GAME.replace("{fr: Cartes, en: Cards}", "{fr: Cartes, en: Cards, it: Carte}"))
    result = pnp("validate", "jeu", cwd=jeu)
    assert result.returncode == 1
    assert re.search(
        r"game\.yaml:8:35: 'name' has a text in 'it', which is not one of the"
        r" game's languages \(fr, en\)",
        result.stderr,
    ), result.stderr


def test_the_shipped_games_declare_their_languages():
    from bastelbogen.pipeline.build import Project

    assert {
        Project(ROOT).load(g).languages for g in ("museo", "mytown", "muenchhausen", "minipilo")
    } == {("de", "en")}


@pytest.mark.parametrize(
    "declared,told",
    [
        ("languages: fr", r"game\.yaml:3:12: 'languages' must be a list"),
        ("languages: [FR]", r"game\.yaml:3:13: 'FR' is not a language code"),
        ("languages: []", r"game\.yaml:3:12: 'languages' names none"),
        ("languages: [fr, {x: 1}]", r"game\.yaml:3:17: a mapping is not a language code"),
        ("languages: [fr, en, fr]", r"game\.yaml:3:21: 'fr' is named twice"),
    ],
)
def test_a_wrong_declaration_of_languages_is_located(jeu, declared, told):
    game = jeu / "content" / "jeu" / "game.yaml"
    game.write_text(GAME.replace("languages: [fr, en]", declared))
    result = pnp("validate", "jeu", cwd=jeu)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(told, result.stderr), result.stderr


@pytest.mark.parametrize(
    "words,told",
    [
        ("- a\n- b\n", r"fr\.yaml:1:1: the table of words fr\.yaml must be a mapping"),
        ("glue: [\n", r"fr\.yaml:2:1: broken YAML"),
        ("glue: {x: 1}\n", r"fr\.yaml:1:7: 'glue' must be text"),
        ("\x07bell: x\n", r"fr\.yaml:1:1: .*control character"),
    ],
)
def test_a_broken_table_of_words_is_located(jeu, tmp_path, words, told):
    (jeu / "content" / "jeu" / "words" / "fr.yaml").write_text(words)
    result = pnp("build", "jeu", "--lang", "fr", "--out", str(tmp_path / "out"), cwd=jeu)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(told, result.stderr), result.stderr
    assert not (tmp_path / "out" / "jeu").exists()


def test_a_table_of_words_outside_the_game_is_refused(jeu, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text(_words())
    (jeu / "content" / "jeu" / "words" / "fr.yaml").unlink()
    (jeu / "content" / "jeu" / "words" / "fr.yaml").symlink_to(secret)
    result = pnp("build", "jeu", "--lang", "fr", "--out", str(tmp_path / "out"), cwd=jeu)
    assert result.returncode == 1 and "leaves the content folder" in result.stderr


def test_validate_lays_out_cards_in_every_language(jeu):
    """Cards are set in the first language of a build: validate tries each first, so a
    text that only overflows in the third language is found before anyone builds it."""
    game = jeu / "content" / "jeu" / "game.yaml"
    long = "Guten Tag und herzlich willkommen zu diesem wunderbaren Spiel"
    game.write_text(
        GAME.replace("languages: [fr, en]", "languages: [fr, en, de]")
        .replace("{fr: Le Jeu, en: The Game}", "{fr: Le Jeu, en: The Game, de: Das Spiel}")
        .replace("{fr: Cartes, en: Cards}", "{fr: Cartes, en: Cards, de: Karten}")
        .replace("{fr: Plateau, en: Board}", "{fr: Plateau, en: Board, de: Brett}")
        .replace("word: {fr: Bonjour, en: Hello}", f"word: {{fr: Bonjour, en: Hello, de: {long}}}")
    )
    (jeu / "content" / "jeu" / "rules.yaml").write_text(
        RULES + "de:\n  title: Das Spiel\n  sections:\n    - {heading: Ziel, text: Grüßen.}\n"
    )
    result = pnp("validate", "jeu", cwd=jeu)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    # told at the German text's place in game.yaml, naming the layout's box
    assert re.search(
        r"^content/jeu/game\.yaml:\d+:\d+: item 'a' \(front\): the word \(de\) 'Guten Tag"
        r".* in box 'word' .* of layout jeu/carte \(templates/jeu/carte\.yaml:\d+:\d+\)",
        result.stderr,
        re.M,
    ), result.stderr


def test_an_item_text_lacking_a_language_is_located(jeu):
    game = jeu / "content" / "jeu" / "game.yaml"
    game.write_text(GAME.replace("word: {fr: Bonjour, en: Hello}", "word: {fr: Bonjour}"))
    result = pnp("validate", "jeu", cwd=jeu)
    assert result.returncode == 1
    assert re.search(
        r"game\.yaml:13:23: this text has no en; the game is written in fr, en", result.stderr
    ), result.stderr


def test_words_the_font_cannot_write_are_located(jeu, tmp_path):
    words = jeu / "content" / "jeu" / "words" / "fr.yaml"
    words.write_text(_words().replace("glue: colle", "glue: 接着"))
    result = pnp("build", "jeu", "--lang", "fr", "--out", str(tmp_path / "out"), cwd=jeu)
    assert result.returncode == 1
    assert re.search(
        r"fr\.yaml:3:7: the kit's words: the font has no glyph for '接'", result.stderr
    ), result.stderr
    words.write_text(_words().replace('board-steps: ["1. Découper."', "board-steps: [{a: 1}"))
    result = pnp("build", "jeu", "--lang", "fr", "--out", str(tmp_path / "out"), cwd=jeu)
    assert re.search(
        r"fr\.yaml:\d+:\d+: 'board-steps' holds lines of text, not a mapping", result.stderr
    ), result.stderr


def test_rules_lists_hold_texts_only(jeu):
    rules = jeu / "content" / "jeu" / "rules.yaml"
    rules.write_text(
        RULES.replace(
            "    - {heading: But, text: Dire bonjour.}", "    - {heading: But, steps: [Un, {x: 1}]}"
        )
    )
    result = pnp("validate", "jeu", cwd=jeu)
    assert result.returncode == 1
    assert re.search(
        r"rules\.yaml:4:34: 'steps' lists texts; this one is a mapping", result.stderr
    ), result.stderr


def test_a_language_asked_for_twice_is_a_usage_error(jeu):
    result = pnp("build", "jeu", "--lang", "en", "--lang", "en", cwd=jeu)
    assert result.returncode == 2 and "'en' is asked for twice" in result.stderr
