"""The JSON Schema (draft 2020-12) of each file a designer writes, made from the same
declarations the loader reads them with (core/declare.py), so an editor with a YAML
language server completes, explains and checks what `pnp validate` would: the game file,
a theme file, a layout and the rules file. Made here, at the top of the pipeline, because
a layout's boxes take the keys of the painters the render stage registers.

Where a file takes what only its game knows (the names of its tables' fields, its
languages), the schema takes any of them; where a value may be a template
(`{{ row.colour }}`), it takes text holding one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bastelbogen.content.components import ComponentKeys, SizeKeys
from bastelbogen.content.kinds import KINDS
from bastelbogen.content.loader import GameFile, ThemeFile
from bastelbogen.content.painters import MOTIFS, box_keys, known
from bastelbogen.content.profiles import profile_schema
from bastelbogen.content.rules import rules_schema
from bastelbogen.content.schema import SCHEMA_NAMES as SCHEMAS
from bastelbogen.content.tables.spec import table_schema
from bastelbogen.core.declare import TEMPLATE_PATTERN, Json
from bastelbogen.core.params import schema_of as schema_of_check
from bastelbogen.layout.layouts import LayoutKeys
from bastelbogen.layout.repeat import Repeat

DIALECT = "https://json-schema.org/draft/2020-12/schema"
TEMPLATED: Json = {"type": "string", "pattern": TEMPLATE_PATTERN}


def component_schema() -> Json:
    """A component: the keys every component takes, its size where its kind is sized, and
    its kind's own keys, where its `kind:` (card when unsaid) names that kind."""
    own = {name: KINDS[name].keys for name in KINDS.names()}
    properties = {**ComponentKeys.properties(), **SizeKeys.properties()}
    for name in KINDS.names():
        settings = KINDS[name].settings
        properties.update(settings.properties() if settings else {})
    rules = [_kind_rule(name, own) for name in KINDS.names()]
    return {
        "title": "A component",
        "type": "object",
        "properties": properties,
        "required": [k for k, f in ComponentKeys.fields.items() if f.required],
        "additionalProperties": False,
        "allOf": rules,
    }


def _kind_rule(name: str, own: dict[str, tuple[str, ...]]) -> Json:
    """What a component of kind `name` may not hold (the other kinds' keys, a size where
    the kind takes none) and must (its size)."""
    kind = KINDS[name]
    chosen: Json = {"properties": {"kind": {"const": name}}, "required": ["kind"]}
    if name == "card":  # the kind when none is written
        chosen = {"anyOf": [chosen, {"not": {"required": ["kind"]}}]}
    others = {key for other, keys in own.items() if other != name for key in keys}
    refused: dict[str, Any] = {key: False for key in sorted(others - set(own[name]))}
    then: Json = {"properties": refused}
    if kind.sized:
        then["required"] = ["size"]
    else:
        refused["size"] = False
    for key in _refused_by(kind):
        refused[key] = False
    return {"if": chosen, "then": then}


def _refused_by(kind: Any) -> list[str]:
    """Common keys a kind refuses where written (content/components.py tells them): a back
    where it has none, a safe zone where it places its text itself, cut guides where its
    sheets carry their own."""
    refused = [] if kind.takes_back else ["back"]
    refused += [] if kind.safe_zone is not None else ["safe"]
    return refused + (["guides", "marks"] if kind.placing == "tiled" else [])


def game_schema() -> Json:
    out = GameFile.schema()
    properties = out["properties"]
    properties["components"] = {
        **properties["components"],
        "type": "array",
        "items": component_schema(),
    }
    properties["tables"] = {**properties["tables"], **table_schema()}
    properties["checks"] = {**properties["checks"], **_checks_schema()}
    return _document(out, "game", "A Bastelbogen game file (content/GAME/game.yaml)")


def _checks_schema() -> Json:
    from bastelbogen.checks.values import checks_schema

    return checks_schema()


def layout_schema() -> Json:
    """A layout (templates/GAME/NAME.yaml): the layout it extends and its boxes."""
    out = LayoutKeys.schema()
    boxes = out["properties"]["boxes"]
    out["properties"]["boxes"] = {**boxes, "items": _box_schema()}
    return _document(out, "layout", "A Bastelbogen layout (templates/GAME/NAME.yaml)")


PLACING: Json = {
    "name": {
        "type": "string",
        "description": "the box's name: a box of the same name in the"
        " layout it extends is replaced",
    },
    "painter": {"enum": [], "description": "what draws the box"},
    "box": {
        "anyOf": [
            {"const": "bleed"},
            {
                "type": "array",
                "minItems": 4,
                "maxItems": 4,
                "items": {"anyOf": [{"type": "number"}, TEMPLATED]},
            },
        ],
        "description": "[x, y, width, height] in mm from the top-left, or bleed",
    },
    "when": {"description": "an expression: the box is drawn only where it is true"},
    "repeat": {**Repeat.schema(), "description": "the box drawn once for each value"},
}


def _box_schema() -> Json:
    """A box: the keys that place it and its painter's keys, where `painter:` names it
    (an art box: its motif's keys, where `motif:` names it). Two painters may take a key of
    one name in two senses (a table's `rows` are texts, a grid's a number): each key's
    schema is its painter's, in that painter's rule."""
    painters = known()
    properties: Json = {**PLACING, "painter": {**PLACING["painter"], "enum": list(painters)}}
    for key in _every_key():
        properties.setdefault(key, {})
    return {
        "title": "A box",
        "type": "object",
        "properties": properties,
        "required": ["name", "painter", "box"],
        "additionalProperties": False,
        "allOf": [_painter_rule(name, properties) for name in painters],
    }


def _every_key() -> list[str]:
    painters = [entry.keys for entry in known().values()]
    motifs = [motif.keys or {} for motif in MOTIFS.values()]
    return list(dict.fromkeys(key for keys in painters + motifs for key in keys))


def _painter_rule(name: str, properties: Json) -> Json:
    """A box of painter `name` takes its own keys, as it checks them, and no other
    painter's."""
    entry = known()[name]
    own = set(entry.keys) | set(PLACING)
    if name == "art":  # and whatever its motifs take; which, its motif says (`_motif_rule`)
        own |= {key for motif in MOTIFS.values() for key in (motif.keys or {})}
    checked = {
        key: {**schema_of_check(spec), "description": spec.help} for key, spec in entry.keys.items()
    }
    refused = {key: False for key in sorted(set(properties) - own)}
    then: Json = {"properties": {**checked, **refused}}
    if entry.required:
        then["required"] = list(entry.required)
    if name == "art":
        then["allOf"] = [_motif_rule(motif) for motif in MOTIFS.values() if motif.keys]
    return {"if": _naming("painter", name), "then": then}


def _naming(key: str, value: str) -> Json:
    """A rule's condition: the mapping's `key` is `value`."""
    return {"properties": {key: {"const": value}}, "required": [key]}


def _motif_rule(motif: Any) -> Json:
    """An art box naming `motif` takes the motif's keys, as it checks them, and the art
    painter's own that do not hand a value to a motif, or do to this one (content/
    painters.py: box_keys)."""
    allowed = set(box_keys("art", {"motif": motif.name})) | set(PLACING)
    others = set(_every_key())
    checked = {
        key: {**schema_of_check(spec), "description": spec.help} for key, spec in motif.keys.items()
    }
    refused = {key: False for key in sorted(others - allowed)}
    return {"if": _naming("motif", motif.name), "then": {"properties": {**checked, **refused}}}


def theme_schema() -> Json:
    return _document(ThemeFile.schema(), "theme", "A Bastelbogen theme file (themes/NAME.yaml)")


def _document(schema: Json, name: str, title: str) -> Json:
    return {"$schema": DIALECT, "$id": f"{name}.schema.json", **schema, "title": title}


def rules_file_schema() -> Json:
    return _document(rules_schema(), "rules", "A Bastelbogen rules file (the cheat sheet's texts)")


def profiles_schema() -> Json:
    return _document(profile_schema(), "profile", "Bastelbogen print-shop profiles")


WRITERS = {
    "game": game_schema,
    "theme": theme_schema,
    "layout": layout_schema,
    "rules": rules_file_schema,
    "profile": profiles_schema,
}


def schema_of(name: str) -> Json:
    """The schema of a file of the kind `name` (one of SCHEMAS)."""
    return WRITERS[name]()


def write_schemas(folder: Path) -> list[Path]:
    """Every schema into `folder` as NAME.schema.json; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SCHEMAS:
        path = folder / f"{name}.schema.json"
        path.write_text(json.dumps(schema_of(name), indent=2, ensure_ascii=False) + "\n")
        written.append(path)
    return written
