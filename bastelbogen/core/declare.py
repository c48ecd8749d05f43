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
from typing import Any, ClassVar, Generic, TypeVar, overload

from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YMap
from bastelbogen.core.typed import (
    MISSING,
    TEMPLATE_PATTERN,
    Anything,
    Choice,
    Flag,
    Json,
    Length,
    ListOf,
    MapOf,
    Number,
    Said,
    Size,
    Text,
    Type,
    Whole,
    empty_map,
    type_name,
)

T = TypeVar("T")
S = TypeVar("S", bound="Section")
# What declares a key and what it may hold, importable from here as one vocabulary.
__all__ = [
    "MISSING",
    "TEMPLATE_PATTERN",
    "Anything",
    "Choice",
    "Field",
    "Flag",
    "Json",
    "Keys",
    "Length",
    "ListOf",
    "MapOf",
    "Nested",
    "Number",
    "Said",
    "Section",
    "Size",
    "Text",
    "Type",
    "Whole",
    "empty_map",
    "optional",
    "type_name",
]


class Field(Generic[T]):
    """One key of a section: its type, its default (MISSING: required) and its help. As a
    class attribute it names the key (underscores read as hyphens unless `key` says); on
    an instance it is the value read."""

    def __init__(
        self, type: Type[T], default: T = MISSING, help: str = "", key: str = "", old: str = ""
    ) -> None:
        self.type, self.default, self.help, self.key = type, default, help, key
        self.old = old  # an old key still read: what to write instead (an editor hides it)
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
        if not self.required and self.default is not None and _plain(self.default):
            out["default"] = self.type.show(self.default)
        if self.old:  # `deprecationMessage` is what YAML language servers read
            out.update(deprecated=True, deprecationMessage=self.old)
        return out


def _plain(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def optional(type: Type[T], help: str = "", key: str = "", old: str = "") -> Field[T | None]:
    """A key that may be left out, and is then None."""
    return Field(type, None, help, key, old)  # type: ignore[arg-type]


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
        return (
            isinstance(other, Section)
            and type(other) is type(self)
            and self.values() == other.values()
        )

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
        out: Json = {"title": cls.what[:1].upper() + cls.what[1:], "type": "object"}
        out["properties"] = cls.properties()
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
        named = self.section.what if self.section.what != Section.what else f"'{key}'"
        return self.section.read(value, loc, problems, self.what or named)

    def schema(self) -> Json:
        return self.section.schema()
