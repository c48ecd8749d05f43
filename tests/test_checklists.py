"""Each cheat sheet carries what its seed says for play: every sentence of the seed is
mapped (tests/checklists/<game>.yaml) to a fact found in the German sheet, or marked not
for play; what the board itself shows (`board:`) is found on the German board. A new
sentence in a seed, or a fact gone from a sheet or board, fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from tests.conftest import ROOT

CHECKLISTS = Path(__file__).resolve().parent / "checklists"
SEEDS = CHECKLISTS / "seeds"  # the rule texts, as in ../shared/seeds
SHARED = ROOT.parent / "shared" / "seeds"
GAMES = sorted(p.stem for p in CHECKLISTS.glob("*.yaml"))


def sentences(text: str) -> list[str]:
    """A seed's sentences (headings and list lines count as sentences too)."""
    out = []
    for para in re.split(r"\n\s*\n", text):
        para = " ".join(para.split())
        out += [s for s in re.split(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ•])", para) if s]
    return out


def _flat(text: str) -> str:
    return " ".join(text.split())


def _board(kit: Path) -> str:
    """The words of the board's first sheet: each sheet draws the whole board."""
    return _flat(PdfReader(str(kit / "board.pdf")).pages[1].extract_text())


@pytest.mark.parametrize("game", GAMES)
def test_every_seed_sentence_is_on_the_sheet_or_not_for_play(kits, game):
    seed = SEEDS / f"{game}.txt"
    entries = yaml.safe_load((CHECKLISTS / f"{game}.yaml").read_text())
    kit = kits(game, lang=("de",))
    sheet = _flat(PdfReader(str(kit / "rules.pdf")).pages[0].extract_text())
    board = _board(kit) if any("board" in e for e in entries) else ""
    for sentence in sentences(seed.read_text()):
        mapped = [e for e in entries if sentence.startswith(e["seed"])]
        assert mapped, f"seed sentence not in the checklist: {sentence[:80]!r}"
        facts = [e["fact"] for e in mapped if "fact" in e]
        for fact in facts:
            assert _flat(fact) in sheet, (sentence[:60], fact)
        for shown in (e["board"] for e in mapped if "board" in e):
            assert _flat(shown) in board, (sentence[:60], shown)
        if not facts:  # then the entry meant for it says why it is not for play
            assert max(mapped, key=lambda e: len(e["seed"])).get("not-for-play"), sentence
    covered = sum(1 for e in entries if "fact" in e)
    assert covered >= len(entries) // 2  # a checklist that marks everything aside is wrong


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/seeds beside this checkout")
def test_the_seeds_here_are_the_shared_ones():
    for seed in SEEDS.glob("*.txt"):
        assert seed.read_text() == (SHARED / seed.name).read_text(), seed.name
