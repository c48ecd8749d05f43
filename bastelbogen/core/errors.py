"""User mistakes as data: every problem knows where in which file it comes from."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from bastelbogen.core.paths import named


@dataclass(frozen=True, slots=True)  # slots: a big table holds a Loc for every cell
class Loc:
    """A place in a source file; line and column count from 1, as editors show them."""

    file: str
    line: int = 0
    col: int = 0
    cell: str = ""  # a workbook's sheet and cell, as its program shows them: Deck!C14

    def __str__(self) -> str:
        return self.told()

    def told(self, base: Path | None = None) -> str:
        """`file:line:col`, the file named from `base` (the working folder unless given)."""
        path = named(self.file, base)
        if self.line:
            return f"{path}:{self.line}:{self.col}"
        return path


@dataclass(frozen=True)
class Problem:
    """A mistake at `loc`. One in a piece's layout (a text too long for its box) knows its
    piece (`component`, `item`: the preview shows it) and, when `loc` is the content's cell
    that holds the text, the layout's box it overflowed (`box`): told after the message."""

    loc: Loc
    message: str
    component: str = ""
    item: str = ""
    box: Loc | None = None
    tail: str = ""  # said after the box's place: how many more items share the fault
    # Places said after the message (and the box), before the tail: a warning found at
    # many places names its first few (checks/grouped.py).
    places: tuple[Loc, ...] = ()

    def __str__(self) -> str:
        where = f"{self.loc.cell}: " if self.loc.cell else ""
        return f"{self.loc}: {where}{self.said()}"

    def said(self, base: Path | None = None) -> str:
        """The message with the layout box's place and the places it names, their files
        named from `base`."""
        box = f" ({self.box.told(base)})" if self.box is not None else ""
        places = ", ".join(p.told(base) + (f" ({p.cell})" if p.cell else "") for p in self.places)
        return f"{self.message}{box}{places}{self.tail}"


class ContentError(Exception):
    """One or more user mistakes; the CLI prints them and exits 1, without a traceback."""

    def __init__(self, problems: list[Problem] | Problem):
        if isinstance(problems, Problem):
            problems = [problems]
        # Two checks may find the same fault at the same place: it is told once.
        self.problems = sorted(
            dict.fromkeys(problems), key=lambda p: (p.loc.file, p.loc.line, p.loc.col)
        )
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type[ContentError], tuple[list[Problem]]]:
        # Rebuilt from its problems when a worker process (--jobs) hands it back.
        return type(self), (self.problems,)


class _Component(Protocol):
    @property
    def id(self) -> str: ...


class _Piece(Protocol):
    """What of_piece reads of an item (content's Item, which core does not import)."""

    @property
    def id(self) -> str: ...
    @property
    def component(self) -> _Component: ...


def of_piece(exc: ContentError, item: _Piece | None) -> ContentError:
    """The fault with each of its problems knowing the piece (an Item) it was found on, for
    the preview to show it, unless it knows one already."""
    if item is None:
        return exc
    component, piece = item.component.id, item.id
    return ContentError(
        [p if p.item else replace(p, component=component, item=piece) for p in exc.problems]
    )


class Collector:
    """Gathers problems so that a run reports all of them at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, loc: Loc, message: str) -> None:
        self.problems.append(Problem(loc, message))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.problems.extend(problems)

    def raise_if_any(self) -> None:
        if self.problems:
            raise ContentError(self.problems)


class OptionError(Exception):
    """A command-line option the game cannot take (an unknown variant or theme)."""


class ProofError(Exception):
    """A laid-out kit that breaks one of its invariants (layout/proof.py): a fault of the
    program, not of the content. The CLI reports it as a bug, naming the invariant, the file
    and the page or item; nothing is written."""

    def __init__(self, invariant: str, file: str, where: str, detail: str):
        self.invariant, self.file, self.where, self.detail = invariant, file, where, detail
        super().__init__(f"invariant '{invariant}' broken in {file}, {where}: {detail}")

    def __reduce__(self) -> tuple[type[ProofError], tuple[str, str, str, str]]:
        return type(self), (self.invariant, self.file, self.where, self.detail)
