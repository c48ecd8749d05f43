"""The `pnp` command: thin wrappers over the pipeline; user mistakes exit 1 with no traceback."""

from __future__ import annotations

import os
import sys
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

import click

from bastelbogen.content.flags import OutPath, build_options, click_option, given
from bastelbogen.content.options import FLIPS, OPTIONS

# Only what every command needs: `pnp --help` stays quick; a command loads what it uses.
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, OptionError, Problem, ProofError
from bastelbogen.core.names import slug_problem
from bastelbogen.core.paths import is_dir
from bastelbogen.pipeline.schemacommand import schema_cmd
from bastelbogen.preview.command import serve_cmd
from bastelbogen.preview.options import LIVE

if TYPE_CHECKING:
    from bastelbogen.content.project import Project


def _project(ctx: click.Context) -> Project:
    project: Project = ctx.obj  # set by `main`
    return project


def _fail(exc: ContentError, games: list[str], code: int = 1, outcome: str = "") -> None:
    """Every problem told, then what became of the work: `outcome`, or that the games were
    not built."""
    for problem in exc.problems:
        click.echo(str(problem), err=True)
    n = len(exc.problems)
    outcome = outcome or (
        f"not built: {', '.join(games)} (the previous output of each is unchanged)"
    )
    click.echo(f"{n} problem{'s' if n != 1 else ''}; {outcome}.", err=True)
    sys.exit(code)


# sysexits' EX_SOFTWARE: a fault of the program, told apart from a user's mistake (1) and
# a usage error (2).
BUG = 70
# sysexits' EX_OSERR: the system ended a worker process (out of memory, a signal), which is
# neither the content's mistake nor the program's.
WORKER_DIED = 71


class _Pnp(click.Group):
    def invoke(self, ctx: click.Context) -> object:
        """Ctrl-C: 130 and a line, not click's "Aborted!" (exit 1) or a traceback."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\ninterrupted; nothing unfinished was written.", err=True)
            sys.exit(130)  # 128 + SIGINT: what a shell reports of a command ended by Ctrl-C


def _bug(name: str, exc: ProofError) -> None:
    click.echo(
        f"{name}: bug in bastelbogen, not in your content: {exc}. Nothing was written"
        " (the previous output is unchanged); please report this with the command you ran.",
        err=True,
    )


def _out_of_memory(name: str, stop: bool = True) -> None:
    click.echo(
        f"{name}: the content asks for more than"
        f" {limits.MAX_MEMORY_BYTES / 1024**3:g} GiB of memory (thousands of values made"
        " long?); nothing was written",
        err=True,
    )
    if stop:
        sys.exit(1)


@click.group(cls=_Pnp, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Project folder holding content/ (and its own templates/ and fonts/, if"
    " any); default: the current folder.",
)
@click.pass_context
def main(ctx: click.Context, root: Path | None) -> None:
    """Bastelbogen: print-and-play kits from YAML.

    \b
    Examples:
      pnp list
      pnp validate muenchhausen
      pnp build muenchhausen --paper letter --duplex short
      pnp calibrate --paper a4
    """
    if root is not None and not is_dir(root):
        raise click.BadParameter(f"{root} is not a folder", param_hint="--root")
    if root is not None and not is_dir(root / "content") and ctx.invoked_subcommand != "new":
        raise click.BadParameter(
            f"{root} has no content/ folder; a project holds its games in content/<game>/",
            param_hint="--root",
        )
    limits.cap_memory()
    # numpy's BLAS starts a thread per core as it loads, and they spin a while: a twentieth
    # of a small build's CPU time, for colours converted a few at a time (checks/colours.py);
    # no matrix of ours is large enough to share out. Read once, before numpy loads.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from bastelbogen.content.project import Project

    ctx.obj = Project((root or Path.cwd()).resolve())


def _warn(problem: Problem) -> None:
    """A preflight finding: told, located, and the build goes on (unless --strict)."""
    click.echo(f"{problem.loc}: warning: {problem.said()}", err=True)


def _games(project: Project, names: tuple[str, ...]) -> list[str]:
    """The games named, each a name in content/ and never a path; all of them if none."""
    if not project.content.is_dir():
        raise click.UsageError(
            f"{project.root} has no content/ folder: run pnp in a project"
            " folder (one with content/<game>/game.yaml) or give --root"
        )
    from bastelbogen.content.loader import find_games

    known = [p.name for p in find_games(project.content)]
    for name in names:
        why = slug_problem(name, "game name")
        if why or name not in known:
            raise click.BadParameter(
                why
                or f"no game '{name}' in {project.content} (games: {', '.join(known) or 'none'})",
                param_hint="GAMES",
            )
    return list(names) or known


@main.command("list")
@click.pass_context
def list_games(ctx: click.Context) -> None:
    """List the games in content/ with players and component totals.

    \b
    Example:
      pnp list
    """
    from bastelbogen.content.expand import items_of
    from bastelbogen.content.loader import find_games

    project = _project(ctx)
    _games(project, ())  # a folder without content/ is told so
    for folder in find_games(project.content):
        try:
            game = project.load(folder.name)
        except ContentError as exc:
            click.echo(f"{folder.name:14} (broken: {exc.problems[0]})")
            continue
        # The command speaks English: a game's English names where it has them.
        lang = "en" if "en" in game.languages else game.languages[0]
        parts = ", ".join(
            f"{len(items_of(game, c))} {c.name.get(lang).lower()}" for c in game.components
        )
        click.echo(
            f"{game.id:14} {game.title.get(lang):16} {game.players.min}-"
            f"{game.players.max} players  {parts}"
        )


@main.command("validate")
@click.argument("games", nargs=-1)
@click_option(OPTIONS["variant"])
@click_option(OPTIONS["strict"])
@click_option(OPTIONS["verbose"])
@click.pass_context
def validate_cmd(
    ctx: click.Context, games: tuple[str, ...], variant: str | None, strict: bool, verbose: bool
) -> None:
    """Check that a game's content is complete and builds; list every problem as
    path:line:col. Nothing is written.

    \b
    Examples:
      pnp validate               # every game
      pnp validate muenchhausen --variant large-groups
    """
    from bastelbogen.core.workers import WorkerDied
    from bastelbogen.pipeline.build import BuildOptions, check_game

    project = _project(ctx)
    problems: list[Problem] = []
    invalid: list[str] = []
    for name in _games(project, games):
        try:
            options = BuildOptions(variant=variant, strict=strict, verbose=verbose)
            check_game(project, name, options, _warn)
            click.echo(f"{name}: ok")
        except ContentError as exc:
            problems.extend(exc.problems)
            invalid.append(name)
        except OptionError as exc:
            raise click.UsageError(str(exc)) from None
        except ProofError as exc:
            _bug(name, exc)
            sys.exit(BUG)
        except MemoryError:
            _out_of_memory(name)
        except WorkerDied as exc:
            click.echo(f"{name}: {exc}; not checked", err=True)
            sys.exit(WORKER_DIED)
    if problems:  # told like a build's: every problem, then how many and of which games
        _fail(ContentError(problems), invalid, outcome=f"not valid: {', '.join(invalid)}")


@main.command("build")
@click.argument("games", nargs=-1)
@build_options
@click.option(
    "--out",
    "out",
    type=OutPath(),
    default="out",
    show_default=True,
    help="The folder the kits go into, each in OUT/<game>/; never inside content/,"
    " templates/ or fonts/.",
)
@click.pass_context
def build_cmd(ctx: click.Context, /, games: tuple[str, ...], out: Path, **values: object) -> None:
    """Build print-ready PDFs into OUT/<game>/ (every game when none is named).

    \b
    Examples:
      pnp build                                  # every game, A4, long-edge duplex
      pnp build muenchhausen --paper letter --duplex fold
      pnp build muenchhausen --braille --back-offset 1.5mm,-0.5mm
      pnp build mytown --theme animals --svg
    """
    from dataclasses import replace

    from bastelbogen.pipeline.build import BuildOptions, build_games

    project = _project(ctx)
    names = _games(project, games)
    failed: list[tuple[str, ContentError]] = []
    code = 0  # the exit of a game stopped by other than its content: told, the others built
    try:
        # over each game's own print settings; a flag that changes nothing in a game is
        # told at the game (pipeline/settings.py)
        options = replace(BuildOptions.of(**values), given=given(ctx, values))
        with closing(build_games(project, names, out, options, _warn)) as built:
            for name, target, exc in built:
                if isinstance(exc, ContentError):
                    failed.append((name, exc))
                else:
                    code = max(code, _told(name, target, exc, out))
    except OptionError as exc:
        raise click.UsageError(str(exc)) from None
    if failed:
        _fail(
            ContentError([p for _, exc in failed for p in exc.problems]),
            [name for name, _ in failed],
            max(code, 1),
        )
    if code:
        sys.exit(code)


def _told(name: str, target: Path | None, exc: Exception | None, out: Path) -> int:
    """One game's build told (not its content's problems, which are told together): the
    exit code it asks, 0 when its kit was written."""
    from bastelbogen.core.workers import WorkerDied

    if isinstance(exc, OptionError):
        raise exc
    if isinstance(exc, ProofError):
        _bug(name, exc)
        return BUG
    if isinstance(exc, WorkerDied):
        click.echo(f"{name}: {exc}; not built (its previous output is unchanged)", err=True)
        return WORKER_DIED
    if isinstance(exc, OSError):
        click.echo(f"{name}: cannot write to {out}: {exc.strerror or exc}", err=True)
    elif isinstance(exc, MemoryError):
        _out_of_memory(name, stop=False)
    elif exc is not None:  # publish.OutsideError: a path to write resolves outside the output
        click.echo(f"{name}: {exc}", err=True)
    elif target is not None and sys.stdout.isatty():
        click.echo(f"{name}: {len(sorted(target.glob('*.pdf')))} PDFs in {target}")
    return 0 if exc is None else 1


@main.command("new")
@click.argument("name")
@click.option(
    "--from-table",
    "table",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="Start from your spreadsheet (CSV, TSV, XLSX, ODS): one card per row.",
)
@click.pass_context
def new_cmd(ctx: click.Context, name: str, table: Path | None) -> None:
    """Start a game that builds as it is, in content/NAME and templates/NAME.

    From a table: its 'id' column names the cards; without one, the first column whose
    cells are all different plain names (letters, digits, - and _; a column 'name'
    first) does, written as `key:`. Ids the game would refuse (empty, twice, not plain)
    are told at their cells, and nothing is written. A column qty, copies or count (any
    case) of whole numbers says how many copies of each card the deck holds. A column of
    picture files (.png, .jpg, .svg, beside the table or in a folder below it) is copied
    into the game as the table names them and drawn on each card.

    \b
    Examples:
      pnp new my-deck                          # a CSV deck of three cards to start from
      pnp new heroes --from-table heroes.csv   # name,atk,def,art,qty: one card per copy
      pnp new birds --from-table birds.xlsx    # the first sheet with an 'id' column
    \b
    Then:
      pnp validate heroes                      every mistake at its file:line:col
      pnp build heroes                         the kit in out/heroes/
    """
    from bastelbogen.content.scaffold import scaffold

    try:
        steps = scaffold(_project(ctx).root, name, table)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    except ContentError as exc:  # a table it cannot start from, a folder it cannot write
        _fail(exc, [name], outcome="nothing was written")
    except MemoryError:
        _out_of_memory(name)
    from bastelbogen.pipeline.schemacommand import write_into

    try:  # the game is written; its editor's schemas are a help, not a part of it
        write_into(_project(ctx).root / "schemas")
    except click.BadParameter as exc:
        click.echo(f"warning: {exc.message}; `pnp schema` writes them later", err=True)
    click.echo(
        "\n  ".join([f"{name}: a new game in content/{name}/ and templates/{name}/. Next:", *steps])
    )


@main.command("calibrate")
@click_option(OPTIONS["paper"])
@click_option(
    OPTIONS["duplex"].narrowed(FLIPS, "The edge your printer turns the sheet over for its backs.")
)
@click.option(
    "--out",
    "out",
    type=OutPath(pdf="calibrate.pdf"),
    default="out/calibrate.pdf",
    show_default=True,
    help="The PDF to write, or a folder to write calibrate.pdf into.",
)
@click.pass_context
def calibrate_cmd(ctx: click.Context, paper: str, duplex: str, out: Path) -> None:
    """Write a two-sided test sheet to read your printer's back offset from.

    \b
    Print it double-sided at 100 % (no "fit to page"), hold it against a window and read
    where the back's cross falls on the front's scales; pass the numbers to
    `pnp build --back-offset X,Y`.

    \b
    Example:
      pnp calibrate --paper letter --duplex short
    """
    from bastelbogen.layout.imposition import PrintSettings
    from bastelbogen.output.calibrate import write_calibration

    try:  # --out is checked (OutPath); what fails still is a place that changed meanwhile
        settings = PrintSettings(paper=paper, duplex=duplex, bleed=0.0)
        path = write_calibration(out, settings, _project(ctx).fonts)
    except OSError as exc:
        raise click.BadParameter(
            f"cannot write {out}: {exc.strerror or exc}", param_hint="--out"
        ) from None
    click.echo(str(path))


for _option in LIVE:  # every option that changes what is drawn, from the table
    click_option(_option)(serve_cmd)
main.add_command(serve_cmd)  # the live preview, in its own package
main.add_command(schema_cmd)  # the editor's schemas, with what makes them

if __name__ == "__main__":
    main()
