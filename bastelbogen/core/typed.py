"""The types a declared key may hold (core/declare.py declares the keys): each checks a
value and returns it as the code wants it (ValueError: a sentence that follows the key's
name, "must be a whole number, got 'x'"; Said: a message said whole after what holds it),
says in words what it takes (`shown`, for the reference pages) and describes itself as JSON
Schema (draft 2020-12), so the reading and the editor's schema cannot disagree."""

from __future__ import annotations

import math
import re
from typing import Any, Generic, TypeVar, cast

from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YList, YMap
from bastelbogen.core.units import CARD_SIZES_MM, mm, parse_length, to_mm

T = TypeVar("T")
Json = dict[str, Any]  # a JSON Schema, as json.dumps writes it
MISSING: Any = object()  # a key not given (and no default): None is a value some keys take
# A value that a template fills in when a face is drawn ({{ row.colour }}): any type's
# value may be written so, and is checked once rendered.
TEMPLATE_PATTERN = r"\{\{|\{%"


def type_name(value: object) -> str:
    """A value as a message quotes it: its kind for structures, itself (cut short) else."""
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


class Said(ValueError):
    """What is wrong with a value, said whole after what holds it ("column 'speed': …"),
    not after the key's name."""


class Type(Generic[T]):
    """What a value may be. Calling it checks a value and returns it as the code wants it
    (ValueError: what is wrong); `shown` says it in words; `schema` as JSON Schema."""

    shown = "anything"

    def __call__(self, value: object) -> T:
        return value  # type: ignore[return-value]  # Anything: the value is the type

    def schema(self) -> Json:
        return {}

    def show(self, value: object) -> object:
        """A value held as the code holds it, as a designer writes it (a default shown)."""
        return value

    def read(self, value: object, loc: Loc, key: str, problems: Collector, what: str = "") -> T:
        """The value checked, or MISSING with the problem told at `loc` (`what` holds it)."""
        try:
            return self(value)
        except Said as exc:
            problems.add(getattr(value, "loc", None) or loc, f"{what}: {exc}" if what else str(exc))
        except ValueError as exc:
            problems.add(getattr(value, "loc", None) or loc, f"'{key}' {exc}")
        return cast(T, MISSING)  # told; the section takes the key's default


class Anything(Type[object]):
    """Any value: its reader, or its template, decides."""


class Text(Type[str]):
    """Text; `pattern` (a regex it must match in whole) with `means` saying what it is."""

    shown = "text"

    def __init__(self, pattern: str = "", means: str = "", most: int = 0) -> None:
        self.pattern, self.means, self.most = pattern, means, most
        if means:
            self.shown = means

    def __call__(self, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"must be text, got {type_name(value)}")
        if self.pattern and not re.fullmatch(self.pattern, value):
            raise ValueError(f"must be {self.means}, got {type_name(value)}")
        if self.most and len(value) > self.most:
            raise ValueError(f"must be at most {self.most:,} characters long")
        return value

    def schema(self) -> Json:
        out: Json = {"type": "string"}
        if self.pattern:
            out["pattern"] = f"^(?:{self.pattern})$"
        if self.most:
            out["maxLength"] = self.most
        return out


class Whole(Type[int]):
    """A whole number from `least` to `most`, written as a number (true is not 1)."""

    def __init__(self, least: int = -(10**12), most: int = 10**12) -> None:
        self.least, self.most = least, most
        self.shown = _span("whole number", least, most, 10**12)

    def __call__(self, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"must be a whole number, got {type_name(value)}")
        if not self.least <= value <= self.most:
            raise ValueError(f"must be {_between(self.least, self.most, 10**12)}, got {value}")
        return value

    def schema(self) -> Json:
        return _bounded({"type": "integer"}, self.least, self.most, 10**12)


class Number(Type[float]):
    """A finite number from `least` to `most` (an int is taken as a float)."""

    def __init__(self, least: float = -1e12, most: float = 1e12) -> None:
        self.least, self.most = least, most
        self.shown = _span("number", least, most, 1e12)

    def __call__(self, value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"must be a number, got {type_name(value)}")
        if not math.isfinite(value):
            raise ValueError(f"must be a finite number, got {value:g}")
        if not self.least <= value <= self.most:
            raise ValueError(f"must be {_between(self.least, self.most, 1e12)}, got {value:g}")
        return float(value)

    def schema(self) -> Json:
        return _bounded({"type": "number"}, self.least, self.most, 1e12)


def _span(what: str, least: float, most: float, edge: float) -> str:
    return f"{what} {_between(least, most, edge)}".rstrip()


def _between(least: float, most: float, edge: float) -> str:
    if least > -edge and most < edge:
        return f"from {least:g} to {most:g}"
    if least > -edge:
        return f"at least {least:g}"
    if most < edge:
        return f"at most {most:g}"
    return ""


def _bounded(out: Json, least: float, most: float, edge: float) -> Json:
    if least > -edge:
        out["minimum"] = least
    if most < edge:
        out["maximum"] = most
    return out


class Flag(Type[bool]):
    shown = "true or false"

    def __call__(self, value: object) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"must be true or false, got {type_name(value)}")
        return value

    def schema(self) -> Json:
        return {"type": "boolean"}


class Choice(Type[str]):
    """One of a few words; `why` explains them where a wrong one is told."""

    def __init__(self, *choices: str, why: str = "") -> None:
        self.choices, self.why = choices, why
        self.shown = "one of " + ", ".join(choices)

    def __call__(self, value: object) -> str:
        if not isinstance(value, str) or value not in self.choices:
            why = f" ({self.why})" if self.why else ""
            raise ValueError(
                f"must be one of {', '.join(self.choices)}{why}; got {type_name(value)}"
            )
        return value

    def schema(self) -> Json:
        return {"enum": list(self.choices)}


LENGTH_PATTERN = r"\s*-?\d+(?:\.\d+)?\s*(?:mm|cm|in|pt)\s*|\s*0(?:\.0)?\s*"


class Length(Type[float]):
    """A length with its unit ('3mm', '0.5in', '8pt'; 0 needs none), held in points, from
    `least` to `most` millimetres."""

    def __init__(self, least: float = -limits.MAX_LENGTH_MM, most: float = limits.MAX_LENGTH_MM):
        self.least, self.most = least, most
        edge = least <= -limits.MAX_LENGTH_MM and most >= limits.MAX_LENGTH_MM
        self.shown = "length (3mm, 0.5in, 8pt)" if edge else f"length from {least:g} to {most:g}mm"

    def __call__(self, value: object) -> float:
        try:
            if isinstance(value, bool) or not isinstance(value, str | int | float):
                raise ValueError
            length = parse_length(value)
        except ValueError:
            raise ValueError(
                f"must be a length like '3mm', '0.5in' or '8pt', got {type_name(value)}"
            ) from None
        if not mm(self.least) - 1e-9 <= length <= mm(self.most) + 1e-9:
            raise ValueError(
                f"must be from {self.least:g} to {self.most:g}mm, got {type_name(value)}"
            )
        return length

    def schema(self) -> Json:
        return {"anyOf": [{"type": "string", "pattern": f"^(?:{LENGTH_PATTERN})$"}, {"const": 0}]}

    def show(self, value: object) -> object:
        return f"{to_mm(value):g}mm" if isinstance(value, float | int) else value


class Size(Type[tuple[float, float]]):
    """A piece's trim: a named card size or [width, height] as lengths above 0."""

    shown = "one of " + ", ".join(CARD_SIZES_MM) + ", or [width, height]"

    def __call__(self, value: object) -> tuple[float, float]:
        if isinstance(value, str) and value in CARD_SIZES_MM:
            w, h = CARD_SIZES_MM[value]
            return mm(w), mm(h)
        if isinstance(value, list) and len(value) == 2:
            for side in value:  # the side at fault is the one named
                try:
                    Length(0)(side)
                except ValueError:
                    raise ValueError(self._said(side)) from None
            w, h = (Length(0)(v) for v in value)
            if w > 0 and h > 0:
                return w, h
        raise ValueError(self._said(value))

    def _said(self, value: object) -> str:
        return (
            f"must be one of {', '.join(CARD_SIZES_MM)} or two lengths above 0 and at most"
            f" {limits.MAX_LENGTH_MM:g}mm, [width, height] like [50mm, 20mm];"
            f" got {type_name(value)}"
        )

    def schema(self) -> Json:
        pair = {"type": "array", "items": Length(0).schema(), "minItems": 2, "maxItems": 2}
        named = {"title": "a card size", "enum": list(CARD_SIZES_MM)}
        return {"anyOf": [named, {"title": "[width, height]", **pair}]}


class ListOf(Type[list[T]]):
    """A list of values of one type, each told at its own place."""

    def __init__(self, item: Type[T], least: int = 0, most: int = 0, unique: bool = False):
        self.item, self.least, self.most, self.unique = item, least, most, unique
        self.shown = f"a list of {item.shown}"

    def __call__(self, value: object) -> list[T]:
        if not isinstance(value, list):
            raise ValueError(f"must be a list, got {type_name(value)}")
        self._count(value)
        return [self.item(v) for v in value]

    def _count(self, value: list[object]) -> None:
        if len(value) < self.least or (self.most and len(value) > self.most):
            raise ValueError(f"must list {_between(self.least, self.most or 10**12, 10**12)}")

    def read(
        self, value: object, loc: Loc, key: str, problems: Collector, what: str = ""
    ) -> list[T]:
        if not isinstance(value, YList):
            return super().read(value, loc, key, problems, what)
        try:
            self._count(value)
        except ValueError as exc:
            problems.add(loc, f"'{key}' {exc}")
            return cast(list[T], MISSING)
        out: YList = YList()
        out.loc, out.item_locs = value.loc, []
        for i, item in enumerate(value):
            got = self.item.read(item, value.item_loc(i), key, problems, what)
            if got is not MISSING:
                out.append(got)
                out.item_locs.append(value.item_loc(i))
        return out

    def schema(self) -> Json:
        out: Json = {"type": "array", "items": self.item.schema()}
        if self.least:
            out["minItems"] = self.least
        if self.most:
            out["maxItems"] = self.most
        if self.unique:
            out["uniqueItems"] = True
        return out


class MapOf(Type[dict[str, T]]):
    """A mapping of names to values of one type."""

    def __init__(self, value: Type[T], key_pattern: str = "") -> None:
        self.value, self.key_pattern = value, key_pattern
        self.shown = f"a mapping of names to {value.shown}"

    def __call__(self, value: object) -> dict[str, T]:
        if not isinstance(value, dict):
            raise ValueError(f"must be a mapping, got {type_name(value)}")
        return {str(k): self.value(v) for k, v in value.items()}

    def read(
        self, value: object, loc: Loc, key: str, problems: Collector, what: str = ""
    ) -> dict[str, T]:
        if not isinstance(value, YMap):
            return super().read(value, loc, key, problems, what)
        out = empty_map(value.loc)  # each entry keeps its places
        for name, item in value.items():
            # told with what holds it: "a variant's keep: 'set' must be a list"
            holder = _holder(what, key)
            got = self.value.read(item, value.value_loc(name), str(name), _Within(problems, holder))
            if got is not MISSING:
                out[str(name)] = got
                out.key_locs[str(name)] = value.key_loc(name)
                out.value_locs[str(name)] = value.value_loc(name)
        return out

    def schema(self) -> Json:
        out: Json = {"type": "object", "additionalProperties": self.value.schema()}
        if self.key_pattern:
            out["propertyNames"] = {"pattern": f"^(?:{self.key_pattern})$"}
        return out


def _holder(what: str, key: str) -> str:
    """A mapping's key as a message names it: "a variant's keep", "'themes.files'"."""
    if not what:
        return f"'{key}'"
    if what.endswith("'"):
        return f"{what[:-1]}.{key}'"
    return f"{what}'s {key}"


class _Within(Collector):
    """Problems told with what holds the value in front: a mapping's entry is named by its
    own key, and the mapping's key and holder say where it is."""

    def __init__(self, outer: Collector, holder: str) -> None:
        super().__init__()
        self.outer, self.holder = outer, holder

    def add(self, loc: Loc, message: str) -> None:
        self.outer.add(loc, f"{self.holder}: {message}")

    def extend(self, problems: Any) -> None:
        for problem in problems:
            self.add(problem.loc, problem.message)


def empty_map(loc: Loc) -> YMap:
    """An empty mapping placed at `loc` (what a wrong value is read as, once told)."""
    m = YMap()
    m.loc, m.key_locs, m.value_locs = loc, {}, {}
    return m
