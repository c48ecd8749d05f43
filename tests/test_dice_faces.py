"""A die with faces of its own: six faces from its item (`faces: [...]`) or from a table's
row (`face1` … `face6`), each drawn by the component's layout on its square of the net,
upright, with the designer's 1st and 6th, 2nd and 5th, 3rd and 4th faces opposite once
folded. Read back from the PDF: each face's text, where it lies and how it is turned."""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from bastelbogen.content.kinds.die import net
from bastelbogen.core.geometry import apply
from bastelbogen.core.units import mm
from tests.conftest import holding, pnp
from tests.pdfread import read

GAME = """game: dt
title: Dice
languages: [en]
players: {{min: 1, max: 4}}
tables:
  dice:
    - {{id: digits, face1: "1", face2: "2", face3: "3", face4: "4", face5: "5", face6: "6"}}
components:
  - id: letters
    name: Letters
    kind: die
    edge: {edge}mm
    face: dt/face
    items:
{items}
  - id: digits
    name: Digits
    kind: die
    edge: {edge}mm
    face: dt/face
    items: {{from: dice}}
"""
ITEMS = """      - {id: letters, faces: [A, B, C, D, E, F]}"""
FACE = """boxes:
  - {name: ground, painter: shape, box: [0, 0, "{{ width }}", "{{ height }}"], fill: "#ffffff"}
  - {name: mark, painter: text, box: [2, 2, "{{ width - 4 }}", "{{ height - 4 }}"],
     text: "{{ face }}", font: bold, size: 24, colour: "#1d1d1d"}
  - {name: index, painter: text, box: [1, 1, 6, 4], text: "{{ index }}", size: 6}
"""
EDGE = 24.0


def _project(tmp: Path, items: str = ITEMS, edge: float = EDGE) -> Path:
    (tmp / "content" / "dt").mkdir(parents=True, exist_ok=True)
    (tmp / "templates" / "dt").mkdir(parents=True, exist_ok=True)
    (tmp / "content" / "dt" / "game.yaml").write_text(GAME.format(edge=edge, items=items))
    (tmp / "templates" / "dt" / "face.yaml").write_text(FACE)
    return tmp


def glyphs(path: Path, page_no: int = 0) -> list[tuple[str, tuple[float, float], float]]:
    """Each printed character of a page: itself, its box's centre (points) and its angle
    (radians, counter-clockwise from the page's x axis)."""
    pdf = pdfium.PdfDocument(str(path))
    text = pdf[page_no].get_textpage()
    out = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if not char.strip():
            continue
        left, bottom, right, top = text.get_charbox(i)
        angle = pdfium_c.FPDFText_GetCharAngle(text, i)  # clockwise, as pdfium counts
        out.append((char, ((left + right) / 2, (bottom + top) / 2), -angle))
    return out


def squares(kit: Path, component: str, edge_mm: float, lang: str | None = None) -> list[dict]:
    """Each die net of the component wherever it is printed (its own file or the shared
    sheets; in `lang`, else the first language): its six squares on the page by the
    value whose place they are, as the kind's own net gives them, the net's turn on the
    page and the characters printed on it."""
    s = mm(edge_mm)
    out = []
    for f in holding(kit, component, lang):
        _, pages = read(kit / f["path"])
        for n, (page, info) in enumerate(zip(pages, f["pages"], strict=True)):
            chars = glyphs(kit / f["path"], n)
            for placed, item in zip(page.placed, info["items"], strict=True):
                if item["component"] != component:
                    continue
                m = placed.matrix
                faces = {
                    value: [apply(m, x + dx, y + dy) for dx, dy in ((0, 0), (s, 0), (s, s), (0, s))]
                    for x, y, value in net(s).faces
                }
                on = {v: [c for c in chars if inside(c[1], sq)] for v, sq in faces.items()}
                out.append({"id": item["id"], "turn": math.atan2(m[1], m[0]), "on": on})
    return out


def inside(point, corners) -> bool:
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs) < point[0] < max(xs) and min(ys) < point[1] < max(ys)


def opposite_on_cube(s: float) -> dict[int, int]:
    """Fold the kind's net: walk its squares from the 1, turning a frame of (normal, right,
    up) at each fold, and pair the squares whose normals point apart."""
    at = {(round(x / s), round(y / s)): value for x, y, value in net(s).faces}
    start = next(k for k, v in at.items() if v == 1)
    frames = {start: ((0, 0, 1), (1, 0, 0), (0, 1, 0))}
    todo = [start]

    def neg(v):
        return tuple(-a for a in v)

    while todo:
        c, r = todo.pop()
        n, right, up = frames[(c, r)]
        for (dc, dr), frame in (
            ((1, 0), (right, neg(n), up)),
            ((-1, 0), (neg(right), n, up)),
            ((0, 1), (up, right, neg(n))),
            ((0, -1), (neg(up), right, n)),
        ):
            nxt = (c + dc, r + dr)
            if nxt in at and nxt not in frames:
                frames[nxt] = frame
                todo.append(nxt)
    normal = {at[k]: f[0] for k, f in frames.items()}
    assert len(set(normal.values())) == 6  # a closed cube: six different sides
    return {v: next(w for w, m in normal.items() if m == neg(n)) for v, n in normal.items()}


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    tmp = _project(tmp_path_factory.mktemp("dt"))
    result = pnp("build", "dt", "--out", str(tmp / "out"), cwd=tmp)
    assert result.returncode == 0, result.stderr
    return tmp / "out" / "dt"


def test_each_face_lies_on_its_square_upright(kit):
    """Letters A–F from `faces` and digits 1–6 from a table row's face1 … face6: each
    printed inside the square of its place with its index 1–6, turned as its net is
    (upright on the net)."""
    nets = squares(kit, "letters", EDGE) + squares(kit, "digits", EDGE)
    assert [one["id"] for one in nets] == ["letters", "digits"]
    for one, faces in zip(nets, ("ABCDEF", "123456"), strict=True):
        on = one["on"]
        for value, want in enumerate(faces, start=1):
            texts = sorted(c for c, _, _ in on[value])
            assert texts == sorted([want, str(value)]), (one["id"], value, texts)
            for _, _, angle in on[value]:
                turn = (angle - one["turn"] + math.pi) % (2 * math.pi) - math.pi
                assert abs(turn) < 0.01, (one["id"], want, turn)


def test_opposite_faces_are_the_designers_pairs(kit):
    """Folded, face n is opposite face 7 − n: A–F, B–E, C–D, and the digits add up to 7,
    as a die's pips do."""
    pairs = opposite_on_cube(mm(EDGE))
    assert all(pairs[v] == 7 - v for v in range(1, 7))
    for one in squares(kit, "letters", EDGE) + squares(kit, "digits", EDGE):
        face = {v: max(c for c, _, _ in chars) for v, chars in one["on"].items()}  # not the index
        if one["id"] == "letters":
            assert {face[v] + face[pairs[v]] for v in (1, 2, 3)} == {"AF", "BE", "CD"}
        else:
            assert all(int(face[v]) + int(face[pairs[v]]) == 7 for v in range(1, 7))


@pytest.mark.parametrize(
    ("items", "line", "col", "message"),
    [
        (
            "      - {id: short, faces: [A, B, C, D, E]}",
            15,
            9,
            "die 'short': 'faces' must be a list of six faces (1 to 6), got 5",
        ),
        (
            "      - {id: one, faces: A}",
            15,
            9,
            "die 'one': 'faces' must be a list of six faces (1 to 6), got one value",
        ),
        (
            "      - {id: both, faces: [A, B, C, D, E, F], face1: G}",
            15,
            9,
            "die 'both' gives 'faces' and 'face1' … 'face6'; keep one of them",
        ),
        (
            "      - {id: some, face1: A, face2: B}",
            15,
            9,
            "die 'some' gives some faces but not face3, face4, face5, face6",
        ),
        (
            "      - {id: letters, faces: [A, B, C, D, E, F]}\n      - {id: plain}",
            16,
            9,
            "die 'plain' has no faces while 'letters' has six",
        ),
    ],
)
def test_wrong_faces_are_told_at_their_place(tmp_path, items, line, col, message):
    """Each wrong use of a die's faces is a located error at the die's entry, never a
    traceback."""
    root = _project(tmp_path, items)
    result = pnp("validate", "dt", cwd=root)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"content/dt/game.yaml:{line}:{col}: {message}" in result.stderr, result.stderr


def test_a_die_without_faces_draws_its_layout_over_the_whole_net(tmp_path):
    """No faces: the layout is drawn once, over the net's trim (as MuseO's pips are), so
    a box reaching the net's far corner is inside it; the same box on a die with faces
    lies outside its 24 mm face, a located error."""
    root = _project(tmp_path, "      - {id: plain}")
    (root / "templates" / "dt" / "face.yaml").write_text(
        'boxes:\n  - {name: far, painter: text, box: [80, 60, 10, 10], text: "X"}\n'
    )
    result = pnp("validate", "dt", cwd=root)
    assert result.returncode == 1
    assert (
        "templates/dt/face.yaml:2:37: item 'digits' (face 1): box 'far' lies outside the"
        " 24.0 x 24.0 mm item" in result.stderr
    ), result.stderr
    game = root / "content" / "dt" / "game.yaml"
    game.write_text(game.read_text().split("  - id: digits")[0])
    result = pnp("build", "dt", "--out", str(root / "out"), cwd=root)
    assert result.returncode == 0, result.stderr
    (one,) = squares(root / "out" / "dt", "letters", EDGE)
    assert not any(one["on"].values())  # X lies beyond the faces: the net is the layout's
    chars = glyphs(root / "out" / "dt" / holding(root / "out" / "dt", "letters")[0]["path"])
    assert [c for c, _, _ in chars] == ["X"]


ROWS = """game: dr
title: {{de: Würfel, en: Dice}}
players: {{min: 1, max: 4}}
tables:
  signs:
    - {{id: sun, name: {{de: Sonne, en: Sun}}}}
    - {{id: moon, name: {{de: Mond, en: Moon}}}}
    - {{id: star, name: {{de: Stern, en: Star}}}}
components:
  - id: signs
    name: {{de: Zeichen, en: Signs}}
    kind: die
    edge: 30mm
    faces: {table}
    face: dr/face
    items:
      - {{id: signs, faces: [sun, moon, star, {fourth}, moon, sun]}}
"""


def _rows(tmp: Path, table: str = "signs", fourth: str = "star") -> Path:
    (tmp / "content" / "dr").mkdir(parents=True, exist_ok=True)
    (tmp / "templates" / "dr").mkdir(parents=True, exist_ok=True)
    (tmp / "content" / "dr" / "game.yaml").write_text(ROWS.format(table=table, fourth=fourth))
    (tmp / "templates" / "dr" / "face.yaml").write_text(
        "boxes:\n  - {name: sign, painter: text, box: [2, 2, 26, 26],"
        ' text: "{{ face.name }}", size: 12}\n'
    )
    return tmp


def test_faces_that_are_rows_of_a_table(tmp_path):
    """`faces: signs`: each face names a row, its layout reads the row in the language
    being drawn, so the die is printed once per language, each face its row's name."""
    root = _rows(tmp_path)
    result = pnp("build", "dr", "--out", str(root / "out"), cwd=root)
    assert result.returncode == 0, result.stderr
    names = {
        "de": ["Sonne", "Mond", "Stern", "Stern", "Mond", "Sonne"],
        "en": ["Sun", "Moon", "Star", "Star", "Moon", "Sun"],
    }
    for lang, want in names.items():
        (one,) = squares(root / "out" / "dr", "signs", 30.0, lang)
        assert holding(root / "out" / "dr", "signs", lang)[0]["path"].startswith(f"{lang}/")
        printed = {v: "".join(c for c, _, _ in chars) for v, chars in one["on"].items()}
        assert printed == dict(enumerate(want, start=1))


@pytest.mark.parametrize(
    ("table", "fourth", "where", "message"),
    [
        (
            "sings",
            "star",
            "14:12",
            "die 'signs': 'faces' names table 'sings', which does not exist (tables: signs)",
        ),
        (
            "signs",
            "comet",
            "17:9",
            "die 'signs': face 4 'comet' is not in table 'signs' (ids: moon, star, sun)",
        ),
        (
            "signs",
            "NONE",
            "17:9",
            "die 'signs' has no faces to name rows of table 'signs'",
        ),
    ],
)
def test_faces_naming_no_row_are_told(tmp_path, table, fourth, where, message):
    root = _rows(tmp_path, table, fourth)
    if fourth == "NONE":  # a die that gives no faces at all
        game = root / "content" / "dr" / "game.yaml"
        game.write_text(game.read_text().replace(", faces: [sun, moon, star, NONE, moon, sun]", ""))
    result = pnp("validate", "dr", cwd=root)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"content/dr/game.yaml:{where}: {message}" in result.stderr, result.stderr
