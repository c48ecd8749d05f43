"""How checks read and show the values they look at."""

from __future__ import annotations

from collections.abc import Callable

from bastelbogen.content.schema import fmt, type_name
from bastelbogen.core.errors import Collector
from bastelbogen.core.registry import Registry

DeclaredCheck = Callable[..., None]  # (game, fields, what, rows, variant, problems)
# The checks a game file may declare (`check: NAME`), each registered where it is written;
# a new check is a function with @declared_check in a module of this package.
CHECKS: Registry[DeclaredCheck] = Registry("check", group="bastelbogen.checks")


def declared_check(name: str, keys: str, fails: str) -> Callable[[DeclaredCheck], DeclaredCheck]:
    """Register a check under `name`, with what the README says of it: its keys and when it
    fails (`table()` writes them; a check without them cannot be registered)."""

    def register(check: DeclaredCheck) -> DeclaredCheck:
        check.__dict__["shown"] = (keys, fails)  # an attribute of the function
        return CHECKS.add(name, check)

    return register


def table() -> str:
    """Every registered check, its keys and when it fails, as a Markdown table."""
    rows = ["| check | keys | fails when |", "| --- | --- | --- |"]
    for name, check in CHECKS.items():
        keys, fails = check.__dict__["shown"]
        rows.append(f"| `{name}` | {keys} | {fails} |")
    return "\n".join(rows)


__all__ = ["fmt", "join", "single", "some_of"]


def single(data: dict, field: str, loc, problems: Collector):
    """The field's value if it is one value (text, number); a list or mapping is reported."""
    value = data.get(field)
    if isinstance(value, list | dict):
        problems.add(loc, f"'{field}' must be a single value here, got {type_name(value)}")
        return None
    return value


def join(values) -> str:
    return ", ".join(fmt(v) for v in values)


def some_of(names, shown: int = 12) -> str:
    """A list for a message: the first few, then how many more (a set may be huge)."""
    names = list(names)
    more = f" and {len(names) - shown:,} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more
