"""The checks a game file may declare over the rows chosen for them (the items of a
component or the rows of a table): how many there are, how often a value occurs, that
values differ, run in order, name pictures that open, have a motif in every theme and a
text in every language. Each declares its keys (checks/keys.py) and is handed them read."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from bastelbogen.checks import counting
from bastelbogen.checks.keys import CheckKeys, OneField, Single, Tally
from bastelbogen.checks.pictures import check_picture
from bastelbogen.checks.values import Row, declared_check, fmt, join, single
from bastelbogen.content.models import Game, Variant
from bastelbogen.core.declare import Field, ListOf, Text, Whole, optional
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YMap


class Count(CheckKeys):
    equals = optional(Whole(0), help="how many items or rows there are")
    at_least = optional(Whole(0), help="how many there are at least")
    per_variant = optional(
        Tally("variants"),
        help="under a variant that drops items of the component, how many there are then"
        " ({large-groups: 50})",
    )
    ANY_OF = (("equals", "at-least"),)
    NEEDS = (("per-variant", "equals"),)

    def wanted(self, variant: Variant | None) -> int | None:
        """The count the check fixes: a variant that drops items changes the total the
        rules fix, and the file names it so (`per-variant: {short: 20}`)."""
        if variant and self.component == variant.component and self.equals is not None:
            per: dict[object, int] = self.per_variant or {}
            return per.get(variant.id, self.equals)
        return self.equals

    def asks_for_zero(self, variant: Variant | None) -> bool:
        return self.wanted(variant) == 0


@declared_check("count", Count, "the number of items or rows is off")
def _count(
    game: Game,
    keys: Count,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    equals, at_least = keys.wanted(variant), keys.at_least
    n = len(rows)
    counted = "row" if what.startswith("table ") else "item"  # a table's rows, not items
    if equals is not None and n != equals:
        problems.add(
            keys.loc,
            f"{what} has {counting.plural(n, counted)}, but this check asks for exactly {equals}",
        )
    if at_least is not None and n < at_least:
        problems.add(
            keys.loc, f"{what} has {counting.plural(n, 'entry')}, but needs at least {at_least}"
        )


class AtMost(OneField):
    times = Field(Whole(1), help="how often one value may occur at most")


@declared_check("at-most", AtMost, "a value occurs more often")
def _at_most(
    game: Game,
    keys: AtMost,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    """No value of `field` more often than `times`."""
    field, times = keys.field, keys.times
    seen: dict[object, list[Loc]] = defaultdict(list)
    for data, loc, item in rows:
        if item is None or item.copy == 1:
            value = single(data, field, loc, problems)
            if value is not None:
                seen[value].append(loc)
    for value, locs in seen.items():
        if len(locs) > times:
            problems.add(
                locs[times],
                f"{what}: {field} {fmt(value)} is used {len(locs)} times;"
                f" at most {times} are allowed",
            )


class Languages(CheckKeys):
    fields_ = Field(ListOf(Text(), least=1), help="the fields whose texts it looks at")
    languages = optional(
        ListOf(Text()), help="the languages each text is written in (default: the game's)"
    )


@declared_check("languages", Languages, "a text lacks a language")
def _languages(
    game: Game,
    keys: Languages,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    """Each of `fields` holds a text in every one of `languages` (the game's, unsaid)."""
    asked = keys.languages
    langs = asked or list(game.languages)
    strangers = [i for i, lang in enumerate(langs) if lang not in game.languages]
    for i in strangers:  # else every row would be told it lacks a text nobody may write
        problems.add(
            asked.item_loc(i),  # type: ignore[union-attr]  # the game's own are all known
            f"{keys.named}: '{langs[i]}' is not one of the game's languages"
            f" ({', '.join(game.languages)})",
        )
    if strangers:
        return
    for data, loc, _item in rows:
        for field in keys.fields_:
            _lacks_language(what, data, loc, field, langs, problems)


def _lacks_language(
    what: str,
    data: Mapping[str, object],
    loc: Loc,
    field: str,
    langs: list[str],
    problems: Collector,
) -> None:
    """One row's `field` has a text in each of `langs`, else it is told where the text is
    missing: at the field, or at a spreadsheet's empty cell."""
    value = data.get(field)
    where = data.value_loc(field) if isinstance(data, YMap) else loc
    texts = value if isinstance(value, dict) else {}
    missing = [lang for lang in langs if not str(texts.get(lang) or "").strip()]
    if not missing:
        return
    if isinstance(value, YMap) and missing[0] in value.value_locs:
        where = value.value_loc(missing[0])  # a spreadsheet's empty cell
    problems.add(
        where,
        f"{what}: '{data.get('id')}' has no {field} in"
        f" {', '.join(missing)} (it needs {', '.join(langs)})",
    )


class Files(OneField):
    field = Field(Text(), help="the field that names a picture file")


@declared_check("files", Files, "a named picture file is missing or does not open")
def _files(
    game: Game,
    keys: Files,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    """Where a row names a picture file in `field`, the file exists and opens."""
    field = keys.field
    for data, loc, _item in rows:
        name = data.get(field)
        if name is None:
            continue
        where = data.value_loc(field) if isinstance(data, YMap) else loc
        check_picture(game, str(name), where, problems, f"{what}: ")


@declared_check("theme-covers", CheckKeys, "a theme has no motif for a row, or one for no row")
def _theme_covers(
    game: Game,
    keys: CheckKeys,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    """Every row's id has a motif in every theme, and no theme names an id that is not."""
    ids = [data.get("id") for data, _loc, _item in rows]
    for theme in game.themes.values():
        for rid in ids:
            if rid not in theme.motifs:
                problems.add(
                    theme.motifs.loc,
                    f"theme '{theme.id}' has no motif for '{rid}'"
                    f" ({what} needs one for each of {join(ids)})",
                )
        for key in theme.motifs:
            if key not in ids:
                problems.add(
                    theme.motifs.key_loc(key),
                    f"theme '{theme.id}' has a motif for '{key}', which is not in {what}",
                )


@declared_check("distinct", OneField, "two items or rows share a value")
def _distinct(
    game: Game,
    keys: OneField,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    field = keys.field
    first: dict[object, Loc] = {}
    for data, loc, item in rows:
        if item is not None and item.copy != 1:
            continue
        value = single(data, field, loc, problems)
        if value is None:
            continue
        if value in first:
            problems.add(
                loc,
                f"{field} {fmt(value)} appears twice in {what} (first at"
                f" {first[value]}); each must differ",
            )
        first.setdefault(value, loc)


class Sequence(OneField):
    values_ = Field(ListOf(Single()), help="the field's values, row after row, in this order")

    def asks_for_zero(self, variant: Variant | None) -> bool:
        return self.values_ == []


@declared_check("sequence", Sequence, "the rows do not run exactly in this order")
def _sequence(
    game: Game,
    keys: Sequence,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    """The values of `field`, in order, are exactly `values`."""
    field = keys.field
    got = [single(data, field, loc, problems) for data, loc, _item in rows]
    want = [str(v) for v in keys.values_]
    have = [str(v) for v in got]
    if have == want:
        return
    missing = [v for v in want if v not in have]
    extra = [v for v in have if v not in want]
    if missing:
        told = f"{what} lacks {field} {join(missing)}; it must run {', '.join(want)}"
    elif extra:
        told = f"{what} has {field} {join(extra)} beyond {', '.join(want)}"
    else:
        told = f"{what} is out of order: it runs {', '.join(have)}, but must run {', '.join(want)}"
    problems.add(keys.loc, told)
