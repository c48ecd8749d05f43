"""The JSON Schema `pnp schema` writes and the loader agree, because both come from one
declaration (core/declare.py): every shipped game and example validates against it, read by
a validator we did not write (the `jsonschema` library, draft 2020-12); and over mutations
of those games' files (a key added, removed, retyped or misspelt at a place the declaration
describes), neither accepts what the other refuses.

One mutation is judged by shape alone: an optional key removed is a valid file, and the
schema must take it; what its absence changes elsewhere (a column's type its cells need, a
table's columns a reference needs) is the validator's to tell at those cells, and no schema
of the game file can know the cells."""

from __future__ import annotations

import json
import random
import shutil

import pytest
import yaml
from jsonschema import Draft202012Validator

from bastelbogen.checks import read_checks
from bastelbogen.content.loader import load_game
from bastelbogen.core.errors import ContentError
from bastelbogen.core.source import load_yaml
from bastelbogen.pipeline.schemas import SCHEMAS, schema_of
from tests.conftest import ROOT, pnp
from tests.mutations import KINDS, mutated, plain

GAMES = sorted([*ROOT.glob("content/*/game.yaml"), *ROOT.glob("examples/content/*/game.yaml")])
FONTS = ROOT / "fonts"
MUTATIONS_PER_GAME = 30  # drawn with a fixed seed: the same mutations every run


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = schema_of("game")
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_every_shipped_game_validates(validator, path):
    errors = [e.message for e in validator.iter_errors(plain(load_yaml(path)))]
    assert errors == []


def test_every_schema_is_a_valid_2020_12_schema():
    for name in SCHEMAS:
        schema = schema_of(name)
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_the_schema_says_what_the_declaration_says(validator):
    component = schema_of("game")["properties"]["components"]["items"]
    guides = component["properties"]["guides"]
    assert guides["enum"] == ["crop", "lines", "none"] and "cut guides" in guides["description"]
    edge = component["properties"]["edge"]
    assert "edge" in edge["description"]
    assert validator.is_valid(_game({"id": "d", "kind": "die", "face": "x/f", "items": []}))
    # a die takes no size and a card no edge
    assert not validator.is_valid(
        _game({"id": "d", "kind": "die", "size": "mini", "face": "x/f", "items": []})
    )
    assert not validator.is_valid(
        _game({"id": "c", "size": "mini", "edge": "20mm", "face": "x/f", "items": []})
    )


def _game(component: dict) -> dict:
    return {"game": "g", "title": "G", "players": {"min": 1, "max": 2}, "components": [component]}


# Mutations, at places the schema declares (a mapping whose keys it lists): the text of a
# game's own data (an item's fields, a text per language) is the game's to name.


def _declared(data, schema, path=()):
    """(path, mapping, its schema) of every mapping in `data` that the schema describes key
    by key."""
    if isinstance(data, dict):
        branches = _branches(schema, data)
        for branch in branches:
            closed = branch.get("additionalProperties") is False and "properties" in branch
            if closed and set(data) <= set(branch["properties"]):
                yield path, data, branch
                described = branch["properties"]
                for key, value in data.items():
                    yield from _declared(value, described.get(key, {}), (*path, key))
                return
        for branch in branches:
            extra = branch.get("additionalProperties")
            if isinstance(extra, dict):
                for key, value in data.items():
                    yield from _declared(value, extra, (*path, key))
                return
    elif isinstance(data, list):
        for branch in _branches(schema, data):
            if isinstance(branch.get("items"), dict):
                for i, value in enumerate(data):
                    yield from _declared(value, branch["items"], (*path, i))
                return


def _branches(schema: dict, data) -> list[dict]:
    """The parts of a schema (its anyOf alternatives) that can describe `data`'s type."""
    options = schema.get("anyOf", [schema])
    want = "object" if isinstance(data, dict) else "array"
    return [o for o in options if o.get("type") == want]


def _required(branch: dict, key: str) -> bool:
    """Whether the declaration requires `key` (an if/then rule's too: a card's size; or as
    one of a group of which one is written: a check's component or table)."""
    rules = [branch, *branch.get("allOf", ())]
    rules += [rule.get("then", {}) for rule in rules]
    rules += [inner for rule in rules for inner in rule.get("allOf", ())]
    return any(
        key in rule.get("required", ())
        or any([key] == one.get("required") for one in rule.get("oneOf", rule.get("anyOf", ())))
        for rule in rules
    )


def _mutations(data, schema, rng: random.Random, count: int):
    """(path, key, kind, whether the key is required) of `count` mutations."""
    places = [place for place in _declared(data, schema) if place[1]]
    made = []
    while len(made) < count and places:
        path, node, branch = rng.choice(places)
        key = rng.choice(sorted(node))
        kind = rng.choice(KINDS)
        made.append((path, key, kind, _required(branch, key)))
    return made


@pytest.mark.slow
@pytest.mark.heavy
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_schema_and_loader_agree_over_mutations(validator, path, tmp_path):
    data = plain(load_yaml(path))
    rng = random.Random(path.parent.name)
    folder = tmp_path / path.parent.name
    shutil.copytree(path.parent, folder)
    disagreements = []
    for where, key, kind, required in _mutations(data, validator.schema, rng, MUTATIONS_PER_GAME):
        broken = mutated(data, where, key, kind)
        (folder / "game.yaml").write_text(yaml.safe_dump(broken, allow_unicode=True))
        by_schema = validator.is_valid(broken)
        if kind == "removed" and not required:
            if not by_schema:
                disagreements.append((kind, [*where, key], by_schema, "optional"))
            continue
        try:  # the game file read, its checks read by their declarations (none made)
            by_loader = not read_checks(load_game(folder, FONTS))
        except ContentError:
            by_loader = False
        if by_schema != by_loader:
            disagreements.append((kind, [*where, key], by_schema, by_loader))
    assert disagreements == []


def test_pnp_schema_writes_each_schema(tmp_path):
    result = pnp("schema", "--out", str(tmp_path / "schemas"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for name in SCHEMAS:
        written = json.loads((tmp_path / "schemas" / f"{name}.schema.json").read_text())
        assert written == schema_of(name)
    shown = pnp("schema", "game", cwd=tmp_path)
    assert json.loads(shown.stdout) == schema_of("game")


def test_pnp_new_writes_the_schemas_and_the_line_that_names_them(tmp_path):
    result = pnp("new", "deck", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    game_file = tmp_path / "content" / "deck" / "game.yaml"
    first = game_file.read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../schemas/game.schema.json"
    named = (game_file.parent / first.split("=", 1)[1]).resolve()
    schema = json.loads(named.read_text())
    assert schema == schema_of("game")
    assert list(Draft202012Validator(schema).iter_errors(plain(load_yaml(game_file)))) == []
    for written, kind in (
        ("content/deck/rules.yaml", "rules"),
        ("templates/deck/card.yaml", "layout"),
        ("templates/deck/back.yaml", "layout"),
    ):
        path = tmp_path / written
        line = path.read_text().splitlines()[0]
        assert line == f"# yaml-language-server: $schema=../../schemas/{kind}.schema.json"
        named = json.loads((path.parent / line.split("=", 1)[1]).read_text())
        assert list(Draft202012Validator(named).iter_errors(plain(load_yaml(path)))) == []


LAYOUTS = sorted(
    [
        *ROOT.glob("templates/*/*.yaml"),
        *ROOT.glob("examples/templates/*/*.yaml"),
        *ROOT.glob("bastelbogen/templates/**/*.yaml"),
    ]
)


@pytest.fixture(scope="module")
def layouts() -> Draft202012Validator:
    schema = schema_of("layout")
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_every_shipped_layout_validates(layouts):
    assert LAYOUTS
    wrong = {
        str(path.relative_to(ROOT)): [
            e.message for e in layouts.iter_errors(plain(load_yaml(path)))
        ]
        for path in LAYOUTS
    }
    assert {k: v for k, v in wrong.items() if v} == {}


FACE = ROOT / "examples" / "templates" / "squib-tutorial"


@pytest.mark.parametrize(
    ("box", "told"),
    [
        ({"fil": "#ff0000"}, "unknown key 'fil'"),  # misspelt
        ({"size": "big"}, "'size'"),  # retyped: a text's size is a number
        ({"painter": "texts"}, "painter must be one of"),  # a painter no one registered
        ({"cols": 3}, "unknown key 'cols'"),  # another painter's key
    ],
)
def test_a_layout_the_validator_refuses_the_schema_refuses(layouts, tmp_path, box, told):
    project = tmp_path / "project"
    shutil.copytree(ROOT / "examples", project)
    face = project / "templates" / "squib-tutorial" / "card.yaml"
    data = plain(load_yaml(face))
    first = next(b for b in data["boxes"] if b["painter"] == "text")
    first.update(box)
    face.write_text(yaml.safe_dump(data, allow_unicode=True))
    result = pnp("validate", "squib-tutorial", cwd=project)
    assert result.returncode == 1 and told in result.stderr, result.stderr
    assert not layouts.is_valid(data)


def test_a_number_that_is_not_finite_is_told_so():
    from bastelbogen.core.typed import Number

    for unbounded in (Number(), Number(0, 10)):
        with pytest.raises(ValueError, match=r"^must be a finite number, got nan$"):
            unbounded(float("nan"))
    with pytest.raises(ValueError, match=r"^must be from 0 to 10, got 11$"):
        Number(0, 10)(11)
