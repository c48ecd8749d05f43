"""Every picture the content names is checked where it is named, before anything is drawn:
inside the game's folder, present, and fit to print (pixel count, SVG references)."""

from __future__ import annotations

from bastelbogen.content.models import Game
from bastelbogen.content.pictures import PICTURE, picture_problem
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.paths import inside, is_file
from bastelbogen.core.source import YList, YMap


def check_picture(game: Game, name: str, where: Loc, problems: Collector, prefix: str = "") -> None:
    path = inside(game.folder, name)
    if path is None:
        problems.add(where, f"{prefix}image '{name}' leaves the game folder {game.folder}")
    elif not is_file(path):
        problems.add(where, f"{prefix}image file not found: {name}")
    elif problem := picture_problem(path, game.folder):
        problems.add(where, f"{prefix}image {name} {problem}")


def named_pictures(game: Game, problems: Collector) -> None:
    """Pictures named anywhere in tables and items (`image: pictures/p05.jpg`), at the row
    that names them: a layout that draws `{{ picture.image }}` is not at fault."""
    seen: set[str] = set()
    for table in game.tables.values():
        for row in table.rows:
            _walk(game, row, seen, problems)
    for component in game.components:
        for spec in component.items:
            _walk(game, spec.data, seen, problems)


def _walk(game: Game, node: object, seen: set[str], problems: Collector) -> None:
    if isinstance(node, YMap):
        pairs = [(value, node.value_loc(key)) for key, value in node.items()]
    elif isinstance(node, YList):
        pairs = [(value, node.item_loc(i)) for i, value in enumerate(node)]
    else:
        return
    for value, loc in pairs:
        if isinstance(value, str) and PICTURE.search(value) and value not in seen:
            seen.add(value)
            check_picture(game, value, loc, problems)
        else:
            _walk(game, value, seen, problems)
