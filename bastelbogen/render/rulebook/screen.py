"""The rulebook as a web page: the same blocks (content/rulebook.py) the A5 book is set from,
with the same counts, names and faces (pictures.py's Kit), written as HTML for the preview
(which serves it, and the pictures it names). The text of the Markdown is a stranger's: the
blocks' markup is read again here, its few tags (b, i, br, a) taken and everything else
written as text, escaped; a link leads to a section of the book or to the web, nowhere else.
The generated blocks (components, figures, set-up, scoring): screenparts.py."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from bastelbogen.content.icons import Icon, Ref, named, pieces, unknown
from bastelbogen.content.rulebook import Block, Rulebook
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem

if TYPE_CHECKING:
    from collections.abc import Mapping

    from bastelbogen.render.rulebook.pictures import Face, Kit

_TAG = re.compile(r"(<[^<>]*>)")
_LINK = re.compile(r'<a href="([^"]*)">')
_KEPT = {"<b>": "<strong>", "</b>": "</strong>", "<i>": "<em>", "</i>": "</em>", "<br/>": "<br>"}
WEB = ("https://", "http://", "mailto:")  # the links to elsewhere a rulebook may hold


def text(value: object) -> str:
    """Plain text for the page, every character that means something in HTML escaped."""
    return html.escape(str(value), quote=True)


class Pictures(Protocol):
    """Where the page finds its pictures: a face's, an icon's (the preview serves both)."""

    def face(self, face: Face) -> str: ...

    def icon(self, icon: Icon) -> str: ...


@dataclass(frozen=True)
class Links:
    """The page's own files and the way back, as the server that serves it names them."""

    style: str
    script: str = ""
    home: str = ""
    home_label: str = ""
    build: str = ""  # written as the body's data-build (the preview's build shown)


@dataclass
class Page:
    """One book's page, written block by block."""

    book: Rulebook
    kit: Kit
    words: Mapping[str, str]
    pictures: Pictures

    def inline(self, markup: str, loc: Loc, links: bool = True) -> str:
        """A block's markup as HTML: its counts and names the kit's, its own tags (strong,
        em, a line break, a link) kept, its text escaped again and its icons pictures.
        Without `links` a link's text stays and the link goes (a heading in the contents)."""
        out = []
        for n, part in enumerate(_TAG.split(self.kit.counted(markup, loc))):
            if n % 2 == 0:
                out.append(self.words_of(html.unescape(part), loc))
            elif part in _KEPT:
                out.append(_KEPT[part])
            elif link := _LINK.fullmatch(part):
                out.append(_opening(html.unescape(link.group(1))) if links else "")
            elif part == "</a>":
                out.append(part if links else "")
            else:  # no tag of the reading's: shown as the text it is
                out.append(text(part))
        return "".join(out)

    def words_of(self, plain: str, loc: Loc) -> str:
        """Plain text with its icons (`:coin:`) as pictures at the text's height; an icon
        the game does not declare told at the block, as the printed book tells it."""
        if ":" not in plain:
            return text(plain)
        if len(named(plain)) > limits.MAX_ICONS_IN_TEXT:
            raise ContentError(
                Problem(loc, f"rulebook: a text showing more than {limits.MAX_ICONS_IN_TEXT} icons")
            )
        out = []
        for piece in pieces(plain):
            if isinstance(piece, Ref):
                out.append(self.icon(piece, loc))
            else:
                out.append(text(piece))
        return "".join(out)

    def icon(self, ref: Ref, loc: Loc) -> str:
        icons = self.kit.fonts.icons
        icon = icons.get(ref.name)
        if icon is None:
            found = unknown(f":{ref.name}:", icons)
            why = found[1] if found else f"unknown icon ':{ref.name}:'"
            raise ContentError(Problem(loc, f"rulebook: {why}"))
        # its height in ems as a class of the page's style (a style attribute is refused by
        # the page's security policy): tenths of an em, from a half to two
        tenths = min(20, max(5, round(icon.size * 10)))
        return (
            f'<img class="icon em{tenths}" src="{text(self.pictures.icon(icon))}"'
            f' alt="{text(ref.name)}" title="{text(ref.name)}">'
        )

    def blocks(self, blocks: tuple[Block, ...]) -> Iterator[str]:
        for block in blocks:
            yield self.block(block)

    def block(self, block: Block) -> str:
        """One block as HTML, each kind by its writer."""
        from bastelbogen.render.rulebook import screenparts

        writers: dict[str, Callable[[Block], str]] = {
            "heading": self.heading,
            "p": lambda b: f"<p>{self.inline(b.text, b.loc)}</p>",
            "list": self.listed,
            "table": self.table,
            "note": self.aside,
            "example": self.aside,
            "break": lambda b: '<hr class="page">',
            "components": lambda b: screenparts.components(self, b),
            "figure": lambda b: screenparts.figure(self, b),
            "setup": lambda b: screenparts.setup(self, b),
            "scoring": lambda b: screenparts.scoring(self, b),
        }
        writer = writers.get(block.kind)
        if writer is None:
            raise ContentError(Problem(block.loc, f"a {block.kind} block is not shown here"))
        return writer(block)

    def heading(self, block: Block) -> str:
        if block.level == 1:
            return ""  # the title heads the page
        level = min(block.level, 4)
        inner = self.inline(block.text, block.loc, links=False)
        anchor = f'<a class="anchor" href="#{text(block.slug)}" aria-hidden="true">#</a>'
        return f'<h{level} id="{text(block.slug)}">{inner} {anchor}</h{level}>'

    def listed(self, block: Block) -> str:
        """A list's items (depth, markup) as nested lists, numbered at the top only, as the
        book numbers them."""
        items = [(d, self.inline(markup, block.loc)) for d, markup in block.items]
        return nested(items, block.ordered)

    def table(self, block: Block) -> str:
        rows = [list(r) for r in block.items]
        cols = max(len(r) for r in rows)
        head, body = rows[0], rows[1:]
        cells = "".join(f"<th>{self.inline(t, block.loc)}</th>" for t in head)
        out = [f'<table class="text"><thead><tr>{cells}</tr></thead><tbody>']
        for row in body:
            padded = row + [""] * (cols - len(row))
            out.append(
                "<tr>" + "".join(f"<td>{self.inline(t, block.loc)}</td>" for t in padded) + "</tr>"
            )
        return "".join(out) + "</tbody></table>"

    def aside(self, block: Block) -> str:
        """A side note, or an example box under its label (the book's word)."""
        label = ""
        if block.kind == "example":
            label = f'<p class="label">{text(self.words["example"])}</p>'
        inner = "".join(self.blocks(block.inner))
        return f'<aside class="{block.kind}">{label}{inner}</aside>'

    def contents(self) -> str:
        """The table of contents: every section (##) and subsection (###), linked."""
        items = [
            (
                min(b.level - 2, 1),
                f'<a href="#{text(b.slug)}">{self.inline(b.text, b.loc, False)}</a>',
            )
            for b in _all_headings(self.book.blocks)
            if b.level > 1
        ]
        if not items:
            return ""
        heading = text(self.words["contents"])
        shown = nested(items, False)
        return f'<nav class="contents" aria-label="{heading}"><h2>{heading}</h2>{shown}</nav>'


def nested(items: list[tuple[int, str]], ordered: bool) -> str:
    """Items of HTML at their depths as lists within lists (a step deeper than the one
    before is one level deeper); the top numbered where `ordered`."""
    out, depth, tags = [], -1, []
    for wanted, inner in items:
        d = min(wanted, depth + 1)
        if d > depth:
            tags.append("ol" if ordered and d == 0 else "ul")
            out.append(f"<{tags[-1]}>")
        else:
            out.append("</li>")
            while depth > d:
                out.append(f"</{tags.pop()}></li>")
                depth -= 1
        depth = d
        out.append(f"<li>{inner}")
    if items:
        out.append("</li>")
    while tags:
        out.append(f"</{tags.pop()}>" + ("</li>" if tags else ""))
    return "".join(out)


def _all_headings(blocks: tuple[Block, ...]) -> Iterator[Block]:
    for b in blocks:
        if b.kind == "heading":
            yield b
        yield from _all_headings(b.inner)


def _opening(href: str) -> str:
    """A link's opening tag: to a section of the book, or to the web in a new tab; any
    other (javascript:, a file) is no link, its text kept."""
    if href.startswith("#"):
        return f'<a href="{text(href)}">'
    if href.startswith(WEB):
        return f'<a href="{text(href)}" rel="noopener noreferrer" target="_blank">'
    return "<a>"


def page(
    book: Rulebook, kit: Kit, words: Mapping[str, str], pictures: Pictures, links: Links
) -> str:
    """The whole page of one book: its title, contents and blocks, in the book's language."""
    writer = Page(book, kit, words, pictures)
    title_block = next((b for b in book.blocks if b.kind == "heading" and b.level == 1), None)
    title = writer.inline(title_block.text, title_block.loc, False) if title_block else ""
    at = title_block.loc if title_block else Loc(str(book.path), 1, 1)
    plain = html.unescape(re.sub(r"<[^>]*>", "", kit.counted(book.title, at))) or words["rulebook"]
    body = "\n".join(writer.blocks(book.blocks))
    script = f'<script type="module" src="{text(links.script)}"></script>' if links.script else ""
    home = ""
    if links.home:
        home = f'<a class="home" href="{text(links.home)}">{text(links.home_label)}</a>'
    return (
        "<!doctype html>\n"
        f'<html lang="{text(book.lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{text(plain)} – {text(words['rulebook'])}</title>\n"
        f'<link rel="stylesheet" href="{text(links.style)}">\n{script}\n</head>\n'
        f'<body class="rulebook" data-build="{text(links.build)}">\n'
        f'<header><span class="kind">{text(words["rulebook"])}</span>{home}</header>\n'
        f'<article>\n<h1 id="top">{title}</h1>\n{writer.contents()}\n{body}\n</article>\n'
        "</body>\n</html>\n"
    )
