"""The types a painter's or motif's keys may hold (painters.py says which key is which).
Values are checked after jinja2 has rendered them, so a wrong value from content (a colour
in a table, a size in a template) is caught the same way."""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Generic, Literal, Self, TypeVar, cast, overload

from bastelbogen.core import limits

ALIGN = ("left", "center", "right")


# A value a template fills in when the face is drawn: checked once rendered.
TEMPLATED = {"type": "string", "pattern": r"\{\{|\{%"}
NUMERAL = {"type": "string", "pattern": r"^\s*[-+]?[0-9]+(\.[0-9]*)?\s*$"}  # "5" from a table

T = TypeVar("T")
V = TypeVar("V")
Derive = Callable[[Mapping[str, object]], object]  # a default made from the item's values
C = TypeVar("C", bound=Callable[[Any], Any])
Check = Callable[[object], T]  # a key's check: the value as the painter wants it


def typed(check: C, shown: str, schema: dict[str, Any] | None = None) -> C:
    """A key's check with the name of what it takes, as the README's motif table shows it
    (`type_of`), and its JSON Schema (`schema_of`, for an editor): told where the check is
    made, so neither can disagree with it."""
    check.__dict__["shown"] = shown  # an attribute of the function (mypy knows no such)
    check.__dict__["schema"] = {"anyOf": [schema, TEMPLATED]} if schema else {}
    return check


def schema_of(check: object) -> dict[str, Any]:
    """What a key takes, as JSON Schema (any value when its check says nothing)."""
    check = getattr(check, "check", check)  # a painter's Key holds its check
    return dict(getattr(check, "schema", {}))


def type_of(check: object) -> str:
    """What a key takes, in words: `colour`, `whole number 5–30`, `one of a, b`."""
    check = getattr(check, "check", check)  # a painter's Key holds its check
    return str(getattr(check, "shown", ""))


def _number(minimum: float, above: bool, maximum: float = 1e6) -> Check[float]:
    """A finite number from `minimum` (or above it) up to `maximum`: every drawing loop and
    every text fit is bounded by the values it is given."""

    def check(value: object) -> float:
        try:
            number = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"must be a number, got {value!r}") from None
        if not math.isfinite(number):
            raise ValueError(f"must be a finite number, got {value!r}")
        if number < minimum or (above and number == minimum):
            raise ValueError(
                f"must be {'above' if above else 'at least'} {minimum:g}, got {number:g}"
            )
        if number > maximum:
            raise ValueError(f"must be at most {maximum:g}, got {number:g}")
        return number

    low = f"{'above' if above else 'at least'} {minimum:g}"
    bound = {"exclusiveMinimum" if above else "minimum": minimum}
    top = {"maximum": maximum} if maximum < 1e6 else {}
    schema = {"anyOf": [{"type": "number", **bound, **top}, NUMERAL]}
    return typed(check, f"number {low}" + (f", at most {maximum:g}" if top else ""), schema)


def at_least(minimum: int) -> Check[int]:
    return _whole(minimum)


def _whole(minimum: int) -> Check[int]:
    def check(value: object) -> int:
        try:
            number = int(str(value))
            if abs(number) > 10**12:
                raise ValueError
        except ValueError:
            raise ValueError(f"must be a whole number, got {value!r}") from None
        if number < minimum:
            raise ValueError(f"must be at least {minimum}, got {number}")
        return number

    schema = {"anyOf": [{"type": "integer", "minimum": minimum}, NUMERAL]}
    return typed(check, f"whole number at least {minimum}", schema)


def _same_number(value: object, option: object) -> bool:
    """A whole number as a spreadsheet cell gives it (90.0, "90.0") is the choice 90."""
    if not isinstance(option, int) or isinstance(option, bool) or isinstance(value, bool):
        return False
    try:
        return float(str(value)) == option
    except ValueError:
        return False


def _choice(*options: T) -> Check[T]:
    def check(value: object) -> T:
        for option in options:
            if str(value) == str(option) or _same_number(value, option):
                return option
        raise ValueError(f"must be one of {', '.join(str(o) for o in options)}, got {value!r}")

    # a number written as text is the same choice ("3" is 3): both are named
    named = list(dict.fromkeys([*options, *(str(o) for o in options)]))
    return typed(check, "one of " + ", ".join(str(o) for o in options), {"enum": named})


HEX = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})\Z")
NAME = re.compile(r"[A-Za-z]+\Z")  # a colour's name: red, transparent, darkslateblue


def _colour(value: object) -> str | None:
    """The one colour reader: text, #rrggbb (#rrggbbaa) or a name, or 'none'. A number is
    no colour wherever it is written (reportlab would read 5 as #000005)."""
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a colour: write #rrggbb, six hex digits, or a name")
    value = value.strip()  # a template's block scalar ends in a line break
    if value == "none":
        return None
    if value.startswith("#") and not HEX.match(value):
        raise ValueError(f"{value!r} is not a colour: write #rrggbb, six hex digits")
    if read_colour(value) is None:
        raise ValueError(f"{value!r} is not a colour (use #rrggbb or a name)")
    return value


@lru_cache(maxsize=1024)
def read_colour(text: str) -> Any:
    """reportlab's colour for a text, or None when it names none. Cached: reportlab parses
    each string afresh (through Python's own parser), and a deck names the same few colours
    on every card. The Color is shared, so callers must not change it."""
    from reportlab.lib import colors  # loaded when a colour is first read

    if HEX.match(text) and len(text) == 9:  # #rrggbbaa (reportlab would read #aarrggbb)
        found = colors.Color(*(int(text[k : k + 2], 16) / 255 for k in (1, 3, 5, 7)))
    elif not (HEX.match(text) or NAME.match(text)):
        # reportlab reads far more than a colour: '5' as the number #000005, '0.5' as a
        # float that is no colour at all, 'Color(1,0,0)' by evaluating it. A colour is
        # #rrggbb or a name, nothing else.
        return None
    else:
        try:
            found = colors.toColor(text)
        except Exception:  # noqa: BLE001 - reportlab raises several kinds for what it cannot read
            return None  # reportlab also reads 'None' as no colour at all
    if found is not None and 0 < found.alpha < 1:
        # Print has no see-through ink, and PDF engines disagree on transparency: a colour
        # with alpha is printed as it would look on the white paper. (Alpha 0, as in
        # 'transparent', is no paint at all: painters read it as `none`.)
        a = found.alpha
        found = colors.Color(*(v * a + 1 - a for v in (found.red, found.green, found.blue)))
    return found


def _text(value: object) -> str | tuple[Any, ...]:
    if isinstance(value, tuple):
        return tuple(_text(v) for v in value)
    if isinstance(value, dict):
        raise ValueError("must be text, got a mapping")
    return str(value)


def _texts(value: object) -> tuple[str, ...]:
    if not isinstance(value, tuple):
        raise ValueError(f"must be a list of texts, got {value!r}")
    return tuple(str(v) for v in value)


def _lengths(value: object) -> tuple[float, ...]:
    if not isinstance(value, tuple) or not value:
        raise ValueError(f"must be a list of numbers like [3, 2], got {value!r}")
    return tuple(_number(0, True)(v) for v in value)


def _slice(value: object) -> tuple[int, int, int, int]:
    """[column, row, columns, rows]: which piece of a picture cut into a grid this is."""
    if not isinstance(value, tuple) or len(value) != 4:
        raise ValueError(f"must be [column, row, columns, rows], got {value!r}")
    col, row, cols, rows = (_whole(0)(v) for v in value)
    if not (col < cols and row < rows):
        raise ValueError(f"piece ({col}, {row}) lies outside a {cols} x {rows} grid")
    return col, row, cols, rows


def _rect(value: object) -> tuple[float, float, float, float]:
    if not isinstance(value, tuple) or len(value) != 4:
        raise ValueError(f"must be [x, y, width, height] in millimetres, got {value!r}")
    x, y, w, h = (_number(-limits.MAX_LENGTH_MM, False, limits.MAX_LENGTH_MM)(v) for v in value)
    if w <= 0 or h <= 0:
        raise ValueError("needs a width and height above 0")
    return x, y, w, h


def fraction(value: object) -> float:
    """A share of something: above 0, at most 1."""
    number = _number(0, True)(value)
    if number > 1:
        raise ValueError(f"must be at most 1, got {number:g}")
    return number


def whole(minimum: int, maximum: int) -> Check[int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValueError(f"must be a whole number, got {value!r}")
        number = _whole(minimum)(value)
        if number > maximum:
            raise ValueError(f"must be at most {maximum}, got {number}")
        return number

    bounds = {"type": "integer", "minimum": minimum, "maximum": maximum}
    return typed(check, f"whole number {minimum}–{maximum}", {"anyOf": [bounds, NUMERAL]})


def choices(*options: object) -> Check[tuple[Any, ...]]:
    """A list whose every entry is one of the options (a single word is not a list)."""

    def check(value: object) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise ValueError(f"must be a list like [{options[0]}], got {value!r}")
        for v in value:
            _choice(*options)(v)
        return tuple(value)

    each = {"type": "array", "items": {"enum": [str(o) for o in options]}}
    return typed(check, "a list of " + ", ".join(str(o) for o in options), each)


def _share() -> dict[str, Any]:
    return {"type": "number", "exclusiveMinimum": 0, "maximum": 1}


def _array(n: int, kind: str) -> dict[str, Any]:
    each = {"anyOf": [{"type": kind}, NUMERAL, TEMPLATED]}  # each may be an expression
    return {"type": "array", "items": each, "minItems": n, "maxItems": n}


choice = _choice
number = _number
COLOUR = typed(_colour, "colour", {"type": "string"})
TEXT = typed(_text, "text", {"not": {"type": "object"}})
POSITIVE = _number(0, True)
NON_NEGATIVE = _number(0, False)
FONT_SIZE = _number(0, True, limits.MAX_FONT_SIZE)
LINE = _number(0, True, 100)  # points of a stroke
STEP = _number(2, False, 10_000)  # points between repeats of a pattern: 2 pt is already grey
FACTOR = _number(0, True, 10)  # leading and gaps, in font sizes
TEXTS = typed(_texts, "a list of texts", {"type": "array"})
LENGTHS = typed(_lengths, "a list of numbers", {"type": "array", "minItems": 1})
SLICE = typed(_slice, "[column, row, columns, rows]", _array(4, "integer"))
RECT = typed(_rect, "[x, y, width, height] mm", _array(4, "number"))
typed(
    fraction, "number above 0, at most 1", {"type": "number", "exclusiveMinimum": 0, "maximum": 1}
)
ALIGNMENT = _choice(*ALIGN)


class Key(Generic[T]):
    """One key of a painter or motif: the check that returns the value as the painter
    wants it (ValueError says what is wrong), what the key does (`help`: the reference's
    words, and an editor's hover), and what it takes when a box leaves it out: `default`,
    or `derive` made from the item's values (a seed from its id), or nothing (None then,
    unless it is `required`). Written as an attribute of a painter's `BoxKeys` (its name
    the key's, `_` read as `-`), it reads a box typed: `Cells(box).cols` is an int."""

    __slots__ = ("check", "default", "derive", "help", "name", "required")

    @overload
    def __init__(self: Key[V], check: Callable[[Any], V], default: object, *, help: str = ""): ...

    @overload
    def __init__(
        self: Key[V], check: Callable[[Any], V], *, help: str = "", required: Literal[True]
    ): ...

    @overload
    def __init__(self: Key[V], check: Callable[[Any], V], *, help: str = "", derive: Derive): ...

    @overload
    def __init__(self: Key[V | None], check: Callable[[Any], V | None], *, help: str = ""): ...

    def __init__(
        self,
        check: Callable[[Any], Any],
        default: object = None,
        *,
        help: str = "",
        derive: Derive | None = None,
        required: bool = False,
    ):
        self.check, self.default, self.help = check, default, help
        self.derive, self.required, self.name = derive, required, ""

    def __set_name__(self, owner: type, attr: str) -> None:
        self.name = attr.rstrip("_").replace("_", "-")

    @overload
    def __get__(self, obj: None, owner: type) -> Key[T]: ...
    @overload
    def __get__(self, obj: BoxKeys, owner: type) -> T: ...
    def __get__(self, obj: BoxKeys | None, owner: type) -> Key[T] | T:
        return self if obj is None else self.of(obj.box)

    def of(self, box: Any) -> T:
        """The key's value in a box: as its check returned it, or its default."""
        return cast(T, box.get(self.name))

    def __call__(self, value: object) -> T:
        return cast(T, self.check(value))

    def named(self, name: str) -> Key[T]:
        """This key under `name` (a key given in a mapping takes its name from there)."""
        if self.name in ("", name):
            self.name = name
            return self
        other = copy.copy(self)
        other.name = name
        return other

    def defaulting(self, default: object) -> Key[T]:
        """The same key with another default."""
        other = copy.copy(self)
        other.default = default
        return other


class BoxKeys:
    """A painter's or motif's keys, each a `Key` attribute, declared once: the painter is
    registered with the class, and reads a box through an instance (`Text(box).size`)."""

    __slots__ = ("box",)

    def __init__(self, box: Any) -> None:
        self.box = box

    @classmethod
    def declared(cls) -> Keys:
        """The keys by name, a base class's first, in the order written."""
        found: Keys = {}
        for klass in reversed(cls.__mro__):
            found |= {v.name: v for v in vars(klass).values() if isinstance(v, Key)}
        return found

    @classmethod
    def having(cls, **defaults: object) -> type[Self]:
        """The same keys with other defaults (a scene's sky, ground and colour)."""
        keys = {attr: getattr(cls, attr).defaulting(value) for attr, value in defaults.items()}
        return type(cls.__name__, (cls,), {"__slots__": (), **keys})


Keys = dict[str, Key[Any]]
Declared = type[BoxKeys] | Mapping[str, Callable[[Any], Any]]


def keys_of(given: Declared | None) -> Keys | None:
    """A painter's or motif's keys by name: its class's; given as a mapping (a plug-in's
    shorthand), each a Key, a bare check a key without a default."""
    if given is None:
        return None
    if isinstance(given, type):
        return given.declared()
    return {k: (v if isinstance(v, Key) else Key(v)).named(k) for k, v in given.items()}
