"""A check's keys are declared once (bastelbogen/checks/keys.py, and each check's Section
beside the check): the validator reads a game file's `checks:` by those declarations, and
`checks_schema()` describes the same keys to an editor. Every shipped game's checks are
valid by the schema, read by a validator we did not write (the `jsonschema` library, draft
2020-12), and a broken copy of a game's checks (a key misspelt, retyped, left out, another
check's, a check that is not there) is refused by both, the validator at the key's place."""

from __future__ import annotations

import re
import shutil

import pytest
from jsonschema import Draft202012Validator

from bastelbogen.checks import validate
from bastelbogen.checks.values import CHECKS, checks_schema, table
from bastelbogen.content.loader import load_game
from bastelbogen.core.errors import ContentError
from bastelbogen.core.source import load_yaml
from tests.conftest import ROOT
from tests.mutations import plain

GAMES = sorted([*ROOT.glob("content/*/game.yaml"), *ROOT.glob("examples/content/*/game.yaml")])
FONTS = ROOT / "fonts"
BIRDS = ROOT / "examples" / "content" / "vogelquartett"


@pytest.fixture(scope="module")
def schema() -> Draft202012Validator:
    made = checks_schema()
    Draft202012Validator.check_schema(made)
    return Draft202012Validator(made)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_every_shipped_games_checks_are_valid_by_the_schema(schema, path):
    checks = plain(load_yaml(path)).get("checks")
    assert checks, f"{path} declares no checks"
    assert [e.message for e in schema.iter_errors(checks)] == []


# (what is broken, the text of vogelquartett's game.yaml, what is put in its place, what
# the validator says, at which text of the line)
BROKEN = [
    (
        "misspelt",
        "{check: count, table: birds, equals: 16}",
        "{check: count, table: birds, equls: 16}",
        r"unknown key 'equls' in check 'count'; did you mean 'equals'\?",
        "equls",
    ),
    (
        "retyped",
        "{check: count, table: birds, equals: 16}",
        "{check: count, table: birds, equals: sixteen}",
        r"'equals' must be a whole number, got 'sixteen'",
        "sixteen",
    ),
    (
        "out-of-range",
        "counts: {A: 4,",
        "counts: {A: -4,",
        r"check 'counts': the count of 'A' must be a whole number from 0, got -4",
        "-4",
    ),
    (
        "required-removed",
        "{check: distinct, table: birds, field: code}",
        "{check: distinct, table: birds}",
        r"check 'distinct' needs the key 'field'",
        "{check: distinct",
    ),
    (
        "another-checks-key",
        "{check: distinct, table: birds, field: code}",
        "{check: distinct, table: birds, field: code, times: 2}",
        r"unknown key 'times' in check 'distinct'; known keys: check, component, field,"
        r" table, where",
        "times",
    ),
    (
        "no-check-so-named",
        "{check: distinct, table: birds, field: code}",
        "{check: distinkt, table: birds, field: code}",
        r"unknown check 'distinkt'; did you mean 'distinct'\?",
        "distinkt",
    ),
    (
        "both-table-and-component",
        "{check: count, table: birds, equals: 16}",
        "{check: count, table: birds, component: cards, equals: 16}",
        r"check 'count' names exactly one of 'component' or 'table'",
        "{check: count",
    ),
    (
        "neither-count",
        "{check: count, table: birds, equals: 16}",
        "{check: count, table: birds}",
        r"check 'count' needs 'equals' or 'at-least'",
        "{check: count",
    ),
]


@pytest.mark.parametrize(("kind", "old", "new", "told", "at"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_check_is_refused_by_the_validator_and_the_schema(
    schema, tmp_path, kind, old, new, told, at
):
    folder = tmp_path / "vogelquartett"
    shutil.copytree(BIRDS, folder)
    path = folder / "game.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    assert not schema.is_valid(plain(load_yaml(path))["checks"]), kind
    with pytest.raises(ContentError) as refused:
        validate(load_game(folder, FONTS))
    line = next(n for n, ln in enumerate(path.read_text().splitlines(), 1) if new in ln)
    column = next(ln for ln in path.read_text().splitlines() if new in ln).index(at) + 1
    said = [str(p) for p in refused.value.problems]
    assert any(re.fullmatch(rf"{re.escape(str(path))}:{line}:{column}: {told}", s) for s in said), (
        said
    )


def test_the_table_and_the_schema_name_every_check_and_its_keys():
    """The README's table and the schema come from the one declaration."""
    made = checks_schema()["items"]
    assert made["properties"]["check"]["enum"] == list(CHECKS)
    rules = {rule["if"]["properties"]["check"]["const"]: rule["then"] for rule in made["allOf"][1:]}
    assert list(rules) == list(CHECKS)
    for name, check in CHECKS.items():
        own = check.keys.own()
        said = table().split(f"| `{name}` | ")[1].split("\n")[0]
        for key, field in own.items():
            assert f"`{key}` ({field.type.shown}" in said and field.help in said
            assert rules[name]["properties"][key] != False  # noqa: E712 - JSON's false
        refused = {k for k, v in rules[name]["properties"].items() if v is False}
        assert not refused & set(own)
        assert refused | set(check.keys.fields) == set(made["properties"])
