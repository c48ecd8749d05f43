"""rules.yaml: the cheat sheet's texts, one part per language, read and checked with the
rest of the content (the cheat sheet itself is laid out in render/rules/cheatsheet.py).

What the file may hold is declared once, as Sections: a language's part (`RulesPart`), its
sections (`RulesSection`), its look-up panels (`Panel`) and their symbols (`Symbol`), and
the file's own keys (`RulesSettings`); `load_rules` reads through them and `rules_schema`
writes them as JSON Schema. A game that names its own `template` reads what it likes: only
the file's own keys are checked then."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from bastelbogen.content.models import Rules
from bastelbogen.content.options import LANG_CODE
from bastelbogen.core.declare import (
    Field,
    Json,
    Keys,
    ListOf,
    Nested,
    S,
    Section,
    Text,
    Type,
    optional,
    type_name,
)
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.params import COLOUR, HEX, NAME
from bastelbogen.core.source import YList, YMap, load_yaml

TEMPLATE = "cheatsheet.j2"  # the shipped template, for games that do not name their own
COLOUR_DEFAULT = "#1f2a44"  # the header band's, where the rules name none
LANGUAGE = LANG_CODE.pattern.removesuffix(r"\Z")  # a code, as game.yaml's `languages:` takes


class Colour(Type[str]):
    """A colour as the painters read it: #rrggbb (#rrggbbaa), a name, or none."""

    shown = "colour: #rrggbb or a name"

    def __call__(self, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"must be a colour (#rrggbb or a name), got {type_name(value)}")
        COLOUR(value)  # its ValueError says what is wrong, after the key's name
        return value

    def schema(self) -> Json:
        hexes = HEX.pattern.removeprefix("#").removesuffix(r"\Z")
        name = NAME.pattern.removesuffix(r"\Z")
        return {"type": "string", "pattern": rf"^\s*(?:#{hexes}|{name})\s*$"}


class Line(Type[object]):
    """One line the template prints: a text, or a number written as it is."""

    shown = "text"

    def __call__(self, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise ValueError(f"lists texts; this one is {type_name(value)}")
        return value

    def schema(self) -> Json:
        return {"type": ["string", "number"]}


LINES = ListOf(Line())


class TemplateName(Text):
    """The name of a cheat-sheet template, found where the game's templates are."""

    shown = "the name of a template"

    def __call__(self, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"must be the name of a template, got {type_name(value)}")
        return value


class Rows(ListOf[list[object]]):
    """A table of a look-up panel: rows, each a list of cells (texts or numbers)."""

    def __init__(self) -> None:
        super().__init__(LINES)
        self.shown = "a list of rows, each a list of texts"

    def read(
        self, value: object, loc: Loc, key: str, problems: Collector, what: str = ""
    ) -> list[list[object]]:
        if not isinstance(value, YList):
            return super().read(value, loc, key, problems, what)
        for n, row in enumerate(value):
            if isinstance(row, YList):
                LINES.read(row, value.item_loc(n), key, problems, what)
            else:
                problems.add(
                    value.item_loc(n),
                    f"row {n + 1} of '{key}' must be a list of cells, got {type_name(row)}",
                )
        return value


class Part(Nested[S]):
    """A section held in a list of another (a section of the rules in German): named in
    messages by `what`, where {} is what holds it ("a section of the rules (de)")."""

    def read(self, value: object, loc: Loc, key: str, problems: Collector, what: str = "") -> S:
        return self.section.read(value, loc, problems, self.what.format(what))


# A section's page in the rulebook (content/summaries.py), printed beside its heading.
SUMMARISES = Text()
SUMMARISES_HELP = (
    "the rulebook section it summarises, whose page the cheat sheet names: the slug of a"
    " ## or ### heading of that language's book, as links write it (without it, the section"
    " whose heading has the same slug)"
)


class RulesSection(Section):
    help = "A section of the cheat sheet: its heading, then a paragraph, steps or points."
    heading = Field(Text(), help="the section's heading")
    text = optional(Text(), help="a paragraph")
    steps = optional(LINES, help="numbered steps, one text each")
    points = optional(LINES, help="points in a list, one text each")
    rulebook = optional(SUMMARISES, help=SUMMARISES_HELP)


class Symbol(Section):
    help = "A symbol of a look-up panel: a motif, drawn in its colour, and what it means."
    motif = Field(Text(), help="the motif drawn (the art painter names an unknown one)")
    colour = Field(Colour(), help="the motif's colour")
    name = Field(Text(), help="what the symbol means")


class Panel(Section):
    help = "A look-up panel under the columns: a heading and a table, a cycle or symbols."
    heading = Field(Text(), help="the panel's heading")
    table = optional(Rows(), help="rows of cells, the first the header")
    cycle = optional(LINES, help="the steps of a turn, drawn as a cycle")
    symbols = optional(ListOf(Part(Symbol, "a symbol")), help="symbols and what they mean")
    rulebook = optional(SUMMARISES, help=SUMMARISES_HELP)


class RulesPart(Section):
    help = "The cheat sheet in one language."
    title = Field(Text(), help="the cheat sheet's title")
    tagline = optional(Text(), help="a line under the title")
    facts = optional(LINES, help="short facts in a line: players, age, time")
    note = optional(Text(), help="a note under the sections")
    sections = Field(
        ListOf(Part(RulesSection, "a section of the {}")), help="the sections, in order"
    )
    lookup = optional(ListOf(Part(Panel, "a look-up panel of the {}")), help="what players look up")


class RulesSettings(Section):
    """The rules file's own keys: what every rules file may say."""

    what = "the rules file"
    help = "A game's rules file (content/GAME/rules.yaml): the cheat sheet, one part per language."
    colour = Field(Colour(), COLOUR_DEFAULT, help="the colour of the cheat sheet's header band")
    template = Field(
        TemplateName(),
        TEMPLATE,
        help="the cheat sheet's template; a game's own reads what it likes",
    )


class RulesFile(RulesSettings):
    """A rules file for the shipped template: its keys, and a part for each language (the
    class made for a game's languages by `rules_file`)."""

    langs: tuple[str, ...] = ()

    def checked(self, problems: Collector) -> None:
        for lang in self.langs:
            if not self.given(lang):
                problems.add(
                    self.loc,
                    f"the rules have no language '{lang}'"
                    f" (the game is written in {', '.join(self.langs)})",
                )

    @classmethod
    def schema(cls) -> Json:
        out = super().schema()
        if cls.langs:  # each told by `checked` where it is missing
            out["required"] = [*out.get("required", ()), *cls.langs]
        return out


@lru_cache(maxsize=32)
def rules_file(langs: tuple[str, ...]) -> type[RulesFile]:
    """The rules file of a game written in `langs`: a part for each (named `lang_de` …, as
    a code may be a word a section already uses)."""
    parts: dict[str, Any] = {
        f"lang_{lang}": optional(
            Nested(RulesPart, f"rules ({lang})"), help=f"the cheat sheet in '{lang}'", key=lang
        )
        for lang in langs
    }
    return type("RulesFile", (RulesFile,), {**parts, "langs": langs, "__module__": __name__})


def rules_schema(langs: tuple[str, ...] | None = None) -> Json:
    """The JSON Schema of a rules file: for a game written in `langs`, a part for each;
    without them, a part for any language code. A file naming its own template is checked
    for its own keys only, as the loader reads it."""
    strict = rules_file(langs or ()).schema()
    if langs is None:
        strict["patternProperties"] = {f"^{LANGUAGE}$": RulesPart.schema()}
    own = {"type": "object", "properties": RulesSettings.properties()}
    return {
        **own,
        "description": RulesSettings.help,
        "if": {"required": ["template"]},
        "else": strict,
    }


def load_rules(path: Path, langs: tuple[str, ...], problems: Collector) -> Rules | None:
    data = load_yaml(path)
    if not isinstance(data, YMap):
        problems.add(
            getattr(data, "loc", Loc(str(path), 1, 1)),
            f"the rules file must be a mapping of languages to texts, got {type_name(data)}",
        )
        return None
    keys = Keys(data, RulesSettings.what, problems, data.loc)
    if "template" in data:  # a game's own template reads what it likes
        rules: RulesSettings = RulesSettings.read_from(keys)
    else:  # the shape the shipped template reads, in every language of the game
        rules = rules_file(langs).read_from(keys)
        keys.done()
    return Rules(path, data, rules.template, rules.colour, tuple(_strings(data)))


def _strings(node: object) -> Iterator[tuple[str, Loc]]:
    """Every text of the rules file with where it stands, to name an overflowing one."""
    if isinstance(node, YMap):
        for key, value in node.items():
            if isinstance(value, str):
                yield value, node.value_loc(key)
            else:
                yield from _strings(value)
    elif isinstance(node, YList):
        for i, value in enumerate(node):
            if isinstance(value, str):
                yield value, node.item_loc(i)
            else:
                yield from _strings(value)
