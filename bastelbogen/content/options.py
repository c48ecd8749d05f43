"""Every build option, declared once: its type, default, allowed range and help.

The command line makes its options from this table, the build takes its defaults from it,
the manifest records the values by it, and the README's option table is written from it
(a test compares them). Lengths are held in points once parsed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bastelbogen.core import limits
from bastelbogen.core.units import mm, parse_length, parse_pair, to_mm

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DUPLEX_MODES = ("long", "short", "fold", "none")
LANG_CODE = re.compile(r"^[a-z]{2,3}$")
URL = re.compile(r"^https?://[^\s\"'<>?#]{1,2000}$")  # file names are appended to it
EXPORTS = ("png", "shop", "tts", "contact")


@dataclass(frozen=True)
class Option:
    name: str  # as on the command line (--name) and in manifest.json
    type: str  # choice, list (of choices), length, offset, flag, name, langs, int, url
    default: str | float | tuple | None  # parsed: points for lengths, a tuple for langs and lists
    help: str
    choices: tuple[str, ...] = ()
    limit_mm: float = 0.0  # lengths: from 0 to this; offsets: within ± this
    span: tuple[int, int] = (0, 0)  # ints: from, to
    recorded: bool = True  # written to manifest.json

    @property
    def key(self) -> str:
        """The Python name: back-offset is back_offset."""
        return self.name.replace("-", "_")

    def parse(self, text):
        """The value a user typed, parsed and checked; ValueError says what is wrong."""
        if self.type == "length":
            value = parse_length(text)
            if not 0 <= value <= mm(self.limit_mm):
                raise ValueError(f"must be from 0 to {self.limit_mm:g}mm, got {text}")
            return value
        if self.type == "offset":
            pair = parse_pair(text)
            if any(abs(v) > mm(self.limit_mm) for v in pair):
                raise ValueError(f"each shift must be within ±{self.limit_mm:g}mm; got {text}")
            return pair
        if self.type == "langs":
            codes = tuple(text)
            for n, code in enumerate(codes):
                if not LANG_CODE.match(code):
                    raise ValueError(f"'{code}' is not a language code like de, en or fr")
                if code in codes[:n]:
                    raise ValueError(f"'{code}' is asked for twice")
            return codes
        if self.type == "list":
            for n, value in enumerate(text):
                if value not in self.choices:
                    raise ValueError(f"must be one of {', '.join(self.choices)}, got {value}")
                if value in text[:n]:
                    raise ValueError(f"'{value}' is asked for twice")
            return tuple(text)
        if self.type == "int":
            text = str(text)
            if not (text.isdigit() and self.span[0] <= int(text) <= self.span[1]):
                raise ValueError(
                    f"must be a whole number from {self.span[0]} to {self.span[1]}, got {text}"
                )
            return int(text)
        if self.type == "url" and not URL.match(text):
            raise ValueError(
                "must be an address starting http:// or https://, without ? or #"
                f" (file names are added to it), got {text}"
            )
        if self.type == "choice" and text not in self.choices:
            raise ValueError(f"must be one of {', '.join(self.choices)}, got {text}")
        return text

    def shown(self, value) -> str | float | list | None:
        """The value as a user writes it (and as manifest.json records it)."""
        if self.type == "length":
            return f"{to_mm(value):g}mm"
        if self.type == "offset":
            return ",".join(f"{to_mm(v):g}mm" for v in value)
        if self.type in ("langs", "list"):
            return list(value)
        return value


OPTIONS = {
    o.name: o
    for o in (
        Option("paper", "choice", "a4", "Paper the kit is printed on.", tuple(PAPERS_MM)),
        Option(
            "duplex",
            "choice",
            "long",
            "long/short: backs on the next page for that flip;"
            " fold: fronts and backs side by side to fold and glue; none: fronts only.",
            DUPLEX_MODES,
        ),
        Option(
            "bleed",
            "length",
            mm(3),
            "Art beyond the cut line (3mm, 0.125in); 0 lets"
            " neighbours share their cuts and fits more on a sheet.",
            limit_mm=10.0,
        ),
        Option(
            "margin",
            "length",
            mm(5),
            "Unprintable margin of the printer on every side.",
            limit_mm=30.0,
        ),
        Option(
            "registration",
            "flag",
            False,
            "Print-then-cut: registration marks (a square"
            " top-left, L-corners top-right and bottom-left) on every sheet of fronts a"
            " machine cuts and in its cut file; the pieces keep clear of them.",
        ),
        Option(
            "registration-inset",
            "length",
            mm(10),
            "How far the registration marks stand from the paper's edges (at least --margin).",
            limit_mm=30.0,
        ),
        Option(
            "back-offset",
            "offset",
            (0.0, 0.0),
            "X,Y shift of every back page, read off `pnp calibrate`.",
            limit_mm=10.0,
        ),
        Option(
            "lang",
            "langs",
            (),
            "Language of cards and cheat sheet; repeat for several"
            " (default: every language the game's texts are written in).",
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
        Option("svg", "flag", False, "The same as --cut svg.", recorded=False),
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
            "dpi", "int", 300, "Resolution of exported pictures.", span=(72, 1200), recorded=False
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
            "Let --export shop scale cards that nearly fit the profile (it says by how much).",
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


def default(name: str):
    return OPTIONS[name].default


def record(values: dict) -> dict:
    """The options of a build as manifest.json keeps them, in the form a user writes."""
    return {
        name: option.shown(values[option.key])
        for name, option in OPTIONS.items()
        if option.recorded and values.get(option.key) is not None
    }


def table() -> str:
    """The options as a Markdown table, for the README."""
    rows = ["| option | default | allowed | what it does |", "|---|---|---|---|"]
    shown: str | float | list | None
    for option in OPTIONS.values():
        if option.type == "flag":
            shown, allowed = "off", "flag"
        else:
            shown = option.shown(option.default)
            shown = "–" if shown in (None, []) else f"`{shown}`"
            allowed = {
                "choice": " / ".join(option.choices),
                "length": f"0 to {option.limit_mm:g} mm",
                "offset": f"±{option.limit_mm:g} mm each",
                "langs": "language codes",
                "name": "a name the game defines",
                "list": " / ".join(option.choices) + ", repeatable",
                "int": f"{option.span[0]} to {option.span[1]}",
                "url": "an http(s) address",
            }[option.type]
        rows.append(f"| `--{option.name}` | {shown} | {allowed} | {option.help} |")
    return "\n".join(rows)
