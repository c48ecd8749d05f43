"""--fit and --stretch read back: a circle on a 63 x 88 mm card exported for The Game
Crafter's 63.5 x 88.9 mm stays a circle with --fit (one scale, the overflow cut off evenly)
and is stretched by exactly the two scales with --stretch, at the profile's exact pixels;
a crop that pushes text out of the shop's safe zone is an error. A shop export over a
project of two games builds the one with such cards and leaves out the other, said; the
files' names sort in card order."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from bastelbogen.content.profiles import load_profiles
from tests.cardgame import READERS, card_game, grey
from tests.conftest import pnp
from tests.tools import tools_here

MM = 300 / 25.4  # pixels a mm at the profile's 300 dpi
ACROSS, DOWN = 63.5 / 63, 88.9 / 88  # tgc-poker's trim over the card's
DISK = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#ffffff"}
  - {name: disk, painter: shape, shape: ellipse, box: [6.5, 19, 50, 50], fill: "#000000"}
"""


def _export(root, game, *more):
    return pnp(
        "build", game, "--export", "shop", "--profile", "tgc-poker", *more, "--out", "out",
        cwd=root,
    )  # fmt: skip


def _disk(root, tmp_path):
    """The disk of the first front: its centre (pixels from the picture's corner) and its
    width and height, from the moments of its ink (an ellipse's variance across is a
    quarter of its half-width squared), and the picture's size."""
    folder = root / "out/round/export/shop/tgc-poker"
    index = json.loads((folder / "index.json").read_text())
    front = next(f for f in index["faces"] if f["side"] == "front")
    ink = (255 - grey(folder / front["file"], tmp_path)).astype(float)
    ys, xs = np.indices(ink.shape) + 0.5  # a pixel's centre, from the picture's corner
    total = ink.sum()
    cx, cy = (xs * ink).sum() / total, (ys * ink).sum() / total
    width = 4 * np.sqrt((((xs - cx) ** 2) * ink).sum() / total)
    height = 4 * np.sqrt((((ys - cy) ** 2) * ink).sum() / total)
    return (cx, cy), (width, height), ink.shape[::-1]


def test_fit_keeps_a_circle_round(tmp_path):
    tools_here(READERS)
    root = card_game(tmp_path, "round", face=DISK)
    result = _export(root, "round", "--fit")
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"component 'cards' \(63 x 88 mm\) scaled by 1\.0102 to tgc-poker's 63\.5 x 88\.9 mm,"
        r" 0\.07 mm cut off each side \(left and right\)",
        result.stderr,
    ), result.stderr
    (cx, cy), (width, height), size = _disk(root, tmp_path)
    assert size == (825, 1125)  # the profile's pixels, exactly
    assert abs(width / height - 1) < 0.005, (width, height)
    assert abs(width - 50 * DOWN * MM) < 1.5 and abs(height - 50 * DOWN * MM) < 1.5
    # Centred: as much cut off left as right (the disk is centred on the card).
    assert abs(cx - 825 / 2) < 0.5 and abs(cy - 1125 / 2) < 0.5, (cx, cy)


def test_stretch_scales_across_and_down_apart(tmp_path):
    tools_here(READERS)
    root = card_game(tmp_path, "round", face=DISK)
    result = _export(root, "round", "--stretch")
    assert result.returncode == 0, result.stderr
    assert "stretched by 1.0079 x 1.0102 to tgc-poker's" in result.stderr, result.stderr
    _centre, (width, height), size = _disk(root, tmp_path)
    assert size == (825, 1125)
    assert abs(width / height - ACROSS / DOWN) < 0.0005, (width, height)
    assert abs(width / height - 1) > 0.001  # the stretch is seen: this test could fail
    assert abs(width - 50 * ACROSS * MM) < 1.5 and abs(height - 50 * DOWN * MM) < 1.5


def test_a_crop_that_takes_text_out_of_the_safe_zone(tmp_path):
    """Text 3.2 mm inside the card: 3.16 mm once --fit scales and crops it, inside The Game
    Crafter's 1/8 inch (3.175 mm), an error at the box; stretched, 3.23 mm, it is kept."""
    face = DISK + (
        '  - {name: label, painter: text, box: [3.2, 40, 20, 8], text: "Ab", size: 10}\n'
    )
    root = card_game(tmp_path, "round", face=face)
    fitted = _export(root, "round", "--fit")
    assert fitted.returncode == 1 and "Traceback" not in fitted.stderr
    assert re.search(
        r"^templates/round/card\.yaml:\d+:\d+: item '\w+' \(front\): box 'label' comes within"
        r" 3\.16 mm of the cut; profile 'tgc-poker' keeps text 3\.17 mm inside",
        fitted.stderr,
        re.M,
    ), fitted.stderr
    stretched = _export(root, "round", "--stretch")
    assert stretched.returncode == 0, stretched.stderr


def test_a_project_wide_export_leaves_out_a_game_without_such_cards(tmp_path):
    """Two games, one of 63 x 88 mm cards and one of 44 x 63 mm: the first is exported, the
    second left out with a warning naming its size; exit 0. With a profile neither takes,
    both are errors."""
    plain = '{boxes: [{name: ground, painter: shape, box: bleed, fill: "#0072b2"}]}'
    root = card_game(card_game(tmp_path, "round"), "minis", "mini", plain, plain)
    result = pnp(
        "build", "--export", "shop", "--profile", "mpc-63x88", "--out", "out", cwd=root
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"^content/minis/game\.yaml:\d+:\d+: warning: game 'minis' is left out of --export"
        r" shop: profile 'mpc-63x88' takes 63\.0 x 88\.0 mm cards; its cards are 44 x 63 mm$",
        result.stderr,
        re.M,
    ), result.stderr
    index = json.loads((root / "out/round/export/shop/mpc-63x88/index.json").read_text())
    assert {f["component"] for f in index["faces"]} == {"cards"}
    assert not (root / "out/minis").exists()
    # No game named, and a profile neither takes (the 63 x 88 mm cards a near miss without
    # --fit): each game's own error.
    none = pnp("build", "--export", "shop", "--profile", "tgc-poker", "--out", "out", cwd=root)
    assert none.returncode == 1 and "Traceback" not in none.stderr
    assert re.search(
        r"^content/round/game\.yaml:\d+:\d+: component 'cards' is 63 x 88", none.stderr, re.M
    )
    assert re.search(r"^content/minis/game\.yaml:\d+:\d+: no card of this game", none.stderr, re.M)


@pytest.mark.parametrize("count", [9, 12, 120, 1000])
def test_numbered_names_sort_in_card_order(tmp_path, count):
    """{n} padded to the count's width: 01..12, 001..120; sorted as text, in card order."""
    profile = load_profiles(tmp_path)["tgc-poker"]
    names = [profile.name_of(count, n, component="c", item=f"i{count - n}", side="front")
             for n in range(1, count + 1)]  # fmt: skip
    assert sorted(names) == names
    assert names[0] == f"c/{'1'.zfill(len(str(count)))}-i{count - 1}-front.png"
    assert {len(n.split("-")[0]) for n in names} == {len("c/") + len(str(count))}
