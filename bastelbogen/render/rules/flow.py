"""Text set into columns as numbers: each paragraph measured once (its height at a column's
width, its spaces, its leading, and what splitting it at a line leaves), and the columns
filled from those measures by the rules platypus fills frames with, so that a page's size
and its columns' balance are searched for without laying out whole documents.

The rules are reportlab's (platypus/frames.py `Frame._add` and `split`, flowables.py
`KeepTogether.split` and `_listWrapOn`, doctemplate.py `handle_flowable`), for the one kind
of story the cheat sheet writes: groups of paragraphs kept together, in two columns of one
depth. A space before a paragraph is dropped at a column's top and overlaps the space after
the one above; a group that does not fit what is left of a column starts the next one
whole; one taller than a column flows into it line by line, a paragraph parting where the
column ends but never leaving one line alone at its foot; a group taller than the second
column goes to a page of its own. tests/test_flow.py holds the two to agreeing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bastelbogen.render.rules.typesetting import Paragraph

FUZZ = 1e-6  # reportlab's rl_config._FUZZ: what a frame's arithmetic lets pass
WHOLE = 0xFFFFFFF  # the height a group is measured in: as much as it needs


@dataclass
class Measure:
    """A paragraph as a column sees it, measured once at the column's width."""

    para: Paragraph
    width: float
    height: float
    before: float
    after: float
    _parts: dict[int, tuple[float, Measure] | None] = field(default_factory=dict)

    def split(self, room: float) -> tuple[float, Measure] | None:
        """The height of the lines that fit in `room` and the measure of the rest, or None
        where the paragraph cannot part there (one line alone, or none, would stay)."""
        style = self.para.style
        if getattr(style, "autoLeading", "") not in ("", "off", None) or room < FUZZ:
            return self._parted(room) if room >= FUZZ else None
        lines = int(room / float(style.leading))  # what Paragraph.split keeps: its key
        if lines not in self._parts:
            self._parts[lines] = self._parted(room)
        return self._parts[lines]

    def _parted(self, room: float) -> tuple[float, Measure] | None:
        parts = self.para.split(self.width, room)
        if len(parts) != 2:
            return None  # [] cannot part; [self] is not asked (it would have fitted)
        kept, rest = parts
        return kept.wrap(self.width, room)[1], measure(rest, self.width)


def measure(para: Paragraph, width: float) -> Measure:
    """The paragraph measured in a column `width` wide."""
    height = para.wrap(width, WHOLE)[1]
    return Measure(para, width, height, para.getSpaceBefore(), para.getSpaceAfter())


def group_height(group: Sequence[Measure]) -> float:
    """A group's height as platypus wraps it together: the spaces between its paragraphs
    overlap (the larger of the two), none above the first or below the last."""
    total, after, first = 0.0, 0.0, True
    for m in group:
        if m.height <= FUZZ:
            continue  # an empty paragraph takes no room, nor its spaces
        total += m.height + (0.0 if first else max(m.before - after, 0.0)) + m.after
        after, first = m.after, False
    return total - after


class _Columns:
    """Where the text stands while two columns of `depth` fill: which column (2 is the
    next page), the height left in it, the space after the last paragraph set, and
    whether the column is still empty."""

    def __init__(self, depth: float) -> None:
        self.depth, self.column = depth, 0
        self.left, self.after, self.top = depth, 0.0, True
        self.ends = [0.0, 0.0]  # how far down each column's text reaches (its last space not)

    def next_column(self) -> None:
        self.column += 1
        self.left, self.after, self.top = self.depth, 0.0, True

    def space(self, before: float) -> float:
        """The space kept above a paragraph set here."""
        return 0.0 if self.top else max(before - self.after, 0.0)

    def put(self, height: float, before: float, after: float) -> bool:
        """A paragraph of `height` set here, if it fits (Frame._add)."""
        s = self.space(before)
        if self.left - s <= 0 or self.left - height - s < -FUZZ:
            return False
        used = height + s + after
        self.left -= used
        self.after = after
        if self.column <= 1 and height > FUZZ:
            self.ends[self.column] = self.depth - self.left - after
        self.top = self.top and used == 0
        return True


def fits(groups: Sequence[Sequence[Measure]], depth: float) -> bool:
    """Whether the groups fill two columns of `depth` without a third."""
    return ends(groups, depth) is not None


def ends(groups: Sequence[Sequence[Measure]], depth: float) -> tuple[float, float] | None:
    """How far down from their top the two columns of `depth` are filled with the groups
    (to the foot of the last line in each), or None when they need a third."""
    at = _Columns(depth)
    for group in groups:
        if not _group(at, group):
            return None
    return at.ends[0], at.ends[1]


def column(groups: Sequence[Sequence[Measure]]) -> float:
    """How far down the groups reach in one column as deep as they need (to the foot of
    its last line)."""
    at = _Columns(WHOLE)
    for group in groups:
        _group(at, group)
    return at.ends[0]


def _group(at: _Columns, group: Sequence[Measure]) -> bool:
    """A group set from `at` on (KeepTogether.split); False once it reaches a next page."""
    room = at.left - at.space(group[0].before)
    if room <= 0:
        at.next_column()  # nothing fits: the group is postponed to the next column
        if at.column > 1:
            return False
        room = at.left
    whole = group_height(group)
    if whole > room or group[0].height > room:
        # Too tall for what is left: the next column, unless this is a column's top and the
        # next is no larger (the second column's next is the page's wide header band).
        if not (at.top and at.column == 0):
            at.next_column()
    return all(_paragraph(at, m) for m in group) and at.column <= 1


def _paragraph(at: _Columns, m: Measure) -> bool:
    """A paragraph set from `at` on, parted across columns as it must be."""
    postponed = False
    while at.column <= 1:
        if at.put(m.height, m.before, m.after):
            return True
        parted = m.split(at.left - at.space(m.before))
        if parted is not None:
            kept, rest = parted
            at.put(kept, m.before, m.after)
            m, postponed = rest, False
            continue
        if postponed:
            return False  # platypus gives up on it (a LayoutError): it does not fit
        postponed = True
        at.next_column()
    return False


def least_depth(groups: Sequence[Sequence[Measure]]) -> float:
    """A depth two columns cannot do with less than, however the blocks split: half their
    height, less the space a column's top and foot drop."""
    if not groups:
        return 0.0
    total = sum(_spaced(g) for g in groups)
    return total / 2 - max(g[0].before for g in groups) - max(g[-1].after for g in groups)


def _spaced(group: Sequence[Measure]) -> float:
    """A group's height with every paragraph's own spaces, as a column holds it."""
    return sum(m.height + m.before + m.after for m in group)
