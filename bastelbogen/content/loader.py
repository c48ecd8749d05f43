"""content/<game>/game.yaml -> Game. Lengths become points here, once."""

from __future__ import annotations

import os
from pathlib import Path

from bastelbogen.content.components import component
from bastelbogen.content.models import (
    DEFAULT_LANGUAGES,
    Check,
    Game,
    Players,
    Table,
    Theme,
    Variant,
)
from bastelbogen.content.options import LANG_CODE
from bastelbogen.content.rules import load_rules
from bastelbogen.content.schema import Fields, inside, list_of, read_text, type_name
from bastelbogen.content.tables.spec import load_tables
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.names import slug_problem
from bastelbogen.core.paths import is_file
from bastelbogen.core.source import YList, YMap, load_yaml

GAME_FILE = "game.yaml"


def find_games(content: Path) -> list[Path]:
    return sorted(p.parent for p in content.glob(f"*/{GAME_FILE}"))


def load_game(folder: Path, fonts_dir: Path) -> Game:
    problems = Collector()
    path = folder / GAME_FILE
    data = load_yaml(path)
    if not isinstance(data, YMap):
        raise ContentError(
            Problem(
                getattr(data, "loc", Loc(str(path), 1, 1)),
                "the game file"
                f" must be a mapping of keys (game, title, components …),"
                f" got {type_name(data)}",
            )
        )
    f = Fields(data, "the game file", problems, Loc(str(path), 1, 1))
    game_id = f.get("game", str)
    if game_id is not None and (why := slug_problem(game_id, "game id")):
        problems.add(f.value_loc("game"), why)
    langs = _languages(f, problems)
    title = read_text(f, "title", problems, langs)
    author = f.get("author", str, "")
    players = _players(f, problems)
    tables = _tables(f, folder, problems, langs)
    components = tuple(
        component(c, loc, folder, problems, langs, tables) for c, loc in list_of(f, "components")
    )
    checks = tuple(_check(c, loc, problems) for c, loc in list_of(f, "checks", required=False))
    variants = tuple(
        _variant(v, loc, problems, langs) for v, loc in list_of(f, "variants", required=False)
    )
    themes, theme_field = _themes(f, folder, problems, langs)
    rules = None
    if (name := f.get("rules", str, None)) is not None:
        rules_path = inside(folder, name, f.value_loc("rules"), problems, "rules file")
        if rules_path is not None and not is_file(rules_path):
            problems.add(f.value_loc("rules"), f"rules file not found: {name}")
        elif rules_path is not None:
            rules = load_rules(rules_path, langs, problems)
    fonts, font_locs = _fonts(f, folder, fonts_dir, problems)
    f.done()
    _check_variants(variants, components, problems)
    if game_id is not None and game_id != folder.name:
        problems.add(
            f.value_loc("game"), f"game id '{game_id}' must match its folder name '{folder.name}'"
        )
    problems.raise_if_any()
    return Game(
        game_id,
        title,
        author,
        players,
        components,
        tables,
        checks,
        variants,
        rules,
        fonts,
        folder,
        f.loc,
        font_locs,
        themes,
        theme_field,
        langs,
        f.value_loc("languages") if "languages" in f.data else None,
    )


def _languages(f: Fields, problems: Collector) -> tuple[str, ...]:
    """`languages: [fr, en]`: the languages the game's texts are written in, the first the
    main one. Unsaid, those of its title, else German and English."""
    title = f.raw("title", None)
    named = tuple(k for k in title if LANG_CODE.match(str(k))) if isinstance(title, YMap) else ()
    raw = f.get("languages", YList, None)
    if raw is None:
        return named or DEFAULT_LANGUAGES
    langs = []
    for i, code in enumerate(raw):
        if isinstance(code, str) and code in langs:
            problems.add(raw.item_loc(i), f"'{code}' is named twice")
        elif not isinstance(code, str) or not LANG_CODE.match(code):
            problems.add(
                raw.item_loc(i), f"{type_name(code)} is not a language code like de, en or fr"
            )
        else:
            langs.append(code)
    if not langs:
        problems.add(f.value_loc("languages"), "'languages' names none; write [en], say")
    return tuple(langs) or named or DEFAULT_LANGUAGES  # what else is told is then to the point


def _players(f: Fields, problems: Collector) -> Players:
    p = Fields(f.raw("players"), "'players'", problems, f.value_loc("players"))
    lo, hi = p.get("min", int), p.get("max", int)
    p.done()
    if lo is not None and hi is not None and not 1 <= lo <= hi:
        problems.add(p.loc, f"players: min {lo} and max {hi} must satisfy 1 <= min <= max")
    return Players(lo or 1, hi or 1)


def _tables(f: Fields, folder: Path, problems: Collector, langs) -> dict[str, Table]:
    raw = f.raw("tables", None)
    if raw is None:
        return {}
    return load_tables(raw, f.value_loc("tables"), folder, problems, langs)


def _check(data, loc: Loc, problems: Collector) -> Check:
    f = Fields(data, "a check", problems, loc)
    kind = f.get("check", str)  # checks/declared.py knows the kinds and says if not
    return Check(kind or "", f.data, loc)


def _variant(data, loc: Loc, problems: Collector, langs) -> Variant:
    f = Fields(data, "a variant", problems, loc)
    vid = f.get("id", str) or "?"
    name = read_text(f, "name", problems, langs, default=vid)
    component = f.get("component", str) or ""
    field = f.get("field", str) or ""
    values = f.get("drop", YList) or []
    keep = f.get("keep", YMap, None)
    f.done()
    return Variant(vid, name, component, field, tuple(values), loc, _keep(keep, problems))


def _keep(keep: YMap | None, problems: Collector) -> tuple[tuple[str, tuple], ...]:
    """`keep: {set: [taler]}`: each field with the values whose items the drop spares."""
    if keep is None:
        return ()
    out = []
    for name, values in keep.items():
        if not isinstance(values, list):
            problems.add(
                keep.value_loc(name),
                f"a variant's keep: '{name}' must list values, got {type_name(values)}",
            )
            continue
        out.append((str(name), tuple(values)))
    return tuple(out)


def _check_variants(variants, components, problems: Collector) -> None:
    ids = {c.id for c in components}
    seen: dict[str, Loc] = {}
    for v in variants:
        if v.id in seen:
            problems.add(v.loc, f"variant id '{v.id}' appears twice (first at {seen[v.id]})")
        seen.setdefault(v.id, v.loc)
        if v.component not in ids:
            problems.add(
                v.loc,
                f"variant '{v.id}' names component '{v.component}', which does"
                f" not exist (components: {', '.join(sorted(ids))})",
            )


def _themes(f: Fields, folder: Path, problems: Collector, langs):
    """`themes: {field: type, files: {town: themes/town.yaml, …}}`; the first is the default."""
    raw = f.raw("themes", None)
    if raw is None:
        return {}, None
    t = Fields(raw, "'themes'", problems, f.value_loc("themes"))
    field = t.get("field", str)
    files = t.get("files", YMap)
    t.done()
    if files is not None and not files:
        problems.add(
            t.value_loc("files"),
            "'files' lists no theme; name at least one, like town: themes/town.yaml",
        )
    files = files or _empty(t.loc)
    themes = {}
    for name, rel in files.items():
        loc = files.value_loc(name)
        data = _load_file(folder, str(rel), loc, problems, "theme file")
        if data is _FAILED:
            continue
        th = Fields(data, f"theme '{name}'", problems, getattr(data, "loc", loc))
        title = read_text(th, "name", problems, langs, default=str(name))
        motifs = th.get("motifs", YMap) or _empty(th.loc)
        back = th.get("back", YMap, None) or _empty(th.loc)
        terms = th.get("terms", YMap, None)
        th.done()
        for key, motif in motifs.items():
            if not isinstance(motif, YMap):
                problems.add(
                    motifs.value_loc(key),
                    f"theme '{name}': the motif of '{key}' must"
                    f" be a mapping (motif: …, or image: file), got {type_name(motif)}",
                )
        themes[str(name)] = Theme(str(name), title, motifs, back, th.loc, terms)
    return themes, field


_FAILED = object()


def _load_file(folder: Path, rel: str, loc: Loc, problems: Collector, what: str):
    """A YAML file the game file names, inside the game's folder; _FAILED (and the problem
    noted) when it is outside, missing or broken. An empty file gives None, which its
    reader reports as the wrong kind of value, at the file's first line."""
    path = inside(folder, rel, loc, problems, what)
    if path is None:
        return _FAILED
    try:
        data = load_yaml(path, loc)
    except ContentError as exc:
        problems.extend(exc.problems)
        return _FAILED
    if data is None:
        problems.add(Loc(str(path), 1, 1), f"the {what} {rel} is empty")
        return _FAILED
    return data


def _empty(loc: Loc) -> YMap:
    m = YMap()
    m.loc, m.key_locs, m.value_locs = loc, {}, {}
    return m


def _fonts(f: Fields, folder: Path, fonts_dir: Path, problems: Collector):
    """Font roles -> files, and where each was named (the shipped defaults were not)."""
    fonts = {
        "regular": fonts_dir / "Vera.ttf",
        "bold": fonts_dir / "VeraBd.ttf",
        "italic": fonts_dir / "VeraIt.ttf",
    }
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
        # A game's own fonts live in its folder; the shared ones in fonts/. A name present
        # in the game's folder is the game's, even if it is a link that leads outside.
        base = folder if _present(folder, value) or not _present(fonts_dir, value) else fonts_dir
        path = inside(base, value, loc, problems, "font file")
        if path is None:
            continue
        if not is_file(path):
            problems.add(loc, f"font file not found: {value}")
            continue
        fonts[name] = path
        locs[name] = loc
    return fonts, locs


def _present(folder: Path, name: str) -> bool:
    try:
        return os.path.lexists(folder / name)
    except (OSError, ValueError):
        return False
