"""The Squib-shaped example (examples/content/squib-tutorial): a deck kept as Squib's
tutorial keeps it, with no id column (`key: name`), a `qty` column and a picture per row,
built as `make` builds the examples and read back against its table."""

from __future__ import annotations

import csv
import json

import pytest

from tests.conftest import ROOT, pnp

EXAMPLE = ROOT / "examples" / "content" / "squib-tutorial"
PT_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = pnp(
        *("--root", str(ROOT / "examples"), "build", "squib-tutorial", "--out", str(out)),
        *("--export", "png", "--dpi", "72"),
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    return out / "squib-tutorial"


def _deck() -> list[dict]:
    with (EXAMPLE / "deck.csv").open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _fronts(kit) -> list[tuple[int, dict]]:
    """(page number, item) of every card front the manifest places, in order."""
    m = json.loads((kit / "manifest.json").read_text())
    return [
        (p["number"], i)
        for f in m["files"]
        if f["path"] == "cards.pdf"
        for p in f["pages"]
        for i in p["items"]
        if i["side"] == "front"
    ]


def test_the_table_is_as_squib_keeps_it():
    """What the example stands for: no id column, a name, a count, a picture per row."""
    deck = _deck()
    assert "id" not in deck[0] and {"name", "atk", "def", "art", "qty"} <= set(deck[0])
    game = (EXAMPLE / "game.yaml").read_text()
    assert "key: name" in game and "count: qty" in game
    assert all((EXAMPLE / row["art"]).is_file() for row in deck)


def test_the_deck_holds_qty_cards_of_each_row(kit):
    """sum(qty) card fronts, each row's name as its id as often as its qty says."""
    deck = _deck()
    ids = [item["id"] for _, item in _fronts(kit)]
    assert len(ids) == sum(int(row["qty"]) for row in deck) == 10
    assert ids == [row["name"] for row in deck for _ in range(int(row["qty"]))]


def test_the_exported_pictures_are_named_by_the_key(kit):
    """A picture per distinct face, each file named by the row's name (its key); the one
    back every card shares is named after the first card, as every shared face is."""
    names = sorted(p.name for p in (kit / "export" / "png" / "cards").glob("*.png"))
    deck = _deck()
    fronts = [f"{row['name']}-front.png" for row in deck]
    assert names == sorted([*fronts, f"{deck[0]['name']}-back.png"])


def test_each_card_shows_its_name_values_and_traits(kit):
    """The text inside each placed card's trim: its own name, attack and defence, and the
    labels of its traits (a list of refs read as rows), and no other card's name."""
    import pypdfium2 as pdfium

    deck = {row["name"]: row for row in _deck()}
    with (EXAMPLE / "traits.csv").open(newline="", encoding="utf-8") as f:
        traits = {row["id"]: row["label"] for row in csv.DictReader(f)}
    pdf = pdfium.PdfDocument(str(kit / "cards.pdf"))
    for number, item in _fronts(kit):
        x, y, w, h = (v * PT_PER_MM for v in item["trim_mm"])
        text = pdf[number - 1].get_textpage().get_text_bounded(x, y, x + w, y + h)
        row = deck[item["id"]]
        words = text.split()
        assert row["name"] in words, (item["id"], text)
        assert [n for n in deck if n in words] == [row["name"]], text
        assert {"ATK", "DEF", row["atk"], row["def"]} <= set(words), text
        labels = [traits[t] for t in row["traits"].split(";")]
        assert " · ".join(labels) in " ".join(words), text


def test_make_builds_it():
    """`make` builds every game under examples/, this one too."""
    assert "pnp --root examples build --out out" in (ROOT / "Makefile").read_text()
    assert (EXAMPLE / "game.yaml").is_file()


def test_its_rulebook_counts_the_deck_and_shows_its_cards(kit):
    """The example's rulebook (rulebook/en.md, the tutorial's step 6), read back: the
    deck's sum(qty) in its prose and component list, as the manifest counts the book's
    pieces; its icons drawn, its figure the cards it names, its sections bookmarked."""
    from pypdf import PdfReader

    copies = sum(int(row["qty"]) for row in _deck())
    assert copies == len(_fronts(kit))
    files = json.loads((kit / "manifest.json").read_text())["files"]
    book = next(f for f in files if f["path"] == "rulebook.pdf")
    assert book["counts"] == {"cards": copies}
    reader = PdfReader(kit / "rulebook.pdf")
    marks = [o.title for o in reader.outline]
    assert marks == ["Goal", "Components", "Setting up", "A turn", "End of the game"]
    pages = [" ".join(p.extract_text().split()) for p in reader.pages[1:]]
    text = " ".join(pages)
    assert f"{copies} Cards, each with its attack" in text
    assert f"Shuffle all {copies} Cards" in text and f"Cards {copies}" in text
    assert ":attack:" not in text and ":defence:" not in text
    figure = next(p for p in pages if "A Warden, a Scout and a Rogue." in p)
    assert all(name in figure for name in ("Warden", "Scout", "Rogue"))
