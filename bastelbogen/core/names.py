"""Ids that become file and folder names: plain slugs, so no id can name a path.

Games and components: lower-case letters, digits, '-' and '_', starting with a letter or a
digit. Items may also use capitals (My Town's tiles are A, E1, K3 as on the boxes). At
most 64 characters, so every file name built from them stays short on every system.
"""

from __future__ import annotations

import re

from bastelbogen.core import limits

_SLUG = re.compile(r"[a-z0-9][a-z0-9_-]*")
_ITEM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def _problem(value: object, pattern: re.Pattern[str], what: str, letters: str) -> str | None:
    text = str(value)
    if len(text) > limits.MAX_ID_CHARS:
        return f"{what} '{text[:40]}…' has {len(text)} characters; at most {limits.MAX_ID_CHARS}"
    if not pattern.fullmatch(text):
        return (
            f"{what} '{text}' may hold only {letters}, digits, '-' and '_', and must start"
            " with a letter or digit (it becomes a file name)"
        )
    return None


def slug_problem(value: object, what: str) -> str | None:
    """Why `value` cannot be a game or component id, or None."""
    return _problem(value, _SLUG, what, "lower-case letters")


def item_id_problem(value: object, what: str = "item id") -> str | None:
    return _problem(value, _ITEM, what, "letters")


def numbered(n: int, count: int) -> str:
    """The number of a file among `count` alike, zero-padded to the count's digits (01..12,
    001..120): file names sort in their order where uploaders and file lists sort as text
    (10 would come before 2)."""
    return f"{n:0{len(str(count))}d}"
