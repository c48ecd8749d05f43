"""A kit proves itself before it is published (layout/proof.py): the print guide and the
sheets agree about sides, every piece is printable, text keeps its safe outline and every
item is placed once; a broken plan stops the build as a bug, out/ untouched."""

from __future__ import annotations

import hashlib
import itertools
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from bastelbogen.content.project import Project
from bastelbogen.core.errors import ContentError, ProofError
from bastelbogen.core.geometry import apply, bounds, compose, grow, translate
from bastelbogen.core.units import mm
from bastelbogen.layout import registration
from bastelbogen.layout.faces import Art
from bastelbogen.layout.imposition import Page, PrintSettings
from bastelbogen.layout.kit import paint_file, plan_files
from bastelbogen.layout.layouts import Layouts
from bastelbogen.layout.proof import INVARIANTS, Kit, prove
from bastelbogen.pipeline import assemble
from bastelbogen.pipeline.build import BuildOptions, build_game, settled
from tests.conftest import ROOT, holding, manifest
from tests.pdfread import PT_PER_MM, read

EXAMPLES = ROOT / "examples"
KITS = [(ROOT, game) for game in ("minipilo", "muenchhausen", "museo", "mytown")] + [
    (EXAMPLES, game)
    for game in ("bienenstock", "counters", "hextokens", "rollwrite", "vogelquartett")
]


def _laid_out(root: Path, game_id: str, **settings) -> Kit:
    """A kit laid out in process as a build lays it out, nothing written."""
    project = Project(root)
    game = project.load(game_id)
    options, variant, _ = settled(game, BuildOptions(settings=PrintSettings(**settings)))
    layouts = Layouts(project.templates)
    files = [
        laid
        for plan in plan_files(game, variant, options, layouts)
        for laid in paint_file(game, plan, layouts, options, None)
    ]
    return Kit(game, files, options.settings, options.langs, variant)


def _double_sided(kit: Path) -> set[str]:
    """The files PRINT.txt tells to print double-sided."""
    return {
        line.split()[0]
        for line in (kit / "PRINT.txt").read_text().splitlines()
        if "double-sided" in line
    }


def test_my_town_on_letter_keeps_its_four_benches(kits):
    """Printed as PRINT.txt says, each language's files give four benches, each on a
    sheet's front with no print behind it, and every tile's back lands behind its front:
    the shared parts sheets give a one-sided sheet a blank back (they ran front, back,
    front, front, front, and bench 3 printed on the back of bench 2)."""
    kit = kits("mytown", paper="letter")
    double = _double_sided(kit)
    files = manifest(kit)["files"]
    parts = [f for f in files if f.get("holds")]
    assert {f["path"] for f in parts} == {"de/parts.pdf", "en/parts.pdf"} <= double
    width = 215.9 * PT_PER_MM
    for lang in ("de", "en"):
        benches = 0
        for f in files:
            if f.get("lang", lang) != lang or (
                f["path"] not in double and f not in holding(kit, "benches", lang)
            ):
                continue
            if not any(page["items"] for page in f["pages"]):
                continue  # the rulebook's booklet: double-sided, but it holds no pieces
            _, pages = read(kit / f["path"])
            sides = [[i["side"] for i in page["items"]] for page in f["pages"]]
            for n, (page, info) in enumerate(zip(pages, f["pages"], strict=True)):
                assert len(page.placed) == len(info["items"])  # the PDF draws what is listed
                benches += sum(i["component"] == "benches" for i in info["items"])
                if f["path"] not in double:
                    continue
                assert set(sides[n]) <= ({"back"} if n % 2 else {"front"}), (f["path"], n)
                for placed, item in zip(page.placed, info["items"], strict=True):
                    if item["component"] == "benches" and n + 1 < len(pages):
                        x, y, w, h = _inked(placed)  # nothing printed behind a bench
                        behind = (width - x - w, y, w, h)
                        assert not any(_overlap(behind, _inked(q)) for q in pages[n + 1].placed)
                if n % 2:
                    _behind(pages[n - 1], f["pages"][n - 1], page, info, width)
        assert benches == 4, lang
    parts_pdf = read(kit / "de" / "parts.pdf")[1]
    assert [len(p.placed) for p in parts_pdf] == [4, 2, 2]  # two benches a sheet, 2 tiles


def _inked(placed) -> tuple:
    """Where a placed form's art lies on the page (its box, the bleed included), points."""
    x0, y0, x1, y1 = placed.bbox
    return bounds(placed.matrix, (x0, y0, x1 - x0, y1 - y0))


def _overlap(a: tuple, b: tuple) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _behind(front, front_info: dict, back, back_info: dict, width: float) -> None:
    """Each back drawn on `back` sits behind its front: turned over the long edge, a
    corner of the piece seen from behind lands where that corner of the front does."""
    fronts: dict[str, list] = {}  # copies share an id: the k-th back is the k-th front's
    for placed, item in zip(front.placed, front_info["items"], strict=True):
        fronts.setdefault(item["id"], []).append(placed)
    for placed, item in zip(back.placed, back_info["items"], strict=True):
        mine = fronts[item["id"]].pop(0)
        x0, y0, x1, y1 = mine.bbox  # the form's box: the trim and its bleed, item-local
        w = x1 + x0  # the trim's width (the bleed on both sides cancels)
        for x, y in ((0.0, 0.0), (w, 0.0), (0.0, y1 + y0)):
            fx, fy = apply(mine.matrix, x, y)
            bx, by = apply(placed.matrix, w - x, y)
            assert (bx / PT_PER_MM, by / PT_PER_MM) == pytest.approx(
                ((width - fx) / PT_PER_MM, fy / PT_PER_MM), abs=0.01
            ), item["id"]


# Deliberately broken plans: each mutates the laid-out files (as paint_file gives them)
# the way a fault in the layout would, and names the invariant it breaks and the file.


def _pages(laid, pages):
    return replace(laid, pages=list(pages))


def _eight_benches(where: Path) -> Path:
    """A copy of the project in `where` whose My Town has eight benches, not four: on Letter
    its shared parts file runs benches with the tiles left over, their backs, then three
    sheets of benches, each but the last with a blank back (pages 4 and 6). The shipped four
    end on a single sheet of benches, which needs no blank back behind it."""
    for folder in ("content", "templates", "fonts"):
        shutil.copytree(ROOT / folder, where / folder)
    game = where / "content" / "mytown" / "game.yaml"
    text = game.read_text()
    four = "      - id: bench\n        count: 4\n"
    assert text.count(four) == 1  # the benches as shipped, to be doubled
    game.write_text(text.replace(four, four.replace("4", "8")))
    return where


def _drop_blank_backs(laid):
    """The fault found: a double-sided parts file without its blank backs."""
    return (
        _pages(laid, [p for p in laid.pages if p.placements])
        if laid.name in ("parts", "de/parts")
        else laid
    )


def _moved(p, dx: float, dy: float):
    shift = translate(dx, dy)
    x, y, w, h = p.trim
    return replace(p, matrix=compose(shift, p.matrix), trim=(x + dx, y + dy, w, h))


def _shift_backs(laid):
    """A back printed 5 mm beside where its front lies."""
    if laid.name != "tiles":
        return laid
    page = laid.pages[1]
    moved = tuple(_moved(p, mm(5), 0.0) for p in page.placements)
    return _pages(laid, [laid.pages[0], replace(page, placements=moved), *laid.pages[2:]])


def _into_corner(laid):
    """A piece laid at the paper's corner, in the printer's margin."""
    if laid.name != "tiles":
        return laid
    page = laid.pages[0]
    first = page.placements[0]
    moved = _moved(first, -first.trim[0], -first.trim[1])
    placed = (moved, *page.placements[1:])
    return _pages(laid, [replace(page, placements=placed), *laid.pages[1:]])


def _into_zone(laid):
    """With --registration, a piece moved with its bleed's top-left corner 1 mm into the
    square mark's zone, yet inside the printer's margin: only the zone forbids it."""
    if laid.name != "tiles":
        return laid
    page = laid.pages[0]
    x, y, w, h = registration.zones(page.size, page.registration)[0]
    first = page.placements[0]
    bleed = laid.plans[0].bleed
    dx = x + w - mm(1) + bleed - first.trim[0]
    dy = y + mm(1) - bleed - (first.trim[1] + first.trim[3])
    placed = (_moved(first, dx, dy), *page.placements[1:])
    return _pages(laid, [replace(page, placements=placed), *laid.pages[1:]])


class _TextAtTheEdge:
    """The arts of a file with every text box pushed onto the trim's left edge."""

    def __init__(self, arts):
        self.arts = arts

    def place_key(self, item, side):
        return self.arts.place_key(item, side)

    def get(self, item, side):
        art = self.arts.get(item, side)
        parts = tuple(
            (m, tuple(replace(b, rect=(0.0, *b.rect[1:])) for b in face)) for m, face in art.layers
        )
        return Art(parts, art.bleed, art.tabs, art.lines, art.clip, art.cut)


def _text_at_the_edge(laid):
    return replace(laid, arts=_TextAtTheEdge(laid.arts)) if laid.name == "tiles" else laid


def _tiles_twice(laid):
    """The tiles' first sheet (front and back) printed again at the end."""
    return _pages(laid, [*laid.pages, *laid.pages[:2]]) if laid.name == "tiles" else laid


def _english_benches_short(laid):
    """The English benches lose their last sheet; the German keep theirs."""
    return _pages(laid, laid.pages[:-1]) if laid.name == "en/benches" else laid


def _board_sheet_lost(laid):
    return _pages(laid, laid.pages[:-1]) if laid.name in ("board", "de/board") else laid


BROKEN = {
    # name: (game, print settings, mutation, invariant, file, what the message says); the
    # game is a shipped one's id, or (a maker of a project copy, id) for a kit made to need it
    "a-front-on-a-back": (
        (_eight_benches, "mytown"),
        {"paper": "letter"},
        _drop_blank_backs,
        "sides",
        "de/parts.pdf",
        r"page 4, item 'bench' \(front\).*page 4 is a sheet's back",
    ),
    "a-back-not-behind": (
        "mytown",
        {},
        _shift_backs,
        "sides",
        "tiles.pdf",
        r"page 2, item '\w+' \(back\).*does not lie behind its front",
    ),
    "in-the-margin": (
        "mytown",
        {"duplex": "none"},  # one-sided tiles: a front moves without its back
        _into_corner,
        "printable",
        "tiles.pdf",
        r"page 1, item '\w+' \(front\).*printer's margin",
    ),
    "in-a-mark-zone": (
        "mytown",
        {"registration": True, "duplex": "none"},
        _into_zone,
        "printable",
        "tiles.pdf",
        r"page 1, item '\w+' \(front\).*registration mark's zone",
    ),
    "text-at-the-edge": (
        "mytown",
        {},
        _text_at_the_edge,
        "safe-text",
        "tiles.pdf",
        r"page 1, item '\w+' \(front\).*text box '\w+' leaves the safe outline",
    ),
    "placed-twice": (
        "mytown",
        {},
        _tiles_twice,
        "once",
        "tiles.pdf",
        r"item '\w+' of 'tiles' \(de\).*front is placed 2 times, not 1",
    ),
    "one-language-short": (
        "mytown",
        {},
        _english_benches_short,
        "once",
        "en/benches.pdf",
        r"item 'bench' of 'benches' \(en\).*front is placed 0 times, not 1",
    ),
    "a-board-sheet-lost": (
        "minipilo",
        {},
        _board_sheet_lost,
        "once",
        "de/board.pdf",
        r"item '\w+' of 'board' \(de\).*its sheets do not cover it once",
    ),
}


def _breaking(monkeypatch, mutate) -> None:
    """Every build from now on lays its files out broken by `mutate`."""
    real = assemble.paint_file

    def broken(*args, **kwargs):
        for laid in real(*args, **kwargs):
            yield mutate(laid)

    monkeypatch.setattr(assemble, "paint_file", broken)


def _snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_plan_stops_the_build_naming_the_invariant(tmp_path, monkeypatch, case):
    """The unbroken kit proves itself; broken, its build stops with a ProofError (not a
    ContentError: a bug, not the user's) that names the invariant, the file and the page
    or item, and the kit built before stays in out/ byte for byte, no staging left."""
    kind, settings, mutate, invariant, file, what = BROKEN[case]
    root, game = (
        (kind[0](tmp_path / "project"), kind[1]) if isinstance(kind, tuple) else (ROOT, kind)
    )
    prove(_laid_out(root, game, **settings))  # sound as laid out
    out = tmp_path / "out"
    (out / game).mkdir(parents=True)
    (out / game / "manifest.json").write_text('{"game": "the kit built before"}\n')
    before = _snapshot(out / game)
    _breaking(monkeypatch, mutate)
    options = BuildOptions(settings=PrintSettings(**settings), jobs=1)
    with pytest.raises(ProofError) as caught:
        build_game(Project(root), game, out, options)
    exc = caught.value
    assert not isinstance(exc, ContentError)
    assert (exc.invariant, exc.file) == (invariant, file), str(exc)
    assert re.search(what, str(exc)), str(exc)
    assert _snapshot(out / game) == before  # the lock a build takes stays, as always
    assert not [p for p in out.iterdir() if p.name.startswith(f".{game}.new")]


def test_the_command_line_reports_a_broken_plan_as_a_bug(tmp_path, monkeypatch):
    """`pnp build` names the bug, the invariant, file and page, exits 70 (not 1, a user's
    mistake) and writes nothing."""
    from click.testing import CliRunner

    from bastelbogen.cli import main

    root = _eight_benches(tmp_path / "project")
    _breaking(monkeypatch, _drop_blank_backs)
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["--root", str(root), "build", "mytown", "--paper", "letter", "--out", str(out)]
    )
    assert result.exit_code == 70, result.output
    assert "Traceback" not in result.output
    assert re.search(
        r"mytown: bug in bastelbogen.*invariant 'sides' broken in de/parts\.pdf, page 4",
        result.output,
    ), result.output
    assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))


def test_the_proof_names_every_invariant():
    assert list(INVARIANTS) == ["sides", "printable", "safe-text", "once", "whole", "seams"]


def test_the_marks_zones_are_where_the_layout_lays_nothing(monkeypatch):
    """The zones beside the marks are the one definition: the layout keeps every piece out
    of them (whole cells left out, the grid kept), and a wider zone leaves out more."""
    from bastelbogen.layout.imposition import impose

    settings = PrintSettings(paper="letter", registration=True)
    page, inset = settings.page_size, settings.registration_inset
    assert settings.keep_clear == inset  # the marks' frame, not a band as deep as a zone
    items = list(range(200))
    size, bleed = (mm(40), mm(40)), settings.bleed

    def laid() -> list:
        pages = impose(items, size, settings, has_back=False)
        return [grow(p.trim, bleed) for p in pages[0].placements]

    def in_zones(rects) -> int:
        return sum(
            r[0] < z[0] + z[2] and z[0] < r[0] + r[2] and r[1] < z[1] + z[3] and z[1] < r[1] + r[3]
            for r in rects
            for z in registration.zones(page, inset)
        )

    plain = impose(items, size, replace(settings, registration=False), has_back=False)
    some = laid()
    assert in_zones(some) == 0 and len(some) < len(plain[0].placements)
    monkeypatch.setattr(registration, "ZONE", mm(60))
    wider = laid()
    assert in_zones(wider) == 0 and len(wider) < len(some)


def test_a_blank_back_is_blank_and_behind_its_front(tmp_path):
    """The blank back of a one-sided shared sheet holds nothing, and its boxes are the
    front's seen through the paper."""
    kit = _laid_out(_eight_benches(tmp_path), "mytown", paper="letter")
    parts = next(laid for laid in kit.files if laid.name in ("parts", "de/parts"))
    blank = [n for n, page in enumerate(parts.pages) if not page.placements]
    assert blank == [3, 5]
    for n in blank:
        front, back = parts.pages[n - 1], parts.pages[n]
        assert isinstance(back, Page) and not back.marks and back.registration is None
        x, y, w, h = front.trim_box
        assert back.trim_box == pytest.approx((mm(215.9) - x - w, y, w, h))


def _proves(root: Path, game: str, combos: list[dict]) -> int:
    for settings in combos:
        prove(_laid_out(root, game, **settings))
    return len(combos)


# A wider margin, and backs drawn moved against the printer's shift (their margin with them).
SHIFTED = {"margin": mm(8), "back_offset": (mm(1), mm(-0.5))}


@pytest.mark.parametrize("root,game", KITS, ids=[g for _, g in KITS])
def test_every_kit_proves_itself_on_both_papers(root, game):
    """Every shipped kit and example, laid out as `pnp build` lays it out on A4 and Letter,
    and with a wider margin and a back offset."""
    combos = [{"paper": paper} for paper in ("a4", "letter")] + [{"paper": "letter", **SHIFTED}]
    assert _proves(root, game, combos) == 3


# Every option on every kit is long (221 counters twenty ways): the examples run with the
# slow tests, the shipped kits with make test.
EVERY_WAY = [  # the two largest kits with the examples in the slow run, to keep the quick
    # suite under its six minutes; CI proves every kit every way
    pytest.param(root, game, marks=pytest.mark.slow)
    if root == EXAMPLES or game in ("minipilo", "museo")
    else (root, game)
    for root, game in KITS
]


@pytest.mark.heavy
@pytest.mark.parametrize("root,game", EVERY_WAY, ids=[g for _, g in KITS])
def test_every_kit_proves_itself_in_every_duplex_and_bleed(root, game):
    """A4 and Letter, duplex long, short, fold and none, bleed 0 and 3 mm; with
    registration marks, and with a wider margin and a back offset, too."""
    combos = [
        {"paper": paper, "duplex": duplex, "bleed": mm(bleed)}
        for paper, duplex, bleed in itertools.product(
            ("a4", "letter"), ("long", "short", "fold", "none"), (0, 3)
        )
    ]
    combos += [{"paper": paper, "registration": True} for paper in ("a4", "letter")]
    combos += [{"paper": "a4", "duplex": duplex, **SHIFTED} for duplex in ("long", "short")]
    assert _proves(root, game, combos) == 20
