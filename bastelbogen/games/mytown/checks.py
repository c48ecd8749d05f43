"""My Town's rules that need code."""

from __future__ import annotations

from bastelbogen.checks import game_rules
from bastelbogen.content.models import Game, Item
from bastelbogen.core.errors import Collector


@game_rules("mytown")
def check(game: Game, items: dict[str, list[Item]], problems: Collector) -> None:
    """A tile's `parts` agrees with its type: 1 for a single, the type's own number of parts
    for a building (2 or 3), so the label n/m and the scoring tell the truth."""
    types = (
        {row.get("id"): row for row in game.tables["types"].rows} if "types" in game.tables else {}
    )
    told = set()
    for item in items.get("tiles", []):
        row = types.get(item.data.get("type"))
        if row is None or item.loc in told:
            continue
        want = 1 if row.get("kind") == "single" else row.get("parts")
        if want not in (1, 2, 3):
            problems.add(
                row.loc, f"type '{row.get('id')}' is a building and needs 'parts' of 2 or 3"
            )
            told.add(item.loc)
        elif item.data.get("parts") != want:
            problems.add(
                item.loc,
                f"type '{row.get('id')}' has {want} part(s) in types.yaml,"
                f" but this entry says parts: {item.data.get('parts')}",
            )
            told.add(item.loc)
