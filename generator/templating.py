"""jinja2 in a sandbox: content and templates may compute text, never reach outside."""

from __future__ import annotations

from functools import lru_cache

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from .errors import ContentError, Loc, Problem


def _printable(value):
    """Only plain values become text: a list or mapping printed whole is a mistake."""
    if isinstance(value, list | tuple | dict):
        kind = "a mapping" if isinstance(value, dict) else "a list"
        raise ValueError(f"{kind} cannot be printed as text ({value!r:.60}); pick one value"
                         " or loop over it")
    return value


_ENV = SandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False,
                            keep_trailing_newline=False, finalize=_printable)


@lru_cache(maxsize=4096)
def _compile(source: str) -> jinja2.Template:
    return _ENV.from_string(source)


def expand(source, context: dict, loc: Loc) -> str:
    """Render one template string; a mistake in it is the user's, reported at `loc`."""
    if not isinstance(source, str) or "{" not in source:
        return source if isinstance(source, str) else str(source)
    try:
        return _compile(source).render(context)
    except jinja2.exceptions.SecurityError as exc:
        raise ContentError(Problem(loc, f"template expression not allowed: {exc}")) from None
    except jinja2.exceptions.UndefinedError as exc:
        raise ContentError(Problem(loc, f"in '{source}': {exc.message}")) from None
    except jinja2.exceptions.TemplateSyntaxError as exc:
        raise ContentError(Problem(loc, f"in '{source}': {exc.message}")) from None
    except (TypeError, ValueError, ArithmeticError, AttributeError) as exc:
        raise ContentError(Problem(loc, f"in '{source}': {exc}")) from None
    except RecursionError:
        raise ContentError(Problem(loc, f"in '{source}': the expression calls itself without"
                                   " end")) from None


def environment(loader: jinja2.BaseLoader) -> SandboxedEnvironment:
    """A sandboxed environment for whole-file templates (cheat sheets)."""
    return SandboxedEnvironment(loader=loader, undefined=jinja2.StrictUndefined,
                                autoescape=False, trim_blocks=True, lstrip_blocks=True,
                                finalize=_printable)
