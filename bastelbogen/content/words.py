"""The words a kit prints itself ("Sheet", "glue", the print guide), one table per
language: data/words/<lang>.yaml ships de and en; a game adds or overrides a language
with content/<game>/words/<lang>.yaml. A language asked for without its words, or a word
missing from a game's table, is a located error."""

from __future__ import annotations

from pathlib import Path

from bastelbogen.content.models import Game
from bastelbogen.content.schema import Fields, inside, type_name
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.paths import DATA, is_file
from bastelbogen.core.source import YList, YMap, load_yaml

SHIPPED = DATA / "words"
REFERENCE = SHIPPED / "en.yaml"  # the keys every table has


def keys() -> dict[str, type]:
    return {
        k: type(v) if not isinstance(v, YList) else YList for k, v in load_yaml(REFERENCE).items()
    }


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


class Table(dict):
    """One language's words, and where each was written (to name one the font lacks)."""

    def __init__(self) -> None:
        super().__init__()
        self.locs: dict[str, Loc] = {}


def _table(path: Path, problems: Collector) -> Table:
    data = load_yaml(path)
    f = Fields(data, f"the table of words {path.name}", problems, Loc(str(path), 1, 1))
    table = Table()
    if not isinstance(data, YMap):
        return table  # told once, not once per missing word
    for key, kind in keys().items():
        value = f.get(key, kind)
        if isinstance(value, YList):
            for i, line in enumerate(value):
                if not isinstance(line, str):
                    problems.add(
                        value.item_loc(i), f"'{key}' holds lines of text, not {type_name(line)}"
                    )
            value = tuple(str(v) for v in value)
        table[key] = value
        table.locs[key] = f.value_loc(key)
    f.done()
    return table


def joined(tables: dict[str, Table], key: str, sep: str = " / ") -> str:
    """One word in every language of the build, the first language first."""
    return sep.join(str(t[key]) for t in tables.values())
