"""Reading YAML mappings against what they may hold, with errors that point at the value."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from bastelbogen.content.models import Text
from bastelbogen.core.declare import Json, Section, Type

# Readers of YAML have long found it here (layout/layouts.py): said again, on purpose
from bastelbogen.core.declare import type_name as type_name
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.paths import inside as contained
from bastelbogen.core.paths import is_file
from bastelbogen.core.source import YMap

# The files `pnp schema` describes (pipeline/schemas.py makes them): named here, where the
# command line can read them without loading what draws.
SCHEMA_NAMES = ("game", "theme", "layout", "rules", "profile")

T = TypeVar("T")
D = TypeVar("D")


class Words(Type[object]):
    """A text in the game's languages: one text for all, or one per language code. Read
    as written; `text_value` then asks for each of the game's languages."""

    shown = "text, or a mapping of language codes to text"

    def __call__(self, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, str | int | float | dict):
            raise ValueError(
                f"must be text or a mapping of languages to text, got {type_name(value)}"
            )
        for lang, text in value.items() if isinstance(value, dict) else ():
            if isinstance(text, bool) or not isinstance(text, str | int | float):
                raise ValueError(f"has a '{lang}' text that is {type_name(text)}, not text")
        return value

    def schema(self) -> Json:
        text = {"type": ["string", "number"]}
        langs = {"type": "object", "propertyNames": {"pattern": "^[a-z]{2,3}$"}}
        return {"anyOf": [text, {**langs, "additionalProperties": text}]}


WORDS = Words()


class Later(Type[object]):
    """A key whose value its own reader reads later, with what only it knows (the game's
    languages and tables): taken as written here; its schema comes from that reader's
    declaration (`schema`, asked when a schema is written)."""

    def __init__(self, shown: str, schema: Callable[[], Json] | None = None) -> None:
        self.shown, self._schema = shown, schema

    def schema(self) -> Json:
        return self._schema() if self._schema else {}


def fmt(value: object) -> str:
    """Text in quotes, numbers bare: '1' and 1 are different values and must look it."""
    return f"'{value}'" if isinstance(value, str) else str(value)


def inside(base: Path, relative: str, loc: Loc, problems: Collector, what: str) -> Path | None:
    """Resolve a path from content, refusing any that leaves `base` (symlinks included)."""
    candidate = contained(base, str(relative))
    if candidate is None:
        problems.add(loc, f"{what} '{relative}' leaves the content folder {base}")
    return candidate


def existing(base: Path, relative: str, loc: Loc, problems: Collector, what: str) -> Path | None:
    """A file content names, inside `base` and there: None (the problem noted at `loc`)
    where it leaves `base` or is no file."""
    path = inside(base, relative, loc, problems, what)
    if path is not None and not is_file(path):
        problems.add(loc, f"{what} not found: {relative}")
        return None
    return path


def words(
    section: Section, key: str, problems: Collector, langs: tuple[str, ...], default: str = ""
) -> Text:
    """A section's text in the game's languages (its `default` when not written)."""
    value = getattr(section, key)
    given = value if value is not None else default
    return text_value(given, section.value_loc(key), key, problems, langs)


def text_value(
    value: object, loc: Loc, what: str, problems: Collector, langs: tuple[str, ...]
) -> Text:
    """One text for every language, or a mapping with a text for each of `langs`."""
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return Text((("*", str(value)),), loc)
    if isinstance(value, YMap):
        for k in value:
            if k not in langs:
                problems.add(
                    value.key_loc(k),
                    f"'{what}' has a text in '{k}', which is not"
                    f" one of the game's languages ({', '.join(langs)}); add it to"
                    " `languages:` in game.yaml",
                )
        for lang in langs:
            if lang not in value:
                problems.add(
                    loc, f"'{what}' has no '{lang}' text; the game is written in {', '.join(langs)}"
                )
        return Text(tuple((k, str(v)) for k, v in value.items() if k in langs), loc)
    problems.add(
        loc, f"'{what}' must be text or a mapping of languages to text, got {type_name(value)}"
    )
    return Text((("*", ""),), loc)
