"""Die lines (`shape: {path: …}`): SVG path data in mm or a die-line SVG file in the game
folder becomes the piece's outline, curves followed closely; a stranger's broken, huge or
entity-laden file is a located error, and nothing outside the game folder is read."""

from __future__ import annotations

import json
import math
import re

import pytest

from tests.test_shapes import _kit

# A shield 40 x 50 mm: straight top and sides, a quarter-ellipse-like curve to a point.
SHIELD = "M 0 0 H 40 V 30 Q 40 45 20 50 Q 0 45 0 30 Z"


def _outline(kit, tip=(20, 50)) -> list[tuple[float, float]]:
    """The first piece's outline back in its own mm from its top-left (the page's y runs
    up), turned back if the sheet turned it: the turn that puts its tip where it belongs."""
    m = json.loads((kit / "manifest.json").read_text())
    item = next(
        i
        for f in m["files"]
        if f["path"] == "tiles.pdf"
        for p in f["pages"]
        for i in p["items"]
        if i["side"] == "front"
    )
    x, y, w, h = item["trim_mm"]
    local = [(px - x, y + h - py) for px, py in item["outline_mm"][0]]
    for turned in (local, [(h - b, a) for a, b in local], [(b, w - a) for a, b in local]):
        if any(math.dist(p, tip) < 0.01 for p in turned) and max(v for v, _ in turned) < 40.01:
            return turned
    raise AssertionError(f"no turn of {local[:4]} … has its tip at {tip}")


def _quad(p0, p1, p2, t):
    return tuple(
        (1 - t) ** 2 * a + 2 * (1 - t) * t * b + t * t * c
        for a, b, c in zip(p0, p1, p2, strict=True)
    )


def test_path_data_is_the_outline(tmp_path):
    """The straight corners are where the data puts them; every point of the curves lies
    on the Bézier curve the data names, to 0.02 mm, and none is further than 1 mm from
    the next."""
    kit = _kit(
        tmp_path, shape=f'{{path: "{SHIELD}"}}', w=40, h=50, count=2, label="[12, 10, 16, 8]"
    )
    loop = _outline(kit)
    corners = {(round(x, 3), round(y, 3)) for x, y in loop}
    assert {(0, 0), (40, 0), (40, 30), (20, 50), (0, 30)} <= corners
    curve = [(x, y) for x, y in loop if y > 30.001]
    assert len(curve) > 20
    samples = [_quad((40, 30), (40, 45), (20, 50), k / 2000) for k in range(2001)] + [
        _quad((20, 50), (0, 45), (0, 30), k / 2000) for k in range(2001)
    ]
    assert all(min(math.dist(p, s) for s in samples) < 0.02 for p in curve)
    assert max(math.dist(a, b) for a, b in zip(curve, curve[1:], strict=False)) < 1.0


def test_a_die_line_file_is_read_in_its_units(tmp_path):
    """A file 40 x 50 mm whose drawing units are tenths of a mm (viewBox 400 x 500); the
    element with id 'cut' is the outline, the guide rectangle beside it is not."""
    (tmp_path / "content" / "hx" / "dielines").mkdir(parents=True)
    (tmp_path / "content" / "hx" / "dielines" / "shield.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="50mm"'
        ' viewBox="0 0 400 500"><rect x="10" y="10" width="380" height="100"/>'
        '<path id="cut" d="M 0 0 H 400 V 300 L 200 500 L 0 300 Z"/></svg>'
    )
    kit = _kit(
        tmp_path, shape="{path: dielines/shield.svg}", w=40, h=50, count=1, label="[12, 10, 16, 8]"
    )
    loop = _outline(kit)
    want = [(0, 0), (40, 0), (40, 30), (20, 50), (0, 30)]
    assert len(loop) == 5
    assert all(min(math.dist(p, q) for p in loop) < 0.01 for q in want)


BILLION = (
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {chr(98 + k)} "' + f"&{chr(97 + k)};" * 10 + '">' for k in range(8))
    + ']><svg xmlns="http://www.w3.org/2000/svg"><text>&i;</text></svg>'
)


# Ten copies of ten copies … of one shape: a hundred million shapes for a parser that copies.
USES = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
    '<defs><g id="l0"><rect width="1" height="1"/></g>'
    + "".join(f'<g id="l{k + 1}">' + f'<use xlink:href="#l{k}"/>' * 10 + "</g>" for k in range(8))
    + '</defs><use xlink:href="#l8"/></svg>'
)
# Two hundred shapes of twelve curves each: the corners of the whole file are counted.
CURVES = (
    '<svg xmlns="http://www.w3.org/2000/svg">'
    + ('<path d="M 0 0 ' + "C 100 0 100 100 0 100 " * 12 + 'Z"/>') * 200
    + "</svg>"
)


@pytest.mark.parametrize(
    ("shape", "files", "message"),
    [
        ('{path: "M 0 0 H 40 V 30"}', {}, r"the path has an outline that is not closed"),
        ('{path: "M 0 0 H 40 V 30 Z M 1 1 H 5 V 5 Z"}', {}, r"the path holds 2 closed outlines"),
        ('{path: "kick the tires"}', {}, r"this is not SVG path data"),
        ('{path: "M 0 0 L 40 30 L 40 0 L 0 30 Z"}', {}, r"the path's edges cross each other"),
        (
            '{path: "M 0 0 H 60 V 30 H 0 Z"}',
            {},
            r"the corner at \[60, 0\] mm lies outside the"
            r" piece's size \(40 x 50 mm",
        ),
        ("{path: 42}", {}, r"a path is SVG path data in mm"),
        ("{path: ../../secret.svg}", {}, r"die line '../../secret.svg' lies outside the game"),
        ("{path: gone.svg}", {}, r"die line 'gone.svg' does not exist"),
        ("{path: laughs.svg}", {"laughs.svg": BILLION}, r"declares XML entities"),
        (
            "{path: big.svg}",
            {"big.svg": "<svg>" + " " * (17 << 20) + "</svg>"},
            r"die line 'big.svg' is larger than 16 MiB",
        ),
        ("{path: broken.svg}", {"broken.svg": "<svg><path d='M 0 0"}, r"is not well-formed XML"),
        (
            "{path: two.svg}",
            {
                "two.svg": '<svg xmlns="http://www.w3.org/2000/svg">'
                '<rect width="10" height="10"/><circle cx="50" cy="50" r="5"/></svg>'
            },
            r"die line 'two.svg' holds 2 closed outlines; .* id 'cut'",
        ),
        # Numbers the parser would measure forever: refused before it tries.
        ('{path: "M 0 0 C 1e308 1e308 -1e308 1e308 0 0 Z"}', {}, r"a point beyond 2000 mm"),
        (
            "{path: huge.svg}",
            {
                "huge.svg": '<svg xmlns="http://www.w3.org/2000/svg">'
                '<circle cx="0" cy="0" r="1e300"/></svg>'
            },
            r"a point beyond",
        ),
        ('{path: "Q 5 5 10 0 L 10 10 Z"}', {}, r"this is not SVG path data"),  # no M first
        ('{path: "M 0 0 H 30 V 30 Z H -30 V -30 Z"}', {}, r"the path holds 2 closed outlines"),
        ("{path: uses.svg}", {"uses.svg": USES}, r"expands through <use> to over 20,000"),
        ("{path: utf16.svg}", {"utf16.svg": ""}, r"declares XML entities"),
        ("{path: curves.svg}", {"curves.svg": CURVES}, r"more than 5000 corners"),
        (
            "{path: many.svg}",
            {
                "many.svg": '<svg xmlns="http://www.w3.org/2000/svg"><path d="M 0 0 '
                + "L 1 1 " * 6000
                + 'Z"/></svg>'
            },
            r"more than 5000 corners",
        ),
    ],
)
def test_a_broken_die_line_is_named(tmp_path, shape, files, message):
    (tmp_path / "content" / "hx").mkdir(parents=True)
    (tmp_path / "secret.svg").write_text('<svg><rect width="10" height="10"/></svg>')
    for name, text in files.items():
        (tmp_path / "content" / "hx" / name).write_text(text)
    if "utf16.svg" in files:  # entities a byte search for ASCII would not see
        (tmp_path / "content" / "hx" / "utf16.svg").write_bytes(BILLION.encode("utf-16"))
    result = _kit(tmp_path, shape=shape, w=40, h=50, fails=True)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        rf"^content/hx/game\.yaml:9:\d+: shape: (.* )?{message}", result.stderr, re.M
    ), result.stderr
    assert not (tmp_path / "out").exists()
