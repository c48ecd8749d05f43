"""Layouts reach into the bleed the build asks for, not a fixed 3 mm."""

from __future__ import annotations

import pytest

from bastelbogen.pipeline.build import Project
from tests.conftest import ROOT, manifest
from tests.render import Rendered

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

PT = 72 / 25.4


def _out(side: str, x, y, w, h, t: float, d: float = 5.5) -> tuple[float, float]:
    """A point `d` mm outside one side of the trim (inside, for a negative `d`), a share
    `t` along it."""
    return {
        "left": (x - d, y + t * h),
        "right": (x + w + d, y + t * h),
        "bottom": (x + t * w, y - d),
        "top": (x + t * w, y + h + d),
    }[side]


def white(rgb) -> bool:
    return min(rgb) > 245


@pytest.mark.slow
@pytest.mark.parametrize("game", ["museo", "mytown", "muenchhausen", "minipilo"])
def test_full_bleed_art_reaches_a_6mm_bleed(kits, game):
    """Every card and tile, front and back, has ink 5.5 mm outside its trim on all four
    sides at --bleed 6mm (a layout that stopped at 3 mm would leave white paper there)."""
    kit = kits(game, bleed=6.0)
    # Components without crop marks (a die net with its own cut lines) have no bleed.
    bled = {c.id for c in Project(ROOT).load(game).components if c.marks}
    checked = 0
    for listed in manifest(kit)["files"]:
        if not listed["path"].endswith(".pdf"):
            continue
        for page in listed["pages"]:
            items = [
                i for i in page["items"] if i["kind"] in ("card", "tile") and i["component"] in bled
            ]
            if not items:
                continue
            img = Rendered(kit / listed["path"], page["number"] - 1, 60)
            for item in items:
                x, y, w, h = item["trim_mm"]
                # Along the middle half of each side, 5.5 mm out: paper would be white all
                # along; art may have white in it (a pointillist's dots), never mostly. Where
                # the art is white at its edge too (1 mm inside), white outside continues it.
                for side in ("left", "right", "bottom", "top"):
                    pairs = [
                        (_out(side, x, y, w, h, k / 20), _out(side, x, y, w, h, k / 20, -1.0))
                        for k in range(5, 16)
                    ]
                    points = [out for out, _ in pairs]
                    blank = sum(
                        white(img.at_pt(o[0] * PT, o[1] * PT))
                        and not white(img.at_pt(i[0] * PT, i[1] * PT))
                        for o, i in pairs
                    )
                    assert blank <= len(points) // 2, (
                        f"{listed['path']} p{page['number']} {item['id']} ({item['side']})"
                        f" is white 5.5 mm {side} of its trim"
                    )
                    checked += 1
    assert checked >= 4 * 16


def test_layouts_see_bleed_and_safe_zone(tmp_path, project_copy):
    """A game's own layout can place by the build's bleed and safe zone (mm)."""
    from tests.conftest import pnp

    face = project_copy / "templates" / "muenchhausen" / "number.yaml"
    face.write_text(
        face.read_text() + '  - {name: probe, painter: text, box: ["{{ safe }}",'
        ' "{{ safe }}", 20, 5], text: "b={{ bleed }} s={{ safe }}", size: 6}\n'
    )
    result = pnp(
        "build",
        "muenchhausen",
        "--bleed",
        "4.5mm",
        "--duplex",
        "none",
        "--out",
        str(tmp_path),
        cwd=project_copy,
    )
    assert result.returncode == 0, result.stderr
    from pypdf import PdfReader

    text = PdfReader(str(tmp_path / "muenchhausen" / "number-cards.pdf")).pages[0].extract_text()
    assert "b=4.5 s=3.0" in text
