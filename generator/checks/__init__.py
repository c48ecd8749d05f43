"""The validator: declared checks from the game file, then the game's own module if it has one."""

from __future__ import annotations

import importlib

from ..errors import Collector
from ..expand import items_of
from ..models import Game, Variant
from . import generic


def validate(game: Game, variant: Variant | None = None) -> None:
    """Raise ContentError listing every problem; return quietly when the game is complete."""
    problems = Collector()
    items = {c.id: items_of(game, c, variant, problems) for c in game.components}
    generic.structure(game, items, problems)
    for check in game.checks:
        generic.declared(game, check, items, variant, problems)
    module = _game_module(game.id)
    if module is not None:
        module.check(game, items, problems)
    problems.raise_if_any()


def _game_module(game_id: str):
    name = f"{__name__}.{game_id.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def find_variant(game: Game, name: str | None) -> Variant | None:
    if name is None:
        return None
    for v in game.variants:
        if v.id == name:
            return v
    known = ", ".join(v.id for v in game.variants) or "none"
    raise KeyError(f"game '{game.id}' has no variant '{name}' (variants: {known})")
