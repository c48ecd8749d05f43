"""The registry of the checks a game file may declare, and what is made from their
declarations: the README's table and the editor's schema of `checks:`; and how checks read
and show the values they look at."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bastelbogen.checks.keys import CheckKeys
from bastelbogen.content.models import Item
from bastelbogen.content.schema import fmt
from bastelbogen.core.declare import Field, Json, type_name
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.registry import Registry

# What a check looks at: each row's fields, its place and the item it is (none: a table's)
Row = tuple[Mapping[str, object], Loc, Item | None]
# (game, keys, what, rows, variant, problems): `keys` the check's own Section, read (its
# subclass: a check takes its own, so the arguments are not spelt out)
Run = Callable[..., None]


@dataclass(frozen=True)
class Declared:
    """A check as registered: what it runs, the keys it takes and when it fails."""

    run: Run
    keys: type[CheckKeys]
    fails: str


# The checks a game file may declare (`check: NAME`), each registered where it is written;
# a new check is a function with @declared_check in a module of this package (or a
# plug-in's, docs/plugins.md).
CHECKS: Registry[Declared] = Registry("check", group="bastelbogen.checks")


def declared_check(name: str, keys: type[CheckKeys], fails: str) -> Callable[[Run], Run]:
    """Register a check under `name`, with the Section of its keys (CheckKeys and its own)
    and when it fails, as the README says it."""

    def register(run: Run) -> Run:
        CHECKS.add(name, Declared(run, keys, fails))
        return run

    return register


def table() -> str:
    """Every registered check, its own keys and when it fails, as a Markdown table, and
    the keys every check takes."""
    rows = ["| check | keys | fails when |", "| --- | --- | --- |"]
    for name, check in CHECKS.items():
        keys = [_key_shown(key, f) for key, f in check.keys.own().items()]
        keys += [f"*{said}*" for said in check.keys.said() if said not in CheckKeys.said()]
        rows.append(f"| `{name}` | {'<br>'.join(keys) or '–'} | {check.fails} |")
    common = "; ".join(_key_shown(key, f) for key, f in CheckKeys.fields.items())
    rows += ["", f"Every check takes {common}; {', '.join(CheckKeys.said())}."]
    return "\n".join(rows)


def _key_shown(key: str, field: Field[Any]) -> str:
    """`key` (what it takes, required or its default): what it is."""
    if field.required:
        said = "required"
    elif field.default is None:
        said = ""
    else:
        shown = field.type.show(field.default)
        said = f"default `{str(shown).lower() if isinstance(shown, bool) else shown}`"
    return f"`{key}` ({field.type.shown}{', ' + said if said else ''}): {field.help}"


def checks_schema() -> Json:
    """The JSON Schema of `checks:`: a list of checks, each naming a registered check and
    taking every check's keys and its own, and no other check's."""
    declared = CHECKS.items()
    properties: Json = CheckKeys.properties()
    properties["check"] = {**properties["check"], "enum": [name for name, _ in declared]}
    for key, schemas in _own_schemas(declared).items():
        # a key the checks read alike is described here (its help if all say the same);
        # else in each check's rule alone
        bare = [{k: v for k, v in s.items() if k != "description"} for s in schemas]
        if any(b != bare[0] for b in bare):
            properties[key] = {}
        else:
            properties[key] = schemas[0] if all(s == schemas[0] for s in schemas) else bare[0]
    rules = [_check_rule(name, check.keys, properties) for name, check in declared]
    item = {
        "type": "object",
        "properties": properties,
        "required": [key for key, f in CheckKeys.fields.items() if f.required],
        "additionalProperties": False,
        "allOf": [*CheckKeys.rules(), *rules],
    }
    return {"type": "array", "items": item}


def _own_schemas(declared: list[tuple[str, Declared]]) -> dict[str, list[Json]]:
    """Each key some check takes beyond every check's, with its schema in each of them."""
    out: dict[str, list[Json]] = {}
    for _name, check in declared:
        for key, field in check.keys.own().items():
            out.setdefault(key, []).append(field.schema())
    return out


def _check_rule(name: str, keys: type[CheckKeys], properties: Json) -> Json:
    """A check named `name` takes its own keys, as it reads them, needs those it requires,
    and refuses every other check's."""
    own = keys.own()
    refused = {key: False for key in properties if key not in keys.fields}
    then: Json = {"properties": {**{k: f.schema() for k, f in own.items()}, **refused}}
    required = [key for key, f in own.items() if f.required]
    if required:
        then["required"] = required
    extra = [rule for rule in keys.rules() if rule not in CheckKeys.rules()]  # its own
    if extra:
        then["allOf"] = extra
    chosen = {"properties": {"check": {"const": name}}, "required": ["check"]}
    return {"if": chosen, "then": then}


__all__ = ["fmt", "join", "single", "some_of"]


def single(data: Mapping[str, object], field: str, loc: Loc, problems: Collector) -> object:
    """The field's value if it is one value (text, number); a list or mapping is reported."""
    value = data.get(field)
    if isinstance(value, list | dict):
        problems.add(loc, f"'{field}' must be a single value here, got {type_name(value)}")
        return None
    return value


def join(values: Iterable[object]) -> str:
    return ", ".join(fmt(v) for v in values)


def some_of(names: Iterable[str], shown: int = 12) -> str:
    """A list for a message: the first few, then how many more (a set may be huge)."""
    names = list(names)
    more = f" and {len(names) - shown:,} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more
