"""The types of the build options' values, as the command line and the preview take them.

Each reads and checks the text a user types (click has parsed nothing but a choice and a
number) or the preview's page sends, ValueError saying what is wrong after the option's
name; says what it takes as the reference's table says it (`shown`); and shows a value as
a user writes it (`show`, as manifest.json records it). content/options.py declares the
options with them.
"""

from __future__ import annotations

import re
from typing import TypeVar

from bastelbogen.core.typed import Choice, Flag, Json, Length, Text, Type, Whole, type_name
from bastelbogen.core.units import mm, parse_length, parse_pair, to_mm

T = TypeVar("T")
URL = re.compile(r"https?://[^\s\"'<>?#]{1,2000}\Z")  # file names are appended to it


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"must be text, got {type_name(value)}")
    return value


class OneOf(Choice):
    """One of a few words (click checks them on the command line, this the preview's)."""

    def __init__(self, *choices: str) -> None:
        super().__init__(*choices)
        self.shown = " / ".join(choices)

    def __call__(self, value: object) -> str:
        if _text(value) not in self.choices:
            raise ValueError(f"must be one of {', '.join(self.choices)}, got {value}")
        return str(value)


class Switch(Flag):
    """A flag: given or not."""

    shown = "flag"


class Measure(Length):
    """A length with its unit ('3mm'; 0 needs none), from `least` to `most` millimetres;
    `why` says who needs at least `least`, told where a value is less."""

    def __init__(self, least: float, most: float, why: str = "") -> None:
        super().__init__(least, most)
        self.why, self.shown = why, f"{least:g} to {most:g} mm"

    def __call__(self, value: object) -> float:
        # A number too, as a game file writes `bleed: 0` (one with a unit is text there too)
        number = isinstance(value, int | float) and not isinstance(value, bool)
        length = parse_length(value if number else _text(value))
        if not mm(self.least) - 1e-9 <= length <= mm(self.most):
            why = f" ({self.why})" if self.why and length < mm(self.least) else ""
            raise ValueError(f"must be from {self.least:g} to {self.most:g}mm{why}, got {value}")
        return length


class Offset(Type[tuple[float, float]]):
    """Two shifts 'X,Y' ('1mm,-0.5mm'), each within ±`most` millimetres."""

    def __init__(self, most: float) -> None:
        self.most, self.shown = most, f"±{most:g} mm each"

    def __call__(self, value: object) -> tuple[float, float]:
        pair = parse_pair(_text(value))
        if any(abs(v) > mm(self.most) for v in pair):
            raise ValueError(f"each shift must be within ±{self.most:g}mm; got {value}")
        return pair

    def schema(self) -> Json:
        return {"type": "string", "pattern": r"^[^,]+,[^,]+$"}

    def show(self, value: object) -> object:
        return ",".join(f"{to_mm(v):g}mm" for v in value) if isinstance(value, tuple) else value


class Repeated(Type[tuple[str, ...]]):
    """Words given one flag each (--lang de --lang en), each once; `word` checks one."""

    def __call__(self, value: object) -> tuple[str, ...]:
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"must be a list of words, got {type_name(value)}")
        words = tuple(value)
        for n, word in enumerate(words):
            self.word(word)
            if word in words[:n]:
                raise ValueError(f"'{word}' is asked for twice")
        return words

    def word(self, word: str) -> None:
        """ValueError: what is wrong with one of the words."""

    def schema(self) -> Json:
        return {"type": "array", "items": {"type": "string"}, "uniqueItems": True}

    def show(self, value: object) -> object:
        return list(value) if isinstance(value, tuple) else value


class Langs(Repeated):
    """Language codes, each matching `code` (the one game.yaml's languages match)."""

    shown = "language codes"

    def __init__(self, code: re.Pattern[str]) -> None:
        self.code = code

    def word(self, word: str) -> None:
        if not self.code.match(word):
            raise ValueError(f"'{word}' is not a language code like de, en or fr")


class Several(Repeated):
    """Some of a few words, each once."""

    def __init__(self, *choices: str) -> None:
        self.choices, self.shown = choices, " / ".join(choices) + ", repeatable"

    def word(self, word: str) -> None:
        if word not in self.choices:
            raise ValueError(f"must be one of {', '.join(self.choices)}, got {word}")


class Count(Whole):
    """A whole number from `least` to `most`, typed as digits."""

    def __init__(self, least: int, most: int) -> None:
        super().__init__(least, most)
        self.shown = f"{least} to {most}"

    def __call__(self, value: object) -> int:
        text = str(value)
        if not (text.isdigit() and self.least <= int(text) <= self.most):
            raise ValueError(f"must be a whole number from {self.least} to {self.most}, got {text}")
        return int(text)


class Name(Text):
    """A name the game defines (its variants, themes, print-shop profiles): the game
    tells whether it has it, once loaded."""

    shown = "a name the game defines"


class Label(Text):
    """A build's name (playtest-3): a word a folder may be named by, never a path."""

    def __init__(self) -> None:
        super().__init__(
            r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}", "a label: letters, digits, . _ - (at most 64)"
        )

    def __call__(self, value: object) -> str:
        try:
            return super().__call__(value)
        except ValueError:  # the value told: Text names only its type
            raise ValueError(f"must be {self.means}, got {str(value)[:80]!r}") from None


class Reference(Text):
    """An earlier build: its folder, or the label it recorded (pipeline/changed.py reads it)."""

    def __init__(self) -> None:
        super().__init__(r"[^\x00-\x1f\x7f]{1,4096}", "an earlier kit's folder, or its --label")


class Mark(Text):
    """The text of a version mark: short, one line (`date`: the build's date)."""

    def __init__(self) -> None:
        super().__init__(r"[^\x00-\x1f\x7f-\x9f]{1,24}", "text of at most 24 characters")


class Address(Type[str]):
    """Where files are hosted: http(s), nothing a file's name cannot follow."""

    shown = "an http(s) address"

    def __call__(self, value: object) -> str:
        if not isinstance(value, str) or not URL.match(value):
            raise ValueError(
                "must be an address starting http:// or https://, without ? or #"
                f" (file names are added to it), got {value!r}"
            )
        return value

    def schema(self) -> Json:
        return {"type": "string", "pattern": URL.pattern.replace(r"\Z", "$")}


class Maybe(Type[T | None]):
    """A value of `inner`'s type, or nothing (the option left out)."""

    def __init__(self, inner: Type[T]) -> None:
        self.inner, self.shown = inner, inner.shown

    def __call__(self, value: object) -> T | None:
        return None if value is None else self.inner(value)

    def schema(self) -> Json:
        return {"anyOf": [self.inner.schema(), {"type": "null"}]}

    def show(self, value: object) -> object:
        return None if value is None else self.inner.show(value)
