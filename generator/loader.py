"""content/<game>/game.yaml -> Game. Lengths become points here, once."""

from __future__ import annotations

import re
from pathlib import Path

from .errors import Collector, ContentError, Loc, Problem
from .models import (
    KINDS,
    LANGUAGES,
    Check,
    Component,
    Game,
    ItemSpec,
    Players,
    Standee,
    Table,
    Text,
    Variant,
)
from .schema import Fields, inside, type_name
from .source import YList, YMap, load_yaml
from .units import CARD_SIZES_MM, mm, parse_length

GAME_FILE = "game.yaml"
GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
SCALAR = str | int | float | bool
CHECK_KINDS = ("count", "complete-sets", "distinct")


def find_games(content: Path) -> list[Path]:
    return sorted(p.parent for p in content.glob(f"*/{GAME_FILE}"))


def load_game(folder: Path, fonts_dir: Path) -> Game:
    problems = Collector()
    path = folder / GAME_FILE
    data = load_yaml(path)
    if not isinstance(data, YMap):
        raise ContentError(Problem(getattr(data, "loc", Loc(str(path), 1, 1)), "the game file"
                                   f" must be a mapping of keys (game, title, components …),"
                                   f" got {type_name(data)}"))
    f = Fields(data, "the game file", problems, Loc(str(path), 1, 1))
    game_id = f.get("game", str)
    if game_id is not None and not GAME_ID.match(game_id):
        problems.add(f.value_loc("game"), f"game id '{game_id}' may hold only lower-case"
                     " letters, digits and '-'")
    title = read_text(f, "title", problems)
    author = f.get("author", str, "")
    players = _players(f, problems)
    tables = _tables(f, folder, problems)
    components = tuple(_component(c, loc, folder, problems) for c, loc in _list(f, "components"))
    checks = tuple(_check(c, loc, problems) for c, loc in _list(f, "checks", required=False))
    variants = tuple(_variant(v, loc, problems) for v, loc in _list(f, "variants", required=False))
    rules = None
    if (name := f.get("rules", str, None)) is not None:
        rules = inside(folder, name, f.value_loc("rules"), problems, "rules file")
        if rules is not None and not rules.is_file():
            problems.add(f.value_loc("rules"), f"rules file not found: {name}")
    fonts, font_locs = _fonts(f, folder, fonts_dir, problems)
    f.done()
    _check_variants(variants, components, problems)
    if game_id is not None and game_id != folder.name:
        problems.add(f.value_loc("game"),
                     f"game id '{game_id}' must match its folder name '{folder.name}'")
    problems.raise_if_any()
    return Game(game_id, title, author, players, components, tables, checks, variants, rules,
                fonts, folder, f.loc, font_locs)


def _list(f: Fields, key: str, required: bool = True):
    value = f.raw(key) if required else f.raw(key, None)
    if value is None:
        return []
    if not isinstance(value, YList):
        f.problems.add(f.value_loc(key), f"'{key}' must be a list, got {type_name(value)}")
        return []
    return [(item, value.item_loc(i)) for i, item in enumerate(value)]


def read_text(f: Fields, key: str, problems: Collector, default=None) -> Text:
    """A text, required unless a default is given."""
    value = f.raw(key) if default is None else f.raw(key, None)
    if value is None:
        return Text((("*", default or ""),), f.value_loc(key))
    return text_value(value, f.value_loc(key), key, problems)


def text_value(value, loc: Loc, what: str, problems: Collector) -> Text:
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return Text((("*", str(value)),), loc)
    if isinstance(value, YMap):
        bad = [k for k in value if k not in LANGUAGES]
        for k in bad:
            problems.add(value.key_loc(k), f"'{what}' has unknown language '{k}';"
                         f" use {' or '.join(LANGUAGES)}")
        return Text(tuple((k, str(v)) for k, v in value.items() if k in LANGUAGES), loc)
    problems.add(loc, f"'{what}' must be text or a mapping of languages to text,"
                 f" got {type_name(value)}")
    return Text((("*", ""),), loc)


def _players(f: Fields, problems: Collector) -> Players:
    p = Fields(f.raw("players"), "'players'", problems, f.value_loc("players"))
    lo, hi = p.get("min", int), p.get("max", int)
    p.done()
    if lo is not None and hi is not None and not 1 <= lo <= hi:
        problems.add(p.loc, f"players: min {lo} and max {hi} must satisfy 1 <= min <= max")
    return Players(lo or 1, hi or 1)


def _tables(f: Fields, folder: Path, problems: Collector) -> dict[str, Table]:
    raw = f.raw("tables", None)
    if raw is None:
        return {}
    t = Fields(raw, "'tables'", problems, f.value_loc("tables"))
    tables = {}
    for name in t.data:
        rows, loc = t.data[name], t.value_loc(name)
        if isinstance(rows, str):
            path = inside(folder, rows, loc, problems, "table file")
            if path is None:
                continue
            try:
                rows = load_yaml(path, loc)
            except ContentError as exc:
                problems.extend(exc.problems)
                continue
            loc = getattr(rows, "loc", loc)
        if not isinstance(rows, YList) or not all(isinstance(r, YMap) for r in rows):
            problems.add(loc, f"table '{name}' must be a list of mappings")
            continue
        for i, row in enumerate(rows):
            if not isinstance(row.get("id"), str):
                problems.add(rows.item_loc(i), f"each row of table '{name}' needs an 'id' (text)")
        tables[name] = Table(name, tuple(rows), loc)
        t.known.append(name)
    return tables


def parse_size(value, loc: Loc, problems: Collector) -> tuple[float, float]:
    if value is None:  # missing: reported where the key is read
        return mm(63), mm(88)
    if isinstance(value, str) and value in CARD_SIZES_MM:
        w, h = CARD_SIZES_MM[value]
        return mm(w), mm(h)
    if isinstance(value, YList) and len(value) == 2:
        try:
            w, h = (parse_length(v) for v in value)
            if w > 0 and h > 0:
                return w, h
        except ValueError as exc:
            problems.add(loc, f"size: {exc}")
            return mm(63), mm(88)
    names = ", ".join(CARD_SIZES_MM)
    problems.add(loc, f"size must be one of {names} or two lengths above 0, [width, height]"
                 f" like [50mm, 20mm]; got {type_name(value)}")
    return mm(63), mm(88)


def _component(data, loc: Loc, folder: Path, problems: Collector) -> Component:
    f = Fields(data, "a component", problems, loc)
    cid = f.get("id", str) or "?"
    f.what = f"component '{cid}'"
    kind = f.get("kind", str)
    if kind is not None and kind not in KINDS:
        problems.add(f.value_loc("kind"), f"kind '{kind}' is not one of {', '.join(KINDS)}")
    name = read_text(f, "name", problems, default=cid)
    size = parse_size(f.raw("size"), f.value_loc("size"), problems)
    face = f.get("face", str) or ""
    back = f.get("back", str, None)
    marks = f.get("marks", bool, kind != "sheet")
    id_pattern = f.get("item-id", str, None)
    refs_raw = f.get("refs", YMap, None) or {}
    refs = tuple((k, str(v)) for k, v in refs_raw.items())
    standee = None
    if kind == "standee":
        base = f.length("base", mm(15))
        if base is not None and base < 0:
            problems.add(f.value_loc("base"), "'base' (the depth of the foot tabs) must be 0 or"
                         " more")
        standee = Standee(max(base or 0.0, 0.0))
    items = tuple(_item(i, iloc, cid, problems) for i, iloc in _list(f, "items"))
    f.done()
    return Component(cid, kind or "card", name, size, face, back, items, refs, id_pattern,
                     bool(marks), standee, loc, f.value_loc("face"), f.value_loc("back"))


def _item(data, loc: Loc, cid: str, problems: Collector) -> ItemSpec:
    if not isinstance(data, YMap):
        problems.add(loc, f"an item of component '{cid}' must be a mapping, got {type_name(data)}")
        data = YMap()
        data.loc, data.key_locs, data.value_locs = loc, {}, {}
    count = data.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        problems.add(data.value_loc("count"), f"'count' must be a whole number from 1,"
                     f" got {type_name(count)}")
        count = 1
    each = data.get("each")
    pairs = []
    if each is None:
        pass
    elif not isinstance(each, YMap):
        problems.add(data.value_loc("each"), "'each' must map field names to lists of values")
    else:
        for key, values in each.items():
            if not isinstance(values, YList) or not values \
                    or not all(isinstance(v, SCALAR) for v in values):
                problems.add(each.value_loc(key), f"each.{key} must be a non-empty list of"
                             " single values (text or numbers)")
                continue
            pairs.append((key, tuple(values)))
    _check_texts(data, problems)
    return ItemSpec(data, count, tuple(pairs), loc)


def _check_texts(node, problems: Collector) -> None:
    """A mapping with a language key is a text in several languages: it may hold nothing
    else, and each language holds text or a list of texts."""
    if isinstance(node, YMap):
        langs = [k for k in node if k in LANGUAGES]
        if langs:
            for key, value in node.items():
                if key not in LANGUAGES:
                    problems.add(node.key_loc(key), f"'{key}' stands among the languages"
                                 f" {', '.join(langs)}; use only {' and '.join(LANGUAGES)} here")
                elif isinstance(value, YMap):
                    problems.add(node.value_loc(key), f"the '{key}' text must be text or a"
                                 " list of texts, not a mapping")
        for value in node.values():
            _check_texts(value, problems)
    elif isinstance(node, YList):
        for value in node:
            _check_texts(value, problems)


def _check(data, loc: Loc, problems: Collector) -> Check:
    f = Fields(data, "a check", problems, loc)
    kind = f.get("check", str)
    if kind is not None and kind not in CHECK_KINDS:
        problems.add(f.value_loc("check"), f"unknown check '{kind}'; known checks:"
                     f" {', '.join(CHECK_KINDS)}")
    return Check(kind or "", f.data, loc)


def _variant(data, loc: Loc, problems: Collector) -> Variant:
    f = Fields(data, "a variant", problems, loc)
    vid = f.get("id", str) or "?"
    name = read_text(f, "name", problems, default=vid)
    component = f.get("component", str) or ""
    field = f.get("field", str) or ""
    values = f.get("drop", YList) or []
    f.done()
    return Variant(vid, name, component, field, tuple(values), loc)


def _check_variants(variants, components, problems: Collector) -> None:
    ids = {c.id for c in components}
    seen: dict[str, Loc] = {}
    for v in variants:
        if v.id in seen:
            problems.add(v.loc, f"variant id '{v.id}' appears twice (first at {seen[v.id]})")
        seen.setdefault(v.id, v.loc)
        if v.component not in ids:
            problems.add(v.loc, f"variant '{v.id}' names component '{v.component}', which does"
                         f" not exist (components: {', '.join(sorted(ids))})")


def _fonts(f: Fields, folder: Path, fonts_dir: Path, problems: Collector):
    """Font roles -> files, and where each was named (the shipped defaults were not)."""
    fonts = {"regular": fonts_dir / "Vera.ttf", "bold": fonts_dir / "VeraBd.ttf",
             "italic": fonts_dir / "VeraIt.ttf"}
    locs: dict[str, Loc] = {}
    raw = f.raw("fonts", None)
    if raw is None:
        return fonts, locs
    t = Fields(raw, "'fonts'", problems, f.value_loc("fonts"))
    for name in list(t.data):
        value, loc = t.data[name], t.value_loc(name)
        t.known.append(name)
        if not isinstance(value, str):
            problems.add(loc, f"font '{name}' must be a file name, got {type_name(value)}")
            continue
        # A game's own fonts live in its folder; the shared ones in fonts/.
        local = folder / value
        base = folder if local.exists() or not (fonts_dir / value).exists() else fonts_dir
        path = inside(base, value, loc, problems, "font file")
        if path is None:
            continue
        if not path.is_file():
            problems.add(loc, f"font file not found: {value}")
            continue
        fonts[name] = path
        locs[name] = loc
    return fonts, locs
