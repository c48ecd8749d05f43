"""Museo's rules that need code."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bastelbogen.checks import game_rules
from bastelbogen.content.models import Game, Item
from bastelbogen.content.painters import paintings
from bastelbogen.core.errors import Collector
from bastelbogen.core.source import YMap


@game_rules("museo")
def check(game: Game, items: dict[str, list[Item]], problems: Collector) -> None:
    """Every picture is painted in a known style from a seed, or is the user's own file."""
    table = game.tables.get("pictures")
    _codes(table.rows if table else (), problems)
    painted: dict[object, object] = {}
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


CODE = re.compile(r"[A-Z]{3}")
PIECES = 6


def _codes(rows: Iterable[YMap], problems: Collector) -> None:
    """Each picture names the sorting codes on its six backs: three capitals each, none used
    twice in the game (the key sheet would send a piece to two places), and no two of one
    picture sharing a letter in the same place: a piece picked up in play shows its back,
    and a shared first or last letter would tell at a glance which pieces belong together."""
    seen: dict[str, object] = {}
    for row in rows:
        codes = row.get("codes")
        at = row.value_loc("codes") if "codes" in row else row.loc
        name = row.get("id")
        if not isinstance(codes, list) or len(codes) != PIECES:
            problems.add(at, f"picture '{name}' needs 'codes': a list of {PIECES}, one a piece")
            continue
        for code in codes:
            if not isinstance(code, str) or not CODE.fullmatch(code):
                problems.add(at, f"picture '{name}': code '{code}' is not three capitals")
            elif code in seen:
                problems.add(at, f"picture '{name}': code '{code}' is '{seen[code]}'s too")
            seen.setdefault(code, name)
        for place in range(3):
            letters = [str(c)[place : place + 1] for c in codes]
            if len(set(letters)) < len(letters):
                problems.add(
                    at,
                    f"picture '{name}': two of its codes share letter {place + 1}"
                    " (a pattern that tells which pieces belong together)",
                )
