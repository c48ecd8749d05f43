"""What one side of one item shows, resolved to plain data before anything is drawn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bastelbogen.content.kinds import Outline
from bastelbogen.content.models import Game, Item
from bastelbogen.core.geometry import Matrix, Rect
from bastelbogen.layout.layouts import Face


@dataclass(frozen=True)
class Art:
    """Hashable: equal arts (every common back, every copy) become one PDF form."""

    layers: tuple[tuple[Matrix, Face], ...]  # each layer of the kind's plan, resolved
    bleed: Rect  # item-local, the trim grown by the bleed; drawing is clipped to it
    tabs: tuple[Rect, ...] = ()  # plain tinted areas: a standee's feet
    lines: tuple[tuple[float, float, float, float, str], ...] = ()  # x1 y1 x2 y2 style
    clip: Outline = ()  # a shaped piece: its outline grown by the bleed (loops), not `bleed`
    cut: Outline = ()  # a shaped piece: its outline (what `shape: outline` paints)
    glue: tuple[Outline, ...] = ()  # glue areas, each as closed loops: hatched
    line: Outline = ()  # a thin cut line drawn along these loops (Kind.draws_cut)


# A game's tables in one language: each table's rows by their id, localised.
Tables = dict[str, dict[object, object]]


def localize(value: object, lang: str, langs: tuple[str, ...]) -> object:
    """Pick one language out of {de: ..., en: ...} (keys among the game's `langs`)
    wherever it occurs."""
    if isinstance(value, dict):
        if value and all(k in langs for k in value):
            return value.get(lang) or next(iter(value.values()))
        return {
            k: localize(v, lang, langs) if isinstance(v, dict | list | tuple) else v
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [localize(v, lang, langs) for v in value]
    return value


def _tables(game: Game, lang: str) -> Tables:
    """The game's tables in one language, rows by id: made once per game and language,
    not once per item (for every item, every row of every table was a quadratic cost)."""
    key = ("tables", lang)
    if key not in game.memo:
        game.memo[key] = {
            name: {row.get("id"): localize(dict(row), lang, game.languages) for row in t.rows}
            for name, t in game.tables.items()
        }
    tables: Tables = game.memo[key]  # what is kept under this key (above)
    return tables


def _resolved(game: Game, item: Item, lang: str) -> dict[str, object]:
    """The item's data in `lang`, each reference replaced by the row it names, as
    resolve_refs gives it: the rows taken from the game's tables in that language (made
    once), not localised again for every item that names them."""
    refs = dict(item.component.refs)
    if not refs:  # field by field, as below: its data is fields, never one text
        return {field: localize(value, lang, game.languages) for field, value in item.data.items()}
    tables = _tables(game, lang)
    out: dict[str, object] = {}
    for field, value in item.data.items():
        rows = tables.get(refs.get(field, ""), {}) if field in refs else None
        if rows is not None and isinstance(value, str) and value in rows:
            out[field] = rows[value]
        elif rows is not None and isinstance(value, list):
            out[field] = [
                rows[v] if isinstance(v, str) and v in rows else localize(v, lang, game.languages)
                for v in value
            ]
        else:
            out[field] = localize(value, lang, game.languages)
    return out


def context(game: Game, item: Item, options: Mapping[str, object]) -> dict[str, object]:
    """What a layout's expressions see: the item's data with its references resolved, the
    build's options, the game, and with a theme its `motif` for this item."""
    langs = game.languages
    given = _text(options, "lang")
    lang: str = item.data.get("lang") or (langs[0] if given is None else given)
    data = _resolved(game, item, lang)
    theme = game.themes.get(_text(options, "theme") or "")
    extra: dict[str, object] = {}
    if theme is not None:
        key = item.data.get(game.theme_field) if game.theme_field else None
        extra["theme"] = {
            "id": theme.id,
            "name": theme.name.get(lang),
            "back": localize(dict(theme.back), lang, langs),
        }
        if key in theme.motifs:
            extra["motif"] = localize(dict(theme.motifs[key]), lang, langs)
    extra["tables"] = _tables(game, lang)
    return {
        **options,
        **data,
        **extra,
        "item": {**data, "id": item.id, "copy": item.copy},
        "game": {
            "id": game.id,
            "title": game.title.get(lang),
            "author": game.author,
            "players": {"min": game.players.min, "max": game.players.max},
        },
    }


def _text(options: Mapping[str, object], name: str) -> str | None:
    """The build's option `name` (lang, theme) where it is given as text, else None."""
    value = options.get(name)
    return value if isinstance(value, str) else None
