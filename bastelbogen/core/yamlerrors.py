"""What the YAML parser's complaint means to a designer: its place, its words, and for the
mistake everyone makes once a hint how to mend it. A plain (unquoted) text may not hold a
colon followed by a space: `text: Pay :coin: now` reads as a key `Pay :coin` with a value,
and the parser says only "mapping values are not allowed here"."""

from __future__ import annotations

import yaml

from bastelbogen.core.errors import Loc, Problem

QUOTE_HINT = (
    "; a text holding a colon and a space (as after an icon, ':coin: now') must be"
    ' quoted: text: "Pay :coin: now"'
)


def broken(exc: yaml.MarkedYAMLError, file: str) -> Problem:
    """The parser's complaint at its place, with a hint where one helps."""
    mark = exc.problem_mark or exc.context_mark
    where = Loc(file, mark.line + 1, mark.column + 1) if mark else Loc(file)
    what = exc.problem or exc.context or "broken YAML"
    hint = QUOTE_HINT if "mapping values are not allowed" in what else ""
    return Problem(where, f"broken YAML: {what}{hint}")
