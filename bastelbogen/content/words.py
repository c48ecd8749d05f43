"""The words a kit prints itself ("Sheet", "glue", the print guide), one table per
language: data/words/<lang>.yaml ships de and en; a game adds or overrides a language
with content/<game>/words/<lang>.yaml. A language asked for without its words, or a word
missing from a game's table, is a located error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bastelbogen.content.models import Game
from bastelbogen.content.schema import inside
from bastelbogen.core.declare import MISSING, Field, Json, Keys, Text, Type, type_name
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.paths import DATA, is_file
from bastelbogen.core.source import YList, YMap, load_yaml

SHIPPED = DATA / "words"
REFERENCE = SHIPPED / "en.yaml"  # the keys every table has


def keys() -> dict[str, type]:
    reference = load_yaml(REFERENCE)
    assert isinstance(reference, YMap)  # the shipped word list is a mapping
    return {k: type(v) if not isinstance(v, YList) else YList for k, v in reference.items()}


def words_for(game: Game, langs: tuple[str, ...], loc: Loc) -> dict[str, Table]:
    """Each language's words: the game's own table if it has one, else the shipped one."""
    problems = Collector()
    tables: dict[str, Table] = {}
    for lang in langs:
        own = inside(game.folder, f"words/{lang}.yaml", loc, problems, "words file")
        path = own if own is not None and is_file(own) else SHIPPED / f"{lang}.yaml"
        if not is_file(path):
            problems.add(
                loc,
                f"the words the kit prints itself (sheet, glue, the print"
                f" guide) have no translation to '{lang}': add words/{lang}.yaml to"
                f" the game's folder with the keys of {REFERENCE.name}"
                f" ({', '.join(keys())})",
            )
            continue
        tables[lang] = _table(path, problems)
    problems.raise_if_any()
    return tables


# A word is a text or, for a Lines key, a tuple of texts (None: told missing). Read as Any
# while output/ indexes it directly (issue 48: typed accessors are a change there).
class Table(dict[str, Any]):
    """One language's words, and where each was written (to name one the font lacks)."""

    def __init__(self) -> None:
        super().__init__()
        self.locs: dict[str, Loc] = {}


class Lines(Type[tuple[str, ...]]):
    """A word written as several lines of text (the print guide's steps)."""

    shown = "lines of text"

    def __call__(self, value: object) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise ValueError(f"must be a list, got {type_name(value)}")
        for line in value:
            if not isinstance(line, str):
                raise ValueError(f"holds lines of text, not {type_name(line)}")
        return tuple(value)

    def read(
        self, value: object, loc: Loc, key: str, problems: Collector, what: str = ""
    ) -> tuple[str, ...]:
        """Each line that is not text told at its own line."""
        if isinstance(value, YList):
            for i, line in enumerate(value):
                if not isinstance(line, str):
                    problems.add(
                        value.item_loc(i), f"'{key}' holds lines of text, not {type_name(line)}"
                    )
            return tuple(str(v) for v in value)
        return super().read(value, loc, key, problems, what)

    def schema(self) -> Json:
        return {"type": "array", "items": {"type": "string"}}


def _table(path: Path, problems: Collector) -> Table:
    data = load_yaml(path)
    f = Keys(data, f"the table of words {path.name}", problems, Loc(str(path), 1, 1))
    table = Table()
    if not isinstance(data, YMap):
        return table  # told once, not once per missing word
    for key, kind in keys().items():
        kind_of: Type[Any] = Lines() if kind is YList else Text()
        value = f.take(Field(kind_of, key=key))
        table[key] = None if value is MISSING else value  # a wrong one is told
        table.locs[key] = f.value_loc(key)
    f.done()
    for key, names in PLACEHOLDERS.items():
        _placeholders(table, key, names, problems)
    return table


# The words filled in where they are printed, each by the placeholders it must say and what
# each stands for: the booklet's first step says by how much its pages are scaled
# (render/booklet.py); a cheat sheet section's mark, the rulebook page it summarises.
PLACEHOLDERS = {
    "booklet-steps": {"scale": "the booklet's scale, in %"},
    "summary-page": {"page": "the rulebook's page"},
}


def _placeholders(table: Table, key: str, names: dict[str, str], problems: Collector) -> None:
    """`key`'s lines say each of `names` as {name} and no other {…}, which would be printed
    as it stands."""
    lines = table.get(key)
    if not isinstance(lines, tuple | str):
        return  # missing or wrong: told as it was read
    text = "\n".join(lines) if isinstance(lines, tuple) else lines
    said = re.findall(r"\{([^{}]*)\}", text)
    for name in names:
        if name not in said:
            problems.add(
                table.locs[key],
                f"'{key}' never says {{{name}}} ({names[name]}): write it where"
                f" the number goes, as the shipped words do ({REFERENCE.name})",
            )
    for other in sorted(set(said) - set(names)):
        problems.add(
            table.locs[key],
            f"'{key}' says {{{other}}}, which nothing fills in: it takes"
            f" {', '.join('{' + n + '}' for n in names)}",
        )


def joined(tables: dict[str, Table], key: str, sep: str = " / ") -> str:
    """One word in every language of the build, the first language first."""
    return sep.join(str(t[key]) for t in tables.values())
