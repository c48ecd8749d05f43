"""changes.pdf of a `--changed-since` kit: each changed piece's side before and after, side
by side, so that a designer sees what a reprint carries before printing it, and pieces
new or gone since.

The face after is drawn as the sheets draw it. The face before is the earlier kit's own
drawing: the page of its sheets that held it, carried into this document (render/
pdfimport.py) and shown through a window onto that piece alone, turned upright. Nothing of
the earlier build is drawn again from sources that may have changed since; where its file
is gone or does not read, the piece's place says so."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib import colors

from bastelbogen.content.models import Item, Variant
from bastelbogen.core.geometry import Matrix
from bastelbogen.core.limits import MAX_REUSED_BYTES
from bastelbogen.core.remembered import read_regular
from bastelbogen.core.units import mm
from bastelbogen.layout.arts import Arts
from bastelbogen.layout.faces import Art
from bastelbogen.layout.fingerprints import Faces
from bastelbogen.layout.kit import paint_file, plan_files
from bastelbogen.output import Entry, Job, Writer, register
from bastelbogen.render.paint import Forms, PaintContext
from bastelbogen.render.pdf import Canvas, new_canvas
from bastelbogen.render.pdfimport import page_form, unembedded

CHANGES = "changes"  # Job.kept: the Changes a --changed-since build found
# A --changed-since kit prints the pieces changed, not the rules again (pipeline/build.py
# leaves these writers out); the page of changes says which a whole build would print.
REPRINTED_WITHOUT = {"cheatsheet": "the cheat sheet", "rulebook": "the rulebook"}
FILE = "changes.pdf"
PAGE = (mm(210), mm(297))
MARGIN = mm(12)
GAP = mm(8)  # between before and after
MOST = mm(100)  # the tallest a face is shown (a board is shown smaller)
LINE = 9.0  # points: a row's caption
GREY = colors.HexColor("#888888")


@dataclass(frozen=True)
class Placed:
    """Where an earlier kit placed a piece's side: its file, page (from 1), trim on the
    page (x, y, w, h in mm from the bottom left) and turn (degrees counter-clockwise)."""

    path: Path
    page: int
    trim: tuple[float, ...]
    rotation: int


@dataclass(frozen=True)
class Changed:
    """A piece printed again: `how` it changed ("changed" or "new"), which of its sides
    differ, and where the earlier kit placed each of them."""

    lang: str
    component: str
    piece: str
    how: str
    sides: tuple[str, ...]
    before: dict[str, Placed] = field(default_factory=dict)


@dataclass
class Changes:
    """What a --changed-since build prints: the pieces changed since `since`, those gone,
    and the variant that keeps only the changed ones (pipeline/changed.py)."""

    since: str
    changed: list[Changed]
    removed: list[tuple[str, str, str]]  # language, component, piece
    variant: Variant
    faces: Faces  # every piece's fingerprints as the kit is now


@register
class ChangesPage(Writer):
    name = "changes"
    order = 70  # before the guide, which lists it

    def wanted(self, options: object) -> bool:
        return getattr(options, "changed_since", None) is not None

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        changes = job.kept.get(CHANGES)
        if not isinstance(changes, Changes):
            return []
        after = _after(job, changes)
        c = new_canvas(
            job.staging.path(FILE),
            job.meta(f"changes since {changes.since}"),
            PAGE,
            job.fonts["regular"],
        )
        ctx = PaintContext(job.fonts, job.game.folder, tables=job.game.tables)
        ctx.mark = job.options.version_mark or ""
        sheet = _Sheet(c, Forms(c, ctx), job.fonts["regular"], job.fonts["bold"])
        sheet.title(f"{job.game.title.get(job.lang)}: changed since {changes.since}")
        for row in changes.changed:
            for side in row.sides:
                first = row.lang.split(", ")[0]  # shown once for the languages alike
                sheet.row(row, side, after.get((first, row.component, row.piece, side)))
        sheet.removed(changes.removed)
        game = job.game
        left = [REPRINTED_WITHOUT["cheatsheet"]] if game.rules is not None else []
        left += [REPRINTED_WITHOUT["rulebook"]] if game.rulebooks else []
        if left:  # they may count or show what changed: said, not left stale in silence
            sheet.note(f"Not printed again: {' and '.join(left)} (a whole build prints them).")
        c.showPage()
        c.save()
        return [
            {"path": FILE, "pages": [{"number": n, "items": []} for n in range(1, sheet.pages + 1)]}
        ]


def _after(job: Job, changes: Changes) -> dict[tuple[str, str, str, str], tuple[Arts, Item]]:
    """Each changed piece's side as this build draws it: its arts and its first copy."""
    found: dict[tuple[str, str, str, str], tuple[Arts, Item]] = {}
    for plan in plan_files(job.game, changes.variant, job.options, job.layouts):
        for laid in paint_file(job.game, plan, job.layouts, job.options, None):
            for lang in [laid.lang] if laid.lang else job.options.langs:
                for item in laid.items:
                    for side in ("front", "back"):
                        found.setdefault(
                            (lang, item.component.id, item.id, side), (laid.arts, item)
                        )
    return found


class _Sheet:
    """The pages of changes.pdf, filled row by row from the top."""

    def __init__(self, c: Canvas, forms: Forms, font: str, bold: str) -> None:
        self.c, self.forms, self.font, self.bold = c, forms, font, bold
        self.x, self.y, self.tallest = MARGIN, PAGE[1] - MARGIN, 0.0
        self.pages = 1
        self._imported: dict[tuple[Path, int], str | None] = {}

    def title(self, text: str) -> None:
        self.c.setFont(self.bold, 12)
        self.c.drawString(MARGIN, self.y - 12, text)
        self.y -= 12 + GAP

    def _room(self, width: float, height: float) -> tuple[float, float]:
        """Where a cell of this size goes (its top left): after the last in its row, else
        below the row, else on a new page."""
        if self.x > MARGIN and self.x + width > PAGE[0] - MARGIN + 1:
            self.x, self.y, self.tallest = MARGIN, self.y - self.tallest - GAP, 0.0
        if self.y - height < MARGIN:
            self.c.showPage()
            self.pages += 1
            self.x, self.y, self.tallest = MARGIN, PAGE[1] - MARGIN, 0.0
        at = (self.x, self.y)
        self.x += width + GAP
        self.tallest = max(self.tallest, height)
        return at

    def row(self, row: Changed, side: str, after: tuple[Arts, Item] | None) -> None:
        """One side of a changed piece: its caption, the face before and the face after,
        both at one scale (two such pairs across a page where they fit)."""
        art = after[0].get(after[1], side) if after is not None else None
        placed = row.before.get(side)
        sizes = [s for s in (_size(art), _old_size(placed)) if s is not None]
        w = max((s[0] for s in sizes), default=mm(63))
        h = max((s[1] for s in sizes), default=mm(88))
        half = (PAGE[0] - 2 * MARGIN - GAP) / 2  # a pair's width, two pairs across
        scale = min(1.0, (half - GAP / 2) / (2 * w), MOST / h)
        if scale < 0.5:  # large: a pair across the whole page
            scale = min(1.0, (2 * half - GAP / 2) / (2 * w), MOST / h)
        width = 2 * w * scale + GAP / 2
        x, top = self._room(width, LINE * 3 + h * scale)
        c = self.c
        c.setFont(self.bold, LINE * 0.9)
        c.drawString(x, top - LINE, f"{row.component} / {row.piece} ({side})")
        c.setFont(self.font, LINE * 0.8)
        c.setFillColor(GREY)
        c.drawString(x, top - 2 * LINE, f"{row.how} [{row.lang}]: before")
        c.drawString(x + w * scale + GAP / 2, top - 2 * LINE, "after")
        c.setFillColor(colors.black)
        y = top - 2.4 * LINE - h * scale
        self._before(placed, x, y, scale, row.how)
        if art is not None and after is not None:
            right = x + w * scale + GAP / 2
            trim = _size(art) or (w, h)
            window = (right, y, trim[0] * scale, trim[1] * scale)
            label = f"item '{row.piece}' ({side})"
            matrix = (scale, 0.0, 0.0, scale, right, y)
            self.forms.place(art, matrix, label, window, after[1].loc, None, after[1])

    def _before(self, placed: Placed | None, x: float, y: float, scale: float, how: str) -> None:
        """The earlier kit's drawing of the side, through a window onto it alone."""
        name = self._page(placed) if placed is not None else None
        c = self.c
        if placed is None or name is None:
            c.setFont(self.font, LINE)
            c.setFillColor(GREY)
            said = "new since then" if how == "new" else "its sheet of then cannot be read"
            c.drawString(x, y + LINE, said)
            c.setFillColor(colors.black)
            return
        w, h = _old_size(placed) or (0.0, 0.0)
        c.saveState()
        c.translate(x, y)
        c.scale(scale, scale)
        window = c.beginPath()
        window.rect(0, 0, w, h)
        c.clipPath(window, stroke=0, fill=0)
        c.transform(*_upright(placed))
        c.doForm(name)
        c.restoreState()
        c.setStrokeColor(GREY)
        c.setLineWidth(0.3)
        c.rect(x, y, w * scale, h * scale, stroke=1, fill=0)

    def _page(self, placed: Placed) -> str | None:
        """The earlier sheet's page as a form of this document, carried over once."""
        key = (placed.path, placed.page)
        if key not in self._imported:
            pdf = _one_page(placed.path, placed.page)
            name = f"Before{len(self._imported)}"
            self._imported[key] = name if pdf is not None else None
            if pdf is not None:
                page_form(self.c._doc, name, pdf)
        return self._imported[key]

    def removed(self, removed: list[tuple[str, str, str]]) -> None:
        """The pieces gone since then, by name: nothing of them is printed."""
        full = PAGE[0] - 2 * MARGIN
        for n, (lang, component, piece) in enumerate(removed):
            if not n:
                x, y = self._room(full, LINE * 1.4)
                self.c.setFont(self.bold, LINE)
                self.c.drawString(x, y - LINE, "Gone since then (not printed):")
            x, y = self._room(full, LINE * 1.4)
            self.c.setFont(self.font, LINE)
            self.c.drawString(x + GAP, y - LINE, f"{component} / {piece} [{lang}]")

    def note(self, text: str) -> None:
        x, y = self._room(PAGE[0] - 2 * MARGIN, LINE * 2.4)
        self.c.setFont(self.font, LINE)
        self.c.drawString(x, y - 2 * LINE, text)


def _size(art: Art | None) -> tuple[float, float] | None:
    """A face's trim, in points."""
    if art is None:
        return None
    x, y, w, h = art.bleed
    return w + 2 * x, h + 2 * y


def _old_size(placed: Placed | None) -> tuple[float, float] | None:
    """An earlier face's trim, upright, in points."""
    if placed is None:
        return None
    w, h = mm(placed.trim[2]), mm(placed.trim[3])
    return (h, w) if placed.rotation % 180 == 90 else (w, h)


def _upright(placed: Placed) -> Matrix:
    """From the earlier page to the piece's own trim, upright: the inverse of the turn and
    shift that placed it there."""
    w, h = _old_size(placed) or (0.0, 0.0)
    turn = math.radians(placed.rotation)
    cos, sin = round(math.cos(turn), 9), round(math.sin(turn), 9)
    corners = [(cos * u - sin * v, sin * u + cos * v) for u, v in ((0, 0), (w, 0), (0, h), (w, h))]
    e = mm(placed.trim[0]) - min(p[0] for p in corners)
    f = mm(placed.trim[1]) - min(p[1] for p in corners)
    # page = R·local + (e, f), so local = Rᵀ·(page - (e, f))
    return (cos, -sin, sin, cos, -(cos * e + sin * f), -(-sin * e + cos * f))


def _one_page(path: Path, number: int) -> bytes | None:
    """The page of an earlier sheet as a PDF of its own, or None: gone, too large, not a
    PDF pypdf reads, or naming a font it does not carry (every font we write is embedded)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.errors import PyPdfError

    try:
        data = read_regular(path, MAX_REUSED_BYTES)
    except OSError:  # a folder, or gone, in the earlier kit's place
        return None
    if data is None:
        return None
    try:
        reader = PdfReader(io.BytesIO(data))
        if not 1 <= number <= len(reader.pages):
            return None
        writer = PdfWriter()
        writer.add_page(reader.pages[number - 1])
        out = io.BytesIO()
        writer.write(out)
        if unembedded(out.getvalue()):  # not ours after all: carried, it would name a font
            return None
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, RecursionError, OSError):
        return None
    return out.getvalue()
