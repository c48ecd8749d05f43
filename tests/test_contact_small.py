"""Contact sheets readable for small pieces: 221 half-inch counters (each with its reduced
side behind it), wargame ids as designers write them. Every thumbnail is at least 25 mm on
the sheet, and every caption stays in its own cell: measured on the pictures' pixels
(thumbnails found by their grey frames, captions by their ink), not taken from our code."""

from __future__ import annotations

import json

import pytest

from tests.conftest import pnp

pytestmark = pytest.mark.heavy  # a whole build with an export

COUNTERS = 221
GAME = """game: wg
title: {de: Gefecht, en: Battle}
players: {min: 2, max: 2}
tables:
  units: {file: units.csv, columns: {strength: int, reduced: int}}
components:
  - id: counters
    name: {de: Spielsteine, en: Counters}
    kind: tile
    size: [12.7mm, 12.7mm]
    face: wg/unit
    back: wg/reduced
    items: {from: units}
"""
FACE = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#c9d6a3"}
  - {name: unit, painter: text, box: [3.2, 3.2, 6.3, 2.6], text: "{{ id[:3] }}", size: 6,
     colour: "#1a1a1a", align: center, valign: middle}
  - {name: strength, painter: text, box: [3.2, 5.9, 6.3, 3.6], text: "{{ strength }}",
     font: bold, size: 8, colour: "#1a1a1a", align: center, valign: middle}
"""
BACK = FACE.replace("strength }}", "reduced }}").replace("#c9d6a3", "#e8d9a0")


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wg")
    (tmp / "content" / "wg").mkdir(parents=True)
    (tmp / "templates" / "wg").mkdir(parents=True)
    (tmp / "content" / "wg" / "game.yaml").write_text(GAME)
    rows = [
        f"{n:03d}-{n % 9 + 1}-pz-gren-rgt-{100 + n},{n % 9 + 3},{n % 4 + 1}"
        for n in range(COUNTERS)
    ]
    (tmp / "content" / "wg" / "units.csv").write_text(
        "id,strength,reduced\n" + "\n".join(rows) + "\n"
    )
    (tmp / "templates" / "wg" / "unit.yaml").write_text(FACE)
    (tmp / "templates" / "wg" / "reduced.yaml").write_text(BACK)
    result = pnp(
        "build", "wg", "--lang", "de", "--export", "contact", "--out", str(tmp / "out"), cwd=tmp
    )
    assert result.returncode == 0, result.stderr
    kit = tmp / "out" / "wg"
    m = json.loads((kit / "manifest.json").read_text())
    written = [f for f in m["files"] if f["path"].startswith("export/contact/")]
    assert sum(f["faces"] for f in written) == 2 * COUNTERS  # every front and every back
    return [kit / f["path"] for f in written]


EDGE = (190, 190, 190)


def _frames(pixels) -> list[tuple[int, int, int, int]]:
    """The thumbnails' grey frames as (left, top, right, bottom): a frame's top-left corner
    is a grey pixel with grey to its right and below and none to its left or above."""
    import numpy as np

    grey = np.all(pixels == EDGE, axis=2)
    corner = grey.copy()
    corner[:, 1:] &= ~grey[:, :-1]
    corner[1:, :] &= ~grey[:-1, :]
    corner[:, :-1] &= grey[:, 1:]
    corner[:-1, :] &= grey[1:, :]
    frames = []
    for y, x in zip(*np.nonzero(corner), strict=True):
        right = x
        while right + 1 < grey.shape[1] and grey[y, right + 1]:
            right += 1
        bottom = y
        while bottom + 1 < grey.shape[0] and grey[bottom + 1, x]:
            bottom += 1
        if right - x > 10 and bottom - y > 10:  # a frame, not a grey speck of art
            frames.append((int(x), int(y), int(right), int(bottom)))
    return frames


def _clusters(columns: list[bool], gap: int) -> list[tuple[int, int]]:
    """Runs of inked columns, joined where less than `gap` blank columns part them."""
    runs: list[list[int]] = []
    for x, inked in enumerate(columns):
        if inked:
            if runs and x - runs[-1][1] <= gap:
                runs[-1][1] = x
            else:
                runs.append([x, x])
    return [(a, b) for a, b in runs]


def test_small_pieces_are_legible_and_captions_fit(sheets):
    import numpy as np
    from PIL import Image

    checked = 0
    for path in sheets:
        image = Image.open(path)
        dpi = image.info["dpi"][0]
        pixels = np.asarray(image.convert("RGB")).astype(int)
        frames = _frames(pixels)
        assert frames
        for left, top, right, bottom in frames:  # inside the frame: the piece itself
            assert (right - left - 1) / dpi * 25.4 >= 24.9 and (
                bottom - top - 1
            ) / dpi * 25.4 >= 24.9
        rows = sorted({f[1] for f in frames})
        lefts = sorted({f[0] for f in frames})
        pitch = lefts[1] - lefts[0] if len(lefts) > 1 else pixels.shape[1]
        ink = pixels.sum(axis=2) < 3 * 120
        for n, top in enumerate(rows):
            row = sorted(f for f in frames if f[1] == top)
            band_top = row[0][3] + 1
            band_bottom = rows[n + 1] - 1 if n + 1 < len(rows) else pixels.shape[0]
            band = ink[band_top:band_bottom]
            assert not band[-2:].any()  # the caption ends above the next row
            clusters = _clusters(list(band.any(axis=0)), gap=10)
            assert len(clusters) == len(row), (path.name, top)  # one caption a piece, apart
            for (a, b), (left, _, right, _) in zip(clusters, row, strict=True):
                centre = (left + right) / 2
                assert centre - pitch / 2 < a and b < centre + pitch / 2  # inside its cell
                checked += 1
    assert checked == 2 * COUNTERS
