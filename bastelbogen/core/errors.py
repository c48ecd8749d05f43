"""User mistakes as data: every problem knows where in which file it comes from."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)  # slots: a big table holds a Loc for every cell
class Loc:
    """A place in a source file; line and column count from 1, as editors show them."""

    file: str
    line: int = 0
    col: int = 0
    cell: str = ""  # a workbook's sheet and cell, as its program shows them: Deck!C14

    def __str__(self) -> str:
        path = _relative(self.file)
        if self.line:
            return f"{path}:{self.line}:{self.col}"
        return path


def _relative(path: str) -> str:
    # Messages name paths relative to the working directory, like compilers do.
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


@dataclass(frozen=True)
class Problem:
    loc: Loc
    message: str

    def __str__(self) -> str:
        where = f"{self.loc.cell}: " if self.loc.cell else ""
        return f"{self.loc}: {where}{self.message}"


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

    def __reduce__(self):
        # Rebuilt from its problems when a worker process (--jobs) hands it back.
        return type(self), (self.problems,)


class Collector:
    """Gathers problems so that a run reports all of them at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, loc: Loc, message: str) -> None:
        self.problems.append(Problem(loc, message))

    def extend(self, problems) -> None:
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

    def __reduce__(self):
        return type(self), (self.invariant, self.file, self.where, self.detail)
