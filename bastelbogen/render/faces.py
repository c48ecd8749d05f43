"""Fonts named in text markup (`<font face="bold">`, `<span name="Helvetica">`), resolved as a
box's `font:` key is: a role of the game's (regular, bold, italic, a font the game names), a
standard PDF font drawn in its Liberation replacement (standardfonts.py), or a located error.
reportlab would take any name it knows, and draw the standard ones without embedding them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bastelbogen.core.errors import Loc
from bastelbogen.render import standardfonts

if TYPE_CHECKING:
    from bastelbogen.render.style import Fonts

# The tags that set a font (paragraphs.TAGS) and the attributes that name it in each, as
# reportlab's parser reads them, in any case (platypus/paraparser.py: _fontAttrMap,
# _spanAttrMap, _linkAttrMap, each with its target's own name, fontName, added by
# _addAttributeNames); a link's `name` makes it an anchor, not a font.
_NAMING = {
    "font": ("face", "name", "fontname"),
    "span": ("face", "name", "fontname"),
    "a": ("face", "fontname"),
}
_TAG = re.compile(r"""<\s*(font|span|a)\b((?:[^<>"']|"[^"<]*"|'[^'<]*')*)>""", re.I)
_ATTR = re.compile(r"""([a-zA-Z_:][-\w:.]*)(\s*=\s*)("[^"]*"|'[^']*'|[^\s"'>/]+)""")


def named(text: str) -> list[str]:
    """The font names the text's tags give, in order."""
    found = []
    for tag in _TAG.finditer(text):
        naming = _NAMING[tag.group(1).lower()]
        for attr in _ATTR.finditer(tag.group(2)):
            if attr.group(1).lower() in naming:
                found.append(attr.group(3).strip("'\""))
    return found


def standard_named(text: str, fonts: Fonts) -> list[str]:
    """The standard fonts the text's tags name (not being a role of the game's): each is
    drawn in its replacement, which a build says once where the text is written."""
    return [
        name
        for name in dict.fromkeys(named(text))
        if name not in fonts.paths and standardfonts.standard(name) is not None
    ]


def resolved(text: str, fonts: Fonts | None, loc: Loc, label: str = "") -> str:
    """The text with every font its tags name replaced by the registered font it stands for;
    a name that stands for none is an error at `loc`. Without `fonts`, only the standard
    fonts are known."""
    if "face" not in text.lower() and "name" not in text.lower():
        return text  # most texts name no font: not scanned further
    where = f"{label}: " if label else ""

    def resolve(name: str) -> str:
        if fonts is not None and name in fonts.paths:
            return fonts.get(name, loc)
        roles = fonts.paths if fonts is not None else ()
        return standardfonts.resolve(name, roles, loc, f"{where}<font face='{name[:40]}'>: ")

    def tag(match: re.Match[str]) -> str:
        naming = _NAMING[match.group(1).lower()]

        def attribute(attr: re.Match[str]) -> str:
            key, eq, value = attr.groups()
            if key.lower() not in naming:
                return attr.group(0)
            return f'{key}{eq}"{resolve(value.strip(chr(39) + chr(34)))}"'

        return f"<{match.group(1)}{_ATTR.sub(attribute, match.group(2))}>"

    return _TAG.sub(tag, text)
