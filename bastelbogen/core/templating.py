"""Expressions in content and layouts: `{{ name.key }}` looked up directly, anything more by
jinja2 in a bounded sandbox (sandbox.py), loaded the first time an expression needs it.
They may compute text, never reach outside, never hang."""

from __future__ import annotations

import keyword
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem

if TYPE_CHECKING:
    import jinja2

    from bastelbogen.core.sandbox import BoundedSandbox

from bastelbogen.core.budget import Timeout, clock, deadline, grant, reset_budget


def printable(value: object) -> object:
    """Only plain values become text: a list or mapping printed whole is a mistake, and so
    is anything Python would print as its inner form (bytes as b'…', a method as <built-in
    method …>, a set, a range, a generator): the designer would find it on the cut card."""
    from jinja2 import Undefined  # loaded: only jinja2 calls this

    if isinstance(value, str | int | float | Undefined | None):  # bool is an int
        return value  # an Undefined tells what is missing when it is printed
    if isinstance(value, list | tuple | dict):
        kind = "a mapping" if isinstance(value, dict) else "a list"
        raise ValueError(
            f"{kind} cannot be printed as text ({value!r:.60}); pick one value or loop over it"
        )
    if isinstance(value, bytes | bytearray):
        raise ValueError(f"bytes cannot be printed as text ({value!r:.60}); decode them first")
    raise ValueError(
        f"a {type(value).__name__} cannot be printed as text; was a call's () or a filter left out?"
    )


@lru_cache(maxsize=1)
def _env() -> BoundedSandbox:
    """The sandbox expressions are evaluated in, made when the first one needs jinja2."""
    import jinja2

    from bastelbogen.core.sandbox import BoundedSandbox

    return BoundedSandbox(
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
        finalize=printable,
    )


def reset() -> None:
    """A new build: a fresh time budget, and expressions that timed out may try again."""
    _TIMED_OUT.clear()
    _SPENT.clear()
    _USES.clear()
    reset_budget()


class ExpressionFault(ContentError):
    """The expression itself is at fault (it loops, grows without bound, is not allowed or
    does not parse), whatever data it is given: report it where it is written."""


_TIMED_OUT: dict[str, str] = {}
_SPENT: dict[str, float] = {}  # seconds each expression has run in this build
_USES: dict[str, int] = {}  # how often each has run: each use earns it a little more time


@lru_cache(maxsize=4096)
def _compile(source: str) -> jinja2.Template:
    return _env().from_string(source)


@lru_cache(maxsize=4096)
def names_read(source: str) -> frozenset[str] | None:
    """The context names an expression reads ({{ group.colour }} reads 'group'), or None
    when it does not parse (then its use reports the mistake)."""
    if "{" not in source:
        return frozenset()
    paths = paths_read(source)
    if paths is not None:
        return frozenset(path[0] for path in paths)
    from jinja2.meta import find_undeclared_variables

    try:
        return frozenset(find_undeclared_variables(_env().parse(source)))
    except Exception:  # noqa: BLE001 - any template the parser refuses
        return None


def paths_read(source: str) -> tuple[tuple[str, ...], ...] | None:
    """The dotted names a plain expression reads (`{{ set.ink }}` reads ('set', 'ink')),
    or None for one that does more than name values (filters, tests, blocks)."""
    parts = _plain(source)
    return None if parts is None else tuple(p for p in parts if isinstance(p, tuple))


# `{{ name.key }}`: a value named in the context, the kind of expression nearly every layout
# is made of. These render by looking the names up, as the sandbox would, without a jinja2
# evaluation per box per item; everything else, and every mistake, goes through jinja2.
_NAMED = re.compile(r"\{\{\s*([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)\s*\}\}")
# Names jinja2 reads as constants or operators, or that mean something inside a block.
_WORDS = frozenset(
    "true false none True False None not and or in is if else loop self caller varargs"
    " kwargs".split()
)


@lru_cache(maxsize=4096)
def _plain(source: str) -> tuple[str | tuple[str, ...], ...] | None:
    """The source as literal text and dotted names, or None when jinja2 must read it: a
    brace outside `{{ name }}`, or text jinja2 would change (a carriage return, the final
    newline it drops)."""
    if "\r" in source or source.endswith("\n"):
        return None
    parts: list[str | tuple[str, ...]] = []
    at = 0
    for found in _NAMED.finditer(source):
        parts.append(source[at : found.start()])
        path = tuple(found.group(1).split("."))
        if path[0] in _WORDS or keyword.iskeyword(path[0]):
            return None
        parts.append(path)
        at = found.end()
    parts.append(source[at:])
    if any(isinstance(p, str) and "{" in p for p in parts):
        return None
    return tuple(p for p in parts if p != "")


MISSING = object()  # what a dotted name names where the context has no such value


def looked_up(path: tuple[str, ...], context: Mapping[str, object]) -> object:
    """The value a dotted name (`set.ink`: ('set', 'ink')) names in the context, reading a
    mapping's keys as the sandbox does; MISSING where there is none."""
    value: object = context
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return MISSING
        value = value[key]
    return value


def _looked_up(
    parts: tuple[str | tuple[str, ...], ...], context: Mapping[str, object]
) -> str | None:
    """The plain expression's text, or None where a name is missing or its value is not a
    plain one (jinja2 then renders it, or says what is wrong). A mapping's keys are looked
    up before its methods, as BoundedSandbox.getattr does."""
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            continue
        value = looked_up(part, context)
        if not isinstance(value, str | int | float):
            return None
        out.append(str(value))
    text = "".join(out)
    return text if len(text) <= limits.MAX_STRING else None  # jinja2 tells it too large


def expand(source: object, context: Mapping[str, object], loc: Loc) -> str:
    """Render one template string; a mistake in it is the user's, reported at `loc`."""
    if not isinstance(source, str) or "{" not in source:
        return source if isinstance(source, str) else str(source)
    parts = _plain(source)
    if parts is not None:
        text = _looked_up(parts, context)
        if text is not None:
            return text
    return _evaluated(source, context, loc)


def _evaluated(source: str, context: Mapping[str, object], loc: Loc) -> str:
    """Render through jinja2, within the build's time budget."""
    short = source if len(source) <= 80 else source[:77] + "..."
    if source in _TIMED_OUT:  # one wait per expression, not one per item that uses it
        raise ExpressionFault(Problem(loc, f"in '{short}': {_TIMED_OUT[source]}"))
    # An expression's time counts over the whole build: one that is slow on every card
    # runs out as surely as one that loops.
    spent = _SPENT.get(source, 0.0)
    uses = _USES[source] = _USES.get(source, 0) + 1
    grant(limits.EXPRESSION_SECONDS_PER_USE)
    start = clock()
    from bastelbogen.core.sandbox import render_bounded

    try:
        # One evaluation never runs past the plain limit; over a build, each use adds a little.
        with deadline(
            min(
                limits.EXPRESSION_SECONDS,
                limits.EXPRESSION_SECONDS + uses * limits.EXPRESSION_SECONDS_PER_USE - spent,
            )
        ):
            return render_bounded(_compile(source), context)
    except ContentError:  # told already, at its own place (a file the template reads)
        raise
    except Exception as exc:  # noqa: BLE001 - all of it the expression's doing (see `problem`)
        import jinja2  # loaded already: the expression went to jinja2

        from bastelbogen.core.sandbox import Bounds

        message = problem(exc)
        if isinstance(exc, Timeout):
            _TIMED_OUT[source] = message
        own = isinstance(
            exc,
            Timeout
            | Bounds
            | RecursionError
            | MemoryError
            | SyntaxError
            | jinja2.exceptions.SecurityError
            | jinja2.exceptions.TemplateSyntaxError,
        )
        raise (ExpressionFault if own else ContentError)(
            Problem(loc, f"in '{short}': {message}")
        ) from None
    finally:
        _SPENT[source] = spent + clock() - start


def problem(exc: Exception) -> str:
    """What a failed expression or template did wrong: anything an evaluation raises is
    the expression's doing (the sandbox reaches no code of ours that could fail alone)."""
    import jinja2  # only what jinja2 raised is asked about

    from bastelbogen.core.sandbox import Bounds

    if isinstance(exc, jinja2.exceptions.SecurityError):
        return f"not allowed: {exc}"
    if isinstance(exc, jinja2.exceptions.UndefinedError | jinja2.exceptions.TemplateSyntaxError):
        return exc.message or str(exc)
    if isinstance(exc, Bounds):
        return f"too large: {exc}"
    if isinstance(exc, Timeout):
        return f"the expression {exc}; is a loop too long?"
    if isinstance(exc, SyntaxError):  # jinja2 nested deeper than Python compiles
        return "the expression nests too deeply"
    if isinstance(exc, RecursionError):
        return "the expression calls itself without end"
    if isinstance(exc, MemoryError):
        return "the expression builds a value too large for memory"
    if isinstance(exc, jinja2.exceptions.TemplateError):
        return str(exc)
    # Whatever else a method or filter reachable in the sandbox raises ('x'.encode('bogus'):
    # LookupError; '%c' % big: OverflowError; a codec's UnicodeError) was raised by what
    # the expression asked for: it is the expression's mistake, told where it is written.
    return str(exc) or type(exc).__name__
