"""The rulebook (content/rulebook.py, render/rulebook/, output/rulebook.py): a small game of
cards with a book in German and English, built, and its PDF read back: the contents' page
numbers where the headings are, bookmarks and links to those pages, references that print
them, the component list's counts the manifest's, a figure drawing the face it names; and
the mistakes of a rulebook told at their lines, all at once."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from bastelbogen.core.errors import ContentError
from tests.cardgame import card_game
from tests.conftest import build, pnp

EN = """\
# Fox

## Components

The game has {{count:cards}} {{name:cards}}.

```components
```

## Set-up

Shuffle the cards. Deal *five* to each player; see [Scoring](#scoring).

```figure
faces: [cards/owl]
caption: An owl.
```

> A side note.

> [!EXAMPLE]
> Anna plays the fox.

## Playing

- Play a card.
- Draw a card.
  - Unless the deck is empty.

```setup
board: pad/pad
pieces:
  - {face: cards/hare, at: [50, 70]}
caption: A hare on the pad.
```

| Card | Power |
|------|-------|
| Fox  | 3     |
| Owl  | 5     |

## Scoring

Each **fox** scores; see [Set-up](#set-up).

```scoring
component: pad
```
"""
DE = (
    EN.replace("## Components", "## Spielmaterial")
    .replace("## Set-up", "## Aufbau")
    .replace("## Playing", "## Spielablauf")
    .replace("## Scoring", "## Wertung")
    .replace("#scoring", "#wertung")
    .replace("#set-up", "#aufbau")
)
OWL = (0x00, 0x72, 0xB2)  # the owl's colour in cards.csv: only the figure shows an owl
HARE = (0x00, 0x9E, 0x73)  # and the hare's: only the set-up shows one


PAD = """
  - id: pad
    name: {de: Block, en: Pad}
    kind: sheet
    size: [100mm, 140mm]
    face: fox/pad
    items:
      - id: pad
variants:
  - {id: small, component: cards, field: id, drop: [fox]}
  - {id: harefree, component: cards, field: id, drop: [hare]}
"""
GRID = """boxes:
  - {name: grid, painter: table, box: [0, 0, 100, 140], header: [Player, Foxes, Total],
     rows: ["#Round 1", "", "#Round 2", ""]}
"""


def _game(root: Path, en: str = EN, de: str = DE) -> Path:
    card_game(root, "fox")
    folder = root / "content" / "fox"
    game = folder / "game.yaml"
    # `pnp new` names the books (rulebook: {de: …, en: …}) and starts them; these replace them
    game.write_text(game.read_text() + PAD)
    (root / "templates" / "fox" / "pad.yaml").write_text(GRID)
    (folder / "rulebook" / "en.md").write_text(en)
    (folder / "rulebook" / "de.md").write_text(de)
    return root


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    root = _game(tmp_path_factory.mktemp("game"))
    return build("fox", root / "out", project=root)


def _pages(reader: PdfReader) -> dict[int, int]:
    return {p.indirect_reference.idnum: n for n, p in enumerate(reader.pages, start=1)}


def _heading_pages(reader: PdfReader, headings: list[str]) -> dict[str, int]:
    """Each heading's page, found in the text (after the contents on page 1): the first
    page whose text has it as a line of its own, not in the running head (drawn last: the
    title, the section, the page's number)."""
    found = {}
    for n, page in enumerate(reader.pages[1:], start=2):
        lines = page.extract_text().splitlines()[:-3]
        for h in headings:
            if h in lines and h not in found:
                found[h] = n
    return found


@pytest.mark.parametrize(
    "lang,sections",
    [
        ("en", ["Components", "Set-up", "Playing", "Scoring"]),
        ("de", ["Spielmaterial", "Aufbau", "Spielablauf", "Wertung"]),
    ],
)
def test_contents_bookmarks_and_links_lead_to_the_headings(kit, lang, sections):
    reader = PdfReader(kit / lang / "rulebook.pdf")
    where = _heading_pages(reader, sections)
    assert set(where) == set(sections)
    # the contents on page 1: each section followed by its page number
    toc = " ".join(reader.pages[0].extract_text().split())
    for title in sections:
        assert re.search(rf"{re.escape(title)} {where[title]}\b", toc), (title, toc)
    # bookmarks: one per section, in order, at its page
    pages = _pages(reader)
    marks = [(o.title, reader.get_destination_page_number(o) + 1) for o in reader.outline]
    assert marks == [(t, where[t]) for t in sections]
    # links: the contents' (two per section) and the references, each to a heading's page
    targets = []
    for n, page in enumerate(reader.pages, start=1):
        for annot in page.get("/Annots") or []:
            a = annot.get_object()
            assert a["/Subtype"] == "/Link"
            targets.append((n, pages[a["/Dest"][0].idnum]))
    assert sorted(t for n, t in targets if n == 1) == sorted([where[t] for t in sections] * 2)
    referenced = [t for n, t in targets if n > 1]
    assert sorted(referenced) == sorted([where[sections[3]], where[sections[1]]])


def test_references_print_the_page_of_their_section(kit):
    reader = PdfReader(kit / "en" / "rulebook.pdf")
    where = _heading_pages(reader, ["Scoring", "Set-up"])
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert f"see Scoring, page {where['Scoring']}." in text
    assert f"see Set-up, page {where['Set-up']}." in text
    de = " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(kit / "de" / "rulebook.pdf").pages
    )
    assert re.search(r"see Scoring, Seite \d+\.", de)  # the words are the book's, "Seite" ours


def test_the_counts_are_the_kits(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    pieces = {
        (item["id"], item["copy"])
        for f in manifest["files"]
        if f.get("lang") in (None, "en") and not f["path"].endswith("rulebook.pdf")
        for page in f.get("pages", [])
        for item in page["items"]
        if item.get("component") == "cards" and item["side"] == "front"
    }
    assert len(pieces) == 6  # cards.csv: 2 foxes, 1 owl, 3 hares
    book = next(f for f in manifest["files"] if f["path"] == "en/rulebook.pdf")
    assert book["counts"] == {"cards": len(pieces), "pad": 1}
    text = " ".join(PdfReader(kit / "en" / "rulebook.pdf").pages[1].extract_text().split())
    assert f"The game has {len(pieces)} Cards." in text
    assert re.search(rf"Cards {len(pieces)}\b", text)  # the component list's row


def _colour_on(pdf_path: Path, page: int, colour: tuple[int, int, int]) -> int:
    """How many pixels of the page (at 72 dpi) are of `colour`."""
    pdf = pdfium.PdfDocument(pdf_path)
    try:
        image = pdf[page - 1].render(scale=1).to_pil().convert("RGB")
    finally:
        pdf.close()
    pixels = np.asarray(image, dtype=int)
    return int((np.abs(pixels - np.array(colour)).max(axis=2) < 12).sum())


def _page_with(reader: PdfReader, text: str) -> int:
    return next(n for n, p in enumerate(reader.pages, start=1) if text in p.extract_text())


def test_a_figure_draws_the_face_it_names(kit):
    path = kit / "en" / "rulebook.pdf"
    reader = PdfReader(path)
    page = _page_with(reader, "An owl.")
    assert _colour_on(path, page, OWL) > 500  # the owl's frame; the component list shows a fox
    assert "Owl" in reader.pages[page - 1].extract_text()


def test_the_set_up_lays_its_pieces_on_the_board(kit):
    path = kit / "en" / "rulebook.pdf"
    reader = PdfReader(path)
    page = _page_with(reader, "A hare on the pad.")
    assert _colour_on(path, page, HARE) > 300  # the hare, drawn at the pad's scale
    text = reader.pages[page - 1].extract_text()
    assert "Player" in text and "Hare" in text  # the pad's grid under it, the hare's name


BROKEN = """\
# Fox

## Set-up

A <div>raw</div> tag and {{count:cardz}}.

```figur
faces: [cards/fox]
```

See [Scoring](#scorin).

```figure
faces: [cards/fox]
colour: red
```
"""


def test_mistakes_are_told_at_their_lines_all_at_once(tmp_path):
    root = _game(tmp_path, en=BROKEN)
    with pytest.raises(ContentError) as caught:
        build("fox", root / "out", project=root)
    told = str(caught.value)
    en = "rulebook/en.md"
    assert re.search(rf"{en}:5:3: raw HTML \('<div>'\)", told), told
    assert re.search(
        rf"{en}:5:1: {{{{count:cardz}}}} names component 'cardz'.*did you mean 'cards'", told
    )
    assert re.search(rf"{en}:7:1: '```figur' names no generated block.*did you mean 'figure'", told)
    assert re.search(rf"{en}:11:1: a reference to '#scorin'.*", told)
    assert re.search(rf"{en}:15:1: the figure block has no key 'colour'", told)
    assert not (root / "out" / "fox").exists()


def test_a_face_that_is_no_piece_is_told_by_the_validator(tmp_path):
    root = _game(tmp_path, en=EN.replace("cards/owl]", "cards/owll]"))
    with pytest.raises(
        ContentError,
        match=r"en.md:15:9: the figure block shows face 'cards/owll'.*did you mean 'cards/owl'",
    ):
        build("fox", root / "out", project=root)


def test_a_rulebook_outside_the_game_folder_is_refused(tmp_path):
    root = _game(tmp_path)
    game = root / "content" / "fox" / "game.yaml"
    shutil.copy(root / "content" / "fox" / "rulebook" / "en.md", tmp_path / "outside.md")
    game.write_text(game.read_text().replace("en: rulebook/en.md", "en: ../../outside.md"))
    with pytest.raises(
        ContentError, match=r"game.yaml:\d+:\d+: rulebook file '../../outside.md' leaves"
    ):
        build("fox", root / "out", project=root)


def test_every_unknown_icon_is_told_at_its_line_at_once(tmp_path):
    """Icons are checked as the book is read, with the game's other mistakes: each unknown
    one at its line (setting the book stopped at the first), nothing written."""
    book = EN.replace("Each **fox** scores", "Each :fox: scores") + "\n- a :hen: list\n"
    root = _game(tmp_path, en=book)
    lines = book.splitlines()
    fox = next(n for n, t in enumerate(lines, 1) if ":fox:" in t)
    hen = next(n for n, t in enumerate(lines, 1) if ":hen:" in t)
    with pytest.raises(ContentError) as told:
        build("fox", root / "out", project=root)
    said = str(told.value)
    assert re.search(rf"en\.md:{fox}:\d+: unknown icon ':fox:' in the rulebook", said), said
    assert re.search(rf"en\.md:{hen}:\d+: unknown icon ':hen:' in the rulebook", said), said
    assert not (root / "out" / "fox").exists()


def test_an_unknown_icon_and_a_table_no_page_holds_are_told_at_their_lines(tmp_path):
    wide = "| " + " | ".join(f"column {n}" for n in range(40)) + " |\n"
    wide += "|" + "---|" * 40 + "\n"
    rows = "".join("| " + " | ".join("x" for _ in range(40)) + " |\n" for _ in range(3))
    tall = "| a |\n|---|\n" + "".join(f"| row {n} |\n" for n in range(120))
    book = EN.replace("Each **fox** scores", "Each :fox: scores") + "\n" + wide + rows + "\n"
    root = _game(tmp_path, en=book)
    with pytest.raises(ContentError, match=r"en.md:\d+:\d+: .*unknown icon ':fox:'"):
        build("fox", root / "out", project=root)
    (tmp_path / "2").mkdir()
    root2 = _game(tmp_path / "2", en=EN + "\n" + tall)
    line = len(EN.splitlines()) + 2
    with pytest.raises(
        ContentError, match=rf"en.md:{line}:1: the table is \d+ x \d+ mm; a page holds"
    ):
        build("fox", root2 / "out", project=root2)


def test_a_variant_that_changes_the_counts_changes_the_book(tmp_path):
    root = _game(tmp_path)
    kit = build("fox", root / "out", project=root, variant="small", lang=["en"])
    manifest = json.loads((kit / "manifest.json").read_text())
    book = next(f for f in manifest["files"] if f["path"] == "rulebook.pdf")  # one language
    assert book["counts"] == {"cards": 4, "pad": 1}  # the two foxes left out
    text = " ".join(PdfReader(kit / "rulebook.pdf").pages[1].extract_text().split())
    assert "The game has 4 Cards." in text


def test_a_variant_that_leaves_out_a_face_the_book_shows_is_told(tmp_path):
    root = _game(tmp_path)
    with pytest.raises(
        ContentError,
        match=r"en.md:\d+:\d+: the setup block shows face 'cards/hare', but component 'cards'"
        r" has no item 'hare' in variant 'harefree'",
    ):
        build("fox", root / "out", project=root, variant="harefree")


def test_the_scoring_table_is_the_pads_and_running_heads_name_the_section(kit):
    reader = PdfReader(kit / "en" / "rulebook.pdf")
    page = _heading_pages(reader, ["Scoring"])["Scoring"]
    lines = reader.pages[page - 1].extract_text().splitlines()
    after = " ".join(lines[lines.index("Scoring") :])
    assert re.search(r"Player\s+Foxes\s+Total\s+Round 1\s+Round 2", after), after
    # each page after the first: the title, the section it begins or goes on with, its number
    sections = ["Components", "Set-up", "Playing", "Scoring"]
    where = _heading_pages(reader, sections)
    for n, p in enumerate(reader.pages[1:], start=2):
        head = p.extract_text().splitlines()[-3:]
        begun = [s for s in sections if where[s] <= n]  # the last begun: latest, then in order
        current = max(begun, key=lambda s: (where[s], sections.index(s)))
        first = min((s for s in sections if where[s] == n), key=sections.index, default=current)
        assert head == ["Fox", first, str(n)], (n, head)


def test_words_are_hyphenated_by_the_books_language(tmp_path):
    words = "Die Spielerinnen legen Donaudampfschifffahrtsgesellschaftskarten aus und"
    de = DE.replace("## Spielablauf\n", f"## Spielablauf\n\n{' '.join([words] * 12)}.\n")
    root = _game(tmp_path, de=de)
    kit = build("fox", root / "out", project=root)
    reader = PdfReader(kit / "de" / "rulebook.pdf")
    lines = [line for p in reader.pages for line in p.extract_text().splitlines()]
    broken = [
        (a, b) for a, b in zip(lines, lines[1:], strict=False) if re.search(r"\w-$", a.strip())
    ]
    assert broken, lines  # justified lines break long words at a syllable, with a hyphen
    for a, b in broken:
        joined = a.strip()[:-1].split()[-1] + b.split()[0]
        assert joined.rstrip(".") in words.split(), (a, b)


def test_a_table_too_wide_for_the_page_is_told_at_its_line(tmp_path):
    cols = 10
    table = "| " + " | ".join(f"c{n}" for n in range(cols)) + " |\n" + "|---" * cols + "|\n"
    table += "| " + " | ".join(["1234567890123456789012345"] * cols) + " |\n"
    root = _game(tmp_path, en=EN + "\n" + table)
    line = len(EN.splitlines()) + 2
    with pytest.raises(
        ContentError, match=rf"en.md:{line}:1: the table's column 1 is 12 mm wide, too narrow"
    ):
        build("fox", root / "out", project=root)


def test_no_paragraph_leaves_one_line_alone_at_a_page_break(tmp_path):
    """Paragraphs of some five lines, many, so that pages break inside some: each part of a
    broken paragraph has two lines at least (no widow, no orphan)."""
    filler = "the fox and the owl take turns to play a card from the hand to the table"
    paragraphs = [f"P{n}: {filler} {filler} {filler} {filler} {filler} endP{n}." for n in range(40)]
    en = EN.replace("## Playing\n", "## Playing\n\n" + "\n\n".join(paragraphs) + "\n")
    root = _game(tmp_path, en=en)
    kit = build("fox", root / "out", project=root)
    pages = [
        p.extract_text().splitlines()[:-3] for p in PdfReader(kit / "en" / "rulebook.pdf").pages[1:]
    ]
    split = 0
    for lines, following in zip(pages, pages[1:], strict=False):
        last = max((i for i, line in enumerate(lines) if re.search(r"\bP\d+:", line)), default=None)
        if last is None or re.search(r"endP\d+\.", " ".join(lines[last:])):
            continue  # the page ends with a whole paragraph
        split += 1
        ends = next(i for i, line in enumerate(following) if "endP" in line)
        assert len(lines) - last >= 2, lines[last:]  # no orphan at the page's foot
        assert ends + 1 >= 2, following[: ends + 1]  # no widow at the next page's head
    assert split  # the test broke some paragraphs across pages


def test_an_empty_rulebook_is_told_and_a_headings_counts_are_the_kits(tmp_path):
    root = _game(tmp_path, en="")
    with pytest.raises(ContentError, match=r"en.md:1:1: the rulebook is empty"):
        build("fox", root / "out", project=root)
    (tmp_path / "2").mkdir()
    root = _game(tmp_path / "2", en=EN.replace("## Playing", "## Playing the {{name:cards}}"))
    kit = build("fox", root / "out", project=root)
    marks = [o.title for o in PdfReader(kit / "en" / "rulebook.pdf").outline]
    assert "Playing the Cards" in marks


def test_a_language_without_its_rulebook_is_said(tmp_path):
    root = _game(tmp_path)
    game = root / "content" / "fox" / "game.yaml"
    game.write_text(game.read_text().replace(", en: rulebook/en.md}", "}"))
    done = pnp("build", "fox", "--out", str(root / "out"), cwd=root)
    assert done.returncode == 0, done.stderr
    assert "the rulebook has no 'en' file: the kit in 'en' has none" in done.stderr
    assert (root / "out" / "fox" / "de" / "rulebook.pdf").is_file()
    assert not (root / "out" / "fox" / "en" / "rulebook.pdf").exists()


def test_the_book_is_printed_as_a_booklet_and_as_single_pages(kit):
    """Beside the screen book, the kit holds it for print on its paper: the booklet's
    sheets (two A5 pages a side, padded to four) in reading order once folded, and the
    pages one to a sheet; PRINT.txt says the booklet turns on the short edge."""
    manifest = json.loads((kit / "manifest.json").read_text())
    listed = {f["path"]: f for f in manifest["files"]}
    book = len(PdfReader(kit / "en" / "rulebook.pdf").pages)
    imposed = PdfReader(kit / "en" / "rulebook-booklet.pdf")
    padded = -(-book // 4) * 4
    assert len(imposed.pages) == len(listed["en/rulebook-booklet.pdf"]["pages"]) == padded // 2
    width, height = (float(v) / 72 * 25.4 for v in imposed.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (297, 210)  # A4 across
    single = PdfReader(kit / "en" / "rulebook-pages.pdf")
    assert len(single.pages) == book
    guide = (kit / "en" / "PRINT.txt").read_text()
    line = next(x for x in guide.splitlines() if x.startswith("rulebook-booklet.pdf"))
    assert "short edge" in line, line
    assert "staple" in guide.lower()
    # the screen book is to read, named with the files that print it, and has no paper line
    lines = guide.splitlines()
    at = next(n for n, x in enumerate(lines) if x.startswith("rulebook.pdf"))
    assert "on screen" in lines[at] and "-booklet.pdf" in lines[at], lines[at]
    assert lines[at + 1].startswith("rulebook-booklet.pdf"), lines[at + 1]


def test_a_book_too_thick_to_staple_is_told_and_keeps_its_pages(tmp_path, monkeypatch):
    """A book of more pages than a stapled booklet holds gets no booklet, said at its file
    (it was a traceback); the screen book and its single pages are written."""
    from bastelbogen.core import limits

    monkeypatch.setattr(limits, "MAX_BOOKLET_PAGES", 2)
    from bastelbogen.content.project import Project
    from bastelbogen.pipeline.build import BuildOptions, build_game

    root = _game(tmp_path)
    said: list = []
    kit = build_game(
        Project(root), "fox", tmp_path / "out", BuildOptions(langs=("en",)), said.append
    )
    [told] = [p for p in said if "stapled booklet" in p.message]
    assert told.loc.file.endswith("rulebook/en.md") and (told.loc.line, told.loc.col) == (1, 1)
    assert "holds at most 2" in told.message
    assert not (kit / "rulebook-booklet.pdf").exists()
    pages = len(PdfReader(kit / "rulebook.pdf").pages)
    assert pages > 2 and len(PdfReader(kit / "rulebook-pages.pdf").pages) == pages


def test_a_book_set_once_in_a_process_is_written_again_for_another_paper(tmp_path, monkeypatch):
    """Built for A4 and then for Letter in one process (the preview, a shop's two papers),
    the book is set once: the Letter kit's book is the A4 kit's, byte for byte, and its
    booklet is imposed on Letter. Another theme or variant of the book sets it anew."""
    import bastelbogen.render.rulebook.book as setting
    from bastelbogen.output import rulebook as writer

    writer.SET.clear()
    calls: list[str] = []
    real = setting.write_book

    def counting(target, book, *a, **k):
        calls.append(book.lang)
        return real(target, book, *a, **k)

    monkeypatch.setattr(setting, "write_book", counting)
    root = _game(tmp_path)
    a4 = build("fox", root / "a4", project=root)
    letter = build("fox", root / "letter", project=root, paper="letter")
    assert sorted(calls) == ["de", "en"]  # each language's book set once
    for lang in ("de", "en"):
        assert (a4 / lang / "rulebook.pdf").read_bytes() == (
            letter / lang / "rulebook.pdf"
        ).read_bytes()
        sheet = PdfReader(letter / lang / "rulebook-booklet.pdf").pages[0].mediabox
        assert (round(float(sheet.width) / 72 * 25.4), round(float(sheet.height) / 72 * 25.4)) == (
            279,
            216,
        )
    build("fox", root / "mark", project=root, **{"version-mark": "v2"})
    assert sorted(calls) == ["de", "de", "en", "en"]  # the mark is on the book's pages too
