"""Checks that count (multisets, `counts`, plural words) and that keep colours apart for
every colour vision, on a token set kept in a CSV table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import pnp

GAME = """game: tokens
title: {{de: Marken, en: Tokens}}
players: {{min: 2, max: 4}}
tables:
  tokens: {{file: tokens.csv, columns: {{value: int, colour: colour}}}}
components:
  - id: tokens
    name: {{de: Marken, en: Tokens}}
    kind: card
    size: [30mm, 30mm]
    face: tokens/token
    items: {{from: tokens}}
checks:
  - {check}
"""
FACE = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "{{ colour }}"}
  - {name: value, painter: text, box: [5, 10, 20, 10], text: "{{ value }}", size: 12}
"""
TOKENS = [
    ("t1", 1, "#0072b2"),
    ("t2", 2, "#d55e00"),
    ("t3", 3, "#009e73"),
    ("t4", 4, "#e69f00"),
    ("t5", 4, "#cc79a7"),
]  # a 3 turned into a 4


def _run(tmp_path: Path, check: str, rows=TOKENS, command="validate"):
    game = tmp_path / "content" / "tokens"
    game.mkdir(parents=True)
    (tmp_path / "templates" / "tokens").mkdir(parents=True)
    (tmp_path / "templates" / "tokens" / "token.yaml").write_text(FACE)
    (game / "game.yaml").write_text(GAME.format(check=check))
    (game / "tokens.csv").write_text(
        "id,value,colour\n" + "".join(f"{i},{v},{c}\n" for i, v, c in rows)
    )
    return pnp(command, "tokens", cwd=tmp_path)


CASES = {
    # A repeated value makes the list a multiset: two 3s, one 4.
    "exactly-multiset": (
        "{check: exactly, table: tokens, field: value, values: [1, 2, 3, 3, 4]}",
        [
            r"^content/tokens/tokens\.csv:6:2: table 'tokens': value 4 on 2 items;"
            r" the rules fix 1, and this is the one past them \(the first is at"
            r" content/tokens/tokens\.csv:5:2\)",
            r"^content/tokens/game\.yaml:\d+:\d+: table 'tokens': value 3 on 1"
            r" item; the rules fix 2 \(1 missing\)",
        ],
    ),
    "counts": (
        "{check: counts, table: tokens, field: value, counts: {1: 1, 2: 1, 3: 2, 4: 1}}",
        [
            r"^content/tokens/tokens\.csv:6:2: table 'tokens': value 4 on 2 items; the"
            r" rules fix 1",
            r"value 3 on 1 item; the rules fix 2",
        ],
    ),
    "counts-unlisted-value": (
        "{check: counts, table: tokens, field: value, counts: {1: 1, 2: 1, 3: 1}}",
        [
            r"^content/tokens/tokens\.csv:5:2: table 'tokens': value 4 is not"
            r" among the counted values 1, 2, 3"
        ],
    ),
    "counts-negative": (
        "{check: counts, table: tokens, field: value, counts: {1: -1}}",
        [
            r"^content/tokens/game\.yaml:\d+:\d+: check 'counts': the count of 1"
            r" must be a whole number from 0"
        ],
    ),
    "count-one-item": (
        "{check: count, table: tokens, equals: 1}",
        [r"table 'tokens' has 5 rows, but this check asks for exactly 1"],
    ),
    "distinguishable": (
        "{check: distinguishable, table: tokens, field: colour}",
        [
            r"^content/tokens/tokens\.csv:4:3: table 'tokens': colour #c0392b is"
            r" ΔE \d+\.\d from #3f8f3a \(at content/tokens/tokens\.csv:3:3\) for"
            r" deuteranopia; at least 10 tell them apart"
        ],
    ),
}
CLASH = [("t1", 1, "#0072b2"), ("t2", 2, "#3f8f3a"), ("t3", 3, "#c0392b")]


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_wrong_count_or_colour_points_at_the_row(tmp_path, case):
    check, patterns = CASES[case]
    result = _run(tmp_path, check, CLASH if case == "distinguishable" else TOKENS)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    for pattern in patterns:
        assert re.search(pattern, result.stderr, re.M), result.stderr


@pytest.mark.parametrize(
    "check",
    [
        "{check: exactly, table: tokens, field: value, values: [1, 2, 3, 4, 4]}",
        "{check: exactly, table: tokens, field: value, values: [1, 2, 3, 4]}",  # a set: as before
        "{check: counts, table: tokens, field: value, counts: {1: 1, 2: 1, 3: 1, 4: 2}}",
        "{check: distinguishable, table: tokens, field: colour}",  # Okabe-Ito: apart for all
        "{check: count, table: tokens, equals: 5}",
    ],
)
def test_a_right_set_passes(tmp_path, check):
    result = _run(tmp_path, check)
    assert result.returncode == 0, result.stderr


def test_a_check_may_set_its_own_distance(tmp_path):
    result = _run(
        tmp_path, "{check: distinguishable, table: tokens, field: colour, delta-e: 4}", CLASH
    )
    assert result.returncode == 0, result.stderr


def test_every_seed_colour_table_is_checked():
    """The four kits declare the check on their colour tables (sets, pawns, symbols,
    decks, star, runners)."""
    from tests.conftest import ROOT

    declared = {
        g: (ROOT / "content" / g / "game.yaml").read_text().count("distinguishable")
        for g in ("museo", "muenchhausen", "minipilo")
    }
    assert declared == {"museo": 1, "muenchhausen": 1, "minipilo": 5}
