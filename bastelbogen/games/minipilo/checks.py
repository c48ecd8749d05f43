"""MiniPilo's rules that need code."""

from __future__ import annotations

from bastelbogen.checks import game_rules
from bastelbogen.content.models import Game, Item
from bastelbogen.core.errors import Collector
from bastelbogen.core.params import COLOUR
from bastelbogen.core.units import mm
from bastelbogen.games.minipilo.board import MAT


@game_rules("minipilo")
def check(game: Game, items: dict[str, list[Item]], problems: Collector) -> None:
    _star_inks(game, problems)
    _mat_places(game, problems)
    _symbols_in_decks(game, items, problems)


def _star_inks(game: Game, problems: Collector) -> None:
    """The star: each colour name is printed in one ink, and the inks differ, so what the
    simulation of colour blindness vouches for is what gets printed."""
    star = game.tables.get("star")
    inks: dict[str, tuple[object, object]] = {}  # colour name -> (its ink, the first row)
    for row in star.rows if star else ():
        ink = row.get("ink")
        try:
            COLOUR(ink)
        except ValueError as exc:
            problems.add(
                row.value_loc("ink") if "ink" in row else row.loc,
                f"star field '{row.get('id')}': 'ink' {exc}"
                if ink
                else f"star field '{row.get('id')}' needs an 'ink' (#rrggbb)",
            )
            continue
        first = inks.setdefault(str(row.get("colour")), (ink, row.get("id")))
        if first[0] != ink:
            problems.add(
                row.value_loc("ink"),
                f"star field '{row.get('id')}' prints"
                f" {row.get('colour')} as {ink}, but '{first[1]}' as {first[0]}",
            )
    if star is not None and len({ink for ink, _ in inks.values()}) < len(inks):
        problems.add(star.loc, "two star colours are printed in the same ink")


def _symbols_in_decks(game: Game, items: dict[str, list[Item]], problems: Collector) -> None:
    """A card's symbol belongs to the deck it is printed for."""
    symbols = (
        {r.get("id"): r for r in game.tables["symbols"].rows} if "symbols" in game.tables else {}
    )
    for cid in ("p-cards", "l-cards"):
        for item in items.get(cid, []):
            symbol = symbols.get(item.data.get("symbol"))
            if (
                item.copy == 1
                and symbol is not None
                and symbol.get("deck") != item.data.get("deck")
            ):
                problems.add(
                    item.loc,
                    f"'{item.data.get('symbol')}' is an {symbol.get('deck')}"
                    f" symbol, but this entry puts it in deck {item.data.get('deck')}",
                )


def _mat_places(game: Game, problems: Collector) -> None:
    """The board shows at each side a place as large as a project mat: the mat printed must
    be that size, else it would not fit the place drawn for it."""
    mats, board = game.component("projects"), game.component("board")
    if mats is None or board is None or board.face != "minipilo/board":
        return
    size = tuple(round(v / mm(1), 1) for v in mats.size)
    if size != MAT:
        problems.add(
            mats.loc,
            f"the project mats are {size[0]:g} x {size[1]:g} mm, but the board's places for"
            f" them are {MAT[0]:g} x {MAT[1]:g} mm (games/minipilo/board.py MAT)",
        )
