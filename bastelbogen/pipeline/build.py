"""The pipeline, one way through: load, check, expand, lay out, paint, write."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path

from bastelbogen.checks import find_variant, validate
from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.expand import items_of
from bastelbogen.content.models import Game
from bastelbogen.content.options import OPTIONS, default
from bastelbogen.content.profiles import load_profiles
from bastelbogen.content.project import Project
from bastelbogen.content.words import words_for
from bastelbogen.core import templating
from bastelbogen.core.errors import ContentError, OptionError, ProofError
from bastelbogen.core.workers import in_order, jobs_for
from bastelbogen.layout.imposition import PrintSettings
from bastelbogen.layout.layouts import Layouts
from bastelbogen.output import WRITERS, Job
from bastelbogen.output.publish import OutsideError, scratch, staged
from bastelbogen.pipeline import plugins
from bastelbogen.pipeline.assemble import write_kit
from bastelbogen.render.cheatsheet import forget_fits
from bastelbogen.render.style import Fonts
from bastelbogen.render.text import check_glyphs


@dataclass(frozen=True)
class BuildOptions:
    """A build's options; their defaults and meaning are declared in options.py."""

    settings: PrintSettings = PrintSettings()
    langs: tuple[str, ...] = default("lang")  # empty: every language of the game
    braille: bool = default("braille")
    variant: str | None = default("variant")
    svg: bool = default("svg")
    cut: str = default("cut")
    theme: str | None = default("theme")  # None: the game's first theme
    strict: bool = default("strict")
    export: tuple[str, ...] = default("export")
    dpi: int = default("dpi")
    profile: str | None = default("profile")
    fit: bool = default("fit")
    base_url: str | None = default("base-url")
    jobs: int = default("jobs")  # 0: $PNP_JOBS, else one per core
    dry: bool = False  # validating: every face drawn and the rules fitted, nothing written

    @classmethod
    def of(cls, **values) -> BuildOptions:
        """Options from parsed values keyed like options.OPTIONS (back_offset for
        back-offset); what is not given takes its declared default. Each option is a
        field of PrintSettings (what the layout needs) or of these options."""
        v = {o.key: o.default for o in OPTIONS.values()} | values
        settings = PrintSettings(**{k: v.pop(k) for k in _PRINT})
        return cls(
            settings,
            **{_FIELDS.get(k, k): tuple(x) if isinstance(x, list) else x for k, x in v.items()},
        )

    def values(self) -> dict:
        """Every option's value, keyed like options.OPTIONS."""
        return {
            o.key: getattr(self.settings, o.key)
            if o.key in _PRINT
            else getattr(self, _FIELDS.get(o.key, o.key))
            for o in OPTIONS.values()
        }


_PRINT = tuple(f.name for f in fields(PrintSettings))
_FIELDS = {"lang": "langs"}  # an option's key -> its field here, where the two differ


def build_game(
    project: Project,
    game_id: str,
    out: Path,
    options: BuildOptions,
    warn=None,
    game: Game | None = None,
    drawn: set | None = None,
) -> Path:
    """Build one kit into out/<game>; on any error the previous out/<game> stays as it was.
    Preflight findings go to `warn` one by one, or with --strict stop the build. With
    --jobs above 1 its files are written by that many processes, to the same bytes.
    `game`: the game loaded already. `drawn` (validating several variants): the faces the
    variants before drew, whose content checks also ran then; not drawn again."""
    templating.reset()
    if not drawn:  # a later variant of one validation may reuse the pages fitted before
        forget_fits()
    plugins.load()
    game = game if game is not None else project.load(game_id)
    options, variant, profile = settled(game, options)
    if not drawn:
        validate(game, variant)
    words = words_for(game, options.langs, game.languages_loc or game.loc)
    preflight = Preflight()
    layouts = Layouts(project.templates)
    fonts = Fonts(game.fonts, game.loc, game.font_locs)
    _check_words(words, fonts)
    writers = [w for w in WRITERS if w.wanted(options) and (w.checks or not options.dry)]
    with scratch() if options.dry else staged(out, game_id) as staging:
        job = Job(
            game,
            options,
            fonts,
            project.templates,
            staging,
            preflight,
            words,
            layouts,
            profile=profile,
            drawn=drawn,
        )
        write_kit(job, variant, writers, jobs_for(options.jobs))
        found = preflight.problems()
        if found and options.strict:
            raise ContentError(found)
        for problem in found if warn else ():
            warn(problem)
        return out / game_id if options.dry else staging.publish(out / game_id)


def settled(game: Game, options: BuildOptions) -> tuple[BuildOptions, object, object]:
    """The options made the game's own (its languages and theme), its variant and print-shop
    profile; an option the game cannot take is an OptionError."""
    settings = options.settings
    if settings.registration and settings.registration_inset < settings.margin:
        raise OptionError(
            "--registration-inset must be at least --margin: the printer"
            " cannot print marks in its margin"
        )
    options = replace(options, langs=langs_of(game, options.langs))
    try:
        variant = find_variant(game, options.variant)
    except KeyError as exc:
        raise OptionError(str(exc.args[0])) from None
    options = replace(options, theme=_theme(game, options.theme))
    return options, variant, _profile(game, options)


def build_games(project: Project, names: list[str], out: Path, options: BuildOptions, warn=None):
    """Each game built in turn, as (name, out folder or None, the error that stopped it or
    None). With --jobs above 1 and several games, the games are built side by side, one
    process each (each game's files then in that process alone); their warnings and
    errors are told in the games' order, as a serial build tells them. An option a game
    cannot take stops the command before any game is built (OptionError), either way."""
    jobs = jobs_for(options.jobs)
    games = [_loaded(project, name, options) for name in names]
    side_by_side = jobs > 1 and len(names) > 1  # else one game's files share the jobs
    each = replace(options, jobs=1) if side_by_side else options

    def one(n: int):
        told: list = []
        try:
            return build_game(project, names[n], out, each, told.append, games[n]), told, None
        except (ContentError, OptionError, ProofError, OutsideError, OSError, MemoryError) as exc:
            return None, told, exc

    weights = (
        [
            0.0
            if game is None
            else len(game.languages) * sum(len(items_of(game, c)) for c in game.components)
            for game in games
        ]
        if side_by_side
        else None
    )  # the biggest first
    built = in_order(one, len(names), jobs if side_by_side else 1, weights)
    for name, (target, told, exc) in zip(names, built, strict=True):
        for problem in told if warn else ():
            warn(problem)
        yield name, target, exc


def _loaded(project: Project, name: str, options: BuildOptions) -> Game | None:
    """The game, loaded once for its build, its options checked first: an OptionError goes
    to the caller before anything is built. None when it cannot load: told at its turn."""
    try:
        game = project.load(name)
    except (ContentError, OSError, MemoryError):
        return None
    try:
        settled(game, options)
    except (ContentError, OSError, MemoryError):
        pass  # a broken print-shop profile: told by the game's build, at its turn
    return game


def check_game(project: Project, game_id: str, options: BuildOptions, warn=None) -> None:
    """Everything a build would find wrong, templates and text fit included, without
    touching out/: the kit is built into a folder that is thrown away."""
    game = project.load(game_id)
    langs = langs_of(game, options.langs)
    options = replace(options, langs=langs)
    # Each theme, and braille, draws boxes the plain build does not: try them all.
    variants = [replace(options, theme=name) for name in game.themes] or [options]
    if not options.braille:
        variants.append(replace(options, braille=True))
    # Every language is laid out in each build: parts with words get a file per language.
    # Drawn (text fitted, glyphs and pictures checked), never written: no PDF is made.
    told: set[str] = set()

    def once(problem):  # each build of the variants finds the same things again
        if str(problem) not in told and warn:
            told.add(str(problem))
            warn(problem)

    drawn: set = set()  # the faces of every variant, each drawn by the first that shows it
    for variant in variants:
        build_game(project, game_id, Path(), replace(variant, dry=True), once, game, drawn)


def _profile(game: Game, options: BuildOptions):
    """The print-shop profile --export shop writes for (the shipped ones, or the game's)."""
    if "shop" not in options.export:
        return None
    profiles = load_profiles(game.folder)
    if options.profile not in profiles:
        raise OptionError(
            f"--export shop needs --profile, one of {', '.join(profiles)}"
            + (f"; there is no '{options.profile}'" if options.profile else "")
        )
    return profiles[options.profile]


def _check_words(words: dict, fonts: Fonts) -> None:
    """The kit's own words are set in the game's regular and bold fonts: each must have
    every letter of them (a table of words in a script the font lacks is told where)."""
    for table in words.values():
        for key, value in table.items():
            for text in value if isinstance(value, tuple) else (value,):
                for role in ("regular", "bold"):
                    check_glyphs(str(text), fonts[role], table.locs[key], "the kit's words")


def langs_of(game: Game, asked: tuple[str, ...]) -> tuple[str, ...]:
    """The languages to build: those asked for, each one the game is written in."""
    known = game.languages
    for lang in asked:
        if lang not in known:
            raise OptionError(
                f"game '{game.id}' is not written in '{lang}' (languages: {', '.join(known)})"
            )
    return asked or known


def _theme(game: Game, name: str | None) -> str | None:
    if not game.themes:
        return None  # `pnp build --theme animals` builds the games without themes as they are
    if name is None:
        return next(iter(game.themes))
    if name not in game.themes:
        raise OptionError(
            f"game '{game.id}' has no theme '{name}' (themes: {', '.join(game.themes)})"
        )
    return name
