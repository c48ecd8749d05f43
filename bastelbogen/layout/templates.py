"""The templates a game's components are drawn by, read together: every one read before
anything is laid out (their mistakes told at once), and what they can show (braille)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.layout.layouts import Layouts

if TYPE_CHECKING:
    from bastelbogen.content.models import Game

NO_BRAILLE = (
    "has no braille in its layouts (no box of the `braille` painter, nothing shown `when:`"
    " braille): its pieces are printed as without it"
)


def _named(game: Game) -> Iterator[tuple[str, Loc]]:
    """Each component's face and back template, by name and where the game names it."""
    for c in game.components:
        for name, loc in ((c.face, c.face_loc), (c.back, c.back_loc)):
            if name:
                yield name, loc


def read_all(layouts: Layouts, game: Game) -> list[Problem]:
    """Every component's templates read before anything is laid out, so that the mistakes
    of all of them are told together rather than one file a build."""
    problems = Collector()
    for name, loc in _named(game):
        try:
            layouts.get(name, loc)
        except ContentError as exc:
            problems.extend(exc.problems)
    return problems.problems


def shows_braille(layouts: Layouts, game: Game) -> bool:
    """Whether --braille changes anything of the game's faces: a box of the braille painter,
    or a box whose expressions read `braille`, in a template of its components (all read
    by `read_all` already, without a fault)."""
    return any(
        box.painter == "braille" or any("braille" in source for source in box.sources())
        for name, loc in _named(game)
        for box in layouts.get(name, loc).boxes
    )
