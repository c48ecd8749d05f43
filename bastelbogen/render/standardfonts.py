"""The standard PDF fonts a designer may name (Helvetica, Times, Courier: ISO 32000-1, 9.6.2.2),
each drawn in the Liberation font made with its widths, embedded; or refused.

A PDF may name one of the fourteen standard fonts without embedding it, and reportlab does so
for any of them: a viewer then draws whatever font it has under that name, and PDF/X-1a (which
print shops take) forbids it outright. No file we write names a font it does not carry. The
Liberation fonts (SIL Open Font License 1.1, shipped in fonts/) were drawn with the advance
widths of Arial, Times New Roman and Courier New, which are Helvetica's, Times' and Courier's
for the letters, digits and punctuation of the western languages: a text set in the
replacement breaks its lines where the standard font would. Symbol and ZapfDingbats have no
free font with their glyphs and widths, so naming them is an error at its place.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from reportlab.lib.fonts import addMapping

from bastelbogen.content.project import FONTS
from bastelbogen.core.errors import ContentError, Loc, Problem

if TYPE_CHECKING:
    from bastelbogen.checks.preflight import Preflight

# The families, by the names they are written under (lower case, without spaces, hyphens,
# commas and underscores: "Times New Roman,Bold" is "timesnewromanbold"), and their Liberation.
_BASES = {
    "Sans": ("helvetica", "arial", "arialmt"),
    "Serif": ("times", "timesroman", "timesnewroman", "timesnewromanpsmt"),
    "Mono": ("courier", "couriernew", "couriernewpsmt"),
}
_STYLES = {
    "": (False, False),
    "regular": (False, False),
    "bold": (True, False),
    "italic": (False, True),
    "oblique": (False, True),
    "bolditalic": (True, True),
    "boldoblique": (True, True),
}
_FILES = {
    (False, False): "Regular",
    (True, False): "Bold",
    (False, True): "Italic",
    (True, True): "BoldItalic",
}
# What the standard fonts are called in PDF, as a message lists them.
NAMES = (
    "Helvetica",
    "Helvetica-Bold",
    "Helvetica-Oblique",
    "Helvetica-BoldOblique",
    "Times-Roman",
    "Times-Bold",
    "Times-Italic",
    "Times-BoldItalic",
    "Courier",
    "Courier-Bold",
    "Courier-Oblique",
    "Courier-BoldOblique",
)
# The two standard fonts of symbols: no free font has their glyphs at their code points.
REFUSED = ("symbol", "zapfdingbats", "dingbats")


@dataclass(frozen=True)
class Standard:
    """A standard font's replacement: its Liberation family and style."""

    family: str  # Sans, Serif or Mono
    bold: bool
    italic: bool

    @property
    def file(self) -> str:
        return f"Liberation{self.family}-{_FILES[(self.bold, self.italic)]}.ttf"

    @property
    def shown(self) -> str:
        """As a message names it: Liberation Sans Bold."""
        style = {(True, False): " Bold", (False, True): " Italic", (True, True): " Bold Italic"}
        return f"Liberation {self.family}{style.get((self.bold, self.italic), '')}"


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch not in " -,_")


def _table() -> dict[str, Standard]:
    table = {}
    for family, bases in _BASES.items():
        for base in bases:
            for suffix, (bold, italic) in _STYLES.items():
                table[base + suffix] = Standard(family, bold, italic)
    return table


STANDARD = _table()


def standard(name: str) -> Standard | None:
    """The replacement of a standard font's name, or None if `name` is none."""
    return STANDARD.get(_key(name))


def svg_family(written: str) -> str | None:
    """The family a picture's text naming a standard font (font-family: Arial) is drawn in:
    its Liberation family (the picture's own font-weight and -style choose the face)."""
    found = standard(written)
    return None if found is None else f"Liberation {found.family}"


@cache
def registered(family: str, bold: bool, italic: bool) -> str:
    """The registered (reportlab) name of a Liberation font, its family registered with it:
    `<b>` and `<i>` inside text set in one find the family's other styles."""
    from bastelbogen.render.style import register_font  # style.py resolves names here

    names = {}
    for (b, i), style in _FILES.items():
        path = FONTS / f"Liberation{family}-{style}.ttf"
        names[(b, i)] = register_font(path, Loc(str(path)), f"standard {family}")
    for (b, i), name in names.items():
        addMapping(names[(False, False)], int(b), int(i), name)
    return names[(bold, italic)]


def told(name: str) -> str:
    """What a build says where a standard font is named."""
    found = standard(name)
    assert found is not None
    return (
        f"font '{name}' is a standard PDF font, which a PDF would name without carrying it:"
        f" drawn in {found.shown} instead (embedded, with {name}'s widths for western text)"
    )


def tell(preflight: Preflight, name: str, roles: Iterable[str], loc: Loc) -> None:
    """Said at `loc` when `name` (a font asked for there) is a standard font's, not a role."""
    if name not in roles and standard(name) is not None:
        preflight.replaced_font(loc, told(name))


def resolve(name: str, roles: Iterable[str], loc: Loc, where: str = "") -> str:
    """The registered name a font name stands for when it is none of the game's `roles`: a
    standard font's Liberation replacement; otherwise a located error (with the nearest
    name when there is one)."""
    found = standard(name)
    if found is not None:
        return registered(found.family, found.bold, found.italic)
    roles = list(roles)
    if _key(name) in REFUSED:
        raise ContentError(
            Problem(
                loc,
                f"{where}font '{name}' is a standard PDF font of symbols that no free font"
                " can stand in for, and fonts are always embedded; name a font file with"
                " those symbols under `fonts:` in game.yaml, or draw them as pictures",
            )
        )
    known = {n.lower(): n for n in [*NAMES, *roles]}  # a role of the game's before all
    near = difflib.get_close_matches(name.lower(), list(known), n=1, cutoff=0.6)
    hint = f"; did you mean '{known[near[0]]}'?" if near else ""
    raise ContentError(
        Problem(
            loc,
            f"{where}no font '{name}'; fonts: {', '.join(roles)}, or a standard PDF font"
            f" (Helvetica, Times, Courier, with -Bold, -Italic: drawn in Liberation){hint}",
        )
    )
