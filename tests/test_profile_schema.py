"""The JSON Schema of a profiles file (`profile_schema`) and the profiles' loader agree, as
both come from one declaration (content/profiles.py's ProfileKeys): the shipped profiles
validate against it, read by a validator we did not write (the `jsonschema` library, draft
2020-12), and load; a broken copy (a key misspelt, a value retyped, a required key removed,
a key one format or colour asks for left out) is refused by both, for every key of every
shipped profile."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from bastelbogen.content.profiles import SHIPPED, load_profiles, profile_schema
from bastelbogen.core.errors import ContentError
from bastelbogen.core.source import load_yaml
from tests.mutations import KINDS, mutated, places, plain

SHIPPED_DATA = plain(load_yaml(SHIPPED))


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = profile_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _told(data, folder: Path) -> list[str]:
    """What the loader says of `data` as a game's profiles.yaml (nothing: it loads)."""
    (folder / "profiles.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    try:
        load_profiles(folder)
    except ContentError as exc:
        return [p.message for p in exc.problems]
    return []


def test_the_shipped_profiles_validate_and_load(validator, tmp_path):
    assert [e.message for e in validator.iter_errors(SHIPPED_DATA)] == []
    profiles = load_profiles(tmp_path)
    assert (
        sorted(profiles)
        == sorted(SHIPPED_DATA)
        == ["dtc-poker", "mpc-63x88", "mpc-poker", "tgc-poker"]
    )
    dtc = profiles["dtc-poker"]
    assert (dtc.format, dtc.colour, dtc.ink, dtc.order) == ("pdf", "cmyk", 2.4, "back-first")
    assert dtc.icc is not None and dtc.icc.name == "swop-tr003.icc"
    tgc = profiles["tgc-poker"]
    assert tgc.pixels == (825, 1125) and tgc.dpi == 300 and tgc.safe == pytest.approx(9.0)


def test_the_schema_says_what_the_declaration_says(validator):
    profile = validator.schema["additionalProperties"]
    assert profile["required"] == ["trim"] and profile["additionalProperties"] is False
    keys = profile["properties"]
    assert keys["format"]["enum"] == ["png", "pdf"] and keys["format"]["default"] == "png"
    assert keys["dpi"]["minimum"] == 72 and keys["dpi"]["maximum"] == 1200
    assert "{component}" in keys["files"]["description"]
    for ink, valid in (
        ("240%", True),
        ("100 %", True),
        ("400%", True),
        ("401%", False),
        ("99%", False),
    ):
        assert validator.is_valid({"x": {**SHIPPED_DATA["dtc-poker"], "ink": ink}}) is valid, ink
    for files, valid in (("{n}/{item}.png", True), ("{id}.png", False), ("../x.png", False)):
        assert validator.is_valid({"x": {**SHIPPED_DATA["tgc-poker"], "files": files}}) is valid


# A shipped profile broken at one key: (profile, key, kind, the loader's message).
BROKEN = {
    "misspelt-pixels": (
        "tgc-poker",
        "pixels",
        "misspelt",
        r"unknown key 'pixelq' in profile 'tgc-poker'; did you mean 'pixels'\?",
    ),
    "retyped-dpi": ("mpc-poker", "dpi", "retyped", r"'dpi' must be a whole number, got 'zz'"),
    "retyped-trim": ("mpc-63x88", "trim", "retyped", r"'trim' must be two lengths above 0"),
    "retyped-ink": ("dtc-poker", "ink", "retyped", r"'ink' must be a total ink from 100% to 400%"),
    "removed-trim": ("tgc-poker", "trim", "removed", r"profile 'tgc-poker' needs the key 'trim'"),
    "removed-pixels": ("mpc-poker", "pixels", "removed", r"a png profile gives its 'pixels'"),
    "removed-bleed": ("dtc-poker", "bleed", "removed", r"a pdf profile gives its 'bleed'"),
    "removed-icc": ("dtc-poker", "icc", "removed", r"a cmyk profile is a pdf profile and names"),
    "removed-colour": ("dtc-poker", "colour", "removed", r"'pdf/x-1a:2003' is a cmyk pdf"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_copy_is_refused_by_loader_and_schema(validator, case, tmp_path):
    pid, key, kind, message = BROKEN[case]
    data = mutated(SHIPPED_DATA, (pid,), key, kind)
    assert not validator.is_valid(data)
    told = _told(data, tmp_path)
    assert len(told) == 1 and re.search(message, told[0]), told


def test_an_id_that_is_no_file_name_is_refused_by_both(validator, tmp_path):
    data = {"../up": SHIPPED_DATA["tgc-poker"]}
    assert not validator.is_valid(data)
    assert "profile id '../up' may hold only" in _told(data, tmp_path)[0]


def test_schema_and_loader_agree_on_every_key_of_every_shipped_profile(validator, tmp_path):
    """Each key of each shipped profile misspelt, retyped, removed or joined by another."""
    disagreements = []
    for where, node in places(SHIPPED_DATA, validator.schema):
        for key in node:
            for kind in KINDS:
                copy = mutated(SHIPPED_DATA, where, key, kind)
                by_schema = validator.is_valid(copy)
                by_loader = not _told(copy, tmp_path)
                if by_schema != by_loader:
                    disagreements.append((kind, [*where, key], by_schema, by_loader))
    assert disagreements == []
