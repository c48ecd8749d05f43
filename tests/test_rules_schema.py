"""The rules file's JSON Schema (`rules_schema`) and its loader agree, as both come from one
declaration (content/rules.py): every shipped rules file validates against the schema, read
by a validator we did not write (the `jsonschema` library, draft 2020-12), and loads without
a problem; a broken copy (a key misspelt, a value retyped, a required key removed) is
refused by both, and so is each of a fixed draw of such copies."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from bastelbogen.content.loader import load_game
from bastelbogen.content.rules import load_rules, rules_schema
from bastelbogen.content.scaffold import RULES
from bastelbogen.core.errors import Collector
from bastelbogen.core.source import load_yaml
from tests.conftest import ROOT
from tests.mutations import KINDS, mutated, places, plain

GAMES = sorted(
    p.parent
    for p in [*ROOT.glob("content/*/game.yaml"), *ROOT.glob("examples/content/*/game.yaml")]
)
RULE_FILES = sorted(
    p.resolve()
    for p in [*ROOT.glob("content/*/rules*.yaml"), *ROOT.glob("examples/content/*/rules*.yaml")]
)
MUTATIONS_PER_FILE = 40  # drawn with a fixed seed: the same copies every run


def mutations(data, schema: dict, seed: str, count: int) -> list[tuple[tuple, str, str]]:
    found = [(path, node) for path, node in places(data, schema) if node]
    rng = random.Random(seed)
    made = []
    for _ in range(count):
        path, node = rng.choice(found)
        made.append((path, rng.choice(sorted(node)), rng.choice(KINDS)))
    return made


@cache
def _langs() -> dict[Path, tuple[str, ...]]:
    """Each shipped rules file and the languages of its game."""
    out = {}
    for folder in GAMES:
        game = load_game(folder, ROOT / "fonts")
        if game.rules is not None:
            out[game.rules.path.resolve()] = game.languages
    return out


def _refused_by_loader(data, langs: tuple[str, ...], tmp_path: Path) -> list[str]:
    path = tmp_path / "rules.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    problems = Collector()
    load_rules(path, langs, problems)
    return [str(p) for p in problems.problems]


def test_the_schema_is_a_valid_2020_12_schema_and_says_what_the_declaration_says():
    for langs in (None, ("de", "en")):
        Draft202012Validator.check_schema(rules_schema(langs))
    schema = rules_schema(("de", "en"))
    assert schema["properties"]["colour"]["default"] == "#1f2a44"
    assert schema["else"]["required"] == ["de", "en"]
    part = schema["else"]["properties"]["de"]
    assert part["required"] == ["title", "sections"] and part["additionalProperties"] is False
    panel = part["properties"]["lookup"]["items"]
    assert panel["properties"]["symbols"]["items"]["required"] == ["motif", "colour", "name"]
    assert "heading" in panel["properties"]["heading"]["description"]
    # any language code, where no game says which
    assert list(rules_schema()["else"]["patternProperties"]) == ["^[a-z]{2,3}$"]


def test_every_shipped_rules_file_is_one_of_a_game():
    assert sorted(_langs()) == RULE_FILES and len(RULE_FILES) >= 12


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.parent.name)
def test_every_shipped_rules_file_validates_and_loads(path):
    data = plain(load_yaml(path))
    for langs in (None, _langs()[path]):
        assert [
            e.message for e in Draft202012Validator(rules_schema(langs)).iter_errors(data)
        ] == []
    problems = Collector()
    rules = load_rules(path, _langs()[path], problems)
    assert problems.problems == [] and rules is not None
    assert rules.template == "cheatsheet.j2" and rules.colour == data.get("colour", "#1f2a44")


def test_the_scaffolds_rules_validate_and_load(tmp_path):
    data = yaml.safe_load(RULES.format(title="Heroes"))
    assert Draft202012Validator(rules_schema(("de", "en"))).is_valid(data)
    assert _refused_by_loader(data, ("de", "en"), tmp_path) == []


# A shipped file broken at one place: (path in its data, key, kind, the loader's message).
BROKEN = {
    "misspelt-sections": (
        ("de",),
        "sections",
        "misspelt",
        r"unknown key 'sectionq' in rules \(de\)",
    ),
    "misspelt-panel-key": (
        ("en", "lookup", 0),
        "heading",
        "misspelt",
        r"unknown key 'headinq' in a look-up panel of the rules \(en\); did you mean 'heading'",
    ),
    "retyped-title": (("de",), "title", "retyped", r"'title' must be text, got the number 12345"),
    "retyped-steps": (
        ("en", "sections", 2),
        "steps",
        "retyped",
        r"'steps' must be a list, got 'zz'",
    ),
    "retyped-colour": ((), "colour", "retyped", r"'colour' must be a colour"),
    "removed-title": (("en",), "title", "removed", r"rules \(en\) needs the key 'title'"),
    "removed-heading": (
        ("de", "sections", 0),
        "heading",
        "removed",
        r"a section of the rules \(de\) needs the key 'heading'",
    ),
    "removed-language": ((), "en", "removed", r"the rules have no language 'en'"),
    "added-key": (("en", "sections", 1), "text", "added", r"unknown key 'zz-text'"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_copy_is_refused_by_loader_and_schema(case, tmp_path):
    path = ROOT / "content/mytown/rules.yaml"
    where, key, kind, message = BROKEN[case]
    data = mutated(plain(load_yaml(path)), where, key, kind)
    for langs in (None, ("de", "en")):
        if case != "removed-language" or langs:  # a game's languages say which it needs
            assert not Draft202012Validator(rules_schema(langs)).is_valid(data), langs
    told = _refused_by_loader(data, ("de", "en"), tmp_path)
    assert told and re.search(message, told[0]), told


def test_a_wrong_row_and_symbol_are_refused_by_both(tmp_path):
    data = plain(load_yaml(ROOT / "content/minipilo/rules.yaml"))
    validator = Draft202012Validator(rules_schema(("de", "en")))
    panels = data["de"]["lookup"]
    table = next(p for p in panels if "table" in p)
    table["table"][1] = "je Schritt"  # a row that is no list
    symbols = next(p for p in panels if "symbols" in p)["symbols"]
    symbols[0]["colour"] = "#e69f0"  # five hex digits
    assert len(list(validator.iter_errors(data))) == 2
    told = _refused_by_loader(data, ("de", "en"), tmp_path)
    assert len(told) == 2, told
    assert "row 2 of 'table' must be a list of cells, got 'je Schritt'" in told[0]
    assert "'colour' '#e69f0' is not a colour" in told[1]


def test_a_file_with_its_own_template_is_checked_for_its_own_keys_only(tmp_path):
    data = {"template": "mine.j2", "colour": "red", "anything": {"the": ["template", "reads"]}}
    assert Draft202012Validator(rules_schema(("de",))).is_valid(data)
    assert _refused_by_loader(data, ("de",), tmp_path) == []
    data["colour"] = 5
    assert not Draft202012Validator(rules_schema(("de",))).is_valid(data)
    assert _refused_by_loader(data, ("de",), tmp_path)


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.parent.name)
def test_schema_and_loader_agree_over_broken_copies(path, tmp_path):
    langs = _langs()[path]
    validator = Draft202012Validator(rules_schema(langs))
    data = plain(load_yaml(path))
    disagreements = []
    for where, key, kind in mutations(data, validator.schema, path.parent.name, MUTATIONS_PER_FILE):
        copy = mutated(data, where, key, kind)
        by_schema = validator.is_valid(copy)
        by_loader = not _refused_by_loader(copy, langs, tmp_path)
        if by_schema != by_loader:
            disagreements.append((kind, [*where, key], by_schema, by_loader))
    assert disagreements == []
