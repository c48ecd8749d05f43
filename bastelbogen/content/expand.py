"""Item specs -> physical items: `each` lists multiply, `count` copies, variants drop."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping

from bastelbogen.content.models import Component, Game, Item, ItemSpec, Variant
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.names import item_id_problem
from bastelbogen.core.templating import ExpressionFault
from bastelbogen.core.templating import expand as render

RESERVED = ("count", "each")
_SAFE = re.compile(r"[^A-Za-z0-9_-]+")


def items_of(
    game: Game,
    component: Component,
    variant: Variant | None = None,
    problems: Collector | None = None,
) -> list[Item]:
    problems = problems or Collector()
    items: list[Item] = []
    if _too_many(component, problems):  # told before a single id is made
        return items
    try:
        for n, spec in enumerate(component.items, start=1):
            _add_entry(items, component, spec, n, variant, problems)
    except ContentError as exc:
        problems.extend(exc.problems)  # once: the pattern is wrong for every item
    return items


def _add_entry(
    items: list[Item],
    component: Component,
    spec: ItemSpec,
    n: int,
    variant: Variant | None,
    problems: Collector,
) -> None:
    """Adds the items one entry makes: each combination of its `each` values the variant
    keeps, `count` copies of it (none past an entry whose id is refused)."""
    base = {k: v for k, v in spec.data.items() if k not in RESERVED}
    names = [k for k, _ in spec.each]
    for combo in itertools.product(*(values for _, values in spec.each)):
        data = {**base, **dict(zip(names, combo, strict=True))}
        if variant and variant.drops(component.id, data):
            continue
        iid = item_id(component, data, n, spec.loc, combo)
        if why := item_id_problem(iid):
            # An id written in the item is told where it is written, one a pattern or the
            # entry made at the entry.
            own = "id" in spec.data and not component.id_pattern
            where = spec.data.value_loc("id") if own else spec.loc
            problems.add(where, f"component '{component.id}': {why}")
            break
        for copy in range(1, spec.count + 1):
            items.append(Item(iid, component, data, copy, spec.loc, spec))


def _too_many(component: Component, problems: Collector) -> bool:
    """Whether the entries would make more items than a game may have: told at the entry
    that goes past the limit (at its `each` when it has one)."""
    total = 0
    for spec in component.items:
        planned = spec.count * math.prod(len(values) for _, values in spec.each)
        if total + planned > limits.MAX_ITEMS:
            where = spec.data.value_loc("each") if "each" in spec.data else spec.loc
            problems.add(
                where,
                f"component '{component.id}' would have more than"
                f" {limits.MAX_ITEMS:,} items here (this entry makes {planned:,});"
                " that is the limit for one game",
            )
            return True
        total += planned
    return False


def item_id(
    component: Component,
    data: Mapping[str, object],
    n: int,
    loc: Loc,
    combo: tuple[object, ...] = (),
) -> str:
    """The component's pattern filled in with the item's data, its own `id` (a table row's)
    among it (a failure is the item's); else the item's own id; else the component, the
    entry's number and the values `each` gave it."""
    if component.id_pattern:
        # A pattern that fails for every item is reported at the pattern, one that fails
        # on an item's data at the item.
        try:
            return render(component.id_pattern, data, loc)
        except ExpressionFault as exc:
            raise ContentError(
                [Problem(component.id_loc or loc, p.message) for p in exc.problems]
            ) from None
    if "id" in data:
        return str(data["id"])
    # Made up here, so made a slug here: `each: {value: [0.5, Ä]}` gives ...-0-5, ...-x
    return "-".join(
        [component.id, str(n), *(_SAFE.sub("-", str(v)).strip("-") or "x" for v in combo)]
    )[: limits.MAX_ID_CHARS]


def resolve_refs(game: Game, component: Component, data: Mapping[str, object]) -> dict[str, object]:
    """Item data with each reference replaced by the table row it names, and a list of
    references by the list of its rows (for templates: `{{ group.colour }}`,
    `{{ faces[0].picture }}`). An id no row has stays as it is (the checks tell it)."""
    out = dict(data)
    for field, table in component.refs:
        rows = game.tables[table].by_id if table in game.tables else {}
        value = data.get(field)
        if isinstance(value, list):
            out[field] = [dict(rows[v]) if isinstance(v, str) and v in rows else v for v in value]
        elif isinstance(value, str) and value in rows:
            out[field] = dict(rows[value])
    return out
