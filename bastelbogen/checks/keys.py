"""The keys of a check (`checks:` in game.yaml), declared once: the ones every check takes
(`check`, what it looks at: `component` or `table`, narrowed by `where`) in `CheckKeys`,
and each check's own in a Section that extends it, registered with the check
(`@declared_check`). The validator reads a check by its declaration (located errors, an
unknown key with a did-you-mean) and hands the check the typed keys; the README's table
and the editor's schema are made from the same declarations (values.py)."""

from __future__ import annotations

from difflib import get_close_matches
from typing import Any, ClassVar, TypeVar

from bastelbogen.content.models import Variant
from bastelbogen.content.schema import fmt
from bastelbogen.content.select import WHERE_SCHEMA, Where, read_where
from bastelbogen.core.declare import (
    MISSING,
    Field,
    Json,
    Keys,
    Said,
    Section,
    Text,
    Type,
    optional,
    type_name,
)
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YMap

SINGLE_SCHEMA: Json = {"type": ["string", "number", "boolean"]}


class Single(Type[object]):
    """One value a field may hold: a text, a number or true/false, not a list or mapping."""

    shown = "texts or numbers"

    def __call__(self, value: object) -> object:
        if value is None or isinstance(value, list | dict):
            raise Said(
                f"{type_name(value)} cannot be one of its values; write single texts or numbers"
            )
        return value

    def schema(self) -> Json:
        return dict(SINGLE_SCHEMA)


class Selection(Type[Where]):
    """`where:` as everywhere (content/select.py): fields and the values they must hold."""

    shown = "fields and the values they must hold"

    def __call__(self, value: object) -> Where:
        raise ValueError("is read with its places")  # pragma: no cover - read() is used

    def read(self, value: object, loc: Loc, key: str, problems: Collector, what: str = "") -> Any:
        if value is None:  # `where:` with nothing after it selects nothing
            problems.add(loc, f"{what}: '{key}' is written without fields and values; leave it out")
            return MISSING
        where = read_where(value, loc, what, problems)
        return MISSING if where is None else where

    def schema(self) -> Json:
        return dict(WHERE_SCHEMA)


class Tally(Type[dict[object, int]]):
    """`counts: {value: n}`: each value as the file writes it (the number 1 or the text
    'a'), with how many times it occurs, a whole number from 0."""

    def __init__(self, of: str = "values") -> None:
        self.shown = f"a mapping of {of} to whole numbers from 0"

    def __call__(self, value: object) -> dict[object, int]:
        if not isinstance(value, dict):
            raise ValueError(f"must be a mapping, got {type_name(value)}")
        for name, n in value.items():
            if _wrong(n):
                raise Said(_told(name, n))
        return value

    def read(self, value: object, loc: Loc, key: str, problems: Collector, what: str = "") -> Any:
        if isinstance(value, YMap):
            for name, n in value.items():
                if _wrong(n):  # told at the count, not at the mapping
                    problems.add(value.value_loc(name), f"{what}: {_told(name, n)}")
                    return MISSING
        return super().read(value, loc, key, problems, what)

    def schema(self) -> Json:
        return {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}


def _wrong(n: object) -> bool:
    return not isinstance(n, int) or isinstance(n, bool) or n < 0


def _told(name: object, n: object) -> str:
    return f"the count of {fmt(name)} must be a whole number from 0, got {n!r}"


class Above(Type[float]):
    """A number above `least` (not at it): a distance of 0 would let any pair pass."""

    def __init__(self, least: float) -> None:
        self.least = least
        self.shown = f"a number above {least:g}"

    def __call__(self, value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"must be a number, got {type_name(value)}")
        if not self.least < value < float("inf"):  # NaN too: it would pass any pair
            raise ValueError(f"must be {self.shown}, got {value:g}")
        return float(value)

    def schema(self) -> Json:
        return {"type": "number", "exclusiveMinimum": self.least}

    def show(self, value: object) -> object:
        return int(value) if isinstance(value, float) and value.is_integer() else value


def _meant(keys: Keys) -> set[str]:
    """The known keys nearest to the unknown ones written (as `Keys.done` names them)."""
    unknown = [str(key) for key in keys.data if key not in keys.known]
    return {near for key in unknown for near in get_close_matches(key, keys.known, 1, 0.5)}


C = TypeVar("C", bound="CheckKeys")


class CheckKeys(Section):
    """The keys every check takes: its name, and the rows it looks at (the items of a
    component or the rows of a table, narrowed by `where`). A check's own keys extend it.
    What no single key says is declared as data, read by `checked` and written into the
    editor's schema by `rules`: `ONE_OF`, groups of keys of which exactly one is written;
    `ANY_OF`, of which at least one is; `NEEDS`, a key that means nothing without another."""

    what = "a check"
    check = Field(Text(), help="the check's name")
    component = optional(Text(), help="the component whose items it looks at")
    table = optional(Text(), help="the table whose rows it looks at")
    where = optional(
        Selection(), help="only the items or rows whose fields hold these values (a list: any)"
    )
    ONE_OF: ClassVar[tuple[tuple[str, str], ...]] = (("component", "table"),)
    ANY_OF: ClassVar[tuple[tuple[str, str], ...]] = ()
    NEEDS: ClassVar[tuple[tuple[str, str], ...]] = ()

    @property
    def named(self) -> str:
        """How messages name the check: "check 'count'"."""
        return f"check '{self.check}'"

    def asks_for_zero(self, variant: Variant | None) -> bool:
        """Whether it asks for nothing at all, so that a selection matching nothing is what
        it wants (a count of 0); every other check over no rows would pass while checking
        nothing."""
        return False

    @classmethod
    def read(cls: type[C], data: object, loc: Loc, problems: Collector, what: str = "") -> C:
        keys = Keys(data, what or cls.what, problems, loc)
        out = cls.read_from(keys)
        keys.done()
        out.together(problems, _meant(keys))
        return out

    def together(self, problems: Collector, meant: set[str]) -> None:
        """What `ONE_OF`, `ANY_OF` and `NEEDS` ask, told unless a key of theirs is
        misspelt (`meant`: told once, as the key it is nearest to)."""
        for a, b in self.ONE_OF:
            if self.given(a) == self.given(b) and not {a, b} & meant:
                problems.add(self.loc, f"{self.named} names exactly one of '{a}' or '{b}'")
        for a, b in self.ANY_OF:
            if not (self.given(a) or self.given(b) or {a, b} & meant):
                problems.add(self.loc, f"{self.named} needs '{a}' or '{b}'")
        for key, needed in self.NEEDS:
            if self.given(key) and not self.given(needed) and needed not in meant:
                problems.add(
                    self.value_loc(key), f"{self.named}: '{key}' means nothing without '{needed}'"
                )

    @classmethod
    def rules(cls) -> list[Json]:
        """What `checked` asks, as JSON Schema."""
        out: list[Json] = []
        out += [{"oneOf": [{"required": [a]}, {"required": [b]}]} for a, b in cls.ONE_OF]
        out += [{"anyOf": [{"required": [a]}, {"required": [b]}]} for a, b in cls.ANY_OF]
        if cls.NEEDS:
            out.append({"dependentRequired": {key: [needed] for key, needed in cls.NEEDS}})
        return out

    @classmethod
    def said(cls) -> list[str]:
        """What `ONE_OF`, `ANY_OF` and `NEEDS` ask, in words (for the reference)."""
        out = [f"exactly one of `{a}` or `{b}`" for a, b in cls.ONE_OF]
        out += [f"`{a}` or `{b}` or both" for a, b in cls.ANY_OF]
        return out + [f"`{key}` only with `{needed}`" for key, needed in cls.NEEDS]

    @classmethod
    def own(cls) -> dict[str, Field[Any]]:
        """The check's own keys: those it declares beyond every check's."""
        return {k: f for k, f in cls.fields.items() if k not in CheckKeys.fields}


class OneField(CheckKeys):
    """The keys of a check that looks at one field of each row."""

    field = Field(Text(), help="the field it looks at")
