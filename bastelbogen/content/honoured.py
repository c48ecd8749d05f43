"""What a game can honour of the build options: the `needs` of those declared in
content/options.py that act only with other options, or only in a game that has what they
act on. Each takes every option's value and the game (None: the command line alone, before
any game is read) and says why the option does nothing there, or None where it acts; the
build tells each such option as a warning at the game's file (pipeline/settings.py), never
silently."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bastelbogen.content.models import Component, Game

Needs = Callable[[Mapping[str, Any], "Game | None"], str | None]


def _kind(component: Component) -> Any:
    # The kinds are read when a game is, not when the command line's options are declared:
    # `pnp --help` loads no kind.
    from bastelbogen.content.kinds import kind_of

    return kind_of(component)


def _backed(component: Component) -> bool:
    """Whether its pieces have a back printed behind the front (layout/kit.py's has_back)."""
    return component.back is not None and bool(_kind(component).backs)


def backed(values: Mapping[str, Any], game: Game | None) -> str | None:
    """--duplex (and --back-offset): only pieces with a back are printed two-sided."""
    if game is None or any(_backed(c) for c in game.components):
        return None
    return f"game '{game.id}' has no piece with a back: every sheet is printed one-sided"


def bled(values: Mapping[str, Any], game: Game | None) -> str | None:
    """--bleed: only pieces cut out (or a page with guides to cut it by) take a bleed."""
    if game is None or any(_kind(c).bleeds(c) for c in game.components):
        return None
    return f"game '{game.id}' has no piece printed with a bleed, only pages to write on"


def cut_out(values: Mapping[str, Any], game: Game | None) -> str | None:
    """--cut: a cut file is written for each sheet of pieces cut out."""
    if game is None or any(_kind(c).cut_out for c in game.components):
        return None
    return f"game '{game.id}' has no piece to cut out, only pages to write on"


def marked(values: Mapping[str, Any], game: Game | None) -> str | None:
    """--registration: the marks go on the sheets of fronts a machine cuts; a fold sheet
    is folded before it is cut, and carries none (layout/kit.py)."""
    if game is None:
        return None
    if why := cut_out(values, game):
        return why
    cut = [c for c in game.components if _kind(c).cut_out]
    if values["duplex"] == "fold" and all(_backed(c) for c in cut):
        return (
            f"every piece of game '{game.id}' has a back, printed on a fold sheet"
            " (--duplex fold), which is folded before it is cut: no sheet carries the marks"
        )
    return None


def themed(values: Mapping[str, Any], game: Game | None) -> str | None:
    """--theme: a game without themes is built as it is."""
    if game is None or game.themes:
        return None
    return f"game '{game.id}' has no themes (a game file's `themes:` declares them)"


def exported(*formats: str) -> Needs:
    """The need of an option that shapes some exports' files."""
    named = ", ".join(formats[:-1]) + (" or " if len(formats) > 1 else "") + formats[-1]

    def needs(values: Mapping[str, Any], game: Game | None) -> str | None:
        if set(formats) & set(values["export"]):
            return None
        return f"it shapes the files of --export {named}, and none is asked for"

    return needs
