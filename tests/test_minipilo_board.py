"""MiniPilo's board looks like a game board (issue 26), read back from the built PDF: the
sides' numbers are die faces, unlike the track's fields and off its road; the track is one
road from Start to the goal with its way marked; each side has a place as large as the
project mat the kit prints, inside the board's safe zone."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pypdfium2 as pdfium
import pytest

from bastelbogen.content.kinds import SAFE_ZONE
from bastelbogen.core.geometry import apply
from bastelbogen.core.units import mm
from tests.conftest import ROOT, manifest, printed
from tests.pdfread import PT_PER_MM, read

INK_DARK = 0.3  # a channel below this is dark ink (the pips)


@dataclass(frozen=True)
class Word:
    text: str
    box: tuple  # left, top, right, bottom in board mm (y down from the top edge)

    @property
    def centre(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2

    @property
    def height(self) -> float:
        """How large its letters are, however it is turned: the box's smaller side."""
        return min(self.box[3] - self.box[1], self.box[2] - self.box[0])


@dataclass(frozen=True)
class Painted:
    points: tuple  # board mm, y down
    closed: bool
    fill: tuple | None
    stroke: tuple | None
    width: float  # mm

    @property
    def box(self) -> tuple:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return (x0 + x1) / 2, (y0 + y1) / 2

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return x1 - x0, y1 - y0

    @property
    def round(self) -> bool:
        """A circle: four curve ends, each in the middle of a side of its box (a
        rectangle's four points are its box's corners)."""
        (cx, cy), (w, h) = self.centre, self.size
        middles = [(cx, cy - h / 2), (cx + w / 2, cy), (cx, cy + h / 2), (cx - w / 2, cy)]
        return len(self.points) == 4 and all(
            min(_dist(p, m) for p in self.points) < 0.05 for m in middles
        )


@dataclass(frozen=True)
class Board:
    size: tuple[float, float]  # trim, mm
    words: list
    shapes: list


def _inverse(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


@pytest.fixture(scope="module")
def board(kits) -> Board:
    """The whole board as drawn on its first sheet (every sheet draws all of it, clipped
    to its window), in mm from the board's top-left corner."""
    kit = kits("minipilo")
    path = printed(kit, "board.pdf")
    bleed = float(manifest(kit)["options"]["bleed"].removesuffix("mm"))
    _, pages = read(path, forms=True, shapes=True)
    sheet = pages[1]
    placed = sheet.placed[0]
    x0, y0, x1, y1 = placed.bbox
    size = ((x1 - x0) / PT_PER_MM - 2 * bleed, (y1 - y0) / PT_PER_MM - 2 * bleed)
    to_board = _inverse(placed.matrix)

    def local(x: float, y: float) -> tuple[float, float]:
        lx, ly = apply(to_board, x, y)  # the board's own points, origin at its trim's corner
        return lx / PT_PER_MM, size[1] - ly / PT_PER_MM

    def points(s) -> tuple:  # without repeats: a circle ends where it starts
        return tuple(
            dict.fromkeys((round(x, 3), round(y, 3)) for x, y in map(lambda p: local(*p), s.points))
        )

    shapes = [
        Painted(points(s), s.closed, s.fill, s.stroke, s.width / PT_PER_MM)
        for s in sheet.shapes
        if s.in_form and s.points
    ]
    return Board(size, _words(pdfium.PdfDocument(path)[1], local), shapes)


def _words(page, local) -> list[Word]:
    """The strings drawn on the page (a line each: "Seite 1" is one), each with its box on
    the board."""
    text = page.get_textpage()
    out, run, box = [], "", None
    for k in range(text.count_chars() + 1):
        ch = text.get_text_range(k, 1) if k < text.count_chars() else "\n"
        if ch == " " and run:
            run += ch
        elif ch.strip():
            left, bottom, right, top = text.get_charbox(k, loose=False)
            (ax, ay), (bx, by) = local(left, top), local(right, bottom)
            here = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
            run += ch
            box = here if box is None else _union(box, here)
        elif run:
            out.append(Word(run.strip(), box))
            run, box = "", None
    return out


def _union(a, b):
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _inside(p, box, margin: float = 0.0) -> bool:
    return box[0] - margin <= p[0] <= box[2] + margin and box[1] - margin <= p[1] <= box[3] + margin


def _dist(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _track(board: Board) -> list[tuple[Word, Painted]]:
    """Start, the fields 1-11 and the goal (its number 12) in the track's order, each with
    the circle drawn round its label: the field."""
    track = []
    labels = ["Start", *map(str, range(1, 13))]
    for label in labels:
        # Big words only: the sheet's own number in its corner is small print.
        found = [w for w in board.words if w.text == label and w.height > 2.5]
        assert len(found) == 1, f"the track's {label!r} is drawn {len(found)} times"
        word = found[0]
        discs = [s for s in board.shapes if s.closed and s.round and _inside(word.centre, s.box)]
        assert discs, f"no field drawn under {label!r}"
        inner = min(discs, key=lambda s: s.size[0])
        # The field is the outermost of the rings round its label (the goal's chequers).
        rings = [s for s in discs if _dist(s.centre, inner.centre) < 0.5]
        track.append((word, max(rings, key=lambda s: s.size[0])))
    return track


def _pips(board: Board, face: Painted) -> list[Painted]:
    return [
        s
        for s in board.shapes
        if s.fill
        and max(s.fill) < INK_DARK
        and s.size[0] < face.size[0] / 4
        and _inside(s.centre, face.box)
    ]


def _die_faces(board: Board) -> dict[int, Painted]:
    """The sides' numbers: white faces with straight sides (more than a circle's four
    curve ends) and 1-6 dark pips on them, by their count of pips."""
    faces = {}
    for s in board.shapes:
        if not (s.closed and s.fill and min(s.fill) > 0.95 and len(s.points) > 4):
            continue
        if not 10 < s.size[0] < 40 or abs(s.size[0] - s.size[1]) > 12:
            continue
        pips = len(_pips(board, s))
        if 1 <= pips <= 6:
            assert pips not in faces, f"two die faces show {pips}"
            faces[pips] = s
    return faces


def _places(board: Board, mat: tuple[float, float]) -> list[Painted]:
    """Closed filled four-cornered shapes whose sides are the mat's: the mat places."""
    out = []
    for s in board.shapes:
        pts = list(s.points)
        if not (s.closed and s.fill and len(pts) == 4) or s.round:
            continue
        sides = sorted(_dist(pts[k], pts[(k + 1) % 4]) for k in range(4))
        if all(abs(a - b) <= 1 for a, b in zip(sides, sorted([*mat, *mat]), strict=True)):
            out.append(Painted(tuple(pts), True, s.fill, s.stroke, s.width))
    return out


def _mat(kits) -> tuple[float, float]:
    """A project mat's trim as the kit prints it, from the manifest."""
    kit = kits("minipilo")
    path = printed(kit, "projects.pdf")
    entry = next(f for f in manifest(kit)["files"] if kit / f["path"] == path)
    item = next(i for p in entry["pages"] for i in p["items"] if i["component"] == "projects")
    return tuple(sorted(item["trim_mm"][2:]))


def _in_polygon(p, poly) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]], strict=True):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _to_segment(p, a, b) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / (ax * ax + ay * ay)))
    return _dist(p, (a[0] + t * ax, a[1] + t * ay))


def test_side_numbers_are_die_faces_off_the_track(board):
    """Each side's number is a die face: square-cornered, its number as pips with no digit
    on it, while every track field is a round disc with its number written; none lies on
    the track's road or a field."""
    faces = _die_faces(board)
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]
    track = _track(board)
    road = _road(board, [f.centre for _, f in track])
    for n, face in faces.items():
        assert not [w for w in board.words if _inside(w.centre, face.box)], f"a digit on die {n}"
        # Square, not round: a field's outline is a circle's, a face's has straight sides.
        assert not face.round and all(f.round for _, f in track)
        for _, field in track:
            assert _dist(face.centre, field.centre) > (face.size[0] + field.size[0]) / 2
        half = math.hypot(*face.size) / 2
        for (_, a), (_, b) in zip(track, track[1:], strict=False):
            clear = _to_segment(face.centre, a.centre, b.centre) - half - road.width / 2
            assert clear > 2, f"die face {n} lies on the road ({clear:.1f} mm)"


def _road(board: Board, centres: list) -> Painted:
    """The widest stroked open path through every field centre in order: the road."""
    roads = []
    for s in board.shapes:
        if s.closed or not s.stroke:
            continue
        hits = [min(range(len(s.points)), key=lambda i: _dist(s.points[i], c)) for c in centres]
        near = all(_dist(s.points[i], c) < 0.5 for i, c in zip(hits, centres, strict=True))
        if near and hits == sorted(hits) and len(set(hits)) == len(hits):
            roads.append(s)
    assert roads, "no path joins the track's fields in order"
    return max(roads, key=lambda s: s.width)


def test_the_track_is_one_road_from_start_to_the_goal(board):
    """The fields lie on one road that runs Start, 1, ..., 12 in order, as wide as most of
    a field; between each two fields an arrowhead points the way; Start and the goal are
    the largest fields."""
    track = _track(board)
    centres = [f.centre for _, f in track]
    road = _road(board, centres)
    radii = [f.size[0] / 2 for _, f in track]
    assert road.width > 0.8 * min(radii), (road.width, min(radii))
    for k, (a, b) in enumerate(zip(centres, centres[1:], strict=False)):
        gap = _dist(a, b) - radii[k] - radii[k + 1]
        assert gap > 5, f"fields {k} and {k + 1} touch: the road between them cannot show"
        arrows = [
            s
            for s in board.shapes
            if not s.closed
            and len(s.points) == 3
            and _to_segment(s.points[1], a, b) < gap / 2
            and _inside(s.points[1], _union((*a, *a), (*b, *b)), 6)
        ]
        assert len(arrows) == 1, f"{len(arrows)} arrowheads between fields {k} and {k + 1}"
        (ex, ey), (tx, ty), (fx, fy) = arrows[0].points
        tip = (tx - (ex + fx) / 2, ty - (ey + fy) / 2)  # from the arms' ends to the tip
        way = (b[0] - a[0], b[1] - a[1])
        cosine = (tip[0] * way[0] + tip[1] * way[1]) / math.hypot(*tip) / math.hypot(*way)
        assert cosine > 0.8, f"the arrow between fields {k} and {k + 1} points back"
    ends = radii[0], radii[-1]
    assert min(ends) > 1.3 * max(radii[1:-1])


def test_each_side_has_a_place_the_size_of_a_project_mat(board, kits):
    """Six places as large as the mat the kit prints (1 mm), inside the board's safe zone,
    none overlapping another or a field; each names its side, and that side's die face is
    the one nearest it."""
    mat = _mat(kits)
    places = _places(board, mat)
    assert len(places) == 6, [p.box for p in places]
    safe = SAFE_ZONE / mm(1)
    w, h = board.size
    for p in places:
        x0, y0, x1, y1 = p.box
        assert x0 >= safe and y0 >= safe and x1 <= w - safe and y1 <= h - safe, p.box
    for a in places:
        for b in places:
            if a is not b:
                assert not any(_in_polygon(q, b.points) for q in a.points)
                assert not _in_polygon(a.centre, b.points)
    for _, field in _track(board):
        for p in places:
            assert not _in_polygon(field.centre, p.points)
    faces = _die_faces(board)
    named = set()
    for p in places:
        # (Big words only: a sheet's number in its glue margin is small print.)
        labels = [w for w in board.words if _in_polygon(w.centre, p.points) and w.height > 2.5]
        sides = [int(w.text.split()[-1]) for w in labels if w.text.split()[-1].isdigit()]
        assert len(sides) == 1, [w.text for w in labels]
        nearest = min(faces, key=lambda n: _dist(faces[n].centre, p.centre))
        assert nearest == sides[0], f"the place of side {sides[0]} is nearest die {nearest}"
        named.add(sides[0])
    assert named == {1, 2, 3, 4, 5, 6}


def test_the_seams_keep_whole_what_the_board_draws(board):
    """The areas the board's motif keeps whole (no glue seam crosses them) hold every word
    a player reads on it and every die face, as drawn: moved in the drawing alone, they
    would guard the wrong places."""
    from bastelbogen.content.painters import MOTIFS
    from bastelbogen.pipeline.build import Project

    motif = MOTIFS.get("minipilo-board")
    assert motif is not None and motif.keeps is not None
    tables = Project(ROOT).load("minipilo").tables
    areas = [(x, y, x + w, y + h) for x, y, w, h in motif.keeps(*board.size, tables)]
    # What a player reads: not the sheet's small print (its number, the glue margins').
    drawn = [(w.text, w.box) for w in board.words if w.height > 2.5]
    drawn += [(f"die {n}", face.box) for n, face in _die_faces(board).items()]
    assert len(drawn) >= 1 + 6 + 13 + 6  # the title, the places, the track, the dice
    for what, (left, top, right, bottom) in drawn:
        held = [
            a for a in areas if a[0] <= left and right <= a[2] and a[1] <= top and bottom <= a[3]
        ]
        assert held, (
            f"{what!r} at {left:.1f}..{right:.1f}, {top:.1f}..{bottom:.1f} mm is not kept whole"
        )
