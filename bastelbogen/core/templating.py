"""jinja2 in a bounded sandbox: content and templates may compute text, never reach outside,
never hang (see sandbox.py)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path
from jinja2.meta import find_undeclared_variables

from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.paths import inside as contained
from bastelbogen.core.paths import is_file
from bastelbogen.core.sandbox import (
    BoundedSandbox,
    Bounds,
    Timeout,
    clock,
    deadline,
    grant,
    render_bounded,
    reset_budget,
)
from bastelbogen.core.source import check_controls, read_text


def _printable(value):
    """Only plain values become text: a list or mapping printed whole is a mistake."""
    if isinstance(value, list | tuple | dict):
        kind = "a mapping" if isinstance(value, dict) else "a list"
        raise ValueError(
            f"{kind} cannot be printed as text ({value!r:.60}); pick one value or loop over it"
        )
    return value


_ENV = BoundedSandbox(
    undefined=jinja2.StrictUndefined,
    autoescape=False,
    keep_trailing_newline=False,
    finalize=_printable,
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
    return _ENV.from_string(source)


@lru_cache(maxsize=4096)
def names_read(source: str) -> frozenset[str] | None:
    """The context names an expression reads ({{ group.colour }} reads 'group'), or None
    when it does not parse (then its use reports the mistake)."""
    if "{" not in source:
        return frozenset()
    try:
        return frozenset(find_undeclared_variables(_ENV.parse(source)))
    except Exception:  # noqa: BLE001 - any template the parser refuses
        return None


def expand(source, context: dict, loc: Loc) -> str:
    """Render one template string; a mistake in it is the user's, reported at `loc`."""
    if not isinstance(source, str) or "{" not in source:
        return source if isinstance(source, str) else str(source)
    short = source if len(source) <= 80 else source[:77] + "..."
    if source in _TIMED_OUT:  # one wait per expression, not one per item that uses it
        raise ExpressionFault(Problem(loc, f"in '{short}': {_TIMED_OUT[source]}"))
    # An expression's time counts over the whole build: one that is slow on every card
    # runs out as surely as one that loops.
    spent = _SPENT.get(source, 0.0)
    uses = _USES[source] = _USES.get(source, 0) + 1
    grant(limits.EXPRESSION_SECONDS_PER_USE)
    start = clock()
    try:
        # One evaluation never runs past the plain limit; over a build, each use adds a little.
        with deadline(
            min(
                limits.EXPRESSION_SECONDS,
                limits.EXPRESSION_SECONDS + uses * limits.EXPRESSION_SECONDS_PER_USE - spent,
            )
        ):
            return render_bounded(_compile(source), context)
    except Exception as exc:  # noqa: BLE001 - narrowed by `problem`, re-raised if a bug
        message = problem(exc)
        if message is None:
            raise
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


def problem(exc: BaseException) -> str | None:
    """What a failed expression or template did wrong, or None when the failure is ours."""
    if isinstance(exc, jinja2.exceptions.SecurityError):
        return f"not allowed: {exc}"
    if isinstance(exc, jinja2.exceptions.UndefinedError | jinja2.exceptions.TemplateSyntaxError):
        return exc.message
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
    if isinstance(
        exc,
        TypeError
        | ValueError
        | ArithmeticError
        | AttributeError
        | KeyError
        | IndexError
        | jinja2.exceptions.TemplateError,
    ):
        return str(exc)
    return None


class ContainedLoader(jinja2.BaseLoader):
    """Templates from the given folders only: a name or a symlink that leads outside them
    (`{% include '../../x' %}`, a link to /etc) is refused, not followed. Files are read as
    content is: bounded in size, bad bytes and control characters named with their place."""

    def __init__(self, folders: list[Path]):
        self.folders = [Path(f) for f in folders]

    def get_source(self, environment, template):
        pieces = split_template_path(template)  # refuses '..' in names
        for folder in self.folders:
            candidate = folder.joinpath(*pieces)
            if not os.path.lexists(candidate):
                continue
            path = contained(folder, "/".join(pieces))
            if path is None:
                raise jinja2.exceptions.TemplateNotFound(
                    f"{template} (it leads outside the templates folder {folder})"
                )
            if not is_file(path):
                continue
            source = read_text(path, what="template")
            check_controls(source, str(path))
            return source, str(path), lambda: True
        raise jinja2.exceptions.TemplateNotFound(template)


def environment(loader: jinja2.BaseLoader) -> BoundedSandbox:
    """A bounded sandbox for whole-file templates (cheat sheets)."""
    return BoundedSandbox(
        loader=loader,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_printable,
    )
