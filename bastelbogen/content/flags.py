"""The option table (content/options.py) made into command-line flags: each command that
takes build options gets them from here, so a new option is one entry of the table."""

from __future__ import annotations

import click

from bastelbogen.content.options import OPTIONS, Option


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
