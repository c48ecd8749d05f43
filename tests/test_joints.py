"""Pieces of one picture that meet on a sheet without bleed lie on the picture drawn whole
(render/joints.py): the sheet must look exactly as the pieces drawn one by one — the same
picture under each piece, never a neighbour's — wherever the layout puts them (blocks,
a last row in reading order, a turned grid, folded)."""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

from bastelbogen.render import joints
from tests.conftest import build

# game, file, options, how many pieces at least lie on their picture drawn whole
CASES = {
    "museo-blocks-and-a-row": (
        "museo",
        "pictures.pdf",
        {"bleed": 0, "margin": "3mm", "langs": ("en",)},
        100,
    ),
    "museo-letter-fold": (
        "museo",
        "pictures.pdf",
        {"bleed": 0, "paper": "letter", "duplex": "fold", "langs": ("en",)},
        100,
    ),
    "mytown-upright": ("mytown", "tiles.pdf", {"bleed": 0}, 20),
    # Turned, a building's tiles lie one below the other, not as the picture puts them:
    # each is drawn on its own.
    "mytown-turned": ("mytown", "tiles.pdf", {"bleed": 0, "margin": "0mm"}, 0),
}


def pages(pdf) -> list[np.ndarray]:
    document = pdfium.PdfDocument(str(pdf))
    return [
        np.asarray(document[n].render(scale=100 / 72).to_pil(), dtype=int)
        for n in range(len(document))
    ]


@pytest.mark.slow
@pytest.mark.heavy
@pytest.mark.parametrize("case", CASES)
def test_a_picture_under_its_pieces_looks_as_the_pieces_drawn_apart(case, tmp_path, monkeypatch):
    game, file, options, least = CASES[case]
    found = []
    real = joints.underlays
    monkeypatch.setattr(joints, "underlays", lambda *a: found.extend(real(*a)) or real(*a))
    whole = pages(build(game, tmp_path / "whole", **options) / file)
    laid = sum(len(group.placements) for group in found)
    assert laid >= least and (least or not laid)  # pictures were laid under, or none
    monkeypatch.setattr(joints, "underlays", lambda *a: [])
    apart = pages(build(game, tmp_path / "apart", **options) / file)
    assert len(whole) == len(apart)
    for n, (a, b) in enumerate(zip(whole, apart, strict=True), 1):
        off = np.abs(a - b).max(axis=2) > 40
        # The edges may be smoothed apart (a line of pixels); an area that differs is a
        # piece showing what it should not: pixels that differ with all four neighbours.
        area = off[1:-1, 1:-1] & off[:-2, 1:-1] & off[2:, 1:-1] & off[1:-1, :-2] & off[1:-1, 2:]
        assert area.sum() <= 20, f"page {n}: {area.sum()} pixels differ inside pieces"


def _art(*boxes, clip=()):
    from bastelbogen.layout.faces import Art
    from bastelbogen.layout.layouts import Box

    face = tuple(
        Box(name, painter, rect, tuple(params.items()), None)
        for name, painter, rect, params in boxes
    )
    return Art(layers=(((1, 0, 0, 1, 0, 0), face),), bleed=(0, 0, 40, 40), clip=clip)


PIECE = {"motif": "hills", "slice": (1, 0, 2, 3), "piece": (0, 0, 40, 40)}


@pytest.mark.parametrize(
    ("art", "laid"),
    [
        (_art(("painting", "art", (0, 0, 40, 40), PIECE)), True),
        # something under the picture, or the picture in a window of the piece: it must stay
        # where it is, over what lies under it
        (
            _art(
                ("ground", "shape", (0, 0, 40, 40), {}), ("painting", "art", (0, 0, 40, 40), PIECE)
            ),
            False,
        ),
        (_art(("painting", "art", (5, 5, 30, 30), PIECE)), False),
        # a round piece: a picture under it would show outside its outline
        (
            _art(("painting", "art", (0, 0, 40, 40), PIECE), clip=(((0, 0), (40, 0), (20, 40)),)),
            False,
        ),
        (_art(("painting", "art", (0, 0, 40, 40), {"motif": "hills"})), False),  # not a piece
    ],
)
def test_only_a_piece_that_fills_its_item_first_is_laid_under(art, laid):
    assert (joints._underlaid(art) is not None) == laid
