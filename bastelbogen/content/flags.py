"""The option table (content/options.py) made into command-line flags: each command that
takes build options gets them from here, so a new option is one entry of the table. And
`--out`, the one type every command that writes takes: a place it cannot write is a usage
error naming the option, told before anything is written."""

from __future__ import annotations

import os
from pathlib import Path

import click

from bastelbogen.content.options import OPTIONS, Option
from bastelbogen.core.outpath import file_problem, folder_problem
from bastelbogen.core.paths import is_dir


def _parsed(option: Option):
    def callback(ctx, param, value):
        if value is None or (option.type in ("langs", "list") and not value):
            return option.default
        try:
            return option.parse(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None

    return callback


def click_option(option: Option):
    """One command-line option made from its declaration in options.py."""
    decl = (f"--{option.name}", option.key)
    if option.type in ("flag", "alias"):  # an alias: BuildOptions.of makes it what it means
        return click.option(*decl, is_flag=True, help=option.help)
    if option.type == "choice":
        return click.option(
            *decl,
            type=click.Choice(option.choices),
            default=option.default,
            show_default=True,
            help=option.help,
        )
    if option.type in ("langs", "list"):
        return click.option(*decl, multiple=True, callback=_parsed(option), help=option.help)
    shown = option.shown(option.default) if option.default is not None else None
    return click.option(
        *decl,
        default=shown,
        show_default=shown is not None,
        callback=_parsed(option),
        help=option.help,
    )


def build_options(command):
    """Every build option of the table, in its order, on one command."""
    for option in reversed(OPTIONS.values()):
        command = click_option(option)(command)
    return command


class OutPath(click.ParamType):
    """`--out`: the folder a command writes into or, given `pdf` (the file's usual name), a
    PDF to write or a folder to write it into. What core/outpath.py finds wrong with it
    (too long, a file in the way, no permission, inside the project's sources) stops the
    command as a usage error (exit 2), before any file or folder is made."""

    name = "path"

    def __init__(self, pdf: str | None = None) -> None:
        self.pdf = pdf

    def convert(self, value, param, ctx) -> Path:
        text = os.fspath(value)
        if self.pdf and text and (text.endswith(("/", "\\")) or is_dir(Path(text))):
            text = os.path.join(text, self.pdf)  # a folder was meant
        # The group's callback made the Project (ctx.obj) before a command's options are read.
        sources = getattr(ctx.obj if ctx else None, "sources", ())
        if why := (file_problem if self.pdf else folder_problem)(text, sources):
            self.fail(why, param, ctx)
        return Path(text)
