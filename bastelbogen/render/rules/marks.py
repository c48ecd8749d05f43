"""The rulebook page a cheat sheet heading summarises, set beside it ("A turn · p. 4"): small
and quiet at the end of the heading's line, and on screen a link to that page of the book, a
PDF remote go-to naming the book's file as it lies beside the cheat sheet.

The template writes it as a block of its own after the heading's (a section's or a look-up
panel's): `@mark PAGE TEXT`, the page a number, the text as the words table words it.
`folded` joins it to its heading before the page is laid out; `parted` takes it off again
where the heading is set."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.render.paragraphs import NO_BREAK
from bastelbogen.render.rules.page import MARK as KIND

if TYPE_CHECKING:
    from reportlab.lib.styles import ParagraphStyle

    from bastelbogen.render.rules.page import Block, RulesPage
    from bastelbogen.render.rules.typesetting import Paragraph

HEADINGS = ("h", "panel")  # the blocks a mark may follow
JOIN = "\x1f"  # joins a heading and its mark: a control character no rules text may hold
SIZE = 0.7  # of the heading's size: a note beside it, not a second heading
INK = "#767676"  # quiet beside the accent, and still 4.5:1 on white


@dataclass(frozen=True)
class Mark:
    page: int  # the book's page, from 1
    text: str  # as printed ("p. 4")


def folded(blocks: Sequence[Block], sheet: RulesPage) -> list[Block]:
    """The blocks with each mark joined to the heading before it; a mark after anything
    else is the template's mistake, told at the rules' text before it."""
    out: list[Block] = []
    for kind, text in blocks:
        if kind != KIND:
            out.append((kind, text))
            continue
        page, _, words = text.partition(" ")
        if not out or out[-1][0] not in HEADINGS or JOIN in out[-1][1] or not page.isdigit():
            before = out[-1][1] if out else ""
            raise ContentError(
                Problem(
                    sheet.where(before),
                    f"cheat-sheet template ({sheet.lang}): '@{KIND} {text[:40]}' must follow a"
                    " heading (@h or @panel) and give a page number, then its text",
                )
            )
        out[-1] = (out[-1][0], f"{out[-1][1]}{JOIN}{page} {words}")
    return out


def parted(text: str) -> tuple[str, Mark | None]:
    """A heading's text and its mark (None where it has none)."""
    heading, joined, mark = text.partition(JOIN)
    if not joined:
        return text, None
    page, _, words = mark.partition(" ")
    return heading, Mark(int(page), words.strip())


def markup(mark: Mark | None, style: ParagraphStyle) -> str:
    """The mark as the heading's last words: kept on its last line, after a centred dot."""
    if mark is None:
        return ""
    size = style.fontSize * SIZE
    words = mark.text.replace(" ", NO_BREAK)
    return (
        f'{NO_BREAK}<font name="regular" size="{size:.2f}" color="{INK}">·{NO_BREAK}{words}</font>'
    )


def linked(para: Paragraph, mark: Mark | None, book: str) -> Paragraph:
    """The heading drawn with a link over its lines to the mark's page of `book` (a file
    name relative to the cheat sheet's); unlinked without a mark or a book."""
    if mark is None or not book:
        return para
    draw = para.drawOn

    def drawn(canvas: object, x: float, y: float, _sW: float = 0) -> None:  # noqa: N803
        draw(canvas, x, y, _sW)
        widths = para.getActualLineWidths0() or [para.width]
        remote_link(canvas, book, mark.page, (x, y, x + max(widths), y + para.height))

    para.drawOn = drawn
    return para


def remote_link(
    canvas: object, file: str, page: int, rect: tuple[float, float, float, float]
) -> None:
    """A link annotation over `rect` (in the canvas's current coordinates) that opens page
    `page` (from 1) of the PDF `file`: a GoToR action, its page counted from 0 as a remote
    destination is, fitted to the window. reportlab's own GoToR always opens the first."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString

    action = PDFDictionary(
        {
            "S": PDFName("GoToR"),
            "F": PDFString(file),
            "D": PDFArray([page - 1, PDFName("Fit")]),
        }
    )
    annotation = PDFDictionary(
        {
            "Type": PDFName("Annot"),
            "Subtype": PDFName("Link"),
            "Rect": PDFArray(canvas._absRect(rect, 1)),  # type: ignore[attr-defined]
            "Border": PDFArray([0, 0, 0]),
            "A": action,
        }
    )
    canvas._addAnnotation(annotation)  # type: ignore[attr-defined]
