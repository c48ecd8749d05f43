"""A game's own rules, by its id: the game `arch` allows no mat numbered 13."""

from bastelbogen.checks import game_rules


@game_rules("arch")
def arch(game, items, problems) -> None:
    for item in items.get("mats", []):
        if item.data.get("n") == 13:
            problems.add(item.loc, f"mat '{item.id}' is numbered 13; the game allows no 13")
