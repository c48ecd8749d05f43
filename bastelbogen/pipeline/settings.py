"""A build's options made the game's: its own print settings (`print:` in its game file,
content/printing.py) under those the command line gave; what the game file set wrong told
at its place; and every option that does nothing in this game told as a warning that
names the game and why (content/honoured.py), never silent."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from bastelbogen.checks.preflight import Preflight
from bastelbogen.content import printing
from bastelbogen.content.models import Game
from bastelbogen.content.options import OPTIONS, Option
from bastelbogen.core.errors import ContentError, OptionError, Problem
from bastelbogen.layout.imposition import BuildOptions
from bastelbogen.layout.layouts import Layouts
from bastelbogen.layout.templates import NO_BRAILLE, shows_braille


def own(game: Game, options: BuildOptions) -> BuildOptions:
    """The options with the game's own print settings where the command line gave none
    (the preview's bar, the build and validate all start from these)."""
    values = options.values()
    given = printing.told(values, options.given)
    return replace(options.but(printing.own(values, given, game.printing)), given=given)


def kept(game: Game, options: BuildOptions, key: str) -> bool:
    """Whether the option (keyed like its field) is the game file's, not the command line's."""
    return key in game.printing and key not in (options.given or ())


def located(game: Game, options: BuildOptions, keys: Iterable[str], exc: OptionError) -> Exception:
    """An option the game cannot take: told at the game file's `print:` where that set one
    of `keys` (a ContentError), else as the command line's mistake (the OptionError)."""
    for key in keys:
        if kept(game, options, key):
            return ContentError(Problem(game.printing[key][1], f"print: {exc}"))
    return exc


def tell_idle(
    game: Game, options: BuildOptions, preflight: Preflight, layouts: Layouts | None
) -> None:
    """Each option set (on the command line or in the game file) that does nothing in this
    game, told at the game file's setting or, for a flag, at the game file; `layouts`: the
    game's, read without a fault (--braille is honoured only where they show it). Validating
    tells only the game file's: it tries themes and braille of its own accord."""
    idle = [(option.key, option.name, why) for option, why in unhonoured(options.values(), game)]
    if options.braille and layouts is not None and not shows_braille(layouts, game):
        idle.append(("braille", "braille", f"game '{game.id}' {NO_BRAILLE}"))
    for key, name, why in idle:
        if kept(game, options, key):
            preflight.idle_flag(game.printing[key][1], f"print: {name}", why)
        elif not options.dry:
            preflight.idle_flag(game.loc, f"--{name}", why)


def unhonoured(
    values: Mapping[str, Any], game: Game | None = None
) -> list[tuple[Option[Any], str]]:
    """The options given (not at their defaults) that do nothing with the others or in
    `game`, each with why: a flag that changes nothing is told, never silent."""
    found = []
    for declared in OPTIONS.values():
        given = values.get(declared.key, declared.default)
        if declared.needs is None or given == declared.default:
            continue
        why = declared.needs(values, game)
        if why is not None:
            found.append((declared, why))
    return found
