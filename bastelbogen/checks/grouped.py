"""Told once: the preflight's findings (preflight.py, one per place) told once per cause and
component. Fifty track squares set under 6 pt are one warning, not fifty: what they share
(the cause: what is said without the place, the smallest size among them), the component,
how many places, how many times it was found on its items in all, and the first places,
each `file:line:col` as an editor opens it; the line itself starts at the first.
`--verbose` tells every place on its own line, as a cause found at one place is told
anyway."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from bastelbogen.core import limits
from bastelbogen.core.errors import Problem

if TYPE_CHECKING:
    from bastelbogen.checks.preflight import Finding

# The kinds of finding whose cause holds the worst measure of its places, `{least:<format>}`
# (text's points, a picture's dots per inch, a contrast); no other cause is read for it,
# as theirs hold what the designer wrote (a picture's, a font's name).
MEASURED = frozenset({"text", "dpi", "contrast"})
_LEAST = re.compile(r"\{least:([^{}]*)\}")


def told(findings: Iterable[tuple[str, Finding]], verbose: bool = False) -> list[Problem]:
    """The findings, each with its kind, as warnings: one per cause and component (in the
    order their first place was found), or, `verbose`, one per place."""
    if verbose:
        return [_one(found) for _what, found in findings]
    groups: dict[tuple[str, str, str], list[Finding]] = {}
    for what, found in findings:
        groups.setdefault((what, found.cause, found.component), []).append(found)
    return [
        _one(found[0]) if len(found) == 1 else _together(what, found)
        for (what, _cause, _component), found in groups.items()
    ]


def _one(found: Finding) -> Problem:
    """A finding told at its one place, as it was said there."""
    more = f" (and {found.times - 1} more like it)" if found.times > 1 else ""
    return Problem(found.loc, f"preflight: {found.message}{more}")


def _together(what: str, found: list[Finding]) -> Problem:
    """Findings of one cause and component at several places, told at the first (in the
    files' order), with the count of places and of times found, and the first few places."""
    places = sorted(found, key=lambda f: (f.loc.file, f.loc.line, f.loc.col, f.loc.cell))
    cause = places[0].cause
    if what in MEASURED:
        least = min(f.least for f in found)
        cause = _LEAST.sub(lambda m: format(least, m.group(1)), cause)
    shown = places[: limits.MAX_PLACES_TOLD]
    rest = len(places) - len(shown)
    component = f"component '{found[0].component}': " if found[0].component else ""
    times = sum(f.times for f in found)  # of items (their sides, their languages) in all
    return Problem(
        places[0].loc,
        f"preflight: {cause} ({component}{len(places)} places, found {times} times;"
        f" {'first at' if rest else 'at'} ",
        places=tuple(f.loc for f in shown),
        tail=(f" and {rest} more" if rest else "") + "; --verbose lists every place)",
    )
