"""A component's safe zone and cut guides, read back from the pages: `safe: 1mm` lets a
½-inch counter's text come to 1 mm of its trim (and not to 0.5 mm); `guides: lines` draws a
thin line along every edge of every trim, `guides: none` draws nothing, and whatever the
guides the art covers the trim and the bleed asked for; the old `marks: false` is
`guides: none`; every wrong value is refused at its place."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from bastelbogen.core.errors import ContentError
from tests.conftest import build, manifest
from tests.pdfread import PT_PER_MM, read

SIDE = 12.7  # mm: a ½-inch counter
ART = (0x2E, 0x5E, 0x8C)  # the counters' ground, drawn over trim and bleed
GAME = """game: gd
title: {{de: Marken, en: Counters}}
players: {{min: 2, max: 2}}
components:
  - id: counters
    name: {{de: Marken, en: Counters}}
    kind: tile
    size: [{side}mm, {side}mm]
    face: gd/face
{extra}    items:
      - {{id: unit, count: {count}}}
"""
FACE = """boxes:
  - {{name: ground, painter: shape, box: bleed, fill: "#2e5e8c"}}
  - {{name: strength, painter: text, box: {box}, text: "4-4", size: 5, colour: "#ffffff"}}
"""


def _game(tmp: Path, extra: str = "", box: str = "[3, 3, 6.7, 4]", count: int = 30) -> Path:
    (tmp / "content" / "gd").mkdir(parents=True, exist_ok=True)
    (tmp / "templates" / "gd").mkdir(parents=True, exist_ok=True)
    lines = "".join(f"    {line}\n" for line in extra.splitlines())
    (tmp / "content" / "gd" / "game.yaml").write_text(
        GAME.format(side=SIDE, extra=lines, count=count)
    )
    (tmp / "templates" / "gd" / "face.yaml").write_text(FACE.format(box=box))
    return tmp


def _kit(tmp: Path, extra: str = "", box: str = "[3, 3, 6.7, 4]", **options) -> Path:
    return build("gd", tmp / "out", project=_game(tmp, extra, box), **options)


def _fronts(kit: Path) -> list[list[tuple]]:
    """Each page's trims (x, y, w, h) in points, from the manifest."""
    files = [f for f in manifest(kit)["files"] if f["path"] == "counters.pdf"]
    return [
        [tuple(v * PT_PER_MM for v in i["trim_mm"]) for i in page["items"]]
        for f in files
        for page in f["pages"]
    ]


def _crop_marks(page) -> list:
    return [ln for ln in page.lines if not ln.in_form and ln.width == pytest.approx(0.25)]


def test_safe_1mm_lets_text_come_to_1mm_of_the_trim_and_not_to_half_of_it(tmp_path):
    kit = _kit(tmp_path / "a", "safe: 1mm", box=f"[1, 1, {SIDE - 2:g}, 4]")
    assert sum(len(p) for p in _fronts(kit)) == 30
    # The same box at 0.5 mm: refused at the box, naming the component's safe zone.
    with pytest.raises(ContentError) as caught:
        _kit(tmp_path / "b", "safe: 1mm", box="[0.5, 1, 4, 4]", dry=True)
    problem = caught.value.problems[0]
    assert problem.loc.file.endswith("templates/gd/face.yaml") and problem.loc.line == 3
    assert "box 'strength' holds text within 1 mm of the cut" in problem.message
    # Without `safe:` the default 3 mm holds, with or without crop marks.
    for extra in ("", "guides: none", "guides: lines"):
        with pytest.raises(ContentError, match="within 3 mm of the cut"):
            _kit(tmp_path / f"c{len(extra)}", extra, box=f"[1, 1, {SIDE - 2:g}, 4]", dry=True)


def test_safe_0_lets_text_reach_the_trim_but_not_pass_it(tmp_path):
    _kit(tmp_path / "a", "safe: 0", box=f"[0, 0, {SIDE:g}, 4]", dry=True)
    with pytest.raises(ContentError, match="within 0 mm of the cut"):
        _kit(tmp_path / "b", "safe: 0", box="[-0.5, 0, 4, 4]", dry=True)


def test_guides_lines_draw_a_line_along_every_edge_of_every_trim(tmp_path):
    kit = _kit(tmp_path, "safe: 1mm\nguides: lines")
    _, pages = read(kit / "counters.pdf", forms=True)
    trims = _fronts(kit)
    assert len(pages) == len(trims) and sum(len(t) for t in trims) == 30
    for page, page_trims in zip(pages, trims, strict=True):
        assert not _crop_marks(page), "lines, not crop marks"
        drawn = [o for o in page.outlines if o.in_form and not o.dashed]
        assert len(drawn) == len(page_trims)
        for x, y, w, h in page_trims:
            corners = {(round(x, 1), round(y, 1)), (round(x + w, 1), round(y + h, 1))}
            line = next(
                o for o in drawn if corners <= {(round(a, 1), round(b, 1)) for a, b in o.points}
            )
            # Four edges, exactly along the trim (to 0.01 mm), thin.
            assert len(line.points) == 4
            for a, b in line.points:
                assert min(abs(a - x), abs(a - x - w)) < 0.01 * PT_PER_MM
                assert min(abs(b - y), abs(b - y - h)) < 0.01 * PT_PER_MM
            assert 0.1 < line.width < 0.6


def _pixels_outside_the_trim(pdf: Path, trims: list[tuple], bleed_mm: float) -> list[tuple]:
    """The colour halfway into the bleed beside each edge's middle of each trim (page 1)."""
    scale = 150 / 72
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=scale).to_pil().convert("RGB")
    height = image.height
    out = []
    d = bleed_mm / 2 * PT_PER_MM
    for x, y, w, h in trims:
        for px, py in ((x - d, y + h / 2), (x + w + d, y + h / 2), (x + w / 2, y - d)):
            out.append(image.getpixel((round(px * scale), height - round(py * scale))))
    return out


@pytest.mark.parametrize("extra", ["guides: none", "marks: false"])
def test_no_guides_draw_nothing_and_keep_the_bleed(tmp_path, extra):
    kit = _kit(tmp_path, extra, bleed="3mm")
    _, pages = read(kit / "counters.pdf", forms=True)
    assert not _crop_marks(pages[0]) and not [o for o in pages[0].outlines if o.in_form]
    trims = _fronts(kit)[0]
    # Neighbours keep twice the bleed between them: the bleed was laid out.
    xs = sorted({round(t[0], 3) for t in trims})
    assert xs[1] - xs[0] == pytest.approx((SIDE + 6) * PT_PER_MM, abs=0.01)
    colours = _pixels_outside_the_trim(kit / "counters.pdf", trims, 3.0)
    assert colours and all(
        max(abs(c - a) for c, a in zip(px, ART, strict=True)) < 8 for px in colours
    )


@pytest.mark.parametrize("extra", ["", "guides: crop", "marks: true"])
def test_crop_marks_stay_the_default(tmp_path, extra):
    kit = _kit(tmp_path, extra)
    _, pages = read(kit / "counters.pdf", forms=True)
    assert _crop_marks(pages[0]) and not [o for o in pages[0].outlines if o.in_form]


@pytest.mark.parametrize(
    ("extra", "line", "message"),
    [
        ("safe: -1mm", 10, r"'safe' must lie from 0 to half the piece's short side \(6.35mm\)"),
        ("safe: 7mm", 10, r"'safe' must lie from 0 to half the piece's short side"),
        ("safe: wide", 10, r"'safe' must be a length like '3mm'"),
        ("guides: dotted", 10, r"'guides' must be one of crop, lines, none"),
        ("guides: lines\nmarks: false", 11, r"'marks' is the old name of 'guides'"),
        ("shape: hex\nguides: crop", 11, r"crop marks would mislead; write 'guides: lines'"),
    ],
)
def test_wrong_safe_and_guides_are_told_at_their_place(tmp_path, extra, line, message):
    with pytest.raises(ContentError) as caught:
        _kit(tmp_path, extra, dry=True)
    problem = caught.value.problems[0]
    assert problem.loc.file.endswith("content/gd/game.yaml"), problem
    assert problem.loc.line == line, problem
    assert re.search(message, problem.message), problem.message


@pytest.mark.parametrize(
    ("kind", "key", "message"),
    [
        ("board", "safe: 2mm", "a board keeps no safe zone"),
        ("die", "safe: 2mm", "a die keeps no safe zone"),
        ("board", "guides: none", "a board's sheets carry their own crop marks"),
    ],
)
def test_a_kind_refuses_what_it_cannot_honour(tmp_path, kind, key, message):
    _game(tmp_path)
    game = tmp_path / "content" / "gd" / "game.yaml"
    game.write_text(game.read_text().replace("    kind: tile\n", f"    kind: {kind}\n    {key}\n"))
    with pytest.raises(ContentError) as caught:
        build("gd", tmp_path / "out", project=tmp_path, dry=True)
    found = [p for p in caught.value.problems if message in p.message]
    assert found and found[0].loc.line == 8, caught.value.problems


@pytest.mark.parametrize(
    ("extra", "drawn"),
    [("shape: hex\nsafe: 1mm", True), ("shape: hex\nsafe: 1mm\nguides: none", False)],
)
def test_a_hex_draws_its_outline_unless_its_guides_are_none(tmp_path, extra, drawn):
    kit = _kit(tmp_path, extra, box="[4, 4, 4.7, 4]")
    _, pages = read(kit / "counters.pdf", forms=True)
    outlines = [o for o in pages[0].outlines if o.in_form]
    assert not _crop_marks(pages[0])
    assert len(outlines) == (len(_fronts(kit)[0]) if drawn else 0)
    assert all(len(o.points) == 6 for o in outlines)  # a hex's six corners
