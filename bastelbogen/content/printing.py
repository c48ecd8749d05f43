"""A game's own print settings: `print:` in its game file, the build options a game is
always printed with (`duplex: fold`, `bleed: 0`), named as on the command line and read by
the very Types the command line reads them by (content/options.py), so there is one
declaration of each. The command line overrides them; the build, `pnp validate` and the
preview start from them (pipeline/settings.py); the manifest and PRINT.txt say where each
setting came from (`origins`).

An option that says what one build writes or how it runs (--jobs, --changed-since, an
export) is no print setting: refused at its place with why (its declared `per_build`)."""

from __future__ import annotations

import difflib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from bastelbogen.content.options import OPTIONS, Option
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YMap
from bastelbogen.core.typed import Json, Type, type_name

DEFAULT, COMMAND_LINE = "default", "command line"  # the other origins of a setting
# Kept: per option key (its field's name, back_offset), the value as parsed and where written
Kept = dict[str, tuple[object, Loc]]
# Command-line options of the commands, not build options: why a game file keeps none.
COMMANDS = {
    "out": "where a kit is written is the command's: give --out on the command line",
    "root": "the project folder is the command's: give --root on the command line",
}


def settable() -> dict[str, Option[Any]]:
    """The options a game file's `print:` may set, by their names."""
    return {name: o for name, o in OPTIONS.items() if not o.per_build}


class GameSettings(Type[Kept]):
    """`print:`: a mapping of option names (as on the command line, without --) to values
    as the command line takes them, each told at its place when wrong."""

    shown = "a mapping of print options to their values, as on the command line"

    def __call__(self, value: object) -> Kept:
        raise ValueError(
            f"must be a mapping like {{duplex: fold, bleed: 0}}, got {type_name(value)}"
        )

    def read(self, value: object, loc: Loc, key: str, problems: Collector, what: str = "") -> Kept:
        if not isinstance(value, YMap):
            return super().read(value, loc, key, problems, what)
        kept: Kept = {}
        for name, raw in value.items():
            option = _option(str(name), value.key_loc(name), problems)
            if option is None:
                continue
            where = value.value_loc(name)
            try:
                kept[option.key] = (option.parse(raw), where)
            except ValueError as exc:
                problems.add(where, f"print: '{name}' {exc}")
        return kept

    def schema(self) -> Json:
        return {
            "type": "object",
            "properties": {
                name: {**o.type.schema(), "description": o.help} for name, o in settable().items()
            },
            "additionalProperties": False,
        }


def _option(name: str, loc: Loc, problems: Collector) -> Option[Any] | None:
    """The print setting a key of `print:` names, or None with why not told at it."""
    option = OPTIONS.get(name)
    if option is not None and not option.per_build:
        return option
    if option is not None or name in COMMANDS:
        why = option.per_build if option is not None else COMMANDS[name]
        problems.add(loc, f"print: '{name}' is not a print setting a game keeps: {why}")
        return None
    names = list(settable())
    near = difflib.get_close_matches(name.lstrip("-").replace("_", "-"), names, n=1, cutoff=0.6)
    hint = f"did you mean '{near[0]}'?" if near else f"the settings: {', '.join(names)}"
    problems.add(loc, f"print: unknown option '{name}'; {hint}")
    return None


def told(values: Mapping[str, object], given: Collection[str] | None) -> frozenset[str]:
    """The options the command line gave: `given`, or where it is not known (options made
    in code) those not at their defaults."""
    if given is not None:
        return frozenset(given)
    return frozenset(o.key for o in OPTIONS.values() if values.get(o.key, o.default) != o.default)


def own(values: Mapping[str, object], given: Collection[str], kept: Kept) -> dict[str, object]:
    """The options' values with the game's own settings under the command line's: each
    kept value where the command line did not give that option."""
    return {**values, **{k: value for k, (value, _) in kept.items() if k not in given}}


def origins(
    values: Mapping[str, object], given: Collection[str], kept: Kept
) -> dict[str, tuple[object, str]]:
    """Each print setting's value, as a user writes it, and where it came from: the
    command line, the game file (game.yaml:line:col) or the option's default."""
    out = {}
    for name, option in settable().items():
        if option.key in given:
            origin = COMMAND_LINE
        elif option.key in kept:
            where = kept[option.key][1]
            origin = f"{Path(where.file).name}:{where.line}:{where.col}"
        else:
            origin = DEFAULT
        out[name] = (option.shown(values.get(option.key, option.default)), origin)
    return out
