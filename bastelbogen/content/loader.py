"""content/<game>/game.yaml -> Game. Lengths become points here, once."""

from __future__ import annotations

import os
from pathlib import Path

from bastelbogen.content.components import Langs, component
from bastelbogen.content.icons import NAME, IconEntry, load_icons
from bastelbogen.content.models import (
    DEFAULT_LANGUAGES,
    Check,
    Component,
    Game,
    Players,
    Rules,
    Table,
    Theme,
    Variant,
)
from bastelbogen.content.options import LANG_CODE
from bastelbogen.content.optiontypes import Mark
from bastelbogen.content.printing import GameSettings
from bastelbogen.content.rulebooknames import rulebooks_of
from bastelbogen.content.rules import load_rules
from bastelbogen.content.schema import WORDS, Later, existing, inside, words
from bastelbogen.content.tables.spec import load_tables
from bastelbogen.core.declare import (
    Anything,
    Field,
    Json,
    Keys,
    ListOf,
    MapOf,
    Nested,
    Section,
    Text,
    Type,
    Whole,
    empty_map,
    optional,
    type_name,
)
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.names import slug_problem
from bastelbogen.core.source import YList, YMap, load_yaml

GAME_FILE = "game.yaml"


def find_games(content: Path) -> list[Path]:
    return sorted(p.parent for p in content.glob(f"*/{GAME_FILE}"))


class PlayerCount(Section):
    what = "'players'"
    min = Field(Whole(), help="the fewest who can play")
    max = Field(Whole(), help="the most who can play")

    def checked(self, problems: Collector) -> None:
        if self.min is not None and self.max is not None and not 1 <= self.min <= self.max:
            problems.add(
                self.loc,
                f"players: min {self.min} and max {self.max} must satisfy 1 <= min <= max",
            )


class Languages(Type[tuple[str, ...]]):
    """`languages: [fr, en]`, each a code once, at least one."""

    shown = "a list of language codes like de, en or fr"

    def read(
        self, value: object, loc: Loc, key: str, problems: Collector, what: str = ""
    ) -> tuple[str, ...]:
        if not isinstance(value, YList):
            return super().read(value, loc, key, problems, what)
        langs: list[str] = []
        for i, code in enumerate(value):
            if isinstance(code, str) and code in langs:
                problems.add(value.item_loc(i), f"'{code}' is named twice")
            elif not isinstance(code, str) or not LANG_CODE.match(code):
                problems.add(
                    value.item_loc(i), f"{type_name(code)} is not a language code like de, en or fr"
                )
            else:
                langs.append(code)
        if not langs:
            problems.add(loc, "'languages' names none; write [en], say")
        return tuple(langs)

    def __call__(self, value: object) -> tuple[str, ...]:
        raise ValueError(f"must be a list, got {type_name(value)}")

    def schema(self) -> Json:
        code = {
            "type": "string",
            "pattern": f"^(?:{LANG_CODE.pattern.removesuffix(chr(92) + 'Z')})$",
        }
        return {"type": "array", "items": code, "minItems": 1, "uniqueItems": True}


class VariantKeys(Section):
    what = "a variant"
    id = Field(Text(), help="the variant's name on the command line (--variant ID)")
    name = optional(WORDS, help="its name in the game's languages (default: its id)")
    component = Field(Text(), help="the component whose items it leaves out")
    field = Field(Text(), help="the item field whose values decide")
    drop = Field(ListOf(Anything()), help="the values whose items are left out")
    keep = optional(
        MapOf(ListOf(Anything())),
        help="fields with values whose items the drop spares ({set: [taler]})",
    )


class ThemeFiles(Section):
    what = "'themes'"
    field = Field(Text(), help="the item field whose value picks a theme's motif")
    files = Field(MapOf(Text()), help="each theme's name and its file; the first is the default")


class ThemeFile(Section):
    help = "A theme: a motif for each value of the game's theme field."
    name = optional(WORDS, help="the theme's name in the game's languages")
    motifs = Field(
        MapOf(Later("a motif", lambda: {"type": "object"})),
        help="per value of the theme field, its motif (motif: NAME and its keys, or image: FILE)",
    )
    back = optional(MapOf(Anything()), help="the parameters of the common back")
    terms = optional(
        MapOf(MapOf(Text())), help="per language, the words the rules use for this theme"
    )


class GameFile(Section):
    """content/<game>/game.yaml."""

    what = "the game file"
    help = (
        "A game: its title, players, tables, components, checks, variants, themes and its"
        " own print settings."
    )
    game = Field(Text(), help="the game's id: the name of its folder")
    title = Field(WORDS, help="the title, one text or one per language")
    author = Field(Text(), "", help="who made it")
    version = Field(
        Mark(), "", help="the game's version (v3, 2026-11), printed by --version-mark version"
    )
    languages = optional(
        Languages(), help="the languages its texts are written in, the first the main one"
    )
    players = Field(Nested(PlayerCount), help="how many may play")
    tables = optional(Later("the tables"), help="tables of rows the components draw from")
    components = Field(Later("the components"), help="the pieces printed")
    checks = optional(Later("the checks"), help="what the validator proves of the content")
    variants = optional(ListOf(Nested(VariantKeys)), help="variants that leave items out")
    themes = optional(Nested(ThemeFiles), help="sets of motifs chosen with --theme")
    rules = optional(Text(), help="the cheat sheet's rules file, in the game's folder")
    rulebook = optional(MapOf(Text()), help="per language, its rulebook's Markdown file")
    fonts = optional(MapOf(Text()), help="font roles (regular, bold, italic …) and their files")
    print_ = Field(
        GameSettings(),
        {},
        help="the game's own print settings, options as on the command line ({duplex: fold,"
        " bleed: 0}); the command line overrides them",
    )
    icons = optional(
        MapOf(IconEntry(), key_pattern=NAME),
        help="icons any text writes as :name: ({coin: icons/coin.svg}, or {file, size, tint})",
    )


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
    keys = Keys(data, GameFile.what, problems, Loc(str(path), 1, 1))
    g = GameFile.read_from(keys)
    if g.game is not None and (why := slug_problem(g.game, "game id")):
        problems.add(g.value_loc("game"), why)
    langs = g.languages or _named_languages(data) or DEFAULT_LANGUAGES
    title = words(g, "title", problems, langs)
    players = g.players
    tables = _tables(g.tables, g.value_loc("tables"), folder, problems, langs)
    components = tuple(
        component(c, loc, folder, problems, langs, tables)
        for c, loc in _entries(g.components, g.value_loc("components"), "components", problems)
    )
    checks = tuple(
        _check(c, loc, problems)
        for c, loc in _entries(g.checks, g.value_loc("checks"), "checks", problems)
    )
    variants = tuple(_variant(v, problems, langs) for v in g.variants or ())
    themes, theme_field = _themes(g.themes, folder, problems, langs)
    rules = _rules(g, folder, problems, langs)
    icons = load_icons(g.icons, g.value_loc("icons"), folder, problems)
    books = rulebooks_of(g, folder, langs, components, problems, rules, icons)
    fonts, font_locs = _fonts(g, folder, fonts_dir, problems)
    keys.done()
    _check_variants(variants, components, problems)
    if g.game is not None and g.game != folder.name:
        problems.add(
            g.value_loc("game"), f"game id '{g.game}' must match its folder name '{folder.name}'"
        )
    problems.raise_if_any()
    return Game(
        g.game,
        title,
        g.author,
        Players(players.min or 1, players.max or 1),
        components,
        tables,
        checks,
        variants,
        rules,
        fonts,
        folder,
        g.loc,
        font_locs,
        themes,
        theme_field,
        langs,
        g.value_loc("languages") if g.given("languages") else None,
        g.version,
        g.print_,
        icons,
        books,
    )


def _named_languages(data: YMap) -> tuple[str, ...]:
    """The languages the title names, where `languages:` is not said."""
    title = data.get("title")
    return tuple(k for k in title if LANG_CODE.match(str(k))) if isinstance(title, YMap) else ()


def _entries(value: object, loc: Loc, key: str, problems: Collector) -> list[tuple[object, Loc]]:
    """A list's entries with their places (a key left out: none)."""
    if value is None:
        return []
    if not isinstance(value, YList):
        problems.add(loc, f"'{key}' must be a list, got {type_name(value)}")
        return []
    return [(item, value.item_loc(i)) for i, item in enumerate(value)]


def _rules(g: GameFile, folder: Path, problems: Collector, langs: Langs) -> Rules | None:
    if g.rules is None:
        return None
    where = g.value_loc("rules")
    rules_path = existing(folder, g.rules, where, problems, "rules file")
    return load_rules(rules_path, langs, problems) if rules_path is not None else None


def _tables(
    raw: object, loc: Loc, folder: Path, problems: Collector, langs: Langs
) -> dict[str, Table]:
    if raw is None:
        return {}
    return load_tables(raw, loc, folder, problems, langs)


def _check(data: object, loc: Loc, problems: Collector) -> Check:
    f = Keys(data, "a check", problems, loc)
    kind = f.take(Field(Text(), key="check"))  # checks/declared.py knows the kinds
    return Check(kind or "", f.data, loc)


def _variant(v: VariantKeys, problems: Collector, langs: Langs) -> Variant:
    vid = v.id or "?"
    name = words(v, "name", problems, langs, vid)
    keep = tuple((k, tuple(values)) for k, values in (v.keep or {}).items())
    return Variant(vid, name, v.component or "", v.field or "", tuple(v.drop or ()), v.loc, keep)


def _check_variants(
    variants: tuple[Variant, ...], components: tuple[Component, ...], problems: Collector
) -> None:
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


def _themes(
    t: ThemeFiles | None, folder: Path, problems: Collector, langs: Langs
) -> tuple[dict[str, Theme], str | None]:
    """`themes: {field: type, files: {town: themes/town.yaml, …}}`; the first is the default."""
    if t is None:
        return {}, None
    if t.files is not None and not t.files:
        problems.add(
            t.value_loc("files"),
            "'files' lists no theme; name at least one, like town: themes/town.yaml",
        )
    themes = {}
    files = t.files or {}
    for name, rel in files.items():
        loc = files.value_loc(name) if isinstance(files, YMap) else t.value_loc("files")
        data = _load_file(folder, rel, loc, problems, "theme file")
        if data is _FAILED:
            continue
        th = ThemeFile.read(data, getattr(data, "loc", loc), problems, f"theme '{name}'")
        title = words(th, "name", problems, langs, name)
        motifs = _raw(data, "motifs", th.loc)
        back = _raw(data, "back", th.loc)
        terms = data.get("terms") if isinstance(data, YMap) and th.terms is not None else None
        for key, motif in motifs.items():
            if not isinstance(motif, YMap):
                problems.add(
                    motifs.value_loc(key),
                    f"theme '{name}': the motif of '{key}' must"
                    f" be a mapping (motif: …, or image: file), got {type_name(motif)}",
                )
        themes[name] = Theme(name, title, motifs, back, th.loc, terms)
    return themes, t.field


def _raw(data: object, key: str, loc: Loc) -> YMap:
    """A mapping as written (its places kept for the motifs' checks), or an empty one."""
    value = data.get(key) if isinstance(data, YMap) else None
    return value if isinstance(value, YMap) else empty_map(loc)


_FAILED = object()


def _load_file(folder: Path, rel: str, loc: Loc, problems: Collector, what: str) -> object:
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


def _fonts(
    g: GameFile, folder: Path, fonts_dir: Path, problems: Collector
) -> tuple[dict[str, Path], dict[str, Loc]]:
    """Font roles -> files, and where each was named (the shipped defaults were not)."""
    fonts = {
        "regular": fonts_dir / "Vera.ttf",
        "bold": fonts_dir / "VeraBd.ttf",
        "italic": fonts_dir / "VeraIt.ttf",
    }
    locs: dict[str, Loc] = {}
    named = g.fonts or {}
    for name, value in named.items():
        loc = named.value_loc(name) if isinstance(named, YMap) else g.value_loc("fonts")
        # A game's own fonts live in its folder; the shared ones in fonts/. A name present
        # in the game's folder is the game's, even if it is a link that leads outside.
        base = folder if _present(folder, value) or not _present(fonts_dir, value) else fonts_dir
        path = existing(base, value, loc, problems, "font file")
        if path is None:
            continue
        fonts[name] = path
        locs[name] = loc
    return fonts, locs


def _present(folder: Path, name: str) -> bool:
    try:
        return os.path.lexists(folder / name)
    except (OSError, ValueError):
        return False
