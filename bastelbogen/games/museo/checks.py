"""Museo's rules that need code."""

from __future__ import annotations

from bastelbogen.checks import game_rules
from bastelbogen.content.models import Game, Item
from bastelbogen.content.painters import paintings
from bastelbogen.core.errors import Collector


@game_rules("museo")
def check(game: Game, items: dict[str, list[Item]], problems: Collector) -> None:
    """Every picture is painted in a known style from a seed, or is the user's own file."""
    table = game.tables.get("pictures")
    painted: dict = {}
    for row in table.rows if table else ():
        has_style, has_image = "style" in row, "image" in row
        if has_style == has_image:
            both = "not both" if has_style else "it has neither"
            problems.add(
                row.loc,
                f"picture '{row.get('id')}' needs either a style (and a seed)"
                f" or an image file, {both}",
            )
        elif has_style and row["style"] not in paintings():
            problems.add(
                row.value_loc("style"),
                f"picture '{row.get('id')}': unknown style"
                f" '{row['style']}'; styles: {', '.join(paintings())}",
            )
        elif has_style and (
            not isinstance(row.get("seed"), int) or isinstance(row.get("seed"), bool)
        ):
            problems.add(row.loc, f"picture '{row.get('id')}' needs a whole-number 'seed'")
        else:
            # The same style and seed paint the same picture: two would be one twice.
            key = (row.get("style"), row.get("seed")) if has_style else str(row.get("image"))
            if key in painted:
                same = "style and seed" if has_style else "image"
                problems.add(
                    row.loc,
                    f"picture '{row.get('id')}' would be the same picture as"
                    f" '{painted[key]}' (same {same})",
                )
            painted.setdefault(key, row.get("id"))
