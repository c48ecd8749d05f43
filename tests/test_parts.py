"""Small parts share sheets (parts.py, packing.py), and parts with words are printed once
per language: read back from the built kits and compared with the sheets each component
would take on its own."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest

from bastelbogen.content.project import TEMPLATES
from bastelbogen.layout.imposition import PrintSettings
from bastelbogen.layout.kit import _plan
from bastelbogen.layout.layouts import Layouts
from bastelbogen.layout.packing import GAP, pack
from bastelbogen.pipeline.build import BuildOptions, Project
from tests.conftest import ROOT, holding, manifest, printed, sides
from tests.pdfread import PT_PER_MM, read

GAMES = ["museo", "mytown", "muenchhausen", "minipilo"]
PAGE_SIZED = ("sheet", "board")  # score pads, cheat sheets and boards: pages of their own


def _overlap(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return (
        ax < bx + bw - 1e-6 and bx < ax + aw - 1e-6 and ay < by + bh - 1e-6 and by < ay + ah - 1e-6
    )


def test_the_packer_keeps_blocks_apart_and_inside():
    shapes = [[(50.0, 30.0)], [(80.0, 60.0), (60.0, 80.0)], [(190.0, 20.0)], [(40.0, 40.0)]] * 5
    room = (200.0, 280.0)
    pages = pack(shapes, room)
    assert sorted(p.block for page in pages for p in page) == list(range(len(shapes)))
    for page in pages:
        rects = [(p.x, p.y, *shapes[p.block][p.shape]) for p in page]
        for x, y, w, h in rects:
            assert 0 <= x and 0 <= y and x + w <= room[0] + 1e-6 and y + h <= room[1] + 1e-6
        for a, b in itertools.combinations(rects, 2):
            grown = (
                a[0] - GAP + 1e-3,
                a[1] - GAP + 1e-3,
                a[2] + 2 * GAP - 2e-3,
                a[3] + 2 * GAP - 2e-3,
            )
            assert not _overlap(grown, b)  # a scissor's room between any two
    area = sum(min(w * h for w, h in s) for s in shapes)
    assert len(pages) <= area / (room[0] * room[1]) + 2  # near the least paper possible


def test_the_packer_turns_a_block_that_fits_only_turned():
    pages = pack([[(250.0, 40.0), (40.0, 250.0)]], (200.0, 280.0))
    assert [(p.shape, p.x) for p in pages[0]] == [(1, 0.0)]
    with pytest.raises(ValueError):
        pack([[(250.0, 300.0)]], (200.0, 280.0))


def _sheets(kit) -> int:
    """Sheets a family prints (one language; fronts pages), without the page-sized parts."""
    m = manifest(kit)
    first = m["options"]["lang"][0]
    return sum(
        1
        for f in m["files"]
        if f["path"].endswith(".pdf") and f.get("lang", first) == first
        for page in f["pages"]
        if any(i["side"] == "front" and i["kind"] not in PAGE_SIZED for i in page["items"])
    )


def _alone(game: str, paper: str) -> tuple[int, dict]:
    """The sheets the same parts take when every component is laid on sheets of its own,
    and each component's number of items."""
    project = Project(ROOT)
    g = project.load(game)
    options = BuildOptions(settings=PrintSettings(paper=paper), langs=g.languages)
    layouts = Layouts([TEMPLATES])
    total, counts = 0, {}
    for component in g.components:
        plan = _plan(g, component, None, options, layouts)
        if component.kind not in PAGE_SIZED:
            total += sum(
                1 for page in plan.pages if any(p.side == "front" for p in page.placements)
            )
            counts[component.id] = len(plan.items)
    return total, counts


SHARING = {
    ("museo", "a4"),
    ("museo", "letter"),
    ("mytown", "letter"),
    ("muenchhausen", "letter"),
    ("minipilo", "a4"),
    ("minipilo", "letter"),
}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_small_parts_share_sheets(kits, game, paper):
    """Fewer sheets than every component alone wherever two or more small parts fit
    together, and every item printed exactly once (on its own sheets or a parts sheet).
    On A4 My Town's benches lie two to a sheet with nothing left over, and Münchhausen has one
    small part."""
    kit = kits(game, paper=paper)
    after = _sheets(kit)
    before, counts = _alone(game, paper)
    shared = [f for f in manifest(kit)["files"] if f["path"].endswith("parts.pdf")]
    assert (after < before) == bool(shared) == ((game, paper) in SHARING), (before, after)
    for component, count in counts.items():
        assert len(sides(kit, component)) == count, component


@pytest.mark.parametrize("game", GAMES)
def test_no_letter_sheet_carries_only_two_tiles_or_aids(kits, game):
    """A component's own sheet is never a leftover of two (or less than half a sheet):
    those go onto the shared sheets, unless the component is a deck kept whole."""
    kit = kits(game, paper="letter")
    whole = {c.id for c in Project(ROOT).load(game).components if c.whole}
    for f in manifest(kit)["files"]:
        if not f["path"].endswith(".pdf") or f.get("holds") or Path(f["path"]).stem in whole:
            continue
        counts = [sum(i["side"] == "front" for i in p["items"]) for p in f["pages"]]
        counts = [c for c in counts if c]
        if len(counts) > 1 and counts[0] > 2:
            assert counts[-1] > counts[0] / 2, (f["path"], counts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["museo", "minipilo"])
def test_pieces_on_shared_sheets_do_not_touch_and_keep_their_cut_marks(kits, game, paper):
    """On each parts page no two pieces' bleeds overlap, and every cut of a piece with crop
    marks has its marks, outside all pieces."""
    kit = kits(game, paper=paper)
    parts = printed(kit, "parts.pdf")
    [listed] = [f for f in manifest(kit)["files"] if kit / f["path"] == parts]
    _, pages = read(parts)
    project = Project(ROOT).load(game)
    marked = {c.id for c in project.components if c.marks}
    bleed = 3.0
    for page, info in zip(pages, listed["pages"], strict=True):
        boxes = []
        for item in info["items"]:
            x, y, w, h = item["trim_mm"]
            b = bleed if item["component"] in marked else 0.0
            boxes.append((x - b, y - b, w + 2 * b, h + 2 * b, item))
        for a, b in itertools.combinations(boxes, 2):
            if a[4]["component"] != b[4]["component"]:
                assert not _overlap(a[:4], b[:4]), (a[4]["id"], b[4]["id"])
        marks = [ln for ln in page.lines if not ln.in_form and not ln.dashed]
        for *_, item in boxes:
            if item["component"] not in marked:
                continue
            x, y, w, h = item["trim_mm"]
            for edge in (x, x + w):
                assert any(
                    abs(ln.x1 / PT_PER_MM - edge) < 0.01 and ln.x1 == ln.x2 for ln in marks
                ), (item["id"], edge)
            for edge in (y, y + h):
                assert any(
                    abs(ln.y1 / PT_PER_MM - edge) < 0.01 and ln.y1 == ln.y2 for ln in marks
                ), (item["id"], edge)
        for ln in marks:  # a mark never crosses a piece
            for bx, by, bw, bh, _ in boxes:
                mid = ((ln.x1 + ln.x2) / 2 / PT_PER_MM, (ln.y1 + ln.y2) / 2 / PT_PER_MM)
                assert not (bx < mid[0] < bx + bw and by < mid[1] < by + bh)


def test_folded_backs_stay_on_their_own_sheets(kits):
    """With --duplex fold a two-sided part's back is on its own page, folded over: such
    parts do not share; one-sided ones still do."""
    kit = kits("minipilo", duplex="fold")
    parts = [f for f in manifest(kit)["files"] if kit / f["path"] == printed(kit, "parts.pdf")]
    assert parts and set(parts[0]["holds"]) == {"figures", "die"}
    assert all(i["side"] == "front" for p in parts[0]["pages"] for i in p["items"])


def test_parts_with_words_are_printed_once_per_language(kits):
    """A build in German and English prints the cards that carry words twice, each in its
    language's folder (de/, en/); cards without words once, at the kit's top."""
    from pypdf import PdfReader

    kit = kits("minipilo")
    names = {f["path"] for f in manifest(kit)["files"]}
    # MiniPilo's parts (pawns, die) carry no words; Museo's (event cards …) do.
    assert {"de/a-cards.pdf", "en/a-cards.pdf", "parts.pdf"} <= names
    assert {"de/parts.pdf", "en/parts.pdf"} <= {f["path"] for f in manifest(kits("museo"))["files"]}
    assert not {"a-cards.pdf", "a-cards-en.pdf", "parts-en.pdf", "de/parts.pdf"} & names
    de = PdfReader(str(kit / "de" / "a-cards.pdf")).pages[0].extract_text()
    en = PdfReader(str(kit / "en" / "a-cards.pdf")).pages[0].extract_text()
    assert "Aktion" in de and "Aktion" not in en and "Action" in en
    assert [f["lang"] for f in holding(kit, "a-cards", "en")] == ["en"]  # a deck kept whole
    muench = manifest(kits("muenchhausen"))
    assert {f["path"] for f in muench["files"]} >= {"number-cards.pdf", "en/player-aids.pdf"}
    assert not any(f["path"].endswith("/number-cards.pdf") for f in muench["files"])
    guide = (kit / "PRINT.txt").read_text()
    assert "print one language's folder" in guide and "holds: " in guide


def test_one_language_one_file(kits):
    kit = kits("minipilo", langs=("de",))
    names = {f["path"] for f in manifest(kit)["files"]}
    assert "a-cards.pdf" in names and not any("-en" in n for n in names)
    assert "language" not in (kit / "PRINT.txt").read_text()


def test_a_shared_sheet_is_made_only_when_it_saves_a_sheet():
    """Münchhausen on A4: the Baron is the only small part, so he keeps his sheet."""
    project = Project(ROOT)
    game = project.load("muenchhausen")
    options = replace(BuildOptions(), langs=game.languages)
    from bastelbogen.checks.preflight import Preflight
    from bastelbogen.layout.kit import lay_out

    names = [laid.name for laid in lay_out(game, None, options, Layouts([TEMPLATES]), Preflight())]
    assert "baron" in names and "parts" not in names


@pytest.mark.parametrize("game", GAMES)
def test_cheat_sheets_set_what_players_look_up_under_the_columns(kits, game):
    """Every cheat sheet carries its look-up panels (scoring table, turn cycle or symbols)
    in each language: every heading, every row or symbol name and the start of every step
    of a cycle (Münchhausen's band holds only its round's cycle) is on the page."""
    import pypdfium2 as pdfium
    import yaml

    rules = yaml.safe_load((ROOT / "content" / game / "rules.yaml").read_text())
    for lang in ("de", "en"):
        pdf = pdfium.PdfDocument(str(kits(game) / lang / "rules.pdf"))
        page = pdf[0]
        text = page.get_textpage()
        panels = rules[lang]["lookup"]
        assert panels
        for panel in panels:
            heading = panel["heading"].replace("{{ terms.building }}", "")
            found = text.search(heading, match_case=True)
            assert found.get_next() is not None, (lang, heading)
            for cell in [row[0] for row in panel.get("table", [])[1:]] + [
                s["name"] for s in panel.get("symbols", [])
            ]:
                if "{{" not in str(cell):
                    assert text.search(str(cell)).get_next() is not None, (lang, cell)
            for step in panel.get("cycle", []):  # a step's box may break it after its start
                start = " ".join(str(step).split()[:2])
                assert text.search(start, match_case=True).get_next() is not None, (lang, step)


def test_the_packer_grows_linearly():
    """Blocks are tried against a bounded window of open pages: packing four times as many
    blocks looks at (about) four times as many shelves, never sixteen."""
    import bastelbogen.layout.packing as packing

    calls = {"n": 0}
    real = packing._into_shelf

    def counted(page, i, shapes):
        calls["n"] += 1
        return real(page, i, shapes)

    packing._into_shelf = counted
    try:
        work = []
        for n in (500, 2000):
            calls["n"] = 0
            pages = pack([[(150.0, 200.0)]] * n, (200.0, 280.0))
            assert len(pages) == n  # one such block a page
            work.append(calls["n"])
    finally:
        packing._into_shelf = real
    assert work[1] < 4.5 * work[0]
