"""Every game in content/ builds end to end on A4 and Letter, and validates clean."""

from __future__ import annotations

import pytest

from bastelbogen.content.loader import find_games
from bastelbogen.layout.imposition import PAPERS
from tests.conftest import ROOT, manifest
from tests.pdfread import fonts_embedded, read

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

GAMES = [p.name for p in find_games(ROOT / "content")]


def test_the_shipped_games():
    assert {"muenchhausen", "mytown"} <= set(GAMES)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("game", GAMES)
def test_game_builds(kits, game, paper):
    kit = kits(game, paper=paper)
    m = manifest(kit)
    assert m["game"] == game and m["paper"] == paper
    assert any(f["path"].endswith("rules.pdf") for f in m["files"])
    for f in m["files"]:
        if not f["path"].endswith(".pdf"):
            continue
        reader, pages = read(kit / f["path"])
        assert len(pages) == len(f["pages"]) > 0
        assert all(embedded for _, embedded in fonts_embedded(reader))
        for page, info in zip(pages, f["pages"], strict=True):
            assert [round(v / 72 * 25.4, 1) for v in page.size] == [
                round(v, 1) for v in info["size_mm"]
            ]
            # Every listed item is placed; a page that lists none is a plan (a board's).
            if info["items"] and not f["path"].endswith("rules.pdf"):
                assert len(page.placed) == len(info["items"])
