"""A board's glue seams and its sheets' numbers (issue 49): a seam never cuts a square, a
label or a grid's cell where moving it within what the paper allows would miss them, one
that cannot is told at the box it cuts, and each sheet's number stands in the glue margin
(glued under the neighbour), never on the board's picture. Read back from the PDFs a
designer's board makes: a score track of 50 squares round a board larger than A4."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from bastelbogen.content.project import Project
from bastelbogen.core.errors import Loc, ProofError
from bastelbogen.core.geometry import apply, bounds, inverse
from bastelbogen.core.units import mm
from bastelbogen.layout import boards, seams
from bastelbogen.layout.imposition import PrintSettings
from bastelbogen.layout.seams import CLEAR, EDGE, Kept, Span
from bastelbogen.pipeline.build import BuildOptions, build_game
from tests.conftest import ROOT, board_sheets_line_up, manifest, printed
from tests.pdfread import PT_PER_MM, read

SQUARE, MARGIN = 25, 3  # mm: the track's squares, and the board's edge outside them
WIDE, HIGH = 15, 12  # squares along the top, and down a side (the corners in both)
BOARD = (WIDE * SQUARE + 2 * MARGIN, HIGH * SQUARE + 2 * MARGIN)  # 381 x 306 mm
TITLE = [150, 133, 81, 40]  # across the middle, where an even split would cut it
GRID = (355, 250)  # a board of 20 mm cells whose seam on A4 can reach no grid line
CHESS = (400, 400)  # squares to its very edges: no corner of a sheet is free


def _track() -> list[tuple[int, int]]:
    """The 50 squares' top-left corners in mm, clockwise from the top-left corner."""
    cells = [(i, 0) for i in range(WIDE)] + [(WIDE - 1, j) for j in range(1, HIGH)]
    cells += [(i, HIGH - 1) for i in range(WIDE - 2, -1, -1)]
    cells += [(0, j) for j in range(HIGH - 2, 0, -1)]
    return [(MARGIN + i * SQUARE, MARGIN + j * SQUARE) for i, j in cells][:50]


def _game(root: Path) -> Path:
    """A project with the game `track`: the board with its score track 0-49 (a shape box
    and a number a square, as a designer's script writes them) and a title; and a grid
    board of `cells`."""
    (root / "content/track").mkdir(parents=True)
    (root / "templates/track").mkdir(parents=True)
    (root / "content/track/game.yaml").write_text(
        "game: track\ntitle: {en: Track}\nauthor: test\nplayers: {min: 2, max: 4}\n"
        "components:\n"
        f"  - {{id: board, name: {{en: Board}}, kind: board, size: [{BOARD[0]}mm, {BOARD[1]}mm],"
        " face: track/board, items: [{id: board}]}\n"
        f"  - {{id: grid, name: {{en: Grid}}, kind: board, size: [{GRID[0]}mm, {GRID[1]}mm],"
        " face: track/grid, items: [{id: grid}]}\n"
        f"  - {{id: chess, name: {{en: Chess}}, kind: board, size: [{CHESS[0]}mm, {CHESS[1]}mm],"
        " face: track/chess, items: [{id: chess}]}\n"
    )
    boxes = [
        {"name": "ground", "painter": "shape", "box": "bleed", "fill": "#d8ecd0"},
        {"name": "title", "painter": "text", "box": TITLE, "text": "Track", "size": 40},
    ]
    for n, (x, y) in enumerate(_track()):
        fill = "#e0a060" if n % 5 == 0 else "#f4e4b0"
        boxes.append(
            {"name": f"square-{n}", "painter": "shape", "box": [x, y, SQUARE, SQUARE],
             "fill": fill, "stroke": "#5a4a3a", "line": 1}
        )  # fmt: skip
        boxes.append(
            {"name": f"number-{n}", "painter": "text", "box": [x + 2, y + 6, SQUARE - 4, 12],
             "text": str(n), "size": 14}
        )  # fmt: skip
    (root / "templates/track/board.yaml").write_text(yaml.safe_dump({"boxes": boxes}))
    (root / "templates/track/grid.yaml").write_text(
        "boxes:\n"
        "  - {name: ground, painter: shape, box: bleed, fill: '#e8dcc0'}\n"
        "  - {name: squares, painter: cells, box: [7.5, 10, 340, 230], cols: 17, rows: 23,\n"
        "     line: 0.5, colour: '#5a4a3a', fill: '#c8b890'}\n"
    )
    (root / "templates/track/chess.yaml").write_text(
        "boxes:\n"
        "  - {name: squares, painter: cells, box: [0, 0, 400, 400], cols: 16, rows: 16,\n"
        "     fill: '#c8b890'}\n"
    )
    return root


def _build(root: Path, out: Path, **settings) -> tuple[Path, list]:
    told: list = []
    options = BuildOptions(settings=PrintSettings(**settings), jobs=1)
    return build_game(Project(root), "track", out, options, told.append), told


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return _game(tmp_path_factory.mktemp("project"))


@pytest.fixture(scope="module")
def track(tmp_path_factory, project):
    """The game built on A4 and on Letter: (kit, what the build told) by paper."""
    return {
        paper: _build(project, tmp_path_factory.mktemp(paper), paper=paper)
        for paper in ("a4", "letter")
    }


@pytest.fixture(scope="module")
def squares(project) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The boxes a seam must not cut, as the layout writes them: the squares, their
    numbers and the title, (name, (left, top, right, bottom)) in mm from the top-left."""
    written = yaml.safe_load((project / "templates/track/board.yaml").read_text())["boxes"]
    found = []
    for b in written:
        if b["name"] != "ground":
            x, y, w, h = b["box"]
            found.append((b["name"], (x, y, x + w, y + h)))
    return found


def _sheets(kit: Path, name: str, height: float | None = None):
    """Each sheet after the assembly plan: (page number, its cell on the board as (left,
    top, right, bottom) mm from the board's top-left, its cell and cut window on the page
    (x, y, w, h) mm, the placement's matrix)."""
    listed = next(f for f in manifest(kit)["files"] if kit / f["path"] == printed(kit, name))
    _, pages = read(printed(kit, name))
    height = height or (BOARD if name == "board.pdf" else GRID)[1]
    out = []
    for n, (page, info) in enumerate(zip(pages[1:], listed["pages"][1:], strict=True), start=1):
        item = info["items"][0]
        matrix = page.placed[0].matrix
        x, y, w, h = (v * PT_PER_MM for v in item["trim_mm"])
        left, low, cw, ch = (v / PT_PER_MM for v in bounds(inverse(matrix), (x, y, w, h)))
        xs = [p[0] for p in item["outline_mm"][0]]
        ys = [p[1] for p in item["outline_mm"][0]]
        cut = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        board_cell = (left, height - low - ch, left + cw, height - low)
        out.append((n, board_cell, tuple(item["trim_mm"]), cut, matrix))
    return out


def _seams(cells, size=BOARD) -> tuple[set[float], set[float]]:
    """The upright and level lines where sheets meet, in mm from the board's top-left."""
    ups = {round(c[k], 3) for c in cells for k in (0, 2)} - {0.0, round(size[0], 3)}
    levels = {round(c[k], 3) for c in cells for k in (1, 3)} - {0.0, round(size[1], 3)}
    return ups, levels


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_glue_seam_cuts_a_square(track, squares, paper):
    """On either paper the board goes over 2 x 2 sheets and no seam runs through a square,
    its number or the title (one along a square's edge is on its outline, not through it);
    the sheets tile the board and the build says nothing of the board."""
    kit, told = track[paper]
    sheets = _sheets(kit, "board.pdf")
    assert len(sheets) == 4
    cells = [s[1] for s in sheets]
    area = sum((right - left) * (low - top) for left, top, right, low in cells)
    assert area == pytest.approx(BOARD[0] * BOARD[1])
    ups, levels = _seams(cells)
    assert len(ups) == 1 and len(levels) == 1
    even = (BOARD[0] / 2, BOARD[1] / 2)
    cut_at_even = [n for n, (x0, y0, x1, y1) in squares if x0 < even[0] < x1 or y0 < even[1] < y1]
    assert cut_at_even  # an even split would cut squares, numbers and the title
    for name, (left, top, right, bottom) in squares:
        for x in ups:
            assert not left + 0.1 < x < right - 0.1, f"the seam at x {x} mm cuts {name}"
        for y in levels:
            assert not top + 0.1 < y < bottom - 0.1, f"the seam at y {y} mm cuts {name}"
    assert not [p for p in told if "board 'board'" in p.message], told


def _marks(kit: Path, name: str) -> list[tuple[float, float, float, float]]:
    """Each sheet's number's disc as drawn (white, ringed in the align line's orange): its
    box (x, y, w, h) on the page in mm."""
    _, pages = read(printed(kit, name), shapes=True)
    found = []
    for page in pages[1:]:
        discs = [
            s
            for s in page.shapes
            if not s.in_form and s.fill == (1.0, 1.0, 1.0) and s.stroke and s.stroke[0] > 0.8
        ]
        assert len(discs) == 1
        xs = [p[0] / PT_PER_MM for p in discs[0].points]
        ys = [p[1] / PT_PER_MM for p in discs[0].points]
        found.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return found


def _meets(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _within(a, b) -> bool:
    return (
        a[0] >= b[0] - 0.01
        and a[1] >= b[1] - 0.01
        and a[0] + a[2] <= b[0] + b[2] + 0.01
        and a[1] + a[3] <= b[1] + b[3] + 0.01
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_number_stands_off_the_board(track, squares, paper):
    """Each sheet's number (its disc, read from the page) lies inside the cut window, so it
    survives the cut: in the glue margin beyond the cell on a sheet that has one (glued
    under the neighbour), on the last sheet inside the cell on no square, number or title;
    and its digit is written in it."""
    kit, _ = track[paper]
    sheets = _sheets(kit, "board.pdf")
    doc = pdfium.PdfDocument(printed(kit, "board.pdf"))
    for (n, _, cell, cut, matrix), disc in zip(sheets, _marks(kit, "board.pdf"), strict=True):
        assert _within(disc, cut), f"sheet {n}: its number is cut off"
        if cut[2] > cell[2] + 1 or cut[3] > cell[3] + 1:  # a glue margin
            assert not _meets(disc, cell), f"sheet {n}: its number is on the board"
        else:
            assert _within(disc, cell)
            for name, (left, top, right, bottom) in squares:
                corners = [
                    apply(matrix, u * PT_PER_MM, (BOARD[1] - v) * PT_PER_MM)
                    for u in (left, right)
                    for v in (top, bottom)
                ]
                xs, ys = [p[0] / PT_PER_MM for p in corners], [p[1] / PT_PER_MM for p in corners]
                box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
                assert not _meets(disc, box), f"sheet {n}: its number is on {name}"
        text = doc[n].get_textpage()
        digits = [
            tuple(v / mm(1) for v in text.get_charbox(k, loose=False))
            for k in range(text.count_chars())
            if text.get_text_range(k, 1) == str(n)
        ]
        x, y, w, h = disc
        assert any(x <= x0 and x1 <= x + w and y <= y0 and y1 <= y + h for x0, y0, x1, y1 in digits)


def test_a_number_with_no_room_on_the_board_stands_outside_it(track):
    """A board of squares to its edges: the last sheet's number, which has no glue margin,
    stands outside its corner among the crop marks rather than on a square (the proof
    agrees: the board the page shows there is another sheet's, not printed on this one);
    the seams lie on the grid's lines."""
    kit, _ = track["a4"]
    sheets = _sheets(kit, "chess.pdf", CHESS[1])
    last, disc = sheets[-1], _marks(kit, "chess.pdf")[-1]
    _, _, cell, cut, _ = last
    assert cut == pytest.approx(cell, abs=0.01)
    # beyond the window's top-left corner: the board goes on above and to the left on the
    # sheets before, not on this one
    assert disc[0] + disc[2] <= cut[0] and disc[1] >= cut[1] + cut[3]
    ups, levels = _seams([s[1] for s in sheets], CHESS)
    assert all(x / 25 == pytest.approx(round(x / 25), abs=1e-3) for x in ups | levels)


def test_a_seam_that_cannot_miss_is_told_at_the_box(track):
    """The grid's 20 mm cells on A4 leave its one seam no grid line in reach (the sheets
    allow 170 .. 175 mm, the lines lie at 167.5 and 187.5): the build says so once, at the
    box, naming the board and the sheets; on Letter the seam lies on a grid line and
    nothing is told."""
    (_, told), (letter, quiet) = track["a4"], track["letter"]
    about = [p for p in told if "board 'grid'" in p.message]
    assert len(about) == 1, told
    loc = about[0].loc
    where = (Path(loc.file).parts[-3:], loc.line, loc.col)
    assert where == (("templates", "track", "grid.yaml"), 3, 5)
    assert "between sheets 1 and 2 cuts a cell of box 'squares'" in about[0].message
    assert not [p for p in quiet if "board 'grid'" in p.message], quiet
    (up,), _ = _seams([s[1] for s in _sheets(letter, "grid.pdf")], GRID)
    assert (up - 7.5) / 20 == pytest.approx(round((up - 7.5) / 20), abs=1e-3)


# The planner's geometry ------------------------------------------------------------------


def _kept(x: float, w: float, hard: bool = False, grid: int = 1) -> Kept:
    """A box across x .. x + w mm (and 10 mm down), what no seam should cut."""
    return Kept((mm(x), 0.0, mm(w), mm(10)), f"box at {x}", Loc("t.yaml", 1, 1), hard, (grid, 1))


def _placed(length: float, caps: list[float], kept: list[Kept]):
    edges, cuts = seams.place(mm(length), [mm(c) for c in caps], seams.spans(kept, 0, mm(200)))
    return [round(e / mm(1), 3) for e in edges], cuts


def test_a_seam_takes_the_nearest_free_place_the_sheets_allow():
    """Between two squares side by side the seam lies on their common edge; in a gap
    wider than twice CLEAR it keeps CLEAR off the box; a hard area keeps its CLEAR; with
    nothing to miss the even split stays."""
    assert _placed(300, [175, 185], [])[0] == [0, 150, 300]
    squares = [_kept(100 + 25 * k, 25) for k in range(6)]  # 100 .. 250, edges every 25
    assert _placed(300, [175, 185], squares)[0] == [0, 150, 300]  # on an edge already
    assert _placed(300, [175, 185], [_kept(140, 25)])[0] == [0, 140 - CLEAR / mm(1), 300]
    assert _placed(300, [175, 185], [_kept(140, 20, hard=True)])[0] == [0, 160 + 2, 300]
    # a grid's cells: its lines are free, each cell's inside not
    assert _placed(300, [175, 185], [_kept(7, 280, grid=14)])[0] == [0, 147, 300]


def test_a_seam_that_cannot_miss_cuts_the_fewest():
    """The sheets allow 115 .. 175 mm: a title across all of it is cut, but not the squares
    beside it (the seam on their edge); a hard area comes before any box."""
    title = _kept(100, 100)
    squares = [_kept(100 + 25 * k, 25) for k in range(4)]
    edges, cuts = _placed(300, [175, 185], [title, *squares])
    assert edges[1] in (125.0, 150.0, 175.0) and [c.kept for c in cuts] == [(title,)]
    kept = _kept(140, 20, hard=True)
    edges, cuts = _placed(300, [175, 185], [_kept(110, 70), kept])
    assert not kept.rect[0] - CLEAR < mm(edges[1]) < kept.rect[0] + kept.rect[2] + CLEAR
    assert [c.kept for c in cuts] == [(_kept(110, 70),)]


def test_spans_leave_a_box_its_outline():
    """A soft box's span is its inside (EDGE in from its outline), a hard one's grown by
    CLEAR; a box larger than half the sheet is no space, a text box up to the sheet."""
    soft, hard = seams.spans([_kept(10, 20), _kept(50, 20, True)], 0, mm(100))
    assert (soft.low, soft.high) == pytest.approx((mm(10) + EDGE, mm(30) - EDGE))
    assert (hard.low, hard.high) == pytest.approx((mm(50) - CLEAR, mm(70) + CLEAR))
    picture = _kept(0, 60)
    words = Kept(picture.rect, "title", picture.loc, text=True)
    assert [s.kept for s in seams.spans([picture, words], 0, mm(100))] == [words]
    assert isinstance(soft, Span)


# The proof ---------------------------------------------------------------------------------


def test_the_proof_finds_a_seam_through_a_square(project, tmp_path, monkeypatch):
    """A planner that forgot the squares (the even split) is a bug the proof names: the
    seam through a square though a place beside it was free."""
    real = boards.place
    monkeypatch.setattr(boards, "place", lambda length, caps, found: real(length, caps, []))
    with pytest.raises(ProofError) as caught:
        _build(project, tmp_path, paper="a4")
    assert caught.value.invariant == "seams", str(caught.value)
    assert "cuts box" in str(caught.value) and "would miss it" in str(caught.value)


def test_the_proof_finds_a_number_on_the_board(project, tmp_path, monkeypatch):
    """A sheet's number moved into its cell: off the glue margin on a sheet that has one,
    on a square on the last."""
    real = boards._badge

    def inside(cell, clip, right, below, art):
        x, y, w, h = cell
        side = 2 * boards.BADGE
        return (x + mm(3), y + h - mm(3) - side, side, side)

    monkeypatch.setattr(boards, "_badge", inside)
    with pytest.raises(ProofError) as caught:
        _build(project, tmp_path / "a", paper="a4")
    assert caught.value.invariant == "seams"
    assert "sheet 1" in str(caught.value) and "not in its glue margin" in str(caught.value)

    def on_a_square(cell, clip, right, below, art):
        if right or below:
            return real(cell, clip, right, below, art)
        x, y, _, _ = next(r for r in art if _meets(r, cell))  # a square, or the grid
        return (max(x, cell[0]), max(y, cell[1]), 2 * boards.BADGE, 2 * boards.BADGE)

    monkeypatch.setattr(boards, "_badge", on_a_square)
    with pytest.raises(ProofError) as caught:
        _build(project, tmp_path / "b", paper="a4")
    assert "its number stands on the board's picture" in str(caught.value)


# The shipped boards ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["minipilo", "museo"])
def test_the_shipped_boards_still_go_together(kits, game, paper):
    """MiniPilo's and Museo's boards: the sheets' cells tile the board (none over another,
    together its area), every glue margin is 10 mm wide where a neighbour follows, and a
    sheet laid on its neighbour's line continues its picture."""
    kit = kits(game, paper=paper)
    size = next(c.size for c in Project(ROOT).load(game).components if c.kind == "board")
    w, h = (v / mm(1) for v in size)
    sheets = _sheets(kit, "board.pdf", h)
    cells = [s[1] for s in sheets]
    assert sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in cells) == pytest.approx(w * h)
    for a in cells:
        for b in cells:
            overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
            assert a is b or min(overlap) < 0.01
    for _, _, cell, cut, _ in sheets:
        for margin in (cut[2] - cell[2], cut[3] - cell[3]):
            assert margin == pytest.approx(0, abs=0.01) or margin == pytest.approx(10, abs=0.01)
    assert board_sheets_line_up(kit, (w, h), paper) >= 1


def test_a_repeated_track_is_kept_whole_as_one_written_out(tmp_path):
    """The same 50 squares written the direct way, one box repeated over their corners:
    the seams keep off every copy as they keep off boxes written one by one."""
    root = tmp_path / "p"
    _game(root)
    corners = [list(c) for c in _track()]
    (root / "templates/track/board.yaml").write_text(
        yaml.safe_dump(
            {
                "boxes": [
                    {"name": "ground", "painter": "shape", "box": "bleed", "fill": "#d8ecd0"},
                    {"name": "square", "painter": "shape", "repeat": {"over": corners, "as": "c"},
                     "box": ["{{ c[0] }}", "{{ c[1] }}", SQUARE, SQUARE],
                     "fill": "#f4e4b0", "stroke": "#5a4a3a"},
                ]
            }
        )
    )  # fmt: skip
    kit, told = _build(root, tmp_path / "out", paper="a4")
    ups, levels = _seams([s[1] for s in _sheets(kit, "board.pdf")])
    assert ups and levels
    for x, y in _track():
        for up in ups:
            assert not x + 0.1 < up < x + SQUARE - 0.1, f"the seam at x {up} cuts ({x}, {y})"
        for level in levels:
            assert not y + 0.1 < level < y + SQUARE - 0.1, f"the seam at y {level} cuts ({x}, {y})"
    assert not [p for p in told if "board 'board'" in p.message], told
