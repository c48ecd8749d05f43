"""Repeated boxes (`repeat:` on a layout's box, layout/repeat.py and copies.py): a 0-49
score track round a board in a dozen lines, read back from the built PDF (its spaces and
their numbers, where they stand, their colours); copies in a grid, over a list, over an
expression and a table's column, the running value in text and fill, `when` judged per
copy, a copy's name in messages and taking its place in a layout that extends; and hostile
counts told at their place, at once."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from bastelbogen.core import limits
from bastelbogen.layout.tracks import around, overlapping, spaced
from tests.conftest import manifest, pnp
from tests.pdfread import PT_PER_MM, read

GAME = """game: g
title: {en: G}
languages: [en]
players: {min: 1, max: 2}
tables:
  track: [{id: a, bonus: 2}, {id: b, bonus: 5}, {id: c, bonus: 9}]
components:
  - {id: board, kind: board, size: [180mm, 180mm], face: g/board, items: [{id: board}]}
"""
# The score track, as a designer writes it: a space and its number, each repeated round.
TRACK = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#f4ecd8"}
  - name: space
    painter: shape
    box: [6, 6, 11, 11]
    repeat: {over: 50, path: around}
    fill: "{{ '#f2c14e' if n % 10 == 0 else '#ffffff' }}"
    stroke: "#5a4a3a"
  - name: number
    painter: text
    box: [6, 6, 11, 11]
    repeat: {over: 50, path: around}
    text: "{{ n }}"
    size: 14
"""
GOLD, WHITE, INK = (0.949, 0.757, 0.306), (1.0, 1.0, 1.0), (0.353, 0.29, 0.227)


def _project(tmp_path, face: str, game: str = GAME, **more: str):
    (tmp_path / "content/g").mkdir(parents=True)
    (tmp_path / "templates/g").mkdir(parents=True)
    (tmp_path / "content/g/game.yaml").write_text(game)
    (tmp_path / "templates/g/board.yaml").write_text(face)
    for name, text in more.items():
        (tmp_path / f"templates/g/{name}.yaml").write_text(text)
    return tmp_path


def _built(tmp_path, face: str, game: str = GAME, **more: str):
    root = _project(tmp_path, face, game, **more)
    done = pnp("build", "g", "--bleed", "0", "--out", str(tmp_path / "out"), cwd=root)
    assert done.returncode == 0, done.stderr
    return tmp_path / "out/g"


def _words(pdf, page: int, words, tall: float = 0.0) -> dict[str, tuple[float, float]]:
    """Where each of `words` is printed on `page` (0-based), as the centre of its
    characters in mm from the page's bottom-left: found once each, whole, among the words
    whose characters stand at least `tall` mm high (a board sheet's own number is small)."""
    text = pdfium.PdfDocument(str(pdf))[page].get_textpage()
    found = {}
    for word in words:
        search = text.search(word, match_case=True, match_whole_word=True)
        hits = []
        while (hit := search.get_next()) is not None:
            start, count = hit
            boxes = [text.get_charbox(start + k) for k in range(count)]
            left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
            bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
            if (top - bottom) / PT_PER_MM >= tall:
                hits.append(((left + right) / 2 / PT_PER_MM, (bottom + top) / 2 / PT_PER_MM))
        assert len(hits) == 1, (word, hits)
        found[word] = hits[0]
    return found


def _board(kit):
    """The board's page in board.pdf (after the assembly plan) and its trim (mm)."""
    pages = manifest(kit)["files"][0]["pages"]
    number, item = next((p["number"], p["items"][0]) for p in pages if p["items"])
    return number - 1, item["trim_mm"]


def _spaces(pdf, page: int) -> list[tuple[tuple[float, float, float, float], tuple]]:
    """The track's spaces on the page: closed paths stroked in the track's ink, as
    (x, y, w, h) mm from the page's bottom-left and their fill."""
    _, pages = read(pdf, forms=True, shapes=True)
    out = []
    for shape in pages[page].shapes:
        if (
            shape.stroke is None
            or max(abs(a - b) for a, b in zip(shape.stroke, INK, strict=True)) > 0.01
        ):
            continue
        xs = [p[0] / PT_PER_MM for p in shape.points]
        ys = [p[1] / PT_PER_MM for p in shape.points]
        out.append(((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), shape.fill))
    return out


def test_a_score_track_runs_round_the_board_in_a_dozen_lines(tmp_path):
    assert len(TRACK.splitlines()) <= 14
    kit = _built(tmp_path, TRACK)
    page, (x0, y0, width, height) = _board(kit)
    spaces = _spaces(kit / "board.pdf", page)
    assert len(spaces) == 50
    rects = [rect for rect, _ in spaces]
    assert all(abs(w - 11) < 0.05 and abs(h - 11) < 0.05 for _, _, w, h in rects)
    assert overlapping([(x, y, w - 0.01, h - 0.01) for x, y, w, h in rects]) is None
    safe = 3.0  # the board's safe zone: every space and number keeps inside it
    for x, y, w, h in rects:
        assert x >= x0 + safe and x + w <= x0 + width - safe, (x, w)
        assert y >= y0 + safe and y + h <= y0 + height - safe, (y, h)
    # 14 pt digits stand 3.6 mm high, the sheet's own number (8 pt) 2.1 mm
    numbers = _words(kit / "board.pdf", page, [str(n) for n in range(50)], tall=3.0)

    def space_of(n: int):
        cx, cy = numbers[str(n)]
        inside = [s for s in spaces if s[0][0] < cx < s[0][0] + 11 and s[0][1] < cy < s[0][1] + 11]
        assert len(inside) == 1, n
        return inside[0]

    # Each number stands in its own space, a tenth's space gold and the rest white.
    assert len({space_of(n)[0] for n in range(50)}) == 50
    for n in range(50):
        assert space_of(n)[1] == pytest.approx(GOLD if n % 10 == 0 else WHITE, abs=0.01), n
    # Round the board clockwise from the top-left corner, a space on every corner: how far
    # along the track's middle line (11.5 mm in from every edge) each number stands grows
    # with it, and no two neighbours are further apart than 13.5 mm.
    inner = width - 2 * 11.5

    def along(n: int) -> float:
        cx, cy = numbers[str(n)]
        x, y = cx - x0 - 11.5, (y0 + height) - cy - 11.5  # from the top-left, y down
        if y < 0.5:
            return x
        if x > inner - 0.5:
            return inner + y
        if y > inner - 0.5:
            return 2 * inner + (inner - x)
        return 3 * inner + (inner - y)

    arcs = [along(n) for n in range(50)]
    assert arcs == sorted(arcs) and arcs[0] == pytest.approx(0, abs=0.3)
    corners = [k * inner for k in range(4)]
    assert all(min(abs(a - c) for a in arcs) < 0.3 for c in corners)
    steps = [b - a for a, b in zip(arcs, arcs[1:] + [4 * inner], strict=True)]
    assert min(steps) >= 11 and max(steps) <= 13.5


def test_the_built_board_draws_the_track(tmp_path):
    """The pixels agree: a tenth's space gold, the board's ground between the spaces."""
    kit = _built(tmp_path, TRACK)
    page, (x0, y0, width, height) = _board(kit)
    dpi = 50
    image = pdfium.PdfDocument(str(kit / "board.pdf"))[page].render(scale=dpi / 72).to_pil()
    top = image.height / dpi * 25.4

    def at(mx: float, my: float):  # mm from the board's top-left
        return image.convert("RGB").getpixel(
            (round((x0 + mx) / 25.4 * dpi), round((top - (y0 + height) + my) / 25.4 * dpi))
        )

    assert at(8, 8) == pytest.approx((242, 193, 78), abs=8)  # inside space 0, off its number
    r, g, b = at(width / 2, height / 2)  # the middle of the board: its ground
    assert (r, g, b) == pytest.approx((244, 236, 216), abs=6)


def test_spaces_longer_than_wide_turn_to_follow_the_track(tmp_path):
    face = """boxes:
  - name: space
    painter: shape
    box: [6, 6, 8, 12]
    repeat: {over: 30, path: around, turn: true}
    fill: "#ffffff"
    stroke: "#5a4a3a"
"""
    kit = _built(tmp_path, face)
    page, (x0, y0, width, height) = _board(kit)
    rects = [rect for rect, _ in _spaces(kit / "board.pdf", page)]
    assert len(rects) == 30
    # Along the top and bottom 8 wide and 12 tall, down the sides 12 wide and 8 tall (the
    # corners go with the side they start); their middles on the track's line.
    sides = [(x + w / 2 - x0, y0 + height - (y + h / 2), w, h) for x, y, w, h in rects]
    for cx, cy, w, h in sides:
        along_top_or_bottom = abs(cy - 12) < 0.1 or abs(cy - (height - 12)) < 0.1
        along_a_side = abs(cx - 10) < 0.1 or abs(cx - (width - 10)) < 0.1
        assert along_top_or_bottom or along_a_side, (cx, cy)
        if not along_top_or_bottom:
            assert (round(w), round(h)) == (12, 8), (cx, cy)
        elif not along_a_side:
            assert (round(w), round(h)) == (8, 12), (cx, cy)
    assert overlapping([(x, y, w - 0.01, h - 0.01) for x, y, w, h in rects]) is None


CARDS = """game: g
title: {en: G}
languages: [en]
players: {min: 1, max: 2}
tables:
  track: [{id: a, bonus: 2}, {id: b, bonus: 5}, {id: c, bonus: 9}]
components:
  - {id: cards, kind: card, size: [63mm, 88mm], face: g/board, items: [{id: c, sides: 6}]}
"""


def _card_words(tmp_path, face: str, words, **more: str):
    """Where each word stands on the built card, mm from its top-left."""
    kit = _built(tmp_path, face, CARDS, **more)
    item = manifest(kit)["files"][0]["pages"][0]["items"][0]
    x0, y0, _, h = item["trim_mm"]
    found = _words(kit / "cards.pdf", 0, words)
    return {w: (x - x0, y0 + h - y) for w, (x, y) in found.items()}


def test_a_grid_from_its_first_cell(tmp_path):
    face = """boxes:
  - name: cell
    painter: text
    box: [5, 10, 10, 8]
    repeat: {over: 7, as: k, grid: {cols: 3, gap: [2, 4]}}
    text: "K{{ k }}"
"""
    found = _card_words(tmp_path, face, [f"K{k}" for k in range(7)])
    for k in range(7):
        x, y = found[f"K{k}"]
        assert x == pytest.approx(5 + 5 + k % 3 * 12, abs=0.6), k
        assert y == pytest.approx(10 + 4 + k // 3 * 12, abs=0.8), k


def test_a_list_a_range_and_a_table_column_with_the_running_value(tmp_path):
    face = """boxes:
  - name: word
    painter: text
    box: ["{{ 5 + repeat.index * 18 }}", 5, 16, 8]
    repeat: {over: [apple, pear, plum]}
    text: "{{ n | upper }}{{ '!' if repeat.last else '' }}"
  - name: die
    painter: text
    box: ["{{ 5 + (v - 1) * 9 }}", 20, 8, 8]
    repeat: {over: "{{ range(1, sides + 1) }}", as: v}
    text: "d{{ v }}"
  - name: bonus
    painter: text
    box: [5, "{{ 35 + repeat.index * 10 }}", 20, 8]
    repeat: {over: {table: track, column: bonus}, as: b}
    text: "+{{ b }}"
"""
    words = ["APPLE", "PEAR", "PLUM!", *(f"d{v}" for v in range(1, 7)), "+2", "+5", "+9"]
    found = _card_words(tmp_path, face, words)
    assert [round(found[w][0]) for w in ("APPLE", "PEAR", "PLUM!")] == [13, 31, 49]
    assert [round(found[f"d{v}"][0]) for v in range(1, 7)] == [9, 18, 27, 36, 45, 54]
    assert [round(found[w][1]) for w in ("+2", "+5", "+9")] == [39, 49, 59]


def test_a_path_through_points_with_the_running_turn(tmp_path):
    face = """boxes:
  - name: step
    painter: text
    box: [5, 5, 8, 8]
    repeat: {over: 7, path: [[39, 9], [39, 60]]}
    text: "S{{ n }}"
    rotate: "{{ repeat.rotate }}"
"""
    found = _card_words(tmp_path, face, [f"S{k}" for k in range(7)])
    # From the first cell's middle (9, 9) to the corner (39, 9), then down to (39, 60): a
    # copy on the corner and at the end, the other four given in turn to the stretch whose
    # copies stand furthest apart: one across (15 mm apart), three down (12.75 mm apart).
    expected = [(9, 9), (24, 9), (39, 9), *((39, 9 + 12.75 * k) for k in range(1, 5))]
    for k, place in enumerate(expected):
        assert found[f"S{k}"] == pytest.approx(place, abs=0.8), k


def test_when_is_judged_for_each_copy_and_a_named_box_takes_a_copys_place(tmp_path):
    face = """boxes:
  - name: mark
    painter: text
    box: [5, "{{ 5 + n * 9 }}", 20, 8]
    repeat: {over: 8}
    when: "{{ n % 2 == 0 }}"
    text: "M{{ n }}"
"""
    child = """extends: g/board
boxes:
  - {name: "mark[4]", painter: text, box: [30, 41, 20, 8], text: "FOUR"}
"""
    game = CARDS.replace("face: g/board", "face: g/child")
    kit = _built(tmp_path, face, game, child=child)
    item = manifest(kit)["files"][0]["pages"][0]["items"][0]
    found = _words(kit / "cards.pdf", 0, ["M0", "M2", "M6", "FOUR"])
    assert found["FOUR"][0] - item["trim_mm"][0] == pytest.approx(40, abs=0.6)
    text = pdfium.PdfDocument(str(kit / "cards.pdf"))[0].get_textpage().get_text_range()
    assert "M1" not in text and "M3" not in text and "M4" not in text


def _fails(tmp_path, face: str, game: str = CARDS):
    root = _project(tmp_path, face, game)
    done = pnp("validate", "g", cwd=root)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    return done.stderr


def test_a_copy_at_fault_is_named(tmp_path):
    face = """boxes:
  - name: mark
    painter: text
    box: [5, "{{ 5 + n * 9 }}", 20, 8]
    repeat: {over: 12}
    text: "{{ n }}"
"""
    said = _fails(tmp_path, face)
    # The card is 88 mm tall: copy 9 is the first off it.
    assert said.startswith("templates/g/board.yaml:"), said
    assert "box 'mark[9]'" in said


@pytest.mark.parametrize(
    ("over", "where", "says"),
    [
        ("1000000000", "6:", "from 0 to 10,000"),
        ("-3", "6:", "from 0 to 10,000"),
        ("2.5", "6:", "whole number"),
        ("true", "6:", "whole number"),
        ('"{{ range(10**9) }}"', "6:", "range of 1,000,000,000 numbers"),
        ('"{{ 10**9 }}"', "6:", "repeats 1,000,000,000 times; a face holds at most 10,000"),
        ('"{{ -1 }}"', "6:", "must give a count or a list"),
        ('"{{ 2.5 }}"', "6:", "must give a count or a list"),
        ('"{{ nothing }}"', "6:", "'nothing' is undefined"),
        ('"{{ a }} and {{ b }}"', "6:", "one expression"),
        ("5, ovr: 3", "6:", "unknown key 'ovr' in the repeat of box 'mark'; did you mean 'over'?"),
    ],
)
def test_hostile_counts_are_told_at_the_repeat_at_once(tmp_path, over, where, says):
    face = f"""boxes:
  - name: mark
    painter: text
    box: [5, 5, 20, 8]
    text: "x"
    repeat: {{over: {over}}}
"""
    said = _fails(tmp_path, face)
    assert said.startswith(f"templates/g/board.yaml:{where}"), said
    assert says in said, said


def test_a_repeat_inside_a_repeat_is_told_plainly(tmp_path):
    face = """boxes:
  - name: mark
    painter: text
    box: [5, 5, 20, 8]
    text: "x"
    repeat:
      over: 3
      repeat: {over: 1000000}
"""
    said = _fails(tmp_path, face)
    assert said.startswith("templates/g/board.yaml:8:7: the repeat of box 'mark' holds a repeat")
    assert "1 problem" in said


def test_many_repeats_together_are_held_to_the_faces_room(tmp_path):
    face = "boxes:\n" + "".join(
        f"""  - {{name: m{k}, painter: shape, box: [1, 1, 1, 1], fill: "#000000",
     repeat: {{over: {limits.MAX_BOXES // 2}}}}}\n"""
        for k in range(3)
    )
    said = _fails(tmp_path, face)
    assert "box 'm2' repeats 5,000 times; a face holds at most 10,000 boxes" in said, said


def test_a_misspelt_key_of_a_repeat_has_a_did_you_mean(tmp_path):
    face = """boxes:
  - {name: mark, painter: text, box: [5, 5, 20, 8], text: x, repaet: {over: 3}}
  - {name: dot, painter: text, box: [5, 5, 20, 8], text: x,
     repeat: {over: 3, path: arund}}
"""
    said = _fails(tmp_path, face)
    assert (
        "templates/g/board.yaml:2:62: unknown key 'repaet' in box 'mark'; did you mean 'repeat'?"
        in said
    )
    assert "did you mean 'around'?" in said


def test_spaces_that_do_not_fit_the_path_are_told():
    with pytest.raises(ValueError, match="top-left quarter"):
        around((100.0, 10.0), (180.0, 180.0))
    places = spaced(around((10.0, 10.0), (100.0, 60.0)), 10)
    # 4 corners and 6 more: the long sides 2 each (80 / 3 apart), the short 1 (40 / 2)
    assert [p for p, _ in places][:2] == [(10.0, 10.0), pytest.approx((10 + 80 / 3, 10.0))]
    assert {round(a) for _, a in places} == {0, 270, 180, 90}
    # fewer cells than corners: spread evenly along the whole path
    assert len(spaced(around((10.0, 10.0), (100.0, 60.0)), 3)) == 3
    line = spaced([(0.0, 0.0), (30.0, 0.0), (30.0, 40.0)], 8)
    assert line[0][0] == (0.0, 0.0) and line[-1][0] == (30.0, 40.0)
    assert any(p == pytest.approx((30.0, 0.0)) for p, _ in line)  # its corner holds one
    assert overlapping([(0, 0, 10, 10), (10, 0, 10, 10), (19, 5, 10, 10)]) == (1, 2)


@pytest.mark.parametrize(
    "angle,rotate,turn", [(0, 0, 0), (270, 270, 90), (180, 180, 180), (90, 90, 270)]
)
def test_a_copy_sees_the_path_s_direction_as_text_and_pictures_take_it(angle, rotate, turn):
    """`repeat.rotate` is anticlockwise, as a text box's `rotate`; `repeat.turn` clockwise,
    as a picture's `turn`: one word, one direction, wherever it is written."""
    from types import SimpleNamespace

    from bastelbogen.layout import copies

    seen = copies._seen({}, SimpleNamespace(as_="n"), 0, 0, 1, float(angle))["repeat"]
    assert (seen["rotate"], seen["turn"]) == (rotate, turn)
