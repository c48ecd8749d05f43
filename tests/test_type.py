"""Type and contrast (issue 26): text stands 4.5:1 (WCAG 2.x) or more against what is painted
under it, told as a warning for a game's own layouts (never an error, even with --strict);
list numbers are followed by one space and their lines hang aligned; a wrapped heading never
leaves one word alone; a corner index that turned reads as another value is underlined."""

from __future__ import annotations

import re

import pytest

from bastelbogen.checks.colours import contrast
from bastelbogen.checks.preflight import Preflight, worst_contrast
from bastelbogen.core.errors import Loc
from bastelbogen.core.units import mm
from bastelbogen.layout.layouts import Box
from tests.conftest import ROOT, pnp

GAMES = ["museo", "mytown", "muenchhausen", "minipilo"]
LOC = Loc("face.yaml", 1, 1)


def _box(name: str, painter: str, rect, **params) -> Box:
    return Box(name, painter, rect, tuple(sorted(params.items())), LOC)


def test_the_contrast_ratio_is_wcag_s():
    assert contrast((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert contrast((1, 1, 1), (1, 1, 1)) == pytest.approx(1.0)
    # #777777 on white is the textbook 4.48:1, just under AA
    grey = (0x77 / 255,) * 3
    assert contrast(grey, (1, 1, 1)) == pytest.approx(4.48, abs=0.01)


def test_the_ground_is_the_fill_painted_last_under_the_lettering():
    panel = _box("panel", "shape", (0, 0, 100, 100), fill="#fffdf6")
    badge = _box("badge", "shape", (10, 10, 20, 20), shape="ellipse", fill="#0072b2")
    white = (1.0, 1.0, 1.0)
    # White lettering in the middle of the badge stands on the badge, not on the panel
    # round it (the badge's box corners are panel).
    on_badge = worst_contrast(white, (15, 15, 25, 25), (panel, badge))
    assert on_badge is not None and on_badge[0] == pytest.approx(
        contrast(white, (0, 0x72 / 255, 0xB2 / 255))
    )
    assert "badge" in on_badge[1]
    # Lettering that runs off the badge onto the pale panel is judged at its worst.
    off = worst_contrast(white, (15, 15, 60, 25), (panel, badge))
    assert off is not None and off[0] < 1.1 and "panel" in off[1]
    # Nothing beneath: the paper; a motif beneath: not known, so not judged.
    assert worst_contrast(white, (0, 0, 5, 5), ())[1] == "the paper"
    art = _box("art", "art", (0, 0, 100, 100), motif="coin")
    assert worst_contrast(white, (15, 15, 25, 25), (panel, art)) is None


def test_low_contrast_is_advice_that_strict_leaves_a_warning():
    found = Preflight()
    box = _box("label", "text", (0, 0, mm(20), mm(5)), colour="#e69f00")
    found.contrast(box, "#e69f00", (0, 0, 10, 5), (), "item 'x'")
    (problem,) = found.problems()
    amber = (0xE6 / 255, 0x9F / 255, 0)
    assert f"{contrast(amber, (1, 1, 1)):.1f}:1 against the paper" in problem.message
    assert found.problems(strict=True) == []


@pytest.mark.heavy
@pytest.mark.parametrize("game", GAMES)
def test_shipped_kits_have_no_text_under_4_5_to_1(game):
    """Every theme, language, variant and the braille build (validate builds them all)."""
    result = pnp("validate", game, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "contrast" not in result.stderr, result.stderr


@pytest.mark.heavy
def test_minipilo_s_old_labels_are_told_and_the_build_goes_on_even_strictly(tmp_path, project_copy):
    """The deck label in the symbol's own colour (as before issue 26): Humor's amber on the
    pale panel is 2.2:1. It is told at the box, and the kit builds, with --strict too."""
    face = project_copy / "templates/minipilo/card.yaml"
    text = face.read_text()
    assert 'colour: "{{ symbol.ink }}"' in text
    face.write_text(text.replace('colour: "{{ symbol.ink }}"', 'colour: "{{ symbol.colour }}"'))
    lines = face.read_text().splitlines()
    line = next(n for n, t in enumerate(lines, 1) if "leading" in t and "symbol.colour" in t)
    for strict in ((), ("--strict",)):
        result = pnp("build", "minipilo", *strict, "--out", str(tmp_path), cwd=project_copy)
        assert result.returncode == 0, result.stderr
        found = re.findall(
            rf"card\.yaml:{line}:\d+: warning: preflight: text in box 'deck' \(#[0-9a-f]{{6}}\)"
            r" has a contrast of (\d\.\d):1 against box 'panel' \(#fffdf6\)",
            result.stderr,
        )
        assert found and float(found[0]) < 4.5, result.stderr
        assert (tmp_path / "minipilo" / "p-cards.pdf").is_file()
