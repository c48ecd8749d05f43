"""Every build option, declared once: its type, default, allowed range and help.

The command line makes its options from this table, the objects that hold a build's options
(layout's PrintSettings, the pipeline's BuildOptions) get a field for each entry from it,
the manifest records the values by it, and the README's option table is written from it
(a test compares them). Lengths are held in points once parsed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, make_dataclass, replace
from typing import Any

from bastelbogen.core import limits
from bastelbogen.core.units import mm, parse_length, parse_pair, to_mm

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
FLIPS = ("long", "short")  # the duplex modes that print backs behind fronts (calibrate's)
DUPLEX_MODES = (*FLIPS, "fold", "none")
# \Z, not $: a `$` also matches before a final newline, and "https://x/\n" would pass.
LANG_CODE = re.compile(r"[a-z]{2,3}\Z")
URL = re.compile(r"https?://[^\s\"'<>?#]{1,2000}\Z")  # file names are appended to it
EXPORTS = ("png", "shop", "tts", "contact")


@dataclass(frozen=True)
class Option:
    """A build option, declared once: the command line, the settings and the manifest read it."""

    name: str  # as on the command line (--name) and in manifest.json
    type: str  # choice, list (of choices), length, offset, flag, name, langs, int, url, alias
    default: str | float | tuple | None  # parsed: points for lengths, a tuple for langs and lists
    help: str
    choices: tuple[str, ...] = ()
    limit_mm: float = 0.0  # lengths: from least_mm to this; offsets: within ± this
    least_mm: float = 0.0  # lengths: the smallest value taken
    least_why: str = ""  # lengths: who needs at least least_mm, said when a value is less
    span: tuple[int, int] = (0, 0)  # ints: from, to
    recorded: bool = True  # written to manifest.json
    group: str = "build"  # the object that holds it: print (PrintSettings) or build
    attr: str = ""  # its Python name where it is not the name's (lang: langs)
    means: tuple[str, str] = ("", "")  # an alias: the option and the value it stands for

    @property
    def key(self) -> str:
        """The Python name: back-offset is back_offset."""
        return self.attr or self.name.replace("-", "_")

    def parse(self, text):
        """The value a user typed, parsed and checked; ValueError says what is wrong."""
        return _PARSERS.get(self.type, _as_typed)(self, text)

    def narrowed(self, choices: tuple[str, ...], help: str) -> Option:
        """This option where only some of its declared choices make sense (calibrate's
        --duplex: the flips alone); the choices must be declared ones."""
        assert set(choices) <= set(self.choices), (self.name, choices)
        default = self.default if self.default in choices else choices[0]
        return replace(self, choices=choices, default=default, help=help)

    def shown(self, value) -> str | float | list | None:
        """The value as a user writes it (and as manifest.json records it)."""
        if self.type == "length":
            return f"{to_mm(value):g}mm"
        if self.type == "offset":
            return ",".join(f"{to_mm(v):g}mm" for v in value)
        if self.type in ("langs", "list"):
            return list(value)
        return value


def _length(option: Option, text) -> float:
    value = parse_length(text)
    if not mm(option.least_mm) - 1e-9 <= value <= mm(option.limit_mm):
        why = f" ({option.least_why})" if option.least_why and value < mm(option.least_mm) else ""
        raise ValueError(
            f"must be from {option.least_mm:g} to {option.limit_mm:g}mm{why}, got {text}"
        )
    return value


def _offset(option: Option, text) -> tuple[float, float]:
    pair = parse_pair(text)
    if any(abs(v) > mm(option.limit_mm) for v in pair):
        raise ValueError(f"each shift must be within ±{option.limit_mm:g}mm; got {text}")
    return pair


def _langs(option: Option, text) -> tuple[str, ...]:
    codes = tuple(text)
    for n, code in enumerate(codes):
        if not LANG_CODE.match(code):
            raise ValueError(f"'{code}' is not a language code like de, en or fr")
        if code in codes[:n]:
            raise ValueError(f"'{code}' is asked for twice")
    return codes


def _list(option: Option, text) -> tuple[str, ...]:
    for n, value in enumerate(text):
        if value not in option.choices:
            raise ValueError(f"must be one of {', '.join(option.choices)}, got {value}")
        if value in text[:n]:
            raise ValueError(f"'{value}' is asked for twice")
    return tuple(text)


def _int(option: Option, text) -> int:
    text = str(text)
    low, high = option.span
    if not (text.isdigit() and low <= int(text) <= high):
        raise ValueError(f"must be a whole number from {low} to {high}, got {text}")
    return int(text)


def _url(option: Option, text) -> str:
    if not URL.match(text):
        raise ValueError(
            "must be an address starting http:// or https://, without ? or #"
            f" (file names are added to it), got {text!r}"
        )
    return text


def _choice(option: Option, text) -> str:
    if text not in option.choices:
        raise ValueError(f"must be one of {', '.join(option.choices)}, got {text}")
    return text


def _as_typed(option: Option, text):
    return text  # a name (the game says whether it has it), a flag


_PARSERS = {
    "length": _length,
    "offset": _offset,
    "langs": _langs,
    "list": _list,
    "int": _int,
    "url": _url,
    "choice": _choice,
}
# The Python type of each type of option, for the fields of the objects that hold them.
PYTHON: dict[str, object] = {
    "choice": str,
    "list": tuple[str, ...],
    "length": float,
    "offset": tuple[float, float],
    "flag": bool,
    "name": str | None,
    "langs": tuple[str, ...],
    "int": int,
    "url": str | None,
}


OPTIONS = {
    o.name: o
    for o in (
        Option(
            "paper",
            "choice",
            "a4",
            "Paper the kit is printed on.",
            tuple(PAPERS_MM),
            group="print",
        ),
        Option(
            "duplex",
            "choice",
            "long",
            "long/short: backs on the next page for that flip;"
            " fold: fronts and backs side by side to fold and glue; none: fronts only.",
            DUPLEX_MODES,
            group="print",
        ),
        Option(
            "bleed",
            "length",
            mm(3),
            "Art beyond the cut line (3mm, 0.125in); 0 lets"
            " neighbours share their cuts and fits more on a sheet.",
            limit_mm=10.0,
            group="print",
        ),
        Option(
            "margin",
            "length",
            mm(5),
            "Unprintable margin of the printer on every side.",
            limit_mm=30.0,
            group="print",
        ),
        Option(
            "registration",
            "flag",
            False,
            "Print-then-cut: registration marks (a square"
            " top-left, L-corners top-right and bottom-left) on every sheet of fronts a"
            " machine cuts and in its cut file; the pieces keep clear of them.",
            group="print",
        ),
        Option(
            "registration-inset",
            "length",
            mm(10),
            "How far the registration marks stand from the paper's edges (at least --margin,"
            " and Silhouette Studio's 10mm).",
            limit_mm=30.0,
            least_mm=10.0,  # Silhouette's, as layout/registration.py cites it
            least_why="Silhouette Studio sets its marks at least 10mm from the edges;"
            " its machines look for them no nearer",
            group="print",
        ),
        Option(
            "back-offset",
            "offset",
            (0.0, 0.0),
            "X,Y shift of every back page, read off `pnp calibrate`.",
            limit_mm=10.0,
            group="print",
        ),
        Option(
            "lang",
            "langs",
            (),
            "Language of cards and cheat sheet; repeat for several"
            " (default: every language the game's texts are written in).",
            attr="langs",
        ),
        Option("braille", "flag", False, "Add paper-braille values to the cards."),
        Option("variant", "name", None, "Build a named variant (e.g. large-groups)."),
        Option(
            "theme",
            "name",
            None,
            "Motif theme of a game that has themes (e.g. animals); default: its first.",
        ),
        Option(
            "cut",
            "choice",
            "none",
            "Also write cut files for cutting machines, a sheet each"
            " in mm: svg (cut/<file>-<n>.svg) or dxf (cut/<file>-<n>.dxf); cuts and folds in"
            " separate groups or layers.",
            ("none", "svg", "dxf"),
            recorded=False,
        ),
        Option(
            "svg",
            "alias",
            False,
            "An alias: the same as --cut svg.",
            recorded=False,
            means=("cut", "svg"),
        ),
        Option(
            "export",
            "list",
            (),
            "Also export (repeatable): png (a picture per distinct"
            " face), shop (files for a print shop, with --profile), tts (Tabletop Simulator"
            " decks), contact (a contact sheet per component); into export/<format>/.",
            EXPORTS,
            recorded=False,
        ),
        Option(
            "dpi",
            "int",
            300,
            "Resolution of exported pictures.",
            span=limits.EXPORT_DPI,
            recorded=False,
        ),
        Option(
            "profile",
            "name",
            None,
            "Print-shop profile for --export shop (e.g."
            " tgc-poker, mpc-63x88, dtc-poker, or one in the game's profiles.yaml).",
            recorded=False,
        ),
        Option(
            "fit",
            "flag",
            False,
            "Let --export shop scale cards that nearly fit the profile (within 3 %): one"
            " scale both ways, so the art keeps its proportions and covers the shop's card;"
            " what is over is cut off evenly (it says how much).",
            recorded=False,
        ),
        Option(
            "pdfx",
            "flag",
            False,
            "Write the print sheets as --profile's shop writes its PDF (a CMYK one, e.g."
            " dtc-poker: through its ICC to its ink limit, PDF/X-1a where it says so), for a"
            " print shop near you.",
            recorded=False,
        ),
        Option(
            "stretch",
            "flag",
            False,
            "Like --fit, but across and down scaled apart to the profile's size: nothing"
            " cut off, the art distorted a little (it says by how much).",
            recorded=False,
        ),
        Option(
            "base-url",
            "url",
            None,
            "Where you host the exported pictures, for the Tabletop"
            " Simulator deck (default: the local files).",
            recorded=False,
        ),
        Option(
            "jobs",
            "int",
            0,
            "Processes to build with: 0 is one per core (or $PNP_JOBS);"
            " 1 builds in this process alone. Several games are built side by side, one"
            " game's files likewise; the output is the same bytes either way.",
            span=(0, limits.MAX_JOBS),
            recorded=False,
        ),
        Option(
            "strict",
            "flag",
            False,
            "Treat preflight warnings (art short of the bleed,"
            " tiny text, low-resolution pictures) as errors.",
            recorded=False,
        ),
    )
}


def options_class(group: str, *extra: tuple[str, object, Any]) -> Any:
    """A frozen dataclass with a field for each option of `group`, in the table's order,
    typed and defaulted as declared (and the `extra` fields that are no option), for the
    class that holds them to subclass: adding an option is its entry in the table alone.
    Keyword-only, so the order of the table is nobody's business."""
    own = [
        (o.key, PYTHON[o.type], field(default=o.default))
        for o in OPTIONS.values()
        if o.group == group and o.type != "alias"
    ]
    return make_dataclass(f"_{group.title()}Options", [*own, *extra], frozen=True, kw_only=True)


def keys(group: str) -> tuple[str, ...]:
    """The Python names of the options one object holds."""
    return tuple(o.key for o in OPTIONS.values() if o.group == group and o.type != "alias")


def unaliased(values: dict) -> dict:
    """Parsed values with each alias given (--svg) turned into what it means (--cut svg);
    an alias and the option it stands for set to something else is a ValueError."""
    values = dict(values)
    for option in OPTIONS.values():
        if option.type != "alias" or not values.pop(option.key, False):
            continue
        target, meant = option.means
        told = values.get(OPTIONS[target].key, OPTIONS[target].default)
        if told not in (meant, OPTIONS[target].default):
            raise ValueError(
                f"--{option.name} is --{target} {meant}; it cannot go with --{target} {told}"
            )
        values[OPTIONS[target].key] = meant
    return values


def record(values: dict) -> dict:
    """The options of a build as manifest.json keeps them, in the form a user writes."""
    return {
        name: option.shown(values[option.key])
        for name, option in OPTIONS.items()
        if option.recorded and values.get(option.key) is not None
    }
