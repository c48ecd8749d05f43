"""The MiniPilo kit: four decks, a hexagonal board over sheets, a star for every eye."""

from __future__ import annotations

import pytest
import yaml

from bastelbogen.games.minipilo.board import SHAPES
from bastelbogen.layout.imposition import PAPERS
from tests.conftest import (
    ROOT,
    board_sheets_line_up,
    manifest,
    printed,
    sides,
    validate_fails,
)
from tests.pdfread import PT_PER_MM, trim_of

DECKS = {
    "p-cards": (30, (44.0, 63.0)),
    "l-cards": (36, (44.0, 63.0)),
    "a-cards": (20, (63.0, 88.0)),
    "projects": (5, (110.0, 160.0)),
}


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_decks_at_their_sizes_with_backs_behind(kits, paper):
    """Every card of every deck, on its own sheets or the shared parts sheets, at its size
    with its back mirrored behind it."""
    kit = kits("minipilo", paper=paper)
    pw = PAPERS[paper][0] / PT_PER_MM
    for name, (count, size) in DECKS.items():
        placed = sides(kit, name)
        for front, back, *_ in placed:
            x, y, w, h = trim_of(front, 3 * PT_PER_MM)
            assert sorted((w, h)) == pytest.approx(sorted(size), abs=0.01)
            bx, by, _, _ = trim_of(back, 3 * PT_PER_MM)
            assert (bx, by) == pytest.approx((pw - x - w, y), abs=0.01)
        # One back for the deck; a project's back is the project opened, its own.
        backs = {(path, back.name) for _, back, path, *_ in placed}
        assert len(backs) == (
            count if name == "projects" else len({path for _, _, path, *_ in placed})
        ), name
        assert len(placed) == count, name


# Each deck's size, and the line every face of it prints in each language (GAMES.md: each
# kind of card whole in its own file).
FACES = {
    "p-cards": (30, {"de": "Eigenschaft", "en": "Quality"}),
    "l-cards": (36, {"de": "Glück und", "en": "Joy of life"}),
    "a-cards": (20, {"de": "Aktion – ich brauche Hilfe!", "en": "Action – I need help!"}),
    "projects": (5, {"de": "Weltkreis-Projekt", "en": "World circle project"}),
}


def _lines(pdf) -> list[str]:
    from pypdf import PdfReader

    return [
        ln.strip() for page in PdfReader(str(pdf)).pages for ln in page.extract_text().split("\n")
    ]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_each_deck_is_whole_in_its_own_file(kits, paper):
    """Read from the printed PDFs: every face of a deck is in its own file (all 30 P cards,
    six of each quality, in p-cards.pdf) and none in any other file, parts.pdf included."""
    kit = kits("minipilo", paper=paper)
    # the files that hold pieces: the rulebook shows a card of each deck, holding none
    files = [
        f["path"]
        for f in manifest(kit)["files"]
        if f["path"].endswith(".pdf") and any(page["items"] for page in f["pages"])
    ]
    assert "parts.pdf" in files  # the pawns and the die still share a sheet
    for lang in ("de", "en"):
        texts = {path: _lines(kit / path) for path in files if path.split("/")[0] in (lang, path)}
        for deck, (count, line) in FACES.items():
            found = {path: lines.count(line[lang]) for path, lines in texts.items()}
            assert found.pop(f"{lang}/{deck}.pdf") == count, (deck, lang)
            assert set(found.values()) == {0}, (deck, lang, found)
        p_cards = texts[f"{lang}/p-cards.pdf"]
        names = ["Wissen", "Humor", "Geduld", "Bewusstsein", "Fantasie"]
        if lang == "de":
            assert [p_cards.count(n) for n in names] == [6] * 5


def test_a_split_deck_breaks_the_proof(monkeypatch):
    """Laid out as if no deck were kept whole, the last P cards, A cards and a project go to
    the parts sheets: the proof stops that build, naming the invariant and the file."""
    from dataclasses import replace

    from bastelbogen.core.errors import ProofError
    from bastelbogen.layout import kit as laying
    from bastelbogen.layout.proof import prove
    from tests.test_proof import _laid_out

    real = laying._shareable

    def splitting(plan, settings):
        return real(replace(plan, component=replace(plan.component, whole=False)), settings)

    prove(_laid_out(ROOT, "minipilo"))
    monkeypatch.setattr(laying, "_shareable", splitting)
    with pytest.raises(ProofError) as caught:
        prove(_laid_out(ROOT, "minipilo"))
    assert (caught.value.invariant, caught.value.file) == ("whole", "de/parts.pdf")
    assert "kept whole in its own file" in str(caught.value)


def test_star_colours_stay_apart_for_every_colour_vision():
    """The printed star colours, as people with normal vision, deuteranopia, protanopia and
    tritanopia see them (colorspacious, full severity): every pair at least 20 apart in
    CAM02-UCS ΔE (10 tells colours apart side by side), and each a shape of its own."""
    import itertools

    from bastelbogen.checks.colours import distances

    rows = yaml.safe_load((ROOT / "content/minipilo/star.yaml").read_text())
    inks = {r["colour"]: r["ink"] for r in rows}
    assert set(inks) == {"red", "green", "yellow"}
    found = distances(list(inks.values()))
    least = {
        vision: min(d[i][j] for i, j in itertools.combinations(range(3), 2))
        for vision, d in found.items()
    }
    assert set(least) == {"normal vision", "deuteranopia", "protanopia", "tritanopia"}
    assert min(least.values()) >= 20, least
    assert len({SHAPES[c] for c in inks}) == 3


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_board_sheets_line_up(kits, paper):
    assert board_sheets_line_up(kits("minipilo", paper=paper), (520, 510), paper) >= 2


BAD = {
    "a_card_with_one_symbol": (
        "content/minipilo/problems.csv",
        "a01,wissen;humor,",
        "a01,wissen,",
        r"^content/minipilo/problems\.csv:2:2: table 'problems': 'a01' has 1 value in"
        r" symbols; it needs 2 to 3",
    ),
    "a_card_with_unknown_symbol": (
        "content/minipilo/problems.csv",
        "a01,wissen;humor,",
        "a01,wissen;mut,",
        r"^content/minipilo/problems\.csv:2:2: 'mut' in column symbols is not an id of table"
        r" 'symbols'",
    ),
    "a_card_without_english": (  # told at the empty cell of the text.en column
        "content/minipilo/problems.csv",
        "langweilig.,I am terribly bored.",
        "langweilig.,",
        r"^content/minipilo/problems\.csv:4:4: table 'problems': 'a03' has no text in en",
    ),
    "project_with_three": (
        "content/minipilo/projects.yaml",
        "{id: w1, scene: garden, symbols: [wissen, humor, geduld, bewusstsein]",
        "{id: w1, scene: garden, symbols: [wissen, humor, geduld]",
        r"^content/minipilo/projects\.yaml:\d+:\d+: table 'projects': 'w1' has 3 values in"
        r" symbols; it needs 4",
    ),
    "star_colour_printed_in_two_inks": (
        "content/minipilo/star.yaml",
        '{id: s04, colour: red, ink: "#d55e00"}',
        '{id: s04, colour: red, ink: "#e69f00"}',
        r"^content/minipilo/star\.yaml:\d+:\d+: star field 's04' prints red as #e69f00, but"
        r" 's01' as #d55e00",
    ),
    "project_with_an_unknown_scene": (
        "content/minipilo/projects.yaml",
        "scene: circus",
        "scene: zoo",
        r"item 'w2' \(back\): 'scene' of box 'scene' must be one of garden, circus, bridge,"
        r" observatory, festival, got 'zoo'",
    ),
    "symbol_in_the_wrong_deck": (
        "content/minipilo/game.yaml",
        "{symbol: humor, deck: P, count: 6}",
        "{symbol: liebe, deck: P, count: 6}",
        r"^content/minipilo/game\.yaml:\d+:\d+: 'liebe' is an L symbol, but this entry puts it"
        r" in deck P",
    ),
    "name_without_english": (
        "content/minipilo/symbols.yaml",
        "name: {de: Humor, en: Humour}",
        "name: {de: Humor}",
        r"^content/minipilo/symbols\.yaml:\d+:\d+: table 'symbols': 'humor' has no name in en",
    ),
    "track_missing_a_field": (
        "content/minipilo/track.yaml",
        '- {id: "7"}\n',
        "",
        r"^content/minipilo/game\.yaml:\d+:\d+: table 'track' lacks id '7'; it must run start,"
        r" 1, 2",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_validate_names_what_is_wrong(project_copy, case):
    validate_fails(project_copy, "minipilo", BAD[case])


def test_the_goal_is_the_twelfth_field(kits):
    """The seed's runner reaches the goal in 12 steps (24 Tuppis): Start, then 1-12, and
    field 12 is the goal; no thirteenth field."""
    from pypdf import PdfReader

    from bastelbogen.pipeline.build import Project
    from tests.conftest import ROOT

    track = Project(ROOT).load("minipilo").tables["track"].rows
    assert [str(r["id"]) for r in track] == ["start", *map(str, range(1, 13))]
    kit = kits("minipilo")
    sheets = " ".join(p.extract_text() for p in PdfReader(str(printed(kit, "board.pdf"))).pages)
    assert "Ziel 12" in " ".join(sheets.split()) and "13" not in sheets.split()
    rules = " ".join(PdfReader(str(printed(kit, "rules.pdf"))).pages[0].extract_text().split())
    assert "das Ziel erreicht – das Feld 12, also 12 Schritte" in rules


def test_advisers_hand_over_a_p_or_l_card(kits):
    """The seed: the one in need gets 'die passende (P)- oder (L)-Karte vom Ratgeber'."""
    from pypdf import PdfReader

    kit = kits("minipilo")
    card = " ".join(PdfReader(str(printed(kit, "a-cards.pdf"))).pages[0].extract_text().split())
    rules = " ".join(PdfReader(str(printed(kit, "rules.pdf"))).pages[0].extract_text().split())
    assert card.count("passende P- oder L-Karte") >= 8
    assert "bekommst vom Ratgeber die passende P- oder L-Karte" in rules


def test_runners_differ_by_more_than_colour(kits):
    """Seen without colour, every runner still differs: its sign (dark on its belly) is a
    different shape on each."""
    from tests.conftest import holding
    from tests.render import Rendered

    kit = kits("minipilo", duplex="none")
    listed = holding(kit, "figures")[0]
    page = next(
        n
        for n, p in enumerate(listed["pages"])
        if any(i["component"] == "figures" for i in p["items"])
    )
    img = Rendered(kit / listed["path"], page, 300)
    masks = {}
    for item in listed["pages"][page]["items"]:
        if not item["id"].startswith("runner"):
            continue
        x, y, w, _h = item["trim_mm"]
        # The front figure sits above the foot tab (12 mm); its belly is near its middle.
        points = [
            (x + w * i / 20, y + 12 + 28 * (0.12 + 0.3 * j / 20))
            for i in range(4, 17)
            for j in range(21)
        ]
        masks[item["id"]] = frozenset(
            n
            for n, (px, py) in enumerate(points)
            if max(img.at_pt(px * 72 / 25.4, py * 72 / 25.4)) < 70
        )
    assert len(masks) == 6 and all(len(m) > 15 for m in masks.values())
    ids = sorted(masks)
    for a in range(len(ids)):
        for b in range(a + 1, len(ids)):
            ma, mb = masks[ids[a]], masks[ids[b]]
            assert len(ma & mb) / len(ma | mb) < 0.8, (ids[a], ids[b])


def test_runner_signs_read_across_the_table(kits):
    """Each runner's sign, black on its white badge, spans at least 6.5 mm both ways (at
    2 m that is over 11 arc minutes: legible as a letter twice its size), read from the
    printed figure: its dark pixels inside the badge, its ring left out."""
    from tests.conftest import holding
    from tests.render import Rendered

    kit = kits("minipilo", duplex="none")
    listed = holding(kit, "figures")[0]
    page = next(
        n
        for n, p in enumerate(listed["pages"])
        if any(i["component"] == "figures" for i in p["items"])
    )
    img = Rendered(kit / listed["path"], page, 200)
    runners = [i for i in listed["pages"][page]["items"] if i["id"].startswith("runner")]
    assert len(runners) == 6
    for item in runners:
        x, y, w, _h = item["trim_mm"]
        cx, cy = x + w / 2, y + 12 + 28 * 0.31  # the badge's middle, above the 12 mm foot
        dark = [
            (dx / 10, dy / 10)
            for dx in range(-50, 51)
            for dy in range(-50, 51)
            if dx * dx + dy * dy <= 2500
            and max(img.at_pt((cx + dx / 10) * 72 / 25.4, (cy + dy / 10) * 72 / 25.4)) < 70
        ]
        xs, ys = [p[0] for p in dark], [p[1] for p in dark]
        assert min(max(xs) - min(xs), max(ys) - min(ys)) >= 6.5, item["id"]


def test_p_and_l_cards_differ_by_shape_not_only_colour(kits):
    """Wissen (P) and Kommunikation (L) share a colour: their deck badges differ in shape
    (round for P, square for L) and colour, in two opposite corners."""
    from tests.pdfread import read
    from tests.render import Rendered, close

    kit = kits("minipilo", duplex="none")
    seen = {}
    for deck, name, colour in (("P", "p-cards.pdf", "#0072b2"), ("L", "l-cards.pdf", "#c0392b")):
        _, pages = read(printed(kit, name))
        img = Rendered(printed(kit, name), 0, 200)
        for placed in pages[0].placed:
            m = placed.matrix
            centre = img.at_local(m, 5.0, 63 - 8.25)  # inside the badge, beside its letter
            corner = img.at_local(m, 4.5, 63 - 4.5)
            corner2 = img.at_local(m, 44 - 4.5, 4.5)
            assert close(centre, colour), (deck, centre)
            assert close(corner, colour) == (deck == "L") == close(corner2, colour), deck
            seen[deck] = True
    assert seen == {"P": True, "L": True}


def test_project_mats_hold_the_cards_laid_on_them(kits):
    """A project is a mat: four slots of at least 46 x 65 mm, each holding a 44 x 63 mm P
    card, two mats to an A4 sheet."""
    from bastelbogen.content.project import TEMPLATES
    from bastelbogen.core.errors import Loc
    from bastelbogen.layout.layouts import Layouts
    from bastelbogen.pipeline.build import Project
    from tests.conftest import ROOT, manifest

    mat = Project(ROOT).load("minipilo").component("projects")
    assert [round(v / PT_PER_MM) for v in mat.size] == [110, 160]
    slots = [
        b
        for b in Layouts([TEMPLATES]).get("minipilo/project", Loc("x")).boxes
        if b.name.startswith("slot-")
    ]
    assert len(slots) == 4 and all(b.box[2] >= 46 and b.box[3] >= 65 for b in slots)
    for a in range(4):  # and they do not overlap
        for b in range(a + 1, 4):
            (x1, y1, w1, h1), (x2, y2, w2, h2) = slots[a].box, slots[b].box
            assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1
    listed = next(f for f in manifest(kits("minipilo"))["files"] if f["path"] == "de/projects.pdf")
    fronts = [p for p in listed["pages"] if p["items"][0]["side"] == "front"]
    assert [len(p["items"]) for p in fronts] == [2, 2, 1]  # the deck whole in its own file


def test_each_opened_project_shows_its_own_scene(kits):
    """Rendered from projects.pdf: the opened side (the back) of each project shows a
    drawing of what opened, between its title banner and its qualities: many colours, and
    on each two projects' backs most of that picture differs."""
    import itertools

    from tests.render import Rendered

    kit = kits("minipilo")
    seen = {}
    for _, back, path, n, item in sides(kit, "projects"):
        img = Rendered(kit / path, n + 1, 60)
        seen[item["id"]] = [
            img.at_local(back.matrix, x, y) for x in range(8, 103, 6) for y in range(38, 123, 6)
        ]
    assert len(seen) == 5
    for pixels in seen.values():  # a drawing, not a plain ground with a title on it
        assert len({tuple(v // 32 for v in rgb) for rgb in pixels}) >= 6
    for a, b in itertools.combinations(sorted(seen), 2):
        apart = [
            sum(abs(p - q) for p, q in zip(x, y, strict=True)) > 90
            for x, y in zip(seen[a], seen[b], strict=True)
        ]
        assert sum(apart) / len(apart) > 0.4, (a, b)


def test_the_die_is_a_die_net_cut_along_its_outline(kits):
    """MiniPilo's die is Museo's: a net of six 20 mm faces and seven glue tabs, cut along
    one outline (the manifest's), in whichever file holds it."""
    import math

    from tests.conftest import holding

    kit = kits("minipilo")
    [f] = holding(kit, "die")
    [die] = [i for p in f["pages"] for i in p["items"] if i["component"] == "die"]
    loop = die["outline_mm"][0]
    area = (
        abs(
            sum(
                x1 * y2 - x2 * y1
                for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1], strict=True)
            )
        )
        / 2
    )
    assert die["kind"] == "die" and area == pytest.approx(6 * 400 + 7 * 0.82 * 0.28 * 400, abs=0.05)
    xs, ys = zip(*loop, strict=True)
    assert sorted((round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2))) == [60, 85.6]
    assert math.isclose(die["trim_mm"][2] * die["trim_mm"][3], 60 * 85.6, abs_tol=0.01)


def _sheet(kit) -> dict[str, str]:
    """The cheat sheet's text per language, read back from rules.pdf (one page each)."""
    from pypdf import PdfReader

    pages = [PdfReader(str(kit / lang / "rules.pdf")).pages for lang in ("de", "en")]
    assert [len(p) for p in pages] == [1, 1]  # one page in each language's folder
    pages = [p[0] for p in pages]
    return {
        lang: " ".join(p.extract_text().split())
        for lang, p in zip(("de", "en"), pages, strict=True)
    }


# What the sheet must say in both languages: where the seed is silent, the rule, and the
# other reading as a named variant (issues 26 and 47).
COMPLETE = {
    "which card matches": (
        "Passend ist die P-Karte mit dem Symbol oder statt ihrer eine beliebige L-Karte des"
        " Ratgebers; er wählt",
        "Matching is the P card with that symbol or, instead of it, any L card of the"
        " adviser's; the adviser chooses",
    ),
    "the other matching is a named variant": (
        "Variante: Du wählst, welche der beiden du bekommst",
        "Variant: you choose which of the two you get",
    ),
    "a red field with no helper": (
        "Hat niemand eine passende Karte, wechselt keine Karte die Hand und kein Läufer zieht."
        " Danach kommt die A-Karte offen auf die Ablage.",
        "If nobody holds a matching card, no card changes hands and no runner moves. Then the"
        " A card goes face up on the discard pile.",
    ),
    "a refused offer sends the others back": (
        "alle anderen gehen einen Schritt zurück (nicht hinter Start)",
        "everyone else steps back once (never behind Start)",
    ),
    "how the cards split among the bonuses": (
        "Jede Karte zählt für höchstens einen Zusatz; du teilst deine Karten so auf die Sätze"
        " auf, dass es die meisten Zusatztuppis gibt. Variante: Jeder Zusatz zählt höchstens"
        " einmal.",
        "Each card counts for at most one bonus; you split your cards among the sets so that"
        " they score the most bonus Tuppis. Variant: each bonus counts at most once.",
    ),
    "who wins first prize": (
        "Wer die meisten Tuppis hat, bekommt den ersten Preis, bei Gleichstand jeder von ihnen",
        "Whoever has the most Tuppis wins first prize, in a tie each of them",
    ),
    "the L and A piles lie face down": (
        "L-Karten und A-Karten als Stapel verdeckt neben den Plan",
        "L cards and A cards in piles face down beside the board",
    ),
    "each bonus counts per set": (
        "jeder Zusatz je Satz, so oft er sich bilden lässt",
        "each bonus per set, as often as you can form one",
    ),
    "the worked example": (
        "Zusammen 24 + 11 + 1 + 2 = 38 Tuppis",
        "In all 24 + 11 + 1 + 2 = 38 Tuppis",
    ),
}


@pytest.mark.parametrize("point", sorted(COMPLETE))
def test_the_sheet_is_complete_in_both_languages(kits, point):
    text = _sheet(kits("minipilo"))
    de, en = COMPLETE[point]
    assert de in text["de"]
    assert en in text["en"]


def test_the_sheets_state_rules_not_remarks_about_the_kit(kits):
    """The cheat sheet and the score sheet say rules: no word about 'the kit' or what it
    decides, and the score sheet says how cards split among the bonuses too."""
    import re

    from pypdf import PdfReader

    kit = kits("minipilo")
    split = {
        "de": "Jede Karte zählt für höchstens einen Zusatz: teilt die Karten so auf die Sätze"
        " auf, dass es die meisten Zusatztuppis gibt.",
        "en": "Each card counts for at most one bonus: split the cards among the sets so that"
        " they score the most bonus Tuppis.",
    }
    for lang, text in _sheet(kit).items():
        pdf = PdfReader(str(kit / lang / "score-sheet.pdf"))
        score = " ".join(pdf.pages[0].extract_text().split())
        assert split[lang] in score, lang
        for said in (text, score):
            assert not re.search(r"\bkit\b", said, re.IGNORECASE), lang


def test_the_cheat_sheet_uses_its_page_in_type_one_can_read(kits):
    """Rendered: less than a sixth of the page is left blank below the last ink, and no
    letter of the sheet (its look-up band included) is set under 7 pt."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    kit = kits("minipilo")
    for lang in ("de", "en"):
        pdf = pdfium.PdfDocument(str(kit / lang / "rules.pdf"))
        page = pdf[0]
        image = page.render(scale=40 / 72).to_pil().convert("L")
        ink = image.point(lambda v: 255 if v < 200 else 0).getbbox()
        assert ink is not None and image.height - ink[3] < image.height / 6, lang
        text = page.get_textpage()
        sizes = [
            raw.FPDFText_GetFontSize(text, i)
            for i in range(text.count_chars())
            if text.get_text_range(i, 1).strip()
        ]
        assert len(sizes) > 1000 and min(sizes) >= 7, lang
        pdf.close()


def test_the_worked_example_adds_up_as_the_sheet_counts(kits):
    """The example's parts, read off the sheet, are the sheet's own rates: 12 steps at 2,
    11 cards at 1, one +1 set and one +2 set, and they add up to the total it prints."""
    import re

    for lang, text in _sheet(kits("minipilo")).items():
        parts = re.search(r"(\d+) \+ (\d+) \+ (\d+) \+ (\d+) = (\d+) Tuppis", text)
        assert parts, lang
        steps, cards, one, two, total = map(int, parts.groups())
        assert (steps, cards, one, two) == (12 * 2, 11, 1, 2)
        assert steps + cards + one + two == total
        assert re.search(r"12 (Schritte|steps) = 24 Tuppis", text), lang
