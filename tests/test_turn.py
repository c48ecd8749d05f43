"""Turned and flipped pictures (issue 49): an `image` or `art` box takes `turn` (a quarter
turn, clockwise) and `flip` (as it stands); the box stays where it is written and the
picture in it is turned, fitted to it. A picture drawn for the trim and a bleed of its own
(`bleed: 3`) lands its trim on the trim whatever the build's bleed; a build bleed it does
not reach is told at the key. Read back from rendered pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from bastelbogen.core.geometry import apply, turned
from tests.conftest import pnp
from tests.render import Rendered

PT = 72 / 25.4
DPI = 100
COLOURS = {
    "red": (255, 0, 0),
    "green": (0, 255, 0),
    "blue": (0, 0, 255),
    "yellow": (255, 255, 0),
    "white": (255, 255, 255),
}
# The picture's quadrants as drawn in its file: top-left, top-right, bottom-left, bottom-right
QUADRANTS = ("red", "green", "blue", "yellow")
# Each quadrant's corner of the picture: a quarter turn clockwise takes the top-left
# (red) to the top-right.
EXPECTED = {
    (0, "none"): ("red", "green", "blue", "yellow"),
    (90, "none"): ("blue", "red", "yellow", "green"),
    (180, "none"): ("yellow", "blue", "green", "red"),
    (270, "none"): ("green", "yellow", "red", "blue"),
    (0, "horizontal"): ("green", "red", "yellow", "blue"),
    (0, "vertical"): ("blue", "yellow", "red", "green"),
    (90, "horizontal"): ("red", "blue", "green", "yellow"),  # turned, then mirrored
}
SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">
<rect x="0" y="0" width="{hw}" height="{hh}" fill="#ff0000"/>
<rect x="{hw}" y="0" width="{hw}" height="{hh}" fill="#00ff00"/>
<rect x="0" y="{hh}" width="{hw}" height="{hh}" fill="#0000ff"/>
<rect x="{hw}" y="{hh}" width="{hw}" height="{hh}" fill="#ffff00"/>
</svg>
"""


def _name(rgb) -> str:
    return min(
        COLOURS, key=lambda n: sum((a - b) ** 2 for a, b in zip(rgb, COLOURS[n], strict=True))
    )


def _quadrants(path: Path, w: int, h: int) -> None:
    """A picture of four coloured quadrants (QUADRANTS), w x h pixels (or units)."""
    if path.suffix == ".svg":
        path.write_text(SVG.format(w=w, h=h, hw=w / 2, hh=h / 2))
        return
    im = Image.new("RGB", (w, h))
    for n, colour in enumerate(QUADRANTS):
        x, y = (n % 2) * w // 2, (n // 2) * h // 2
        im.paste(COLOURS[colour], (x, y, x + w // 2, y + h // 2))
    im.save(path)


def _game(root: Path, components: str, layouts: dict[str, str]) -> Path:
    """A game `t` in the project `root`: its components (YAML) and layouts by name."""
    (root / "content" / "t").mkdir(parents=True, exist_ok=True)
    (root / "templates" / "t").mkdir(parents=True, exist_ok=True)
    (root / "content" / "t" / "game.yaml").write_text(
        "game: t\ntitle: T\nplayers: {min: 1, max: 4}\ncomponents:\n" + components
    )
    for name, text in layouts.items():
        (root / "templates" / "t" / f"{name}.yaml").write_text(text)
    return root


def _build(root: Path, out: Path, *options: str) -> tuple[str, dict]:
    result = pnp("build", "t", "--out", str(out), *options, cwd=root)
    assert result.returncode == 0, result.stderr
    return result.stderr, json.loads((out / "t" / "manifest.json").read_text())


def _placed(manifest: dict, lang: str = "de") -> list[tuple[str, dict, int]]:
    """Each front placed: (its file, its manifest entry, its page index)."""
    return [
        (f["path"], item, page["number"] - 1)
        for f in manifest["files"]
        if f["path"].endswith(".pdf") and f.get("lang", lang) == lang
        for page in f["pages"]
        for item in page["items"]
        if item["side"] == "front"
    ]


def _seen(out: Path, manifest: dict) -> dict[str, tuple[Rendered, dict]]:
    """Each front by its id: the page it is on, rendered, and its manifest entry."""
    pages: dict[tuple[str, int], Rendered] = {}
    found = {}
    for path, item, page in _placed(manifest):
        assert item["rotation"] == 0, item  # square tiles stand as laid out
        if (path, page) not in pages:
            pages[(path, page)] = Rendered(out / "t" / path, page, DPI)
        found[item["id"]] = (pages[(path, page)], item)
    return found


def _at(seen: tuple[Rendered, dict], x_mm: float, y_mm: float) -> str:
    """The colour at (x, y) mm from the item's top-left corner, as a layout says it."""
    img, item = seen
    x, y, _, h = item["trim_mm"]
    return _name(img.at_pt((x + x_mm) * PT, (y + h - y_mm) * PT))


def _corners(seen, box: tuple[float, float, float, float]) -> tuple[str, ...]:
    """The colours at a quarter of the way in from each corner of a box [x, y, w, h] mm
    (top-left first, as a layout writes it), reading as EXPECTED does."""
    x, y, w, h = box
    return tuple(_at(seen, x + w * fx, y + h * fy) for fy in (0.25, 0.75) for fx in (0.25, 0.75))


TURNS = list(EXPECTED)


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_a_picture_turns_clockwise_and_flips_as_it_stands(tmp_path, suffix):
    """One asymmetric picture of four quadrants, drawn by every turn and flip on square
    tiles: each quadrant lands in the corner the turn takes it to."""
    items = "".join(f"      - {{id: t{t}{f[0]}, turn: {t}, flip: {f}}}\n" for t, f in TURNS)
    root = _game(
        tmp_path / "p",
        "  - id: tiles\n    name: Tiles\n    kind: tile\n    size: [40mm, 40mm]\n"
        f"    face: t/tile\n    items:\n{items}",
        {
            "tile": "boxes:\n  - {name: road, painter: image, box: bleed,"
            f' file: quad{suffix}, turn: "{{{{ turn }}}}", flip: "{{{{ flip }}}}"}}\n'
        },
    )
    _quadrants(root / "content" / "t" / f"quad{suffix}", 400, 400)
    _, manifest = _build(root, tmp_path / "out")
    seen = _seen(tmp_path / "out", manifest)
    for (t, f), expected in EXPECTED.items():
        assert _corners(seen[f"t{t}{f[0]}"], (0, 0, 40, 40)) == expected, (t, f)


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_a_quarter_turn_fits_the_picture_to_a_box_that_is_not_square(tmp_path, suffix):
    """A landscape picture turned a quarter in a portrait box covers the box as written
    (turned, it is as tall as wide as the box is), not more, not less: the box stays put."""
    root = _game(
        tmp_path / "p",
        "  - id: tiles\n    name: Tiles\n    kind: tile\n    size: [40mm, 40mm]\n"
        "    face: t/tile\n    items: [{id: a, turn: 90}, {id: b, turn: 270}]\n",
        {
            "tile": "boxes:\n  - {name: ground, painter: shape, box: bleed, fill: '#ffffff'}\n"
            "  - {name: road, painter: image, box: [10, 5, 20, 30],"
            f' file: wide{suffix}, turn: "{{{{ turn }}}}"}}\n'
        },
    )
    # 300 x 200: turned, 200 x 300, the box's 20 x 30 mm exactly
    _quadrants(root / "content" / "t" / f"wide{suffix}", 300, 200)
    _, manifest = _build(root, tmp_path / "out")
    seen = _seen(tmp_path / "out", manifest)
    assert _corners(seen["a"], (10, 5, 20, 30)) == EXPECTED[(90, "none")]
    assert _corners(seen["b"], (10, 5, 20, 30)) == EXPECTED[(270, "none")]
    for item in ("a", "b"):  # nothing outside the box, its edges covered
        assert [_at(seen[item], x, y) for x, y in ((9, 20), (31, 20), (20, 4), (20, 36))] == [
            "white"
        ] * 4
        corners = ((10.3, 5.3), (29.7, 5.3), (10.3, 34.7), (29.7, 34.7))
        assert "white" not in [_at(seen[item], x, y) for x, y in corners]


def test_a_motif_turns_with_its_box_and_its_turns_share_one_drawing(tmp_path):
    """A scene (sky above, ground below) turned clockwise a quarter has its sky on the
    right; turned three quarters, on the left; flipped upside down, below."""
    root = _game(
        tmp_path / "p",
        "  - id: tiles\n    name: Tiles\n    kind: tile\n    size: [40mm, 40mm]\n"
        "    face: t/tile\n    items: [{id: up, turn: 0, flip: none},"
        " {id: right, turn: 90, flip: none}, {id: left, turn: 270, flip: none},"
        " {id: down, turn: 0, flip: vertical}]\n",
        {
            "tile": "boxes:\n  - {name: scene, painter: art, box: bleed, motif: whale,"
            " sky: '#ff0000', ground: '#0000ff', colour: '#00ff00',"
            ' turn: "{{ turn }}", flip: "{{ flip }}"}\n'
        },
    )
    _, manifest = _build(root, tmp_path / "out")
    seen = _seen(tmp_path / "out", manifest)
    # Halfway along each edge, 1.5 mm in: sky or sea
    edges = {"top": (20, 1.5), "bottom": (20, 38.5), "left": (1.5, 20), "right": (38.5, 20)}
    sky = {
        item: [side for side, (x, y) in edges.items() if _at(seen[item], x, y) == "red"]
        for item in ("up", "right", "left", "down")
    }
    assert sky == {"up": ["top"], "right": ["right"], "left": ["left"], "down": ["bottom"]}
    # One drawing of the motif, placed four ways (turned, it is composed for the same size)
    with pikepdf.open(tmp_path / "out" / "t" / _placed(manifest)[0][0]) as pdf:
        forms = {str(name) for page in pdf.pages for name in page.Resources.XObject.keys()}
    assert forms == {"/FormXob.Picture0"}


def _bled_picture(path: Path) -> None:
    """A picture for a 40 x 40 mm tile drawn 3 mm beyond its trim, 10 px a mm: red in its
    bleed, a green band 2 mm wide inside the trim, blue within."""
    im = Image.new("RGB", (460, 460), COLOURS["red"])
    im.paste(COLOURS["green"], (30, 30, 430, 430))
    im.paste(COLOURS["blue"], (50, 50, 410, 410))
    im.save(path)


@pytest.mark.parametrize("bleed", [0, 3, 5])
def test_a_picture_drawn_for_its_own_bleed_lands_its_trim_on_the_trim(tmp_path, bleed):
    """`bleed: 3`: whatever bleed the build asks for, the picture's trim lies on the
    tile's trim (its green band just inside it, its red bleed just outside); a build
    bleed beyond the 3 mm it carries is told at the key, and paper shows beyond it."""
    root = _game(
        tmp_path / "p",
        "  - id: tiles\n    name: Tiles\n    kind: tile\n    size: [40mm, 40mm]\n"
        "    face: t/tile\n    items: [{id: a}]\n",
        {
            "tile": "boxes:\n  - {name: art, painter: image, box: bleed, file: bled.png,\n"
            "     bleed: 3}\n"
        },
    )
    _bled_picture(root / "content" / "t" / "bled.png")
    told, manifest = _build(root, tmp_path / "out", "--bleed", f"{bleed}mm")
    tile = _seen(tmp_path / "out", manifest)["a"]
    inside = [(0.6, 20), (39.4, 20), (20, 0.6), (20, 39.4), (1.8, 1.8)]
    assert [_at(tile, x, y) for x, y in inside] == ["green"] * 5
    assert [_at(tile, x, y) for x, y in ((2.4, 20), (20, 37.6))] == ["blue"] * 2
    if bleed:
        outside = [(-0.6, 20), (40.6, 20), (20, -0.6), (20, 40.6), (-2.4, 20)]
        assert [_at(tile, x, y) for x, y in outside] == ["red"] * 5
    warned = re.findall(r"tile\.yaml:(\d+):(\d+): warning: preflight: (.*)", told)
    if bleed == 5:
        assert [_at(tile, x, y) for x, y in ((-4, 20), (44, 20))] == ["white"] * 2
        assert [(line, col) for line, col, _ in warned] == [("3", "13")], told
        assert "carries 3 mm beyond its trim (`bleed: 3`) and stops short of the 5 mm" in told
    else:
        assert warned == [], told


def test_a_motif_drawn_for_its_own_bleed_keeps_its_ground_past_it(tmp_path):
    """A motif composed for the trim and 3 mm (`bleed: 3`) built with a 5 mm bleed: its
    ground runs on past its own bleed (as every motif's does), so nothing is told and no
    paper shows."""
    root = _game(
        tmp_path / "p",
        "  - id: tiles\n    name: Tiles\n    kind: tile\n    size: [40mm, 40mm]\n"
        "    face: t/tile\n    items: [{id: a}]\n",
        {
            "tile": "boxes:\n  - {name: scene, painter: art, box: bleed, motif: whale,"
            " sky: '#ff0000', ground: '#0000ff', bleed: 3, turn: 90}\n"
        },
    )
    told, manifest = _build(root, tmp_path / "out", "--bleed", "5mm")
    assert "warning" not in told, told
    tile = _seen(tmp_path / "out", manifest)["a"]
    assert [_at(tile, x, y) for x, y in ((44.5, 20), (-4.5, 20))] == ["red", "blue"]


def test_a_picture_short_of_the_bleed_is_judged_where_it_lies(tmp_path):
    """The bleed check judges what a picture covers: a turned picture in `box: bleed`
    reaches the bleed; one composed for a `picture` that stops at the trim, inside a box
    that reaches the bleed, is told at its `picture`."""
    root = _game(
        tmp_path / "p",
        "  - id: cards\n    name: Cards\n    kind: tile\n    size: [30mm, 50mm]\n"
        "    face: t/card\n    items: [{id: a}]\n",
        {
            "card": "boxes:\n"
            "  - {name: turned, painter: image, box: bleed, file: wide.png, turn: 90}\n"
            "  - {name: framed, painter: image, box: bleed, file: wide.png, turn: 270,\n"
            '     picture: [0, -3, 30, "{{ height + 6 }}"]}\n'
        },
    )
    _quadrants(root / "content" / "t" / "wide.png", 900, 600)
    told, _ = _build(root, tmp_path / "out", "--bleed", "3mm")
    warned = re.findall(r"card\.yaml:(\d+):(\d+): warning: preflight: (.*)", told)
    assert [(line, col) for line, col, _ in warned] == [("4", "15")], told
    assert "the picture in box 'framed' is composed for its `picture`" in warned[0][2]
    assert "on the left and right" in warned[0][2]


@pytest.mark.parametrize(
    "key,value,told",
    [
        ("turn", "45", "'turn' of box 'road' must be one of 0, 90, 180, 270, got 45"),
        ("flip", "sideways", "'flip' of box 'road' must be one of none, horizontal, vertical"),
        ("bleed", "-1", "'bleed' of box 'road' must be at least 0, got -1"),
    ],
)
def test_a_wrong_turn_or_flip_is_told_at_its_place_with_the_choices(tmp_path, key, value, told):
    root = _game(
        tmp_path / "p",
        "  - id: tiles\n    name: Tiles\n    kind: tile\n    size: [40mm, 40mm]\n"
        "    face: t/tile\n    items: [{id: a}]\n",
        {
            "tile": "boxes:\n  - {name: road, painter: art, box: bleed, motif: whale,\n"
            f"     {key}: {value}}}\n"
        },
    )
    result = pnp("build", "t", "--out", str(tmp_path / "out"), cwd=root)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(rf"templates/t/tile\.yaml:3:\d+: .*{re.escape(told)}", result.stderr), (
        result.stderr
    )


def test_turn_and_flip_change_a_face_s_fingerprint(tmp_path):
    root = _game(
        tmp_path / "p",
        "  - id: tiles\n    name: Tiles\n    kind: tile\n    size: [40mm, 40mm]\n"
        "    face: t/tile\n    items: [{id: a, turn: 0, flip: none}, {id: b, turn: 90, flip:"
        " none}, {id: c, turn: 0, flip: vertical}, {id: d, turn: 0, flip: none}]\n",
        {
            "tile": "boxes:\n  - {name: road, painter: image, box: bleed, file: quad.png,"
            ' turn: "{{ turn }}", flip: "{{ flip }}"}\n'
        },
    )
    _quadrants(root / "content" / "t" / "quad.png", 400, 400)
    _, manifest = _build(root, tmp_path / "out")
    prints = {item: found[0] for item, found in manifest["faces"]["de"]["tiles"].items()}
    assert len({prints["a"], prints["b"], prints["c"]}) == 3 and prints["a"] == prints["d"]


def test_the_turn_maps_corners_clockwise():
    """The geometry apart from drawing: a 20 x 10 rectangle at (5, 7) turned a quarter
    is drawn for 10 x 20, and its top-left corner lands on the rectangle's top-right."""
    (w, h), m = turned((5.0, 7.0, 20.0, 10.0), 90)
    assert (w, h) == (10.0, 20.0)
    assert apply(m, 0, h) == pytest.approx((25.0, 17.0))  # top-left -> top-right
    assert apply(m, w, 0) == pytest.approx((5.0, 7.0))  # bottom-right -> bottom-left
    (_, _), flipped = turned((5.0, 7.0, 20.0, 10.0), 0, "horizontal")
    assert apply(flipped, 0, 0) == pytest.approx((25.0, 7.0))


@pytest.mark.parametrize("key,told", [("picture", "placed by `piece`"), ("bleed", "leave one out")])
def test_a_slice_with_a_picture_rectangle_is_told_not_dropped(tmp_path, key, told):
    value = "[0, 0, 80, 40]" if key == "picture" else "3"
    root = _game(
        tmp_path / "p",
        "  - id: tiles\n    name: Tiles\n    kind: tile\n    size: [40mm, 40mm]\n"
        "    face: t/tile\n    items: [{id: a}]\n",
        {
            "tile": "boxes:\n  - {name: road, painter: art, box: bleed, motif: whale,\n"
            f"     slice: [0, 0, 2, 1], {key}: {value}}}\n"
        },
    )
    result = pnp("build", "t", "--out", str(tmp_path / "out"), cwd=root)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        rf"templates/t/tile\.yaml:3:\d+: box 'road': .*{re.escape(told)}", result.stderr
    ), result.stderr


@pytest.mark.parametrize("given", [90, "90", 90.0, "90.0"])
def test_a_quarter_turn_from_a_spreadsheet_cell_is_the_same_turn(given):
    from bastelbogen.content.framing import Turned

    assert Turned.turn.check(given) == 90


@pytest.mark.parametrize("given", [90.5, "ninety", True, "nan"])
def test_a_turn_that_is_no_quarter_is_refused(given):
    from bastelbogen.content.framing import Turned

    with pytest.raises(ValueError, match="must be one of 0, 90, 180, 270"):
        Turned.turn.check(given)
