"""rules.yaml: the cheat sheet's texts, one part per language, read and checked with the
rest of the content (the cheat sheet itself is laid out in render/rules/cheatsheet.py)."""

from __future__ import annotations

from pathlib import Path

from bastelbogen.content.models import Rules
from bastelbogen.content.schema import Fields, type_name
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.params import COLOUR
from bastelbogen.core.source import YList, YMap, load_yaml

TEMPLATE = "cheatsheet.j2"  # the shipped template, for games that do not name their own


def load_rules(path: Path, langs: tuple[str, ...], problems: Collector) -> Rules | None:
    data = load_yaml(path)
    if not isinstance(data, YMap):
        problems.add(
            getattr(data, "loc", Loc(str(path), 1, 1)),
            f"the rules file must be a mapping of languages to texts, got {type_name(data)}",
        )
        return None
    template = data.get("template", TEMPLATE)
    if not isinstance(template, str):
        problems.add(data.value_loc("template"), "'template' must be the name of a template")
        template = TEMPLATE
    colour = data.get("colour") or "#1f2a44"
    try:
        COLOUR(colour)
    except ValueError as exc:
        problems.add(data.value_loc("colour"), f"'colour' {exc}")
    if "template" not in data:  # a game's own template reads what it likes
        _check_shape(data, langs, problems)
    return Rules(path, data, template, str(colour), tuple(_strings(data)))


def _check_shape(data: YMap, langs: tuple[str, ...], problems: Collector) -> None:
    """The shape the shipped template reads, in every language of the game."""
    top = Fields(data, "the rules file", problems, data.loc)
    for key in ("colour", "template", *langs):
        top.raw(key, None)
    top.done()
    for lang in langs:
        if lang not in data:
            problems.add(
                data.loc,
                f"the rules have no language '{lang}' (the game is written in {', '.join(langs)})",
            )
            continue
        f = Fields(data[lang], f"rules ({lang})", problems, data.value_loc(lang))
        f.get("title", str)
        f.get("tagline", str, None)
        _lines(f.get("facts", YList, None), "facts", problems)
        f.get("note", str, None)
        sections: YList = f.get("sections", YList) or YList()
        panels: YList = f.get("lookup", YList, None) or YList()
        f.done()
        _panels(panels, lang, problems)
        for i, raw in enumerate(sections):
            sf = Fields(raw, f"a section of the rules ({lang})", problems, sections.item_loc(i))
            sf.get("heading", str)
            sf.get("text", str, None)
            _lines(sf.get("steps", YList, None), "steps", problems)
            _lines(sf.get("points", YList, None), "points", problems)
            sf.done()


def _panels(panels: YList, lang: str, problems: Collector) -> None:
    """What players look up, under the columns: each panel a heading and a table (rows of
    cells), a cycle (the turn's steps) or symbols (a motif, its colour, its name)."""
    for i, raw in enumerate(panels):
        pf = Fields(raw, f"a look-up panel of the rules ({lang})", problems, panels.item_loc(i))
        pf.get("heading", str)
        for n, row in enumerate(pf.get("table", YList, None) or ()):
            if not isinstance(row, YList):
                problems.add(
                    raw.value_loc("table"),
                    f"row {n + 1} of 'table' must be a list of cells, got {type_name(row)}",
                )
            else:
                _lines(row, "table", problems)
        _lines(pf.get("cycle", YList, None), "cycle", problems)
        symbols: YList = pf.get("symbols", YList, None) or YList()
        pf.done()
        for k, sym in enumerate(symbols):
            sf = Fields(sym, "a symbol", problems, symbols.item_loc(k))
            sf.get("motif", str)  # drawn by the art painter, which names an unknown one
            colour = sf.get("colour", str)
            sf.get("name", str)
            sf.done()
            try:
                COLOUR(colour) if colour is not None else None
            except ValueError as exc:
                problems.add(sym.value_loc("colour"), f"'colour' {exc}")


def _lines(value: YList | None, key: str, problems: Collector) -> None:
    """A list the template prints line by line: texts (or numbers), nothing nested."""
    if value is None:
        return
    for i, line in enumerate(value):
        if not isinstance(line, str | int | float) or isinstance(line, bool):
            problems.add(value.item_loc(i), f"'{key}' lists texts; this one is {type_name(line)}")


def _strings(node):
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
