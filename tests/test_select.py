"""`where:` and `each:` read one way wherever they stand: in `items: {from: ...}`, in a
check and in a check's `where-of`; a check whose selection holds nothing is a located
error unless it asks for zero."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bastelbogen.checks import validate
from bastelbogen.content.loader import load_game
from bastelbogen.core.errors import ContentError
from tests.conftest import ROOT

GAME = """game: deck
title: {{de: Deck, en: Deck}}
players: {{min: 2, max: 4}}
tables:
  birds:
    - {{id: owl, group: A, wing: 3}}
    - {{id: tit, group: B, wing: 1}}
    - {{id: jay, group: C, wing: 2}}
  sets:
    - {{id: s1, birds: [owl, tit]}}
components:
  - id: cards
    name: {{de: Karten, en: Cards}}
    kind: card
    size: mini
    face: deck/card
    items: {{from: birds{items}}}
checks:
{checks}
"""


def _game(tmp_path: Path, checks: str, items: str = ""):
    folder = tmp_path / "content" / "deck"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME.format(items=items, checks=checks))
    return load_game(folder, ROOT / "fonts")


def _problems(tmp_path: Path, checks: str, items: str = "") -> list[str]:
    """Every problem as `line:col: message` (the file is always game.yaml)."""
    try:
        validate(_game(tmp_path, checks, items))
    except ContentError as exc:
        return [f"{p.loc.line}:{p.loc.col}: {p.message}" for p in exc.problems]
    return []


def _line_of(tmp_path: Path, text: str) -> int:
    lines = (tmp_path / "content" / "deck" / "game.yaml").read_text().splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def test_a_list_in_a_checks_where_is_any_of(tmp_path):
    # Two of three birds are A or B: a count of 2 passes, a count of 3 is told.
    ok = "  - {check: count, table: birds, where: {group: [A, B]}, equals: 2}"
    assert _problems(tmp_path / "a", ok) == []
    off = "  - {check: count, table: birds, where: {group: [A, B]}, equals: 3}"
    got = _problems(tmp_path / "b", off)
    assert len(got) == 1 and "has 2 rows, but this check asks for exactly 3" in got[0], got
    assert "where group is 'A' or 'B'" in got[0]


def test_a_list_in_items_where_is_any_of_the_same(tmp_path):
    game = _game(
        tmp_path, "  - {check: count, component: cards, equals: 2}", ", where: {group: [A, C]}"
    )
    validate(game)
    assert [spec.data["id"] for spec in game.components[0].items] == ["owl", "jay"]


@pytest.mark.parametrize(
    "check",
    [
        "{check: distinct, table: birds, field: wing, where: {group: D}}",
        "{check: exactly, table: birds, field: wing, values: [1], where: {group: [D, E]}}",
        "{check: count, component: cards, where: {group: D}, equals: 3}",
        "{check: at-most, table: birds, field: group, times: 1, where: {wing: '3'}}",
    ],
)
def test_a_check_over_nothing_is_a_located_error(tmp_path, check):
    got = _problems(tmp_path, f"  - {check}")
    line = _line_of(tmp_path, check)
    col = check.index("where:") + len("where: ") + 5  # `  - ` and 1-based columns
    assert len(got) == 1, got
    assert re.fullmatch(rf"{line}:{col}: check '[a-z-]+': .* where .* matches nothing; .*", got[0])


@pytest.mark.parametrize(
    "check",
    [
        "{check: count, table: birds, where: {group: D}, equals: 0}",
        "{check: counts, table: birds, field: group, counts: {D: 0}, where: {group: D}}",
        "{check: exactly, table: birds, field: group, values: [], where: {group: D}}",
        "{check: sequence, table: birds, field: id, values: [], where: {group: D}}",
    ],
)
def test_only_a_check_asking_for_zero_may_match_nothing(tmp_path, check):
    assert _problems(tmp_path, f"  - {check}") == []


def test_exactly_with_no_values_tells_each_value_found(tmp_path):
    got = _problems(tmp_path, "  - {check: exactly, table: birds, field: group, values: []}")
    assert len(got) == 3 and all("is not allowed" in p for p in got), got


def test_where_of_is_the_same_selection(tmp_path):
    ok = "  - {check: members, table: sets, field: birds, of: birds, where-of: {group: [A, B]}}"
    assert _problems(tmp_path / "a", ok) == []
    narrow = "  - {check: members, table: sets, field: birds, of: birds, where-of: {group: A}}"
    got = _problems(tmp_path / "b", narrow)
    assert len(got) == 1 and "has birds 'tit', which are not among 'owl'" in got[0], got
    none = "  - {check: members, table: sets, field: birds, of: birds, where-of: {group: Z}}"
    got = _problems(tmp_path / "c", none)
    line = _line_of(tmp_path / "c", "where-of")
    assert got == [
        f"{line}:{none.index('where-of: ') + 11}: check 'members': 'where-of' (group is 'Z')"
        " matches nothing in table 'birds'"
    ]


def test_items_where_matching_nothing_is_told_at_it(tmp_path):
    got = _problems(tmp_path, "  - {check: count, table: birds, equals: 3}", ", where: {group: Z}")
    line = _line_of(tmp_path, "where: {group: Z}")
    assert len(got) == 1 and got[0].startswith(f"{line}:"), got
    assert "'where' (group is 'Z') matches nothing in table 'birds'" in got[0]


@pytest.mark.parametrize(
    "where", ["{group: {a: 1}}", "{group: []}", "{group: [[A]]}", "[group, A]", "{}"]
)
def test_a_wrong_where_is_told_the_same_in_items_and_checks(tmp_path, where):
    in_items = _problems(
        tmp_path / "a", "  - {check: count, table: birds, equals: 3}", f", where: {where}"
    )
    in_check = _problems(
        tmp_path / "b", f"  - {{check: count, table: birds, equals: 5, where: {where}}}"
    )
    # One problem each: a check whose rows are unknown is not made (a count of 5 would fail).
    assert len(in_items) == 1 and len(in_check) == 1, (in_items, in_check)
    message = lambda p: p.split(": ", 1)[1].split(": ", 1)[1]  # noqa: E731 - past the place and whose
    assert message(in_items[0]) == message(in_check[0])
    assert "where" in message(in_items[0])


@pytest.mark.parametrize("each", ["{side: []}", "{side: [[a]]}", "{side: a}"])
def test_each_is_checked_once_for_written_and_table_items(tmp_path, each):
    folder = tmp_path / "a" / "content" / "deck"
    folder.mkdir(parents=True)
    text = GAME.format(items="", checks="  - {check: count, table: birds, equals: 3}")
    text = text.replace("items: {from: birds}", f"items: [{{id: x, each: {each}}}]")
    (folder / "game.yaml").write_text(text)
    try:
        validate(load_game(folder, ROOT / "fonts"))
        raise AssertionError("a wrong each passed")
    except ContentError as exc:
        from_written = [p.message for p in exc.problems]
    from_table = _problems(
        tmp_path / "b", "  - {check: count, table: birds, equals: 3}", f", each: {each}"
    )
    assert (
        from_written
        == [p.split(": ", 1)[1] for p in from_table]
        == ["each.side must be a non-empty list of single values (text or numbers)"]
    )
