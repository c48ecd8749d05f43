"""Every build option, declared once: its type, default, allowed range and help.

Each is a field of the class that holds it, declared by `option()` with a Type that reads
and checks what a user types: PrintOptions (how a kit is printed; layout's PrintSettings
extends it) and KitOptions (the rest; layout's BuildOptions extends it). From these fields
come the command line's flags (content/flags.py), the preview's option bar, the manifest's
record and the reference's table, and mypy's types: `settings.bleed` is a float to it.
Lengths are held in points once parsed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from bastelbogen.content import honoured
from bastelbogen.content.honoured import Needs
from bastelbogen.content.optiontypes import (
    Address,
    Count,
    Label,
    Langs,
    Mark,
    Maybe,
    Measure,
    Name,
    Offset,
    OneOf,
    Reference,
    Several,
    Switch,
)
from bastelbogen.core import limits
from bastelbogen.core.typed import Choice, Type
from bastelbogen.core.units import mm

if TYPE_CHECKING:
    pass

T = TypeVar("T")
# Why a game file's `print:` keeps no option of what one build writes or how it runs
ONE_BUILD = "it says what one build writes or how it runs, not how the game is printed"
EXPORTS = "exports are asked for by one build, not kept by the game"
PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
FLIPS = ("long", "short")  # the duplex modes that print backs behind fronts (calibrate's)
DUPLEX_MODES = (*FLIPS, "fold", "none")
# \Z, not $: a `$` also matches before a final newline, and "https://x/\n" would pass.
LANG_CODE = re.compile(r"[a-z]{2,3}\Z")


@dataclass(frozen=True)
class Option(Generic[T]):
    """A build option: the command line, the preview, the manifest and the reference read it."""

    name: str  # as on the command line (--name) and in manifest.json
    type: Type[T]  # reads what a user types: ValueError says what is wrong
    default: T  # parsed: points for lengths, a tuple for repeated ones
    help: str
    recorded: bool = True  # written to manifest.json (and so switched by the preview)
    key: str = ""  # its Python name, the field that holds it: back-offset is back_offset
    means: tuple[str, str] = ("", "")  # an alias: the option and the value it stands for
    # What it needs of the other options and of the game to do anything: given every
    # option's value and the game (None: the command line alone), why it does nothing
    # there (a sentence), or None when it takes effect.
    needs: Needs | None = None
    # Why a game file's `print:` cannot set it (a sentence); empty: a game may keep it.
    per_build: str = ""

    def parse(self, value: object) -> T:
        """The value a user typed, parsed and checked; ValueError says what is wrong."""
        return self.type(value)

    def narrowed(self: Option[str], choices: tuple[str, ...], help: str) -> Option[str]:
        """This option where only some of its declared choices make sense (calibrate's
        --duplex: the flips alone); the choices must be declared ones."""
        assert isinstance(self.type, Choice) and set(choices) <= set(self.type.choices)
        default = self.default if self.default in choices else choices[0]
        return replace(self, type=OneOf(*choices), default=default, help=help)

    def shown(self, value: object) -> object:
        """The value as a user writes it (and as manifest.json records it)."""
        return self.type.show(value)

    @property
    def allowed(self) -> str:
        """What it takes, in the words of the reference's table."""
        return f"flag: `--{self.means[0]} {self.means[1]}`" if self.means[0] else self.type.shown


def option(
    type: Type[T],
    default: T,
    help: str,
    name: str = "",
    recorded: bool = True,
    needs: Needs | None = None,
    per_build: str = "",
) -> T:
    """An option, declared as a field of the class that holds it (typed as its Type reads
    it: mypy holds the two together): `name` on the command line where it is not the
    field's with hyphens (langs: --lang); `recorded`: written to manifest.json; `needs`:
    why it does nothing with the other options' values or the game (pipeline/settings.py
    tells it), None where it acts; `per_build`: why a game file's `print:` may not set it."""
    declared = Option(name, type, default, help, recorded, needs=needs, per_build=per_build)
    return field(default=default, metadata={"option": declared})


# The options are the fields of the classes that hold them, not made at run time from a
# table (make_dataclass): such a class is `Any` to mypy and to a reader, and a stub beside
# it would say each option a second time. Here mypy holds each field's annotation to what
# its Type reads (option() returns that), and types every use; the classes that extend
# these (layout/imposition.py) add what they work out of them, and no option.


@dataclass(frozen=True, kw_only=True)
class PrintOptions:
    """How a kit is printed: the options the layout reads."""

    paper: str = option(OneOf(*PAPERS_MM), "a4", "Paper the kit is printed on.")
    duplex: str = option(
        OneOf(*DUPLEX_MODES),
        "long",
        "long/short: backs on the next page for that flip;"
        " fold: fronts and backs side by side to fold and glue; none: fronts only.",
        needs=honoured.backed,
    )
    bleed: float = option(
        Measure(0, 10),
        mm(3),
        "Art beyond the cut line (3mm, 0.125in); 0 lets"
        " neighbours share their cuts and fits more on a sheet.",
        needs=honoured.bled,
    )
    margin: float = option(
        Measure(0, 30), mm(5), "Unprintable margin of the printer on every side."
    )
    registration: bool = option(
        Switch(),
        False,
        "Print-then-cut: registration marks (a square"
        " top-left, L-corners top-right and bottom-left) on every sheet of fronts a"
        " machine cuts and in its cut file; the pieces keep clear of them.",
        needs=honoured.marked,
    )
    registration_inset: float = option(
        # at least Silhouette's 10mm, as layout/registration.py cites it
        Measure(
            10,
            30,
            "Silhouette Studio sets its marks at least 10mm from the edges;"
            " its machines look for them no nearer",
        ),
        mm(10),
        "How far the registration marks stand from the paper's edges (at least --margin,"
        " and Silhouette Studio's 10mm).",
        needs=lambda v, g: None if v["registration"] else "the marks come with --registration",
    )
    back_offset: tuple[float, float] = option(
        Offset(10),
        (0.0, 0.0),
        "X,Y shift of every back page, read off `pnp calibrate`.",
        needs=lambda v, g: (
            honoured.backed(v, g)
            if v["duplex"] in FLIPS
            else f"--duplex {v['duplex']} prints no back page on the paper's other side"
        ),
        per_build="it is your printer's shift, not the game's (`pnp calibrate` measures it):"
        " give it on the command line",
    )


@dataclass(frozen=True, kw_only=True)
class KitOptions:
    """What else a build is asked for: languages, variant and theme, and what it writes."""

    langs: tuple[str, ...] = option(
        Langs(LANG_CODE),
        (),
        "Language of cards and cheat sheet; repeat for several"
        " (default: every language the game's texts are written in).",
        name="lang",
        per_build="the game's languages are its `languages:`; --lang picks some for one build",
    )
    braille: bool = option(Switch(), False, "Add paper-braille values to the cards.")
    variant: str | None = option(
        Maybe(Name()),
        None,
        "Build a named variant (e.g. large-groups).",
        per_build="a variant is chosen for one build; the game file's `variants:` declares them",
    )
    theme: str | None = option(
        Maybe(Name()),
        None,
        "Motif theme of a game that has themes (e.g. animals); default: its first.",
        needs=honoured.themed,
        per_build="a game's default theme is the first of its `themes: files:`",
    )
    version_mark: str | None = option(
        Maybe(Mark()),
        None,
        "A small text in a corner of every piece's front (e.g. v3; `version`: the game"
        " file's version; `date`: the day of the build), so that pieces printed at"
        " different times are not mixed up.",
    )
    label: str | None = option(
        Maybe(Label()),
        None,
        "Name this build (e.g. playtest-3): kept beside the kit, so that a later"
        " --changed-since playtest-3 finds it.",
        recorded=False,
        per_build=ONE_BUILD,
    )
    changed_since: str | None = option(
        Maybe(Reference()),
        None,
        "Print only the pieces whose front or back draws differently than in an earlier"
        " build (REF: its kit folder, or its --label), every copy of each, with"
        " changes.pdf showing each before and after.",
        recorded=False,
        per_build=ONE_BUILD,
    )
    cut: str = option(
        OneOf("none", "svg", "dxf"),
        "none",
        "Also write cut files for cutting machines, a sheet each"
        " in mm: svg (cut/<file>-<n>.svg) or dxf (cut/<file>-<n>.dxf); cuts and folds in"
        " separate groups or layers.",
        recorded=False,
        needs=honoured.cut_out,
    )
    export: tuple[str, ...] = option(
        Several("png", "shop", "tts", "tabletopia", "screentop", "contact"),
        (),
        "Also export (repeatable): png (a picture per distinct"
        " face), shop (files for a print shop, with --profile), tts (Tabletop Simulator"
        " decks), tabletopia (a picture per side for Tabletopia), screentop (card sheets"
        " and dice for Screentop), contact (a contact sheet per component); into"
        " export/<format>/.",
        recorded=False,
        per_build=EXPORTS,
    )
    dpi: int = option(
        Count(*limits.EXPORT_DPI),
        300,
        "Resolution of exported pictures.",
        recorded=False,
        needs=honoured.exported("png", "tts", "screentop", "contact"),
        per_build=EXPORTS,
    )
    profile: str | None = option(
        Maybe(Name()),
        None,
        "Print-shop profile for --export shop (e.g."
        " tgc-poker, mpc-63x88, dtc-poker, or one in the game's profiles.yaml).",
        recorded=False,
        needs=lambda v, g: (
            None
            if "shop" in v["export"] or v["pdfx"]
            else "it names the shop of --export shop or --pdfx, and neither is asked for"
        ),
        per_build=EXPORTS,
    )
    fit: bool = option(
        Switch(),
        False,
        "Let --export shop scale cards that nearly fit the profile (within 3 %): one"
        " scale both ways, so the art keeps its proportions and covers the shop's card;"
        " what is over is cut off evenly (it says how much).",
        recorded=False,
        needs=honoured.exported("shop"),
        per_build=EXPORTS,
    )
    pdfx: bool = option(
        Switch(),
        False,
        "Write the print sheets as --profile's shop writes its PDF (a CMYK one, e.g."
        " dtc-poker: through its ICC to its ink limit, PDF/X-1a where it says so), for a"
        " print shop near you.",
        recorded=False,
        per_build=EXPORTS,
    )
    stretch: bool = option(
        Switch(),
        False,
        "Like --fit, but across and down scaled apart to the profile's size: nothing"
        " cut off, the art distorted a little (it says by how much).",
        recorded=False,
        needs=honoured.exported("shop"),
        per_build=EXPORTS,
    )
    base_url: str | None = option(
        Maybe(Address()),
        None,
        "Where you host the exported pictures, for the Tabletop"
        " Simulator deck (default: the local files).",
        recorded=False,
        needs=honoured.exported("tts"),
        per_build=EXPORTS,
    )
    jobs: int = option(
        Count(0, limits.MAX_JOBS),
        0,
        "Processes to build with: 0 is one per core (or $PNP_JOBS);"
        " 1 builds in this process alone. Several games are built side by side, one"
        " game's files likewise; the output is the same bytes either way.",
        recorded=False,
        per_build=ONE_BUILD,
    )
    strict: bool = option(
        Switch(),
        False,
        "Treat preflight warnings (art short of the bleed,"
        " tiny text, low-resolution pictures) as errors.",
        recorded=False,
        per_build=ONE_BUILD,
    )
    verbose: bool = option(
        Switch(),
        False,
        "Tell each preflight warning at every place it is found, not once per cause and"
        " component with how many places and the first few.",
        recorded=False,
        per_build=ONE_BUILD,
    )


# An alias holds no value of its own: it is told after the option it stands for.
ALIASES: tuple[Option[bool], ...] = (
    Option(
        "svg",
        Switch(),
        False,
        "An alias: the same as --cut svg.",
        False,
        "svg",
        ("cut", "svg"),
        per_build="it is the command line's short way to say --cut svg: write `cut: svg`",
    ),
)


def _declared(*holders: type) -> dict[str, Option[Any]]:
    """The options the holders' fields declare, in their order, each alias after what it
    stands for."""
    found: dict[str, Option[Any]] = {}
    for holder in holders:
        for f in fields(holder):
            declared = f.metadata["option"]
            held = replace(declared, name=declared.name or f.name.replace("_", "-"), key=f.name)
            found[held.name] = held
            found |= {a.name: a for a in ALIASES if a.means[0] == held.name}
    return found


OPTIONS = _declared(PrintOptions, KitOptions)


def unaliased(values: dict[str, Any]) -> dict[str, Any]:
    """Parsed values with each alias given (--svg) turned into what it means (--cut svg);
    an alias and the option it stands for set to something else is a ValueError."""
    values = dict(values)
    for alias in ALIASES:
        if not values.pop(alias.key, False):
            continue
        target, meant = OPTIONS[alias.means[0]], alias.means[1]
        told = values.get(target.key, target.default)
        if told not in (meant, target.default):
            named = f"--{target.name}"
            raise ValueError(f"--{alias.name} is {named} {meant}; it cannot go with {named} {told}")
        values[target.key] = meant
    return values


def aliased(key: str) -> str:
    """The option an alias stands for (svg: cut), keyed like the fields; another as it is."""
    return next((OPTIONS[a.means[0]].key for a in ALIASES if a.key == key), key)


def record(values: dict[str, Any]) -> dict[str, object]:
    """The options of a build as manifest.json keeps them, in the form a user writes."""
    return {
        name: option.shown(values[option.key])
        for name, option in OPTIONS.items()
        if option.recorded and values.get(option.key) is not None
    }
