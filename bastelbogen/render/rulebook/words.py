"""The words a rulebook prints itself (its name, its contents' heading, "page" after a
reference, the component list's heads, an example's label): the kit's table of words in the
book's language (content/words.py), which ships German and English and which a game gives
for any other language in its words/<lang>.yaml, where a word it lacks is told."""

from __future__ import annotations

from collections.abc import Mapping

# what the book calls each word -> its key in the table of words
KEYS = {
    "rulebook": "rulebook",
    "contents": "rulebook-contents",
    "page": "rulebook-page",
    "pieces": "rulebook-pieces",
    "count": "rulebook-count",
    "example": "rulebook-example",
}


def book_words(table: Mapping[str, object]) -> dict[str, str]:
    """The book's words from one language's table of words."""
    return {name: str(table[key]) for name, key in KEYS.items()}
