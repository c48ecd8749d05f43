"""Where the cheat sheet's text parts between its two columns so that they end level: of
every place the text may part, the one whose columns end nearest each other, from the
paragraphs' measures (flow.py).

The text parts between its groups (a heading stays with the block after it, so a column
never ends on a heading), or, where no such place leaves the columns within a line of each
other, inside a paragraph between two of its lines, two lines or more on either side (a
boxed note stays whole). Filling the left column to a depth and letting the rest run over
cannot do this: at the largest scale the page fits at, the blocks part in one place only,
where one column may end a whole block above the other."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bastelbogen.render.rules import flow
from bastelbogen.render.rules.flow import Measure

# Where the columns part: the group the right column starts with, and the room offered in
# the left column to that group's last paragraph (its first lines stay there); 0: none.
Cut = tuple[int, float]
LEAST_LINES = 2  # lines a parted paragraph leaves on either side: never one alone
NEAR = 2  # groups either side of the place where whole groups balance whose paragraphs may part


@dataclass(frozen=True)
class Parting:
    """The columns as a cut leaves them: how far down each reaches (to its last line's
    foot), and whether a paragraph parts."""

    cut: Cut
    left: float
    right: float
    parted: bool

    @property
    def depth(self) -> float:
        return max(self.left, self.right)

    @property
    def gap(self) -> float:
        return abs(self.left - self.right)


def partings(groups: Sequence[Sequence[Measure]], full: float, line: float) -> list[Parting]:
    """The places the groups may part in two columns no deeper than `full`, the best first:
    those ending within `line` (a line's leading) of each other first, whole groups before
    a parted paragraph among them, then the nearer, then the shorter."""
    ends = range(1, len(groups) + 1)
    whole = [_whole(groups, k) for k in ends if _may_end(groups[k - 1]) or k == len(groups)]
    crossing = next((p.cut[0] for p in whole if p.left >= p.right), len(groups))
    near = range(max(crossing - 1 - NEAR, 0), min(crossing + NEAR, len(groups)))
    found = [*whole, *(p for k in near for p in _parted(groups, k))]
    fitting = [p for p in found if p.depth <= full + flow.FUZZ]

    def rank(p: Parting) -> tuple[bool, bool, float, float]:
        level = p.gap <= line
        return (not level, level and p.parted, p.gap, p.depth)

    return sorted(fitting, key=rank)


def _may_end(group: Sequence[Measure]) -> bool:
    """Whether the left column may end with this group: not with a heading (one followed
    by another heading, or by nothing, stands alone in its group)."""
    return bool(group[-1].para.style.name != "h")


def _whole(groups: Sequence[Sequence[Measure]], k: int) -> Parting:
    """The first `k` groups in the left column, the rest in the right."""
    return Parting((k, 0.0), flow.column(groups[:k]), flow.column(groups[k:]), False)


def _parted(groups: Sequence[Sequence[Measure]], k: int) -> Iterator[Parting]:
    """Group `k`'s last paragraph parted after each of its lines it may part after."""
    group = groups[k]
    last = group[-1]
    style = last.para.style
    if style.name == "h" or getattr(style, "backColor", None) is not None:
        return  # a heading, a boxed note: whole
    if getattr(style, "autoLeading", "") not in ("", "off", None):
        return  # lines of different heights: not parted by line
    leading = float(style.leading)
    lines = round(last.height / leading)
    for n in range(LEAST_LINES, lines - LEAST_LINES + 1):
        room = (n + 0.5) * leading
        split = last.split(room)
        if split is None:
            continue
        kept, rest = split
        if rest.height < LEAST_LINES * leading - flow.FUZZ:
            continue
        head = Measure(last.para, last.width, kept, last.before, last.after)
        left = flow.column([*groups[:k], [*group[:-1], head]])
        right = flow.column([[rest], *groups[k + 1 :]])
        yield Parting((k, room), left, right, True)
