"""Cost that grows with the items, checked without a clock: work counted, not timed."""

from __future__ import annotations

from types import SimpleNamespace

from bastelbogen.content.expand import resolve_refs
from bastelbogen.content.models import Table
from bastelbogen.core.errors import Loc


class CountingRows(tuple):
    """A table's rows that count how often the whole table is walked."""

    walks = 0

    def __iter__(self):
        CountingRows.walks += 1
        return super().__iter__()


def test_references_are_looked_up_not_searched():
    """4,000 items naming rows of a 4,000-row table walk the table once, not once each."""
    rows = CountingRows({"id": f"r{n}", "name": f"row {n}"} for n in range(4000))
    table = Table("t", rows, Loc("t.csv"))
    game = SimpleNamespace(tables={"t": table})
    component = SimpleNamespace(refs=(("row", "t"),))
    CountingRows.walks = 0
    for n in range(4000):
        data = resolve_refs(game, component, {"row": f"r{n}"})
        assert data["row"]["name"] == f"row {n}"
    assert CountingRows.walks == 1


def test_each_items_context_does_not_walk_every_table():
    """What a layout sees of the game's tables is made once per language, not per item:
    3,000 items' contexts walk a 3,000-row table once."""
    from bastelbogen.layout.faces import context

    rows = CountingRows(
        {"id": f"r{n}", "name": {"de": f"Zeile {n}", "en": f"row {n}"}} for n in range(3000)
    )
    table = Table("t", rows, Loc("t.csv"))
    title = SimpleNamespace(get=lambda lang: "Spiel")
    game = SimpleNamespace(
        languages=("de", "en"),
        themes={},
        theme_field=None,
        tables={"t": table},
        id="g",
        title=title,
        author="",
        players=SimpleNamespace(min=2, max=4),
        memo={},
    )
    component = SimpleNamespace(refs=())
    CountingRows.walks = 0
    for n in range(3000):
        item = SimpleNamespace(data={"n": n}, component=component, id=f"i{n}", copy=1)
        seen = context(game, item, {"lang": "en"})
        assert seen["tables"]["t"][f"r{n}"]["name"] == f"row {n}"
    assert CountingRows.walks == 1
