"""Reading YAML mappings against what they may hold, with errors that point at the value."""

from __future__ import annotations

import difflib
from pathlib import Path

from .errors import Collector, Loc
from .source import YList, YMap
from .units import parse_length

MISSING = object()
_TYPE_NAMES = {str: "text", int: "a whole number", float: "a number", bool: "true or false",
               YMap: "a mapping", YList: "a list"}


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
    return f"'{value}'"


class Fields:
    """Reads the keys of one mapping; `done()` reports any key nobody asked for."""

    def __init__(self, data, what: str, problems: Collector, loc: Loc):
        self.what = what
        self.problems = problems
        if not isinstance(data, YMap):
            problems.add(getattr(data, "loc", loc),
                         f"{what} must be a mapping of keys to values, got {type_name(data)}")
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
            self.problems.add(self.value_loc(key), f"'{key}' must be {_TYPE_NAMES.get(kind, kind)},"
                              f" got {type_name(value)}")
            return default if default is not MISSING else None
        return value

    def length(self, key: str, default=MISSING) -> float | None:
        value = self.raw(key, default)
        if key not in self.data:
            return value
        try:
            return parse_length(value)
        except ValueError as exc:
            self.problems.add(self.value_loc(key), f"'{key}': {exc}")
            return None

    def done(self) -> None:
        """Report unknown keys, naming the nearest known one, and required keys not given;
        a misspelt required key is one problem, not two."""
        explained = set()
        for key in self.data:
            if key in self.known:
                continue
            near = difflib.get_close_matches(str(key), self.known, n=1, cutoff=0.5)
            hint = f"; did you mean '{near[0]}'?" if near else \
                f"; known keys: {', '.join(sorted(self.known))}"
            self.problems.add(self.data.key_loc(key), f"unknown key '{key}' in {self.what}{hint}")
            explained.update(near)
        for key in self.missing:
            if key not in explained:
                self.problems.add(self.loc, f"{self.what} needs the key '{key}'")


def inside(base: Path, relative: str, loc: Loc, problems: Collector, what: str) -> Path | None:
    """Resolve a path from content, refusing any that leaves `base` (symlinks included)."""
    candidate = (base / relative).resolve()
    root = base.resolve()
    if candidate != root and root not in candidate.parents:
        problems.add(loc, f"{what} '{relative}' leaves the content folder {base}")
        return None
    return candidate
