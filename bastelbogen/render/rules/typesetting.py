"""reportlab's platypus, as every module here takes it: loaded with two of its regular
expressions compiled only when used (`_deferred`). reportlab compiles them as it is
imported, and they cost a small build a twentieth of its time. One finds web addresses for
hyphenation; with `re.I` and a range up to U+FFFF it takes Python some 30 ms to compile,
and it matches only text holding "://", so text without that is answered without it. The
other splits Chinese and Japanese text in a function we never call.

One pattern is answered otherwise: the punctuation that trails a word, which reportlab looks
for (`search`) in every word it hyphenates. Searched for, a pattern ending in `$` is tried
from every place in the word, so a word of ten thousand "!" and a letter took a second
(quadratic in its length); `_TrailingRun` finds the same run from the word's end."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

# The start of reportlab's web address pattern (reportlab/platypus/paragraph.py `uri_pat`):
# its scheme and "://" are not optional, so nothing without "://" matches it.
_ADDRESS = "(^(?:[a-z0-9\\.\\-\\+]*)://)"
_CJK = "([\u2e80-\uffff])"  # reportlab/lib/textsplit.py `rx`, used only by its cjkwrap


class _Deferred:
    """A regular expression compiled when first used; `needs`: a text a match must hold, so
    `match` and `search` of a text without it are None at once."""

    def __init__(
        self,
        compile_: Callable[[str, int], re.Pattern[str]],
        pattern: str,
        flags: int,
        needs: str = "",
    ) -> None:
        self._compile, self._pattern, self._flags, self._needs = compile_, pattern, flags, needs
        self._real: re.Pattern[str] | None = None

    def _compiled(self) -> re.Pattern[str]:
        if self._real is None:
            self._real = self._compile(self._pattern, self._flags)
        return self._real

    def _cannot(self, text: str, args: tuple[int, ...]) -> bool:
        return bool(self._needs) and not args and isinstance(text, str) and self._needs not in text

    def match(self, text: str, *args: int) -> re.Match[str] | None:
        return None if self._cannot(text, args) else self._compiled().match(text, *args)

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        return None if self._cannot(text, args) else self._compiled().search(text, *args)

    def __getattr__(self, name: str) -> object:
        return getattr(self._compiled(), name)


# reportlab/platypus/paragraph.py `_hy_sfx_pat`, searched for in every word it hyphenates.
_TRAILING = "[]'\")}?!.,;:\u2019\u201b\u201d\u201f]+$"


class _TrailingRun:
    """reportlab's trailing-punctuation pattern, `search` answered in linear time: the
    pattern's own match, begun where the run of its characters that ends the text begins
    (a `$` also matches before a final newline, so the run may end there)."""

    def __init__(self, compiled: re.Pattern[str]) -> None:
        self._real = compiled
        self._chars = compiled.pattern[1 : compiled.pattern.index("]+$")]

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        if args or not isinstance(text, str):
            return self._real.search(text, *args)
        body = text[:-1] if text.endswith("\n") else text
        start = len(body.rstrip(self._chars))
        return self._real.match(text, start) if start < len(body) else None

    def __getattr__(self, name: str) -> object:
        return getattr(self._real, name)


@contextmanager
def _deferred() -> Iterator[None]:
    """re.compile, while platypus is imported, deferring the two costly patterns."""
    real = re.compile

    def compile_(pattern: str, flags: int = 0) -> re.Pattern[str] | _Deferred:
        if isinstance(pattern, str) and pattern.startswith(_ADDRESS):
            return _Deferred(real, pattern, flags, needs="://")
        if isinstance(pattern, str) and pattern == _CJK:
            return _Deferred(real, pattern, flags)
        return real(pattern, flags)

    re.compile = compile_  # type: ignore[assignment]
    try:
        yield
    finally:
        re.compile = real


with _deferred():
    from reportlab.platypus import (
        Flowable,
        Frame,
        FrameBreak,
        KeepTogether,
        PageTemplate,
        Paragraph,
        Spacer,
        Table,
        TableStyle,
    )
    from reportlab.platypus import paragraph as _paragraph
    from reportlab.platypus.doctemplate import (
        BaseDocTemplate,
        LayoutError,
        NextPageTemplate,
        PageBreak,
    )
    from reportlab.platypus.paraparser import ParaFrag

# Replaced after the import, not while it runs: platypus may have been loaded before.
if getattr(_paragraph._hy_sfx_pat, "pattern", None) == _TRAILING:
    _paragraph._hy_sfx_pat = _TrailingRun(_paragraph._hy_sfx_pat)
# What the long words' breaking (rules/hyphens.py) reads of reportlab's own wrapping: the
# characters it parts words at, the letters its hyphenation knows, and frags already set.
WHITESPACE: str = _paragraph._wsc
LETTERS: str = _paragraph._hy_letters
processed_frags = _paragraph._processed_frags

__all__ = [
    "BaseDocTemplate",
    "Flowable",
    "Frame",
    "FrameBreak",
    "KeepTogether",
    "LayoutError",
    "NextPageTemplate",
    "PageBreak",
    "PageTemplate",
    "ParaFrag",
    "Paragraph",
    "Spacer",
    "Table",
    "TableStyle",
]
