"""Münchhausen's rules that need code."""

from __future__ import annotations

from bastelbogen.checks import game_rules
from bastelbogen.content.models import Game, Item
from bastelbogen.core.errors import Collector


@game_rules("muenchhausen")
def check(game: Game, items: dict[str, list[Item]], problems: Collector) -> None:
    sets = game.tables.get("sets")
    if sets is None:
        problems.add(game.loc, "Münchhausen needs a table 'sets' (one set of cards per player)")
        return
    # One set per player: the largest table the game allows needs as many sets.
    if len(sets.rows) < game.players.max:
        problems.add(
            sets.loc,
            f"{len(sets.rows)} sets for up to {game.players.max} players;"
            " every player needs a set of their own",
        )
    # The initial stands in the corner for players who cannot tell the colours apart, so it
    # must be the currency's own first letter, not an arbitrary mark.
    for row in sets.rows:
        currency, initial = str(row.get("currency", "")), str(row.get("initial", ""))
        if currency and initial and not currency.upper().startswith(initial.upper()):
            problems.add(
                row.value_loc("initial"),
                f"set '{row.get('id')}': initial '{initial}'"
                f" is not the first letter of its currency '{currency}'",
            )
