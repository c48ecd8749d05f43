"""`pnp schema`: the JSON Schema of the files a designer writes, on standard output or
into a folder (and `pnp new`'s copy beside a new game), for an editor's YAML language
server. The schemas themselves are made in schemas.py."""

from __future__ import annotations

from pathlib import Path

import click

from bastelbogen.content.flags import OutPath
from bastelbogen.content.schema import SCHEMA_NAMES


@click.command("schema")
@click.argument("which", required=False, type=click.Choice(SCHEMA_NAMES))
@click.option(
    "--out",
    "out",
    type=OutPath(),
    default=None,
    help="Write every schema into this folder as NAME.schema.json.",
)
@click.pass_context
def schema_cmd(ctx: click.Context, which: str | None, out: Path | None) -> None:
    """The JSON Schema of the files you write, for your editor's YAML language server.

    With a name (game, theme, layout, rules, profile), that file's schema on standard
    output; with --out, every schema written into the folder. A file whose first line is
    `# yaml-language-server: $schema=PATH` is then completed, explained on hover and
    checked as you type (`pnp new` writes that line and the schemas itself).

    \b
    Examples:
      pnp schema game > game.schema.json
      pnp schema --out schemas
    """
    import json

    from bastelbogen.pipeline import plugins
    from bastelbogen.pipeline.schemas import schema_of

    if which is not None:
        plugins.load()  # a layout's painters, the kinds, the checks: all registered
        click.echo(json.dumps(schema_of(which), indent=2, ensure_ascii=False))
    if out is not None or which is None:
        for path in write_into(out or ctx.obj.root / "schemas"):
            click.echo(str(path))


def write_into(folder: Path) -> list[Path]:
    """The schemas of the files a designer writes, into `folder` (`pnp schema`)."""
    from bastelbogen.pipeline import plugins
    from bastelbogen.pipeline.schemas import write_schemas

    plugins.load()  # a layout's painters, the kinds, the checks: all registered
    try:
        return write_schemas(folder)
    except OSError as exc:
        raise click.BadParameter(
            f"cannot write {folder}: {exc.strerror or exc}", param_hint="--out"
        ) from None
