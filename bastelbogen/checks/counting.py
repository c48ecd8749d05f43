"""Checks that count values as a multiset: how many rows (or printed items, copies
included) carry each value.

`exactly` lists the values a field may take. Listed once each, they are a set: every one
present, no other. When the list repeats a value, it is a multiset: each value as many
times as it is listed (`values: [1, 2, 3, 3]`: one 1, one 2, two 3s). `counts` says the
same as a table: `{check: counts, field: value, counts: {2: 1, 3: 2}}`. A value seen too
often is told at its first row too many, naming the first; one seen too rarely, at the
check."""

from __future__ import annotations

from collections import Counter, defaultdict

from bastelbogen.checks.keys import CheckKeys, OneField, Single, Tally
from bastelbogen.checks.values import Row, declared_check, fmt, join, single
from bastelbogen.content.models import Game, Variant
from bastelbogen.core.declare import Field, ListOf
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YMap


def plural(n: int, word: str = "item") -> str:
    """'1 item', '2 items', '3 entries': messages count in words people read."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


class Exactly(OneField):
    values_ = Field(
        ListOf(Single()), help="the values the field holds; one listed twice must occur twice"
    )

    def asks_for_zero(self, variant: Variant | None) -> bool:
        return self.values_ == []


@declared_check("exactly", Exactly, "the values found are not exactly these")
def exactly(
    game: Game,
    keys: Exactly,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    field, values = keys.field, keys.values_
    wanted = Counter(values)
    if max(wanted.values(), default=1) > 1:  # a repeated value: the list is a multiset
        _compare(keys, what, field, rows, wanted, problems)
        return
    seen = _seen(field, rows, problems)
    for value, locs in seen.items():
        if value not in wanted:
            problems.add(
                locs[0],
                f"{what}: {field} {fmt(value)} is not allowed; the rules"
                f" allow exactly {join(values) or 'none'}",
            )
    missing = [v for v in values if v not in seen]
    if missing:
        problems.add(
            keys.loc,
            f"{what} has no {field} {join(missing)}; the rules need exactly {join(values)}",
        )


class Counts(OneField):
    counts = Field(Tally(), help="each value and how many times it occurs ({1: 20, 3: 10})")

    def asks_for_zero(self, variant: Variant | None) -> bool:
        return all(n == 0 for n in self.counts.values())


@declared_check("counts", Counts, "a value occurs other than `n` times, or a value is not counted")
def counts(
    game: Game,
    keys: Counts,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    _compare(keys, what, keys.field, rows, Counter(keys.counts), problems)


def _seen(field: str, rows: list[Row], problems: Collector) -> dict[object, list[Loc]]:
    """Each value of the field with the place of every row (or item) that carries it."""
    seen: dict[object, list[Loc]] = defaultdict(list)
    for data, loc, _item in rows:
        value = single(data, field, loc, problems)
        if value is not None:
            at = data.value_loc(field) if isinstance(data, YMap) and field in data else loc
            seen[value].append(at)
    return seen


def _compare(
    keys: CheckKeys,
    what: str,
    field: str,
    rows: list[Row],
    wanted: Counter[object],
    problems: Collector,
) -> None:
    seen = _seen(field, rows, problems)
    by_text = {str(k): k for k in wanted}  # a CSV's '3' is the check's 3
    found: dict[object, list[Loc]] = defaultdict(list)
    for value, locs in seen.items():
        key = value if value in wanted else by_text.get(str(value))
        if key is None:
            problems.add(
                locs[0],
                f"{what}: {field} {fmt(value)} is not among the counted values {join(wanted)}",
            )
            continue
        found[key] += locs
    for key, n in wanted.items():
        locs = found.get(key, [])
        if len(locs) > n:
            problems.add(
                locs[n],
                f"{what}: {field} {fmt(key)} on {plural(len(locs))}; the"
                f" rules fix {n}, and this is the one past them (the first is at {locs[0]})",
            )
        elif len(locs) < n:  # told at the check: no cell holds what is missing
            problems.add(
                keys.loc,
                f"{what}: {field} {fmt(key)} on {plural(len(locs))}; the rules fix {n}"
                f" ({n - len(locs)} missing)",
            )
