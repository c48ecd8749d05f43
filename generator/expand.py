"""Item specs -> physical items: `each` lists multiply, `count` copies, variants drop."""

from __future__ import annotations

import itertools

from .errors import Collector, ContentError
from .models import Component, Game, Item, Variant
from .templating import expand as render

RESERVED = ("count", "each")


def items_of(game: Game, component: Component, variant: Variant | None = None,
             problems: Collector | None = None) -> list[Item]:
    problems = problems or Collector()
    items: list[Item] = []
    for n, spec in enumerate(component.items, start=1):
        base = {k: v for k, v in spec.data.items() if k not in RESERVED}
        names = [k for k, _ in spec.each]
        for combo in itertools.product(*(values for _, values in spec.each)):
            data = {**base, **dict(zip(names, combo, strict=True))}
            if variant and variant.component == component.id \
                    and data.get(variant.field) in variant.values:
                continue
            try:
                iid = item_id(component, data, n, spec.loc,
                              combo if len(spec.each) else ())
            except ContentError as exc:
                problems.extend(exc.problems)  # once: the pattern is wrong for every item
                break
            for copy in range(1, spec.count + 1):
                items.append(Item(iid, component, data, copy, spec.loc))
    return items


def item_id(component: Component, data: dict, n: int, loc, combo: tuple = ()) -> str:
    """The item's own id, or the component's pattern filled in (a failure is the item's);
    else the component, the entry's number and the values `each` gave it."""
    if "id" in data:
        return str(data["id"])
    if component.id_pattern:
        return render(component.id_pattern, data, loc)
    return "-".join([component.id, str(n), *(str(v) for v in combo)])


def resolve_refs(game: Game, component: Component, data: dict) -> dict:
    """Item data with each reference replaced by the table row it names (for templates)."""
    out = dict(data)
    for field, table in component.refs:
        rows = {r["id"]: r for r in game.tables[table].rows} if table in game.tables else {}
        if data.get(field) in rows:
            out[field] = dict(rows[data[field]])
    return out
