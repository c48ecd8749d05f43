"""Each cheat sheet heading names the page of the rulebook section it summarises (content/
summaries.py, render/rules/marks.py): read back from both PDFs, the page printed beside a
heading is the page the book's bookmark for that section leads to, and the heading's link
opens that page of the book beside it; a variant that moves a section moves the number; a
`rulebook:` that names no section, a section that matches none, and a key in a game
without a book are told at their places; a game without a book prints no page."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from bastelbogen.content.loader import load_game
from bastelbogen.content.project import FONTS
from bastelbogen.content.rulebook import slug
from bastelbogen.content.summaries import summaries
from bastelbogen.core.errors import ContentError
from tests.cardgame import card_game, without_rulebook
from tests.conftest import ROOT, build, pnp, printed
from tests.test_rulebook import _game

KITS = ["museo", "minipilo", "muenchhausen", "mytown"]
WORD = {"de": "S.", "en": "p."}  # as the shipped words tables write a page


def _outline(path: Path) -> dict[str, int]:
    """Each bookmarked section of a rulebook PDF by its slug: the page it leads to."""
    reader = PdfReader(path)
    found: dict[str, int] = {}

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                found.setdefault(slug(item.title), reader.get_destination_page_number(item) + 1)

    walk(reader.outline)
    return found


def _text(path: Path) -> str:
    page = PdfReader(path).pages[0]
    return " ".join(page.extract_text().replace("\u00a0", " ").split())


def _named(text: str, heading: str, lang: str) -> list[int]:
    """The pages printed beside `heading` on the cheat sheet, wherever it stands."""
    pattern = rf"{re.escape(heading)} ?· ?{re.escape(WORD[lang])} ?(\d+)"
    return [int(n) for n in re.findall(pattern, text)]


def _links(path: Path) -> list[tuple[str, int, list[float]]]:
    """The remote links of the cheat sheet's page: (file, page from 1, rectangle)."""
    found = []
    for annot in PdfReader(path).pages[0].get("/Annots", []):
        a = annot.get_object()
        action = a["/A"]
        if action["/S"] == "/GoToR":
            found.append(
                (str(action["/F"]), int(action["/D"][0]) + 1, [float(v) for v in a["/Rect"]])
            )
    return found


def _checked(kit: Path, game: Path, lang: str) -> list[int]:
    """Every headed part of the cheat sheet in `lang` names the page its book section is
    bookmarked at, and links to that page of the book beside it. Its pages, in order."""
    loaded = load_game(game, FONTS)
    assert loaded.rules is not None
    book_pdf = printed(kit, "rulebook.pdf", lang)
    sheet_pdf = printed(kit, "rules.pdf", lang)
    outline, text = _outline(book_pdf), _text(sheet_pdf)
    parts = summaries(loaded.rules.data[lang], loaded.rulebooks[lang])
    assert parts
    wanted = []
    for part in parts:
        assert part.slug is not None, f"{part.heading} ({lang}) summarises no section"
        page = outline[part.slug]
        shown = _named(text, part.heading, lang)
        assert page in shown, (part.heading, lang, page, shown)
        wanted.append(page)
    links = _links(sheet_pdf)
    assert sorted(p for _f, p, _r in links) == sorted(wanted)
    for file, _page, _rect in links:
        assert (sheet_pdf.parent / file).resolve() == book_pdf.resolve()
    return wanted


@pytest.mark.slow
@pytest.mark.parametrize("game", KITS)
def test_every_kit_cheat_sheet_names_the_pages_of_its_book(kits, game):
    kit = kits(game)
    for lang in ("de", "en"):
        pages = _checked(kit, ROOT / "content" / game, lang)
        assert len(set(pages)) > 1  # not one number for all: the sections' own


def test_a_page_mark_stands_beside_its_heading_and_its_link_over_it(kits):
    """The link's rectangle holds the heading and its mark, in the cheat sheet's text."""
    import pypdfium2 as pdfium

    sheet_pdf = printed(kits("museo"), "rules.pdf", "en")
    links = _links(sheet_pdf)
    assert links
    page = pdfium.PdfDocument(sheet_pdf)[0].get_textpage()
    for _file, number, (x0, y0, x1, y1) in links:
        inside = " ".join(page.get_text_bounded(x0, y0, x1, y1).replace("\u00a0", " ").split())
        assert inside.endswith(f"· p. {number}"), inside
    assert _remote_files(sheet_pdf) == ["rulebook.pdf"] * len(links)


def _remote_files(path: Path) -> list[str]:
    """The files the page's links open, as PDFium (a second reader) reads its actions:
    each a remote go-to."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    page = pdfium.PdfDocument(path)[0]
    at, link, found = ctypes.c_int(0), raw.FPDF_LINK(), []
    while raw.FPDFLink_Enumerate(page.raw, ctypes.byref(at), ctypes.byref(link)):
        action = raw.FPDFLink_GetAction(link)
        assert raw.FPDFAction_GetType(action) == raw.PDFACTION_REMOTEGOTO
        size = raw.FPDFAction_GetFilePath(action, None, 0)
        name = ctypes.create_string_buffer(size)
        raw.FPDFAction_GetFilePath(action, name, size)
        found.append(name.value.decode())
    return found


RULES = """\
colour: "#224466"
en:
  title: Fox
  sections:
    - heading: Set-up
      text: Shuffle and deal five.
    - heading: A turn
      rulebook: playing
      text: Play a card, draw a card.
    - heading: Counting
      text: Score the foxes.
  lookup:
    - heading: Scores
      rulebook: scoring
      table: [[Card, Points], [Fox, 3]]
de:
  title: Fuchs
  sections:
    - heading: Aufbau
      text: Mischen und fünf austeilen.
    - heading: Ein Zug
      rulebook: spielablauf
      text: Eine Karte spielen, eine ziehen.
"""


def _fox(root: Path, rules: str = RULES, en: str | None = None) -> Path:
    """The rulebook's test game (tests/test_rulebook.py) with a cheat sheet of its own."""
    _game(root) if en is None else _game(root, en=en)
    (root / "content" / "fox" / "rules.yaml").write_text(rules)
    return root


def _line(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_a_section_without_a_match_is_told_and_the_others_name_their_pages(tmp_path):
    root = _fox(tmp_path)
    said = pnp("build", "fox", "--out", str(root / "out"), cwd=root)
    assert said.returncode == 0, said.stderr
    line = _line(RULES, "heading: Counting")
    assert re.search(
        rf"rules\.yaml:{line}:16: warning: .*cheat sheet \(en\): 'Counting' names no rulebook"
        r" page: no ## or ### heading of rulebook/en\.md has its name; say which section it"
        r" summarises with 'rulebook: <slug>'",
        said.stderr,
    ), said.stderr
    kit = root / "out" / "fox"
    outline = _outline(kit / "en" / "rulebook.pdf")
    text = _text(kit / "en" / "rules.pdf")
    assert _named(text, "Set-up", "en") == [outline["set-up"]]  # by its heading
    assert _named(text, "A turn", "en") == [outline["playing"]]  # by its key
    assert _named(text, "Scores", "en") == [outline["scoring"]]  # a look-up panel's
    assert _named(text, "Counting", "en") == [] and "Counting" in text
    de = _outline(kit / "de" / "rulebook.pdf")
    assert _named(_text(kit / "de" / "rules.pdf"), "Ein Zug", "de") == [de["spielablauf"]]


def test_a_slug_no_heading_has_is_an_error_at_its_place(tmp_path):
    rules = RULES.replace("rulebook: scoring", "rulebook: scorin")
    root = _fox(tmp_path, rules)
    said = pnp("build", "fox", "--out", str(root / "out"), cwd=root)
    assert said.returncode != 0 and "Traceback" not in said.stderr
    line = _line(rules, "rulebook: scorin")
    assert re.search(
        rf"rules\.yaml:{line}:17: rulebook: 'scorin' is no section of the rulebook \(en,"
        r" rulebook/en\.md\).*did you mean 'scoring'\?",
        said.stderr,
    ), said.stderr
    assert not (root / "out" / "fox").exists()


def test_a_game_without_a_book_prints_no_page_and_tells_the_key(tmp_path):
    without_rulebook(card_game(tmp_path, "fox"), "fox")
    rules = tmp_path / "content" / "fox" / "rules.yaml"
    rules.write_text(
        rules.read_text().replace(
            "    - heading: Goal\n", "    - heading: Goal\n      rulebook: goal\n"
        )
    )
    said = pnp("build", "fox", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert said.returncode == 0, said.stderr
    line = _line(rules.read_text(), "rulebook: goal")
    assert re.search(
        rf"rules\.yaml:{line}:17: warning: .*cheat sheet \(en\): 'rulebook:' of 'Goal' has"
        r" nothing to point at: the game has no rulebook in 'en'",
        said.stderr,
    ), said.stderr
    for lang in ("de", "en"):
        sheet = tmp_path / "out" / "fox" / lang / "rules.pdf"
        assert " · " not in _text(sheet) and not _links(sheet)
        assert "·" not in _text(sheet)


def test_a_variant_that_moves_a_section_moves_its_number(tmp_path):
    """Ninety-six more foxes: the count printed 2,000 times takes two digits more each
    time, pages more, and the section after it lies further on than in the variant
    without foxes. The cheat sheet names the page of the book it is built with."""
    counted = "\n\n".join(" ".join(["{{count:cards}}"] * 100) for _ in range(20))
    en = EN_MOVED.replace("COUNTED", counted)
    root = _fox(tmp_path, en=en)
    cards = root / "content" / "fox" / "cards.csv"
    cards.write_text(
        cards.read_text().replace("fox,Fuchs,Fox,3,#d55e00,2", "fox,Fuchs,Fox,3,#d55e00,96")
    )
    found = []
    for variant in (None, "small"):
        out = root / f"out-{variant}"
        kit = build(
            "fox", out, project=root, lang=["en"], **({"variant": variant} if variant else {})
        )
        page = _outline(kit / "rulebook.pdf")["scoring"]
        assert _named(_text(kit / "rules.pdf"), "Scores", "en") == [page]
        assert [p for _f, p, _r in _links(kit / "rules.pdf")].count(page) == 1
        found.append(page)
    assert found[0] > found[1], found


EN_MOVED = """\
# Fox

## Set-up

Shuffle the cards.

## Playing

COUNTED

## Scoring

Each fox scores.
"""


def test_the_page_word_is_the_words_tables(tmp_path):
    """A game's own words table words the page its way; one without the word is told at
    its file, as a missing word is."""
    root = _fox(tmp_path)
    words = root / "content" / "fox" / "words"
    words.mkdir()
    shipped = (ROOT / "bastelbogen" / "data" / "words" / "en.yaml").read_text()
    (words / "en.yaml").write_text(shipped.replace('"p. {page}"', '"page {page}"'))
    kit = build("fox", root / "out", project=root, lang=["en"])
    outline = _outline(kit / "rulebook.pdf")
    assert f"Set-up · page {outline['set-up']}" in _text(kit / "rules.pdf")
    (words / "en.yaml").write_text(re.sub(r"summary-page: .*\n", "", shipped))
    shutil.rmtree(root / "out")
    with pytest.raises(
        ContentError, match=r"words/en\.yaml:\d+:\d+: .*needs the key 'summary-page'"
    ):
        build("fox", root / "out", project=root, lang=["en"])
