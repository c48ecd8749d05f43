"""The build options the preview switches while it runs: which they are, what the page is
told of them (the options in effect and the choices the game offers), and a switch the page
asks for (POST /options), read as the command line reads it.

The options are the declared ones (content/options.py), never a second list: those a build
records in its manifest are the ones that change what is printed, so those are the ones
`pnp serve` takes and the page switches (--export, --jobs, --strict … change nothing drawn).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from bastelbogen.content.options import OPTIONS, Option
from bastelbogen.content.optiontypes import Langs, Measure, Offset
from bastelbogen.core import limits
from bastelbogen.core.typed import Choice, Flag
from bastelbogen.core.units import to_mm

if TYPE_CHECKING:
    from bastelbogen.content.models import Game
    from bastelbogen.layout.imposition import BuildOptions
    from bastelbogen.preview.state import Preview

LIVE: tuple[Option[Any], ...] = tuple(o for o in OPTIONS.values() if o.recorded)
STEP_MM = 0.5  # the page's ladder of lengths (its selects), the current value always on it
# What no option's name or value holds, though JSON may write it: a control character, a
# lone surrogate (a JSON escape makes one; no file, no UTF-8 can hold it).
UNFIT = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class Unusable(ValueError):
    """A switch that cannot be made, told as the command line tells it."""


def state(preview: Preview) -> dict[str, Any]:
    """state.json's "options" (in effect now) and "choices" (what the game offers)."""
    game = preview.game
    now = shown(preview.options, game)
    return {"options": now, "choices": choices(game, now)}


def switch(preview: Preview, body: bytes) -> int:
    """Switch the preview's options as a POST's body asks, checked as `pnp serve` checks
    them (the game's themes, languages, variants), and rebuild: the new build's version."""
    from bastelbogen.core.errors import OptionError
    from bastelbogen.pipeline.build import loaded

    options = switched(body, preview.options)
    try:
        game = loaded(preview.project, preview.game_id, options)
    except OptionError as exc:
        raise Unusable(str(exc)) from None
    return preview.rebuild(options, game).version


def shown(options: BuildOptions, game: Game | None) -> dict[str, Any]:
    """The options in effect, as JSON: the game's own print settings where none was asked
    for, lengths in mm, the language shown (the first), the theme the game settles on when
    none is asked for."""
    if game is not None:
        from bastelbogen.pipeline.settings import own

        options = own(game, options)
    values = options.values()
    out: dict[str, Any] = {}
    for option in LIVE:
        value: Any = values[option.key]
        if isinstance(option.type, Measure):
            value = round(to_mm(value), 3)
        elif isinstance(option.type, Offset):
            value = [round(to_mm(v), 3) for v in value]
        elif isinstance(option.type, Langs):
            value = value[0] if value else (game.languages[0] if game else None)
        elif option.name == "theme" and game is not None:  # as the build settles it
            value = (value or next(iter(game.themes))) if game.themes else None
        out[option.name] = value
    return out


def choices(game: Game | None, now: dict[str, Any]) -> dict[str, list[Any]]:
    """What the page offers for each option: the game's themes, languages and variants
    (none before the game first loads), the declared choices, flags on or off, and lengths
    on a ladder within their limits."""
    offered: dict[str, list[Any]] = {}
    for option in LIVE:
        if option.name == "theme":
            offered["theme"] = list(game.themes) if game else []
        elif option.name == "lang":
            offered["lang"] = list(game.languages) if game else []
        elif option.name == "variant":
            offered["variant"] = [None, *(v.id for v in game.variants)] if game else [None]
        elif isinstance(option.type, Choice):
            offered[option.name] = list(option.type.choices)
        elif isinstance(option.type, Flag):
            offered[option.name] = [False, True]
        elif isinstance(option.type, Measure):
            most = option.type.most
            step = STEP_MM if most <= 10 else 2 * STEP_MM  # a list to read
            steps = int(most / step)
            ladder = {round(n * step, 3) for n in range(steps + 1)} | {now[option.name]}
            offered[option.name] = sorted(ladder)
    return offered


def switched(body: bytes, options: BuildOptions) -> BuildOptions:
    """The options with the switch a POST's JSON body asks for, each value parsed by its
    declared Type as the command line parses it (a length as "2mm" or a number of mm, languages as
    one code or a list, null for the game's own setting or else the option's default), over
    the game's own settings as the command line's are; Unusable says what is wrong."""
    from dataclasses import replace

    from bastelbogen.content.printing import told
    from bastelbogen.core.errors import OptionError
    from bastelbogen.layout.imposition import BuildOptions

    if len(body) > limits.MAX_PREVIEW_OPTIONS_BYTES:
        raise Unusable(f"at most {limits.MAX_PREVIEW_OPTIONS_BYTES} bytes of options")
    try:
        asked = json.loads(body)
    except (ValueError, RecursionError):
        raise Unusable("the body is not JSON") from None
    if not isinstance(asked, dict):
        raise Unusable('the body must be a JSON object, like {"theme": "animals"}')
    if not _fit(asked):
        raise Unusable("the options are text: no control characters, no lone surrogates")
    live = {o.name: o for o in LIVE}
    values = options.values()
    given = set(told(values, options.given))
    for name, value in asked.items():
        option = live.get(name)
        if option is None:
            raise Unusable(
                f"No such option: --{name} (the preview switches {', '.join(live)})"[:300]
            )
        try:
            values[option.key] = _parsed(option, value)
        except ValueError as exc:
            raise Unusable(f"Invalid value for '--{name}': {exc}") from None
        (given.discard if value is None else given.add)(option.key)
    try:
        return replace(BuildOptions.of(**values), given=frozenset(given))
    except (OptionError, TypeError) as exc:
        raise Unusable(str(exc)) from None


def _fit(asked: dict[str, Any]) -> bool:
    """Whether every name and text in the JSON is fit to be an option's (UNFIT). Walked
    with a list, not by recursion: json.loads reads JSON nested nearly as deep as Python
    may recurse."""
    waiting: list[Any] = [asked]
    while waiting:
        value = waiting.pop()
        if isinstance(value, dict):
            waiting += [*value, *value.values()]
        elif isinstance(value, list):
            waiting += value
        elif isinstance(value, str) and UNFIT.search(value):
            return False
    return True


def _mm(value: int | float) -> str:
    """A number of millimetres as the command line writes it; an integer too large for a
    float (JSON has no bound on them) is refused as a length out of bounds is."""
    try:
        return f"{value:g}mm"
    except OverflowError:
        raise ValueError("must be a length in mm, got a number too large") from None


def _parsed(option: Option[Any], value: Any) -> Any:
    """A JSON value as the command line's text for it, parsed by its declared Type."""
    if value is None:
        return option.default
    if isinstance(option.type, Flag):
        if not isinstance(value, bool):
            raise ValueError(f"must be true or false, got {json.dumps(value)[:40]}")
        return value
    if isinstance(option.type, Langs):
        value = [value] if isinstance(value, str) else value
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise ValueError("must be a language code or a list of them")
        return option.parse(value)
    return option.parse(_text(option, value))


def _text(option: Option[Any], value: Any) -> str:
    """A JSON value of a length, an offset or a choice as the command line writes it."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(option.type, Measure) and number:
        value = _mm(value)  # the page's numbers are millimetres, as state.json's
    if isinstance(option.type, Offset) and isinstance(value, list) and len(value) == 2:
        value = ",".join(_mm(v) if isinstance(v, int | float) else str(v) for v in value)
    if not isinstance(value, str):
        raise ValueError(f"must be text, got {json.dumps(value)[:40]}")
    return value
