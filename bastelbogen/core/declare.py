"""What a designer may write, declared once: each key's type, default, range or choices and
help. From one declaration come the reading (located errors, an unknown key with a
did-you-mean, required keys), the defaults, the typed object the code reads, the reference
pages and the JSON Schema an editor uses (`pnp schema`), so none of them can disagree.

A `Type` checks a value (ValueError says what is wrong, as a sentence that follows the
key's name: "must be a whole number, got 'x'") and describes itself in words and as JSON
Schema (draft 2020-12). A `Section` is a mapping whose keys are `Field`s written as class
attributes, as MkDocs declares its options; reading one gives an instance whose attributes
are the typed values (mypy sees `players.min` as an int). A section may read the keys of
a mapping another section shares (a component's common keys and its kind's own): both
read from one `Keys` reader, which then tells what no one asked for.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Generic, TypeVar, overload

from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YList, YMap
from bastelbogen.core.units import CARD_SIZES_MM, mm, parse_length

T = TypeVar("T")
S = TypeVar("S", bound="Section")
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

    def read(self, value: object, loc: Loc, key: str, problems: Collector, what: str = "") -> T:
        """The value checked, or MISSING with the problem told at `loc` (`what` holds it)."""
        try:
            return self(value)
        except Said as exc:
            problems.add(getattr(value, "loc", None) or loc, f"{what}: {exc}" if what else str(exc))
        except ValueError as exc:
            problems.add(getattr(value, "loc", None) or loc, f"'{key}' {exc}")
        return MISSING


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
        if not math.isfinite(value) or not self.least <= value <= self.most:
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
        self.shown = f"length from {least:g} to {most:g}mm"

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


class Size(Type[tuple[float, float]]):
    """A piece's trim: a named card size or [width, height] as lengths above 0."""

    shown = "one of " + ", ".join(CARD_SIZES_MM) + ", or [width, height]"

    def __call__(self, value: object) -> tuple[float, float]:
        if isinstance(value, str) and value in CARD_SIZES_MM:
            w, h = CARD_SIZES_MM[value]
            return mm(w), mm(h)
        if isinstance(value, list) and len(value) == 2:
            w, h = (Length(0)(v) for v in value)
            if w > 0 and h > 0:
                return w, h
        raise ValueError(
            f"must be one of {', '.join(CARD_SIZES_MM)} or two lengths above 0 and at most"
            f" {limits.MAX_LENGTH_MM:g}mm, [width, height] like [50mm, 20mm];"
            f" got {type_name(value)}"
        )

    def schema(self) -> Json:
        pair = {"type": "array", "items": Length(0).schema(), "minItems": 2, "maxItems": 2}
        return {"anyOf": [{"enum": list(CARD_SIZES_MM)}, pair]}


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
            return MISSING
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
            got = self.value.read(item, value.value_loc(name), str(name), problems, what)
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


class Either(Type[T]):
    """The first of several types that takes the value; told as the last one tells it."""

    def __init__(self, *types: Type[Any], shown: str = "") -> None:
        self.types = types
        self.shown = shown or " or ".join(t.shown for t in types)

    def __call__(self, value: object) -> T:
        for kind in self.types[:-1]:
            try:
                return kind(value)  # type: ignore[no-any-return]
            except ValueError:
                continue
        return self.types[-1](value)  # type: ignore[no-any-return]

    def schema(self) -> Json:
        return {"anyOf": [t.schema() for t in self.types]}


class Field(Generic[T]):
    """One key of a section: its type, its default (MISSING: required) and its help. As a
    class attribute it names the key (underscores read as hyphens unless `key` says); on
    an instance it is the value read."""

    def __init__(self, type: Type[T], default: T = MISSING, help: str = "", key: str = "") -> None:
        self.type, self.default, self.help, self.key = type, default, help, key
        self.attr = ""

    def __set_name__(self, owner: type, attr: str) -> None:
        self.attr = attr
        self.key = self.key or attr.rstrip("_").replace("_", "-")

    @overload
    def __get__(self, obj: None, owner: type) -> Field[T]: ...
    @overload
    def __get__(self, obj: object, owner: type) -> T: ...
    def __get__(self, obj: object, owner: type) -> Field[T] | T:
        if obj is None:
            return self
        return obj.__dict__.get(self.attr, self.default)  # type: ignore[no-any-return]

    @property
    def required(self) -> bool:
        return self.default is MISSING

    def schema(self) -> Json:
        out = dict(self.type.schema())
        if self.help:
            out["description"] = self.help
        if not self.required and _plain(self.default):
            out["default"] = self.default
        return out


def _plain(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def optional(type: Type[T], help: str = "", key: str = "") -> Field[T | None]:
    """A key that may be left out, and is then None."""
    return Field(type, None, help, key)  # type: ignore[arg-type]


class Keys:
    """Reads the keys of one mapping; `done()` tells any key nobody asked for (naming the
    nearest known one) and required keys not given (a misspelt one once, not twice)."""

    def __init__(self, data: object, what: str, problems: Collector, loc: Loc) -> None:
        self.what = what
        self.problems = problems
        if not isinstance(data, YMap):
            problems.add(
                getattr(data, "loc", loc),
                f"{what} must be a mapping of keys to values, got {type_name(data)}",
            )
            data = empty_map(loc)
        assert isinstance(data, YMap)
        self.data: YMap = data
        self.loc: Loc = data.loc
        self.known: list[str] = []
        self.missing: list[str] = []

    def value_loc(self, key: str) -> Loc:
        return self.data.value_loc(key)

    def raw(self, key: str, default: Any = MISSING) -> Any:
        """The value as written (the default, or None and a missing key, if absent)."""
        self.known.append(key)
        if key in self.data:
            return self.data[key]
        if default is MISSING:
            self.missing.append(key)
            return None
        return default

    def take(self, field: Field[T]) -> T:
        """A declared key's value, checked, or its default; MISSING when wrong (told)."""
        value = self.raw(field.key, field.default)
        if field.key not in self.data:
            return value  # type: ignore[no-any-return]
        where = self.value_loc(field.key)
        return field.type.read(value, where, field.key, self.problems, self.what)

    def done(self) -> None:
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


def empty_map(loc: Loc) -> YMap:
    """An empty mapping placed at `loc` (what a wrong value is read as, once told)."""
    m = YMap()
    m.loc, m.key_locs, m.value_locs = loc, {}, {}
    return m


class Section:
    """A mapping whose keys are the class's Fields. `read` gives an instance holding each
    value (a wrong one told and taken as its default) and where each key's value was
    written; `checked` is where a section says what no single key can (min ≤ max);
    `schema` is the JSON Schema of the same keys. Instances compare by their values."""

    what: ClassVar[str] = "a mapping"  # how messages name it
    help: ClassVar[str] = ""
    fields: ClassVar[dict[str, Field[Any]]] = {}
    loc: Loc
    locs: dict[str, Loc]  # where each given key's value is written

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found = {}
        for base in reversed(cls.__mro__):
            for value in vars(base).values():
                if isinstance(value, Field):
                    found[value.key] = value
        cls.fields = found

    @classmethod
    def read(cls: type[S], data: object, loc: Loc, problems: Collector, what: str = "") -> S:
        keys = Keys(data, what or cls.what, problems, loc)
        out = cls.read_from(keys)
        keys.done()
        return out

    @classmethod
    def read_from(cls: type[S], keys: Keys) -> S:
        """This section's keys from a mapping other sections read too."""
        out = cls.__new__(cls)
        out.loc = keys.loc
        out.locs = {k: keys.value_loc(k) for k in cls.fields if k in keys.data}
        for field in cls.fields.values():
            value = keys.take(field)
            if value is MISSING:  # wrong, and told: its default, or None if it has none
                value = None if field.required else field.default
            out.__dict__[field.attr] = value
        out.checked(keys.problems)
        return out

    @classmethod
    def defaults(cls: type[S], loc: Loc) -> S:
        """The section as it is when nothing is written (every key optional)."""
        return cls.read_from(Keys(empty_map(loc), cls.what, Collector(), loc))

    def checked(self, problems: Collector) -> None:
        """What the section asks beyond each key's type: told at the keys' places."""

    def given(self, key: str) -> bool:
        return key in self.locs

    def value_loc(self, key: str) -> Loc:
        return self.locs.get(key, self.loc)

    def values(self) -> tuple[object, ...]:
        return tuple(getattr(self, f.attr) for f in self.fields.values())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.values() == other.values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(repr(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.attr}={getattr(self, f.attr)!r}" for f in self.fields.values())
        return f"{type(self).__name__}({shown})"

    @classmethod
    def properties(cls) -> Json:
        return {key: field.schema() for key, field in cls.fields.items()}

    @classmethod
    def schema(cls) -> Json:
        out: Json = {"type": "object", "properties": cls.properties()}
        required = [key for key, field in cls.fields.items() if field.required]
        if required:
            out["required"] = required
        out["additionalProperties"] = False
        if cls.help:
            out["description"] = cls.help
        return out


class Nested(Type[S]):
    """A section as the value of a key (a game's `players: {min, max}`)."""

    def __init__(self, section: type[S], what: str = "") -> None:
        self.section, self.what = section, what
        self.shown = f"a mapping ({', '.join(section.fields)})"

    def __call__(self, value: object) -> S:
        raise ValueError("is read with its places")  # pragma: no cover - read() is used

    def read(self, value: object, loc: Loc, key: str, problems: Collector, what: str = "") -> S:
        return self.section.read(value, loc, problems, self.what or f"'{key}'")

    def schema(self) -> Json:
        return self.section.schema()


def fields_of(sections: Iterator[type[Section]]) -> dict[str, Field[Any]]:
    """Every key the sections declare, the first declaration of a key kept."""
    out: dict[str, Field[Any]] = {}
    for section in sections:
        for key, field in section.fields.items():
            out.setdefault(key, field)
    return out


Reader = Callable[[object, Loc, Collector], T]
