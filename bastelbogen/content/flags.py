"""The declared options (content/options.py) made into command-line flags: each command that
takes build options gets them from here, so a new option is one field of its declaration. And
`--out`, the one type every command that writes takes: a place it cannot write is a usage
error naming the option, told before anything is written."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from bastelbogen.content.options import OPTIONS, Option, aliased
from bastelbogen.content.optiontypes import Repeated
from bastelbogen.core.outpath import file_problem, folder_problem
from bastelbogen.core.paths import is_dir
from bastelbogen.core.typed import Choice, Flag

C = TypeVar("C", bound=Callable[..., Any])  # a command's function


def _parsed(option: Option[Any]) -> Callable[[click.Context, click.Parameter, Any], Any]:
    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value is None or (isinstance(option.type, Repeated) and not value):
            return option.default
        try:
            return option.parse(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None

    return callback


def click_option(option: Option[Any]) -> Callable[[C], C]:
    """One command-line option made from its declaration in options.py: a flag, a choice
    (click's), a repeated option or a text its Type parses."""
    decl = (f"--{option.name}", option.key)
    if isinstance(option.type, Flag):  # an alias too: BuildOptions.of makes it what it means
        return click.option(*decl, is_flag=True, help=option.help)
    if isinstance(option.type, Choice):
        return click.option(
            *decl,
            type=click.Choice(option.type.choices),
            default=option.default,
            show_default=True,
            help=option.help,
        )
    if isinstance(option.type, Repeated):
        return click.option(*decl, multiple=True, callback=_parsed(option), help=option.help)
    # A number's default an int: click reads the text as one first ('3e2' is not valid).
    shown = option.shown(option.default) if option.default is not None else None
    return click.option(
        *decl,
        default=shown,
        show_default=shown is not None,
        callback=_parsed(option),
        help=option.help,
    )


def given(ctx: click.Context, values: dict[str, object]) -> frozenset[str]:
    """The build options typed on the command line (an alias as what it stands for),
    keyed like the fields: these override a game's own print settings, the others not."""
    typed = (click.core.ParameterSource.COMMANDLINE, click.core.ParameterSource.ENVIRONMENT)
    return frozenset(aliased(key) for key in values if ctx.get_parameter_source(key) in typed)


def build_options(command: C) -> C:
    """Every declared build option, in its order, on one command."""
    for option in reversed(OPTIONS.values()):
        command = click_option(option)(command)
    return command


class OutPath(click.ParamType[Path, "str | os.PathLike[str]"]):
    """`--out`: the folder a command writes into or, given `pdf` (the file's usual name), a
    PDF to write or a folder to write it into. What core/outpath.py finds wrong with it
    (too long, a file in the way, no permission, inside the project's sources) stops the
    command as a usage error (exit 2), before any file or folder is made."""

    name = "path"

    def __init__(self, pdf: str | None = None) -> None:
        self.pdf = pdf

    def convert(
        self,
        value: str | os.PathLike[str],
        param: click.Parameter | None,
        ctx: click.Context | None,
    ) -> Path:
        text = os.fspath(value)
        if self.pdf and text and (text.endswith(("/", "\\")) or is_dir(Path(text))):
            text = os.path.join(text, self.pdf)  # a folder was meant
        # The group's callback made the Project (ctx.obj) before a command's options are read.
        sources = getattr(ctx.obj if ctx else None, "sources", ())
        if why := (file_problem if self.pdf else folder_problem)(text, sources):
            self.fail(why, param, ctx)
        return Path(text)
