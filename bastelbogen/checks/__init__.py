"""The validator: declared checks from the game file, then the game's own module if it has one."""

from __future__ import annotations

from collections.abc import Callable

from bastelbogen.checks import generic, pictures, rulebook
from bastelbogen.checks.values import CHECKS
from bastelbogen.content.expand import items_of
from bastelbogen.content.models import Game, Item, Variant
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, Problem
from bastelbogen.core.registry import Registry

GameRules = Callable[[Game, dict[str, list[Item]], Collector], None]
# Rules that need code, one small module of a game's package (games/<game>/checks.py) that
# registers itself here by the game's id and is found (plugins.load()); a game without one
# needs nothing.
GAME_RULES: Registry[GameRules] = Registry("game check", group="bastelbogen.game_rules")


def game_rules(game_id: str) -> Callable[[GameRules], GameRules]:
    return GAME_RULES.register(game_id)


def validate(game: Game, variant: Variant | None = None) -> None:
    """Raise ContentError listing every problem; return quietly when the game is complete."""
    problems = Collector()
    generic.component_ids(game, problems)
    problems.raise_if_any()
    items = {c.id: items_of(game, c, variant, problems) for c in game.components}
    total = sum(len(found) for found in items.values())
    if total > limits.MAX_ITEMS:
        problems.add(
            game.loc,
            f"the game has {total:,} items; at most {limits.MAX_ITEMS:,} are built for one game",
        )
    if variant is not None and not items.get(variant.component, [None]):
        problems.add(
            variant.loc,
            f"variant '{variant.id}' drops every item of component"
            f" '{variant.component}'; nothing would be left to print",
        )
    generic.structure(game, items, problems)
    generic.themes(game, problems)
    pictures.named_pictures(game, problems)
    rulebook.rulebook(game, items, variant, problems)
    for check in game.checks:
        generic.declared(game, check, items, variant, problems)
    if game.id in GAME_RULES:
        GAME_RULES[game.id](game, items, problems)
    problems.raise_if_any()


def read_checks(game: Game) -> list[Problem]:
    """Every check of the game file read by its declaration (its name, its keys), none
    made: what the schema of `checks:` can know of them (values.checks_schema)."""
    problems = Collector()
    for check in game.checks:
        generic.read_check(check, problems)
    return problems.problems


# Every module of this package may declare checks (@declared_check): found, not listed.
CHECKS.discover(__name__)


def find_variant(game: Game, name: str | None) -> Variant | None:
    if name is None:
        return None
    for v in game.variants:
        if v.id == name:
            return v
    known = ", ".join(v.id for v in game.variants) or "none"
    raise KeyError(f"game '{game.id}' has no variant '{name}' (variants: {known})")
