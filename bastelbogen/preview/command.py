"""The `pnp serve` command: serve the preview at once, build it meanwhile, rebuild on saves."""

from __future__ import annotations

import os
import threading
import time
import traceback
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from bastelbogen.content.flags import given
from bastelbogen.core import limits

if TYPE_CHECKING:
    from bastelbogen.content.project import Project
    from bastelbogen.preview.state import Preview, Snapshot

LOCAL = ("127.0.0.1", "localhost", "::1")


@click.command("serve")
@click.argument("game", required=False)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8400,
    show_default=True,
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; anything but this machine's own is reachable from the network.",
)
@click.pass_context
def serve_cmd(
    ctx: click.Context, /, game: str | None, port: int, host: str, **values: object
) -> None:
    """Preview a game in the browser, live: save a file and the page shows the change.
    It is the build's own build (its theme, languages and variant settled as `pnp build`
    settles them), the first language shown; the page switches the options while it runs.
    The page is served at once, "building…" until the first build is in.

    \b
    Examples:
      pnp serve muenchhausen
      pnp serve mytown --port 8500 --theme animals
    """
    from bastelbogen.content.loader import find_games
    from bastelbogen.core.errors import OptionError
    from bastelbogen.pipeline.build import BuildOptions, loaded  # loaded when the command runs
    from bastelbogen.preview.server import serve
    from bastelbogen.preview.state import Preview

    project = ctx.obj
    games = [p.name for p in find_games(project.content)]
    if game is None and len(games) != 1:
        raise click.UsageError(f"name the game to preview, one of {', '.join(games)}")
    game = game or games[0]
    if game not in games:  # a broken game is previewed, its problems in the page
        raise click.BadParameter(f"no game '{game}' (games: {', '.join(games)})", param_hint="GAME")
    try:  # the build options cli.py adds from the table, checked as the build checks them
        options = replace(BuildOptions.of(**values), given=given(ctx, values))
        known = loaded(project, game, options)
    except OptionError as exc:
        raise click.UsageError(str(exc)) from None
    preview = Preview(project, game, options)
    preview.game = known  # the page's choices before the first build is in
    try:
        server = serve(preview, host, port)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    if host not in LOCAL:
        click.echo(
            f"warning: listening on {host}: anyone who can reach this machine can see the preview",
            err=True,
        )
    shown = host if host not in ("0.0.0.0", "::") else "127.0.0.1"
    shown = f"[{shown}]" if ":" in shown else shown  # an IPv6 address in a URL
    click.echo(f"Preview of {game}: http://{shown}:{server.server_address[1]}/ (Ctrl+C to stop)")
    stop = threading.Event()
    # The first build in the background: the page is served from the first moment, saying
    # "building…"; the watcher watches meanwhile (a save then is built after it).
    threading.Thread(target=lambda: _report(preview.rebuild()), daemon=True).start()
    threading.Thread(target=_watch, args=(project, game, preview, stop), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()


def _watch(project: Project, game: str, preview: Preview, stop: threading.Event) -> None:
    """Rebuild after each burst of saves (editors write a file in several steps). Only
    `stop` ends this: a failed rebuild is told by the snapshot, and a watcher that fails
    (a folder gone as it was watched) is told with its traceback and started again, after
    a pause that grows while it keeps failing."""
    from watchfiles import watch  # only the preview watches files

    pause, missed = FIRST_PAUSE, False
    while not stop.is_set():
        try:
            watched = _to_watch(project, game)
            if not watched:  # nothing there to watch yet
                stop.wait(FIRST_PAUSE)
                continue
            # Each folder on its own, not its subfolders: the walk found the real ones, and
            # a watch that recursed would follow a link out of the game folder. A second
            # without saves yields nothing: then a save the watcher may have missed while
            # it was started anew (a file copied into a new folder) is built.
            for changes in watch(
                *watched,
                stop_event=stop,
                debounce=400,
                step=50,
                recursive=False,
                rust_timeout=1000,
                yield_on_timeout=True,
            ):
                if not (changes or missed):
                    continue
                pause, missed = FIRST_PAUSE, False  # it watches: a failure now is a new one
                _report(preview.rebuild())
                if folders(project, game) != watched:
                    missed = True
                    break  # a folder came or went: watch the new set
        except Exception as exc:  # noqa: BLE001 - the preview outlives any one failure
            _failed(exc, pause)
            stop.wait(pause)  # then watch again (a folder that went may be back)
            pause, missed = min(2 * pause, LAST_PAUSE), True


def _to_watch(project: Project, game: str) -> list[Path]:
    """The folders to watch, and a warning when they are too many to watch them all."""
    watched = folders(project, game)
    if len(watched) == limits.MAX_WATCHED_FOLDERS:
        click.echo(
            f"warning: watching the first {len(watched):,} folders only;"
            " saves in the others are not seen",
            err=True,
        )
    return watched


FIRST_PAUSE, LAST_PAUSE = 1.0, 30.0  # seconds before the watcher tries again


def _failed(exc: Exception, pause: float) -> None:
    """The watcher's failure on the terminal: with its traceback the first time, in a line
    while it fails again."""
    stamp = time.strftime("%H:%M:%S")
    if pause == FIRST_PAUSE:
        click.echo(f"{stamp} the file watcher failed:", err=True)
        click.echo(traceback.format_exc().rstrip(), err=True)
    else:
        click.echo(f"{stamp} the file watcher failed again: {type(exc).__name__}: {exc}", err=True)
    click.echo(f"  watching again in {pause:g} s", err=True)


def folders(project: Project, game: str) -> list[Path]:
    """What to watch: the game's folder and the templates folders with their subfolders,
    found without following a link (one that leads out of them leads to folders that are
    none of the game's business), at most MAX_WATCHED_FOLDERS. A game folder that is gone
    is waited for in the content folder."""
    game_folder = project.content / game
    if game_folder.is_dir():
        found = _walk(game_folder)
    else:  # its coming back is a change in the content folder
        found = [project.content] if project.content.is_dir() else []
    for templates in project.templates:
        found += _walk(templates)
    return found[: limits.MAX_WATCHED_FOLDERS]


def _walk(root: Path) -> list[Path]:
    """The real folders in `root` and below, `root` first; links to folders are not entered
    (os.walk's default), nor the folders the watcher ignores anyway (.git, caches)."""
    from watchfiles import DefaultFilter

    found: list[Path] = []
    for here, subfolders, _files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d not in DefaultFilter.ignore_dirs)
        found.append(Path(here))
        if len(found) >= limits.MAX_WATCHED_FOLDERS:
            break
    return found


def _report(snapshot: Snapshot) -> None:
    stamp = time.strftime("%H:%M:%S")
    if snapshot.problems:
        click.echo(
            f"{stamp} build {snapshot.version}: {len(snapshot.problems)} problem(s)", err=True
        )
        for problem in snapshot.problems:
            click.echo(f"  {problem['text']}", err=True)
    else:
        click.echo(f"{stamp} build {snapshot.version} in {snapshot.seconds:.2f} s")
        for warning in snapshot.warnings:  # as `pnp build` warns
            click.echo(f"  {warning['where']}: warning: {warning['message']}", err=True)
