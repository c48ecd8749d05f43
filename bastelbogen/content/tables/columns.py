"""A table's columns, declared once: each column's type and limits, and how a cell (text
from a CSV, a number from a workbook, a value from YAML) becomes its value. A wrong cell is
told as "'3l8' in column speed is not a whole number"."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from bastelbogen.core import limits
from bastelbogen.core.declare import (
    Anything,
    Field,
    Json,
    Keys,
    ListOf,
    Number,
    Said,
    Section,
    Text,
    Type,
    optional,
)
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.params import COLOUR
from bastelbogen.core.source import YMap
from bastelbogen.core.units import parse_length

TRUE = {"true", "yes", "ja", "1", "x", "wahr"}
FALSE = {"false", "no", "nein", "0", "", "falsch"}
NAMES = {
    "text": "a text",
    "texts": "a text per language",
    "int": "a whole number",
    "number": "a number",
    "length": "a length",
    "colour": "a colour",
    "bool": "yes or no",
    "picture": "a picture file",
    "ref": "an id of another table",
    "list": "a list",
}


@dataclass(frozen=True)
class Column:
    """What a table's column may hold: its type and bounds, declared in tables.yaml."""

    type: str = "text"
    min: float | None = None
    max: float | None = None
    one_of: tuple[object, ...] = ()
    default: object = None
    of: str = "text"  # a list's items
    sep: str = ";"  # a list's separator in a cell
    table: str = ""  # what a ref refers to
    table_loc: Loc | None = field(default=None, compare=False)  # where `table:` is written
    loc: Loc | None = field(default=None, compare=False)  # where the column is declared


def read_columns(
    raw: object, where: str, problems: Collector, loc: Loc, key: str = "id"
) -> dict[str, Column]:
    """`columns: {speed: int, colour: {type: colour}, symbols: {type: list, sep: ';'}}`;
    `key`: the column whose cells name the rows (always text)."""
    if raw is None:
        return {}
    top = Keys(raw, f"the columns of {where}", problems, loc)
    columns: dict[str, Column] = {}
    for name in top.data:
        top.known.append(name)
        if "." in str(name):  # name.de is a header; the column it fills is name
            base = str(name).partition(".")[0]
            problems.add(
                top.data.key_loc(name),
                f"column '{name}': declare the column as '{base}'; its '{base}.de',"
                f" '{base}.en' … headers are its texts per language",
            )
            continue
        column = _column(str(name), top.data[name], top.value_loc(name), problems, key)
        if column is not None:
            columns[name] = column
    return columns


class ColumnType(Type[str]):
    """A column's `type` (or its items', `of`): one of `types`."""

    def __init__(self, types: tuple[str, ...], what: str) -> None:
        self.types, self.what = types, what
        self.shown = "one of " + ", ".join(types)

    def __call__(self, value: object) -> str:
        if not isinstance(value, str) or value not in self.types:
            raise Said(f"unknown {self.what} '{value}' (types: {', '.join(self.types)})")
        return value

    def schema(self) -> Json:
        return {"enum": list(self.types)}


class ColumnKeys(Section):
    """A column declared as a mapping: `{type: int, min: 1, max: 6}`."""

    type = Field(ColumnType(tuple(NAMES), "type"), "text", help="what a cell holds")
    min = optional(Number(), help="the least value a number may be")
    max = optional(Number(), help="the greatest value a number may be")
    one_of = optional(ListOf(Anything()), help="the values a cell may hold")
    default = optional(Anything(), help="the value of an empty cell")
    of = Field(
        ColumnType(tuple(k for k in NAMES if k != "list"), "type of items"),  # splits once
        "text",
        help="a list's items' type",
    )
    sep = Field(Text(), ";", help="a list's separator in a cell")
    table = Field(Text(), "", help="the table a ref names a row of")


def column_schema() -> Json:
    """What `columns:` may hold: each column's type, or a mapping that declares it."""
    one = {"anyOf": [ColumnKeys.fields["type"].type.schema(), ColumnKeys.schema()]}
    names = {"pattern": "^[^.]*$"}  # name.de is a header of the column name
    return {"type": "object", "propertyNames": names, "additionalProperties": one}


def _column(name: str, spec: object, loc: Loc, problems: Collector, key: str) -> Column | None:
    if isinstance(spec, str):
        spec = _mapping({"type": spec}, loc)
    c = ColumnKeys.read(spec, loc, problems, f"column '{name}'")
    kind = c.type
    if name == key and kind != "text":
        # Ids name rows, references and files: text, whatever the cells look like.
        problems.add(
            c.value_loc("type"),
            f"column '{name}' holds each row's id, which is text; it cannot be {kind!r}"
            " (give the type to another column)",
        )
        kind = "text"
    column = Column(
        kind,
        c.min,
        c.max,
        tuple(c.one_of or ()),
        c.default,
        c.of,
        c.sep,
        c.table,
        c.value_loc("table"),
        loc,
    )
    if not column.sep:
        problems.add(c.value_loc("sep"), f"column '{name}': 'sep' must be a character, like ';'")
        return None
    if "ref" in (kind, column.of) and not column.table:
        problems.add(loc, f"column '{name}' refers to rows: name their 'table'")
    return column


def _mapping(values: dict[str, object], loc: Loc) -> YMap:
    m = YMap(values)
    m.loc, m.key_locs, m.value_locs = loc, {}, {}
    return m


def convert(value: object, column: Column, name: str) -> object:
    """The cell's value as its column's type; ValueError says what is wrong with it."""
    if column.type == "list":
        items = (
            value
            if isinstance(value, list)
            else [v.strip() for v in str(value).split(column.sep) if v.strip()]
        )
        item = Column(column.of, column.min, column.max, column.one_of)
        return [convert(v, item, name) for v in items]
    typed = _typed(value, column, name)
    if column.one_of and typed not in column.one_of:
        raise ValueError(
            f"'{_shown(value)}' in column {name} is not one of"
            f" {', '.join(str(v) for v in column.one_of)}"
        )
    if isinstance(typed, int | float) and not isinstance(typed, bool):
        if column.min is not None and typed < column.min:
            raise ValueError(f"{_shown(value)} in column {name} is below its least, {column.min:g}")
        if column.max is not None and typed > column.max:
            raise ValueError(f"{_shown(value)} in column {name} is above its most, {column.max:g}")
    return typed


def _typed(value: object, column: Column, name: str) -> object:
    wrong = ValueError(f"'{_shown(value)}' in column {name} is not {NAMES[column.type]}")
    if column.type == "int" and (digits := _digits(value)) > limits.MAX_NUMBER_DIGITS:
        # bounded as in YAML (source.py); a workbook's 1e308 is a whole number too
        raise ValueError(
            f"'{_shown(value)}' in column {name} has {digits:,} digits;"
            f" at most {limits.MAX_NUMBER_DIGITS} are read"
        )
    return _READERS.get(column.type, _colour)(value, wrong)


def _digits(value: object) -> int:
    """How many digits a whole number is written with (a text) or has (a number)."""
    if isinstance(value, str):
        return len(value.strip().lstrip("+-"))
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        return 0
    if value.bit_length() < 10_000:
        return len(str(abs(value)))
    return int(value.bit_length() * math.log10(2)) + 1  # str() refuses past 4,300 digits


def _text(value: object, wrong: ValueError) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # a workbook writes the id 7 as 7.0
    if isinstance(value, dict | list):
        raise wrong
    return str(value).strip()


def _bool(value: object, wrong: ValueError) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in TRUE or word in FALSE:
        return word in TRUE
    raise wrong


def _length(value: object, wrong: ValueError) -> object:
    try:
        parse_length(value if not isinstance(value, str) else value.strip())
    except ValueError:
        raise wrong from None
    return value.strip() if isinstance(value, str) else value


def _colour(value: object, wrong: ValueError) -> str:
    # A colour is written as text; a number (a workbook's 5, YAML's 0.5) is none.
    if not isinstance(value, str) or not _is_colour(value.strip()):
        raise wrong
    return value.strip()


@lru_cache(maxsize=4096)
def _is_colour(text: str) -> bool:
    """A column repeats its few colours thousands of times: each is read once."""
    try:
        COLOUR(text)
    except ValueError:
        return False
    return True


def _number(value: object, whole: bool, wrong: ValueError) -> int | float:
    if isinstance(value, bool):
        raise wrong
    if isinstance(value, str):
        text = (
            value.strip().replace(",", ".")
            if value.count(",") == 1 and "." not in value
            else value.strip()
        )
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            raise wrong from None
    if isinstance(value, float) and whole:
        if not value.is_integer():
            raise wrong
        value = int(value)
    if (
        not isinstance(value, int | float)
        or value != value
        or value in (float("inf"), float("-inf"))
    ):
        raise wrong
    return value


def _texts(value: object, wrong: ValueError) -> object:
    """A text per language, in one cell as `{de: Wissen, en: Knowledge}` (or from YAML)."""
    if isinstance(value, dict):
        return value
    text = str(value).strip()
    if not (text.startswith("{") and text.endswith("}")):
        return text  # the same text in every language
    out: dict[str, str] = {}
    for part in text[1:-1].split(","):
        lang, colon, words = part.partition(":")
        if not colon or not lang.strip().isalpha():
            raise wrong
        out[lang.strip()] = words.strip().strip("'\"")
    return out


def _shown(value: object) -> str:
    if isinstance(value, int) and value.bit_length() >= 10_000:  # str() would refuse it
        return f"a number of {_digits(value):,} digits"
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


# How a cell of each type is read (a type not named here is a colour).
_READERS: dict[str, Callable[[object, ValueError], object]] = {
    "text": _text,
    "picture": _text,
    "ref": _text,
    "texts": _texts,
    "bool": _bool,
    "int": lambda value, wrong: _number(value, True, wrong),
    "number": lambda value, wrong: _number(value, False, wrong),
    "length": _length,
}
