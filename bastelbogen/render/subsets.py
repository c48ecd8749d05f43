"""Subset tags: a font subset's name begins with six capital letters and a plus sign, and two
different subsets in one file must not share a tag (ISO 32000-1, 9.6.4). reportlab counts
them per font (AAAAAA+ for every font's first subset), so a file with two fonts holds two
AAAAAA+ subsets, and a tool that merges or checks PDFs by their fonts' names (a print shop's
preflight) may take one for the other. Here each tag is made from what the subset is: the
font's PostScript name, the subset's number and the characters it holds, hashed; a tag
already given in the same file is hashed again. No chance is involved: the same input
writes the same bytes.

reportlab names a subset by calling its module's SUBSETN while its TrueType font adds its
objects to the document; our fonts (TaggedFont, as render/style.py registers every font)
set what that call answers for the one call under way, in the thread making it.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable

from reportlab.pdfbase import ttfonts

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ORIGINAL: Callable[[int], bytes] = ttfonts.SUBSETN
_MAKING = threading.local()  # the tags of the font adding its objects in this thread


def subset_tag(face: str, number: int, chars: list[int], used: set[str]) -> str:
    """Six capital letters for a subset of the font `face`: from its number and characters,
    distinct from every tag in `used` (those of the same file), which it joins."""
    seed = f"{face}|{number}|{','.join(map(str, chars))}".encode()
    for attempt in range(1_000_000):  # 26^6 tags: a file never holds nearly so many
        value = int.from_bytes(hashlib.sha256(seed + b"#%d" % attempt).digest()[:8], "big")
        tag = "".join(LETTERS[(value // 26**k) % 26] for k in range(6))
        if tag not in used:
            used.add(tag)
            return tag
    raise AssertionError("no free subset tag")  # pragma: no cover - 26^6 tags


def _subsetn(n: int) -> bytes:
    """reportlab's SUBSETN, answered by the font adding its objects, if it is ours."""
    making: Callable[[int], bytes] | None = getattr(_MAKING, "tags", None)
    return making(n) if making is not None else _ORIGINAL(n)


class TaggedFont(ttfonts.TTFont):  # type: ignore[misc]  # reportlab ships no types
    """A TrueType font whose subsets are tagged by what they hold (`subset_tag`)."""

    def addObjects(self, doc: object) -> None:  # noqa: N802 - reportlab's name
        state = self.state.get(doc)
        subsets = [list(s) for s in state.subsets] if state is not None else []
        used: set[str] = doc.__dict__.setdefault("_bastelbogen_subset_tags", set())
        face = self.face.name
        name = face.decode("latin-1") if isinstance(face, bytes) else str(face)

        def tags(n: int) -> bytes:
            return subset_tag(name, n, subsets[n] if n < len(subsets) else [], used).encode()

        _MAKING.tags = tags
        try:
            super().addObjects(doc)
        finally:
            _MAKING.tags = None


ttfonts.SUBSETN = _subsetn  # reportlab looks it up by this name as it names each subset
