"""jinja2 in a bounded sandbox: content and templates may compute text, never reach outside,
never hang (see sandbox.py)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from . import limits
from .errors import ContentError, Loc, Problem
from .sandbox import BoundedSandbox, Bounds, Timeout, deadline, render_bounded


def _printable(value):
    """Only plain values become text: a list or mapping printed whole is a mistake."""
    if isinstance(value, list | tuple | dict):
        kind = "a mapping" if isinstance(value, dict) else "a list"
        raise ValueError(f"{kind} cannot be printed as text ({value!r:.60}); pick one value"
                         " or loop over it")
    return value


_ENV = BoundedSandbox(undefined=jinja2.StrictUndefined, autoescape=False,
                      keep_trailing_newline=False, finalize=_printable)


@lru_cache(maxsize=4096)
def _compile(source: str) -> jinja2.Template:
    return _ENV.from_string(source)


def expand(source, context: dict, loc: Loc) -> str:
    """Render one template string; a mistake in it is the user's, reported at `loc`."""
    if not isinstance(source, str) or "{" not in source:
        return source if isinstance(source, str) else str(source)
    try:
        with deadline():
            return render_bounded(_compile(source), context)
    except Exception as exc:  # noqa: BLE001 - narrowed by `problem`, re-raised if a bug
        message = problem(exc)
        if message is None:
            raise
        short = source if len(source) <= 80 else source[:77] + "..."
        raise ContentError(Problem(loc, f"in '{short}': {message}")) from None


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
    if isinstance(exc, RecursionError):
        return "the expression calls itself without end"
    if isinstance(exc, MemoryError):
        return "the expression builds a value too large for memory"
    if isinstance(exc, TypeError | ValueError | ArithmeticError | AttributeError | KeyError
                  | IndexError | jinja2.exceptions.TemplateError):
        return str(exc)
    return None


class ContainedLoader(jinja2.FileSystemLoader):
    """Templates from the given folders only: a name or a symlink that leads outside them
    (`{% include '../../x' %}`, a link to /etc) is refused, not followed."""

    def get_source(self, environment, template):
        source, filename, uptodate = super().get_source(environment, template)
        real = Path(filename).resolve()
        roots = [Path(folder).resolve() for folder in self.searchpath]
        if not any(real == root or root in real.parents for root in roots):
            raise jinja2.exceptions.TemplateNotFound(
                f"{template} (it leads outside the templates folder, to {real})")
        if real.stat().st_size > limits.MAX_FILE_BYTES:
            raise jinja2.exceptions.TemplateNotFound(f"{template} (larger than"
                                                     f" {limits.MAX_FILE_BYTES:,} bytes)")
        return source, filename, uptodate


def environment(loader: jinja2.BaseLoader) -> BoundedSandbox:
    """A bounded sandbox for whole-file templates (cheat sheets)."""
    return BoundedSandbox(loader=loader, undefined=jinja2.StrictUndefined,
                          autoescape=False, trim_blocks=True, lstrip_blocks=True,
                          finalize=_printable)
