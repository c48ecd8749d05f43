"""Files a designer writes, broken one key at a time, for the tests that hold a schema and
its loader to each other (tests/test_schema.py, test_rules_schema.py, test_profile_schema.py,
test_checks_schema.py): the same mutations for every kind of file."""

from __future__ import annotations

import json
from collections.abc import Iterator

# How a key is broken: one joins it that no one declared, it is left out, its value is
# given another type, or its name is misspelt.
KINDS = ("added", "removed", "retyped", "misspelt")


def plain(value):
    """YAML as JSON holds it: keys as text."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def mutated(data, path: tuple, key: str, kind: str):
    """A copy of `data` with `key` of the mapping at `path` broken as `kind` says."""
    copy = json.loads(json.dumps(data))
    node = copy
    for step in path:
        node = node[step]
    if kind == "added":
        node["zz-" + key] = 1
    elif kind == "removed":
        del node[key]
    elif kind == "retyped":
        node[key] = 12345 if isinstance(node[key], str) else "zz"
    else:
        node[key[:-1] + "q" if len(key) > 1 else key + "q"] = node.pop(key)
    return copy


def places(data, schema: dict, path: tuple = ()) -> Iterator[tuple[tuple, dict]]:
    """(path, mapping) of every mapping in `data` whose keys the schema lists (and refuses
    any other): where a key may be misspelt, retyped or removed."""
    if "else" in schema and isinstance(data, dict) and "template" not in data:
        schema = schema["else"]
    if isinstance(data, dict) and schema.get("additionalProperties") is False:
        yield path, data
        for key, value in data.items():
            inner = schema["properties"].get(key) or next(
                iter(schema.get("patternProperties", {}).values()), {}
            )
            yield from places(value, inner, (*path, key))
    elif isinstance(data, dict) and isinstance(schema.get("additionalProperties"), dict):
        for key, value in data.items():
            yield from places(value, schema["additionalProperties"], (*path, key))
    elif isinstance(data, list) and isinstance(schema.get("items"), dict):
        for i, value in enumerate(data):
            yield from places(value, schema["items"], (*path, i))
