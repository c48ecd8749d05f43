"""The pipeline, one way through: load, settle options, check, lay out, paint, write. The
build, validate and the live preview share the first steps (`prepare`); they differ in
where the laid-out files go."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path

from bastelbogen.checks import find_variant, validate
from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.expand import items_of
from bastelbogen.content.models import Game, Variant
from bastelbogen.content.profiles import Profile, load_profiles
from bastelbogen.content.project import Project
from bastelbogen.content.words import Table, words_for
from bastelbogen.core import templating
from bastelbogen.core.errors import ContentError, OptionError, Problem, ProofError
from bastelbogen.core.remembered import REMEMBERED
from bastelbogen.core.workers import WorkerDied, in_order, jobs_for

# BuildOptions: held where layout and writers read it, offered here too
from bastelbogen.layout.imposition import BuildOptions as BuildOptions
from bastelbogen.layout.kit import LaidOut, lay_out
from bastelbogen.layout.layouts import Layouts
from bastelbogen.layout.templates import read_all
from bastelbogen.output import WRITERS, Job, Writer
from bastelbogen.output.changes import REPRINTED_WITHOUT, Changes
from bastelbogen.output.publish import OutsideError, remembered, scratch, staged, sweep
from bastelbogen.output.shop import takes
from bastelbogen.pipeline import changed, plugins
from bastelbogen.pipeline.assemble import every_fault, write_kit
from bastelbogen.pipeline.earlier import Earlier, keep, prepare_label, since
from bastelbogen.pipeline.settings import located, own, tell_idle
from bastelbogen.render.style import Fonts
from bastelbogen.render.syllables import knows
from bastelbogen.render.text import check_glyphs
from bastelbogen.render.versionmark import mark_text

Warn = Callable[[Problem], None]  # told each preflight finding, one by one
Built = tuple[Path | None, list[Problem], Exception | None]  # a game's kit, its warnings, its error


@dataclass
class Prepared:
    """A game made ready to lay out: loaded, its options settled, its content checked, its
    words and fonts found. The build, validate and the preview all start here."""

    game: Game
    options: BuildOptions  # the game's own languages and theme
    variant: Variant | None
    profile: Profile | None  # of --export shop
    words: dict[str, Table]
    fonts: Fonts
    layouts: Layouts
    preflight: Preflight
    faults: tuple[Problem, ...] = ()  # the templates' mistakes, told with the rest by the caller

    def laid_out(self) -> Iterator[LaidOut]:
        """Each file of the kit laid out and painted, in this process (the preview's)."""
        return lay_out(self.game, self.variant, self.options, self.layouts, self.preflight)


def prepare(
    project: Project,
    game_id: str,
    options: BuildOptions,
    game: Game | None = None,
    drawn: set[object] | None = None,
    gather: bool = False,
) -> Prepared:
    """Load, settle the options, check: the steps every way through the pipeline shares.
    `game`: loaded already. `drawn`: see build_game (its content checks ran already).
    `gather`: the templates' mistakes are handed back (Prepared.faults), to be told with
    every other layout fault, rather than raised."""
    templating.reset()
    plugins.load()
    game = game if game is not None else project.load(game_id)
    asked = own(game, options)  # as asked, before the game's theme and languages settle it
    options, variant, profile = settled(game, options)
    if not drawn:
        validate(game, variant)
    words = words_for(game, options.langs, game.languages_loc or game.loc)
    fonts = Fonts(game.fonts, game.loc, game.font_locs, icons=game.icons)
    _check_words(words, fonts)
    layouts = Layouts(project.templates)
    faults = read_all(layouts, game)
    if faults and not gather:
        raise ContentError(faults)
    preflight = Preflight()
    tell_idle(game, asked, preflight, None if faults else layouts)
    for lang in options.langs:
        if not knows(lang):
            preflight.unhyphenated(game.languages_loc or game.loc, lang)
    return Prepared(
        game, options, variant, profile, words, fonts, layouts, preflight, tuple(faults)
    )


def build_game(
    project: Project,
    game_id: str,
    out: Path,
    options: BuildOptions,
    warn: Warn | None = None,
    game: Game | None = None,
    drawn: set[object] | None = None,
    told: Preflight | None = None,
) -> Path:
    """Build one kit into out/<game>; on any error the previous out/<game> stays as it was.
    Preflight findings go to `warn` one by one, or with --strict stop the build. With
    --jobs above 1 its files are written by that many processes, to the same bytes.
    `game`: the game loaded already. `drawn` (validating several variants): the faces the
    variants before drew, whose content checks also ran then; not drawn again. `told`
    (likewise): where the preflight's findings go, to be told once for all the variants."""
    kept = remembered(out, game_id)
    before = since(out, game_id, options)  # a REF that is not one stops all: nothing written
    if not drawn:  # a later variant of one validation keeps what the first worked out
        REMEMBERED.forget()
        if not options.dry:  # read before the checks: they remember too
            REMEMBERED.read(kept)
    ready = prepare(project, game_id, options, game, drawn, gather=True)
    options = ready.options
    changes = _reprint(ready, before, warn)
    if changes is not None and before is not None and not (changes.changed or changes.removed):
        # nothing to print again: the kit before stays as it was, and is what a label names
        keep(prepare_label(out, game_id, options.label, before.folder), options.label)
        return out / game_id
    writers = _writers(options, reprinting=changes is not None)
    with scratch() if options.dry else staged(out, game_id) as staging:
        job = Job(
            ready.game,
            options,
            ready.fonts,
            project.templates,
            staging,
            ready.preflight,
            ready.words,
            ready.layouts,
            profile=ready.profile,
            drawn=drawn,
        )
        if ready.faults:  # told with the faults of the templates that did read
            raise every_fault(job, ready.variant, ContentError(list(ready.faults)))
        variant = ready.variant if changes is None else changed.hand_over(job, changes)
        write_kit(job, variant, writers, jobs_for(options.jobs))
        _tell(ready, warn, told)
        if options.dry:
            return out / game_id
        label = prepare_label(out, game_id, options.label, staging.folder, before)
        published = staging.publish(out / game_id)
        keep(label, options.label)  # a labelled build's, for a later one
        REMEMBERED.write(kept)  # under the game's lock, once its kit is in place
        return published


def _writers(options: BuildOptions, reprinting: bool) -> list[Writer]:
    """The writers this build runs: what it is asked for (validating: those that prove);
    a kit of the pieces changed prints no rules again."""
    writers = [w for w in WRITERS.values() if w.wanted(options) and (w.checks or not options.dry)]
    return [w for w in writers if w.name not in REPRINTED_WITHOUT] if reprinting else writers


def _tell(ready: Prepared, warn: Warn | None, told: Preflight | None = None) -> None:
    """The preflight's findings told, after every file is drawn (once per cause and
    component; --verbose, once per place), or added to `told`, to be told with those of
    other builds; with --strict they stop it."""
    verbose = ready.options.verbose
    if ready.options.strict and (errors := ready.preflight.problems(True, verbose)):
        raise ContentError(errors)
    if told is not None:
        told.merge(ready.preflight.found(), most=True)
        return
    for problem in ready.preflight.problems(verbose=verbose):
        if warn is not None:
            warn(problem)


def _reprint(ready: Prepared, before: Earlier | None, warn: Warn | None) -> Changes | None:
    """With --changed-since: what changed since the earlier build (nothing changed is
    told); None when not asked, or when the templates' faults are to be told first."""
    if before is None or ready.faults:
        return None
    changes = changed.compared(before, *changed.now(ready), ready.variant)
    if not (changes.changed or changes.removed) and warn:
        warn(Problem(ready.game.loc, f"nothing changed since {before.told}: no sheets written"))
    return changes


def settled(
    game: Game, options: BuildOptions
) -> tuple[BuildOptions, Variant | None, Profile | None]:
    """The options made the game's own (its print settings, languages and theme), its variant
    and print-shop profile; an option the game cannot take is an OptionError (a located
    ContentError where its game file's `print:` set it)."""
    options = own(game, options)
    settings = options.settings
    if settings.registration and settings.registration_inset < settings.margin:
        raise located(
            game,
            options,
            ("registration_inset", "margin", "registration"),
            OptionError(
                "--registration-inset must be at least --margin: the printer"
                " cannot print marks in its margin"
            ),
        )
    options = replace(options, langs=langs_of(game, options.langs))
    try:
        options = replace(options, version_mark=mark_text(options.version_mark, game))
    except OptionError as exc:
        raise located(game, options, ("version_mark",), exc) from None
    try:
        variant = find_variant(game, options.variant)
    except KeyError as exc:
        raise OptionError(str(exc.args[0])) from None
    options = replace(options, theme=_theme(game, options.theme))
    return options, variant, _profile(game, options)


def build_games(
    project: Project, names: list[str], out: Path, options: BuildOptions, warn: Warn | None = None
) -> Generator[tuple[str, Path | None, Exception | None], None, None]:
    """Each game built in turn, as (name, out folder or None, the error that stopped it or
    None). With --jobs above 1 and several games, the games are built side by side, one
    process each (each game's files then in that process alone); their warnings and
    errors are told in the games' order, as a serial build tells them. An option a game
    cannot take stops the command before any game is built (OptionError), either way."""
    jobs = jobs_for(options.jobs)
    names, games = _taking(names, [loaded(project, name, options) for name in names], options, warn)
    side_by_side = jobs > 1 and len(names) > 1  # else one game's files share the jobs
    each = replace(options, jobs=1) if side_by_side else options

    def one(n: int) -> Built:
        told: list[Problem] = []
        try:
            return build_game(project, names[n], out, each, told.append, games[n]), told, None
        except (
            ContentError,
            OptionError,
            ProofError,
            OutsideError,
            OSError,
            MemoryError,
            WorkerDied,  # one of its files' workers: its staging folder is gone already
        ) as exc:
            return None, told, exc

    def lost(n: int, died: WorkerDied) -> Built:
        """The game whose worker died: not built; what it left half-made is removed."""
        sweep(out, names[n])
        return None, [], died

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
    with closing(in_order(one, len(names), jobs if side_by_side else 1, weights, lost)) as built:
        for name, (target, told, exc) in zip(names, built, strict=True):
            if warn:
                for problem in told:
                    warn(problem)
            yield name, target, exc


def _taking(
    names: list[str], games: list[Game | None], options: BuildOptions, warn: Warn | None
) -> tuple[list[str], list[Game | None]]:
    """A shop export over several games builds those with a card the profile takes; each
    other is left out, told by a warning that names its card sizes. When none takes it, all
    are built, each then stopped by the error that says why."""
    if "shop" not in options.export or len(names) < 2:
        return names, games
    why = [_left_out(game, options) for game in games]
    if all(why):
        return names, games
    if warn:
        for problem in why:
            if problem is not None:
                warn(problem)
    kept = [n for n, problem in enumerate(why) if problem is None]
    return [names[n] for n in kept], [games[n] for n in kept]


def _left_out(game: Game | None, options: BuildOptions) -> Problem | None:
    """Why a game is left out of a shop export over several games, if it is: no card of
    the profile's size (shop.takes). A game that does not load, or whose options or
    profiles are wrong, is built, to tell its own errors."""
    if game is None:
        return None
    try:
        profile = settled(game, options)[2]
    except (ContentError, OptionError, OSError):
        return None
    why = takes(game, profile, options.fit or options.stretch) if profile is not None else ""
    return Problem(game.loc, why) if why else None


def loaded(project: Project, name: str, options: BuildOptions) -> Game | None:
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


def check_game(
    project: Project, game_id: str, options: BuildOptions, warn: Warn | None = None
) -> None:
    """Everything a build would find wrong, templates and text fit included, without
    touching out/: the kit is built into a folder that is thrown away."""
    game = project.load(game_id)
    load_profiles(game.folder)  # the game's own print-shop profiles are content too
    # Each theme, and braille, draws boxes the plain build does not: try them all.
    variants = [replace(options, theme=name) for name in game.themes] or [options]
    if not options.braille:
        variants.append(replace(options, braille=True))
    # Every language is laid out in each build: parts with words get a file per language.
    # Drawn (text fitted, glyphs and pictures checked), never written: no PDF is made.
    # Each build of the variants finds the same things again: what they find is told once,
    # together, each place counting the items of the variant that showed it most.
    told = Preflight()
    drawn: set[object] = set()  # the faces of every variant, each drawn by the first that shows it
    for variant in variants:
        build_game(project, game_id, Path(), replace(variant, dry=True), warn, game, drawn, told)
    for problem in told.problems(verbose=options.verbose):
        if warn is not None:
            warn(problem)


def _profile(game: Game, options: BuildOptions) -> Profile | None:
    """The print-shop profile --export shop writes for, or whose PDF --pdfx writes the print
    sheets as (the shipped ones, or the game's)."""
    if "shop" not in options.export and not options.pdfx:
        return None
    profiles = load_profiles(game.folder)
    if options.profile not in profiles:
        asked = "--export shop" if "shop" in options.export else "--pdfx"
        raise OptionError(
            f"{asked} needs --profile, one of {', '.join(profiles)}"
            + (f"; there is no '{options.profile}'" if options.profile else "")
        )
    profile = profiles[options.profile]
    if options.pdfx and profile.colour != "cmyk":
        cmyk = [k for k, p in profiles.items() if p.colour == "cmyk"]
        raise OptionError(
            f"--pdfx writes the sheets as a CMYK shop's PDF; '{profile.id}' is an RGB"
            f" profile (CMYK ones: {', '.join(cmyk) or 'none'})"
        )
    return profile


def _check_words(words: dict[str, Table], fonts: Fonts) -> None:
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
