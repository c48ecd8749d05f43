"""Reading YAML mappings against what they may hold, with errors that point at the value."""

from __future__ import annotations

import difflib
from pathlib import Path

from bastelbogen.content.models import Text
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.paths import inside as contained
from bastelbogen.core.source import YList, YMap
from bastelbogen.core.units import mm, parse_length

MISSING = object()
_TYPE_NAMES = {
    str: "text",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    YMap: "a mapping",
    YList: "a list",
}


def type_name(value) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, int | float):
        return f"the number {value}"
    text = str(value)  # never echo a whole file someone pointed us at
    return f"'{text}'" if len(text) <= 60 else f"'{text[:57]}...'"


def fmt(value) -> str:
    """Text in quotes, numbers bare: '1' and 1 are different values and must look it."""
    return f"'{value}'" if isinstance(value, str) else str(value)


class Fields:
    """Reads the keys of one mapping; `done()` reports any key nobody asked for."""

    def __init__(self, data, what: str, problems: Collector, loc: Loc):
        self.what = what
        self.problems = problems
        if not isinstance(data, YMap):
            problems.add(
                getattr(data, "loc", loc),
                f"{what} must be a mapping of keys to values, got {type_name(data)}",
            )
            data = YMap()
            data.loc, data.key_locs, data.value_locs = loc, {}, {}
        self.data = data
        self.loc = data.loc
        self.known: list[str] = []
        self.missing: list[str] = []

    def value_loc(self, key: str) -> Loc:
        return self.data.value_loc(key)

    def raw(self, key: str, default=MISSING):
        self.known.append(key)
        if key in self.data:
            return self.data[key]
        if default is MISSING:
            self.missing.append(key)
            return None
        return default

    def get(self, key: str, kind, default=MISSING):
        value = self.raw(key, default)
        if key not in self.data:
            return value
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.problems.add(
                self.value_loc(key),
                f"'{key}' must be {_TYPE_NAMES.get(kind, kind)}, got {type_name(value)}",
            )
            return default if default is not MISSING else None
        return value

    def length(self, key: str, default=MISSING) -> float | None:
        value = self.raw(key, default)
        if key not in self.data:
            return value
        try:
            length = parse_length(value)
        except ValueError as exc:
            self.problems.add(self.value_loc(key), f"'{key}': {exc}")
            return None
        if abs(length) > mm(limits.MAX_LENGTH_MM):
            self.problems.add(
                self.value_loc(key), f"'{key}' is longer than {limits.MAX_LENGTH_MM:g}mm"
            )
            return None
        return length

    def done(self) -> None:
        """Report unknown keys, naming the nearest known one, and required keys not given;
        a misspelt required key is one problem, not two."""
        explained = set()
        for key in self.data:
            if key in self.known:
                continue
            near = difflib.get_close_matches(str(key), self.known, n=1, cutoff=0.5)
            hint = (
                f"; did you mean '{near[0]}'?"
                if near
                else f"; known keys: {', '.join(sorted(self.known))}"
            )
            self.problems.add(self.data.key_loc(key), f"unknown key '{key}' in {self.what}{hint}")
            explained.update(near)
        for key in self.missing:
            if key not in explained:
                self.problems.add(self.loc, f"{self.what} needs the key '{key}'")


def inside(base: Path, relative: str, loc: Loc, problems: Collector, what: str) -> Path | None:
    """Resolve a path from content, refusing any that leaves `base` (symlinks included)."""
    candidate = contained(base, str(relative))
    if candidate is None:
        problems.add(loc, f"{what} '{relative}' leaves the content folder {base}")
    return candidate


def list_of(f: Fields, key: str, required: bool = True):
    value = f.raw(key) if required else f.raw(key, None)
    if value is None:
        return []
    if not isinstance(value, YList):
        f.problems.add(f.value_loc(key), f"'{key}' must be a list, got {type_name(value)}")
        return []
    return [(item, value.item_loc(i)) for i, item in enumerate(value)]


def read_text(
    f: Fields, key: str, problems: Collector, langs: tuple[str, ...], default=None
) -> Text:
    """A text in the game's languages, required unless a default is given."""
    value = f.raw(key) if default is None else f.raw(key, None)
    if value is None:
        return Text((("*", default or ""),), f.value_loc(key))
    return text_value(value, f.value_loc(key), key, problems, langs)


def text_value(value, loc: Loc, what: str, problems: Collector, langs: tuple[str, ...]) -> Text:
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
