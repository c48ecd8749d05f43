"""The `pnp serve` command: build the preview, serve it, and rebuild on every save."""

from __future__ import annotations

import threading
import time

import click

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
def serve_cmd(ctx: click.Context, game: str | None, port: int, host: str, **values) -> None:
    """Preview a game in the browser, live: save a file and the page shows the change.
    It is the build's own build (its theme, languages and variant settled as `pnp build`
    settles them), the first language shown.

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
        options = BuildOptions.of(**values)
        loaded(project, game, options)
    except OptionError as exc:
        raise click.UsageError(str(exc)) from None
    preview = Preview(project, game, options)
    _report(preview.rebuild())
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
    threading.Thread(target=_watch, args=(project, game, preview, stop), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()


def _watch(project, game: str, preview, stop: threading.Event) -> None:
    """Rebuild after each burst of saves (editors write a file in several steps)."""
    from watchfiles import watch  # only the preview watches files

    from bastelbogen.preview.state import folders

    for _changes in watch(*folders(project, game), stop_event=stop, debounce=400, step=50):
        _report(preview.rebuild())


def _report(snapshot) -> None:
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
