"""The words a rulebook prints itself (its contents' heading, "page" after a reference, the
component list's heads, an example's label), in the languages Bastelbogen knows; a book in
another language takes the English ones, and the build says so."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "rulebook": "Rulebook",
        "contents": "Contents",
        "page": "page",
        "pieces": "Pieces",
        "count": "Count",
        "example": "Example",
    },
    "de": {
        "rulebook": "Spielregel",
        "contents": "Inhalt",
        "page": "Seite",
        "pieces": "Spielmaterial",
        "count": "Anzahl",
        "example": "Beispiel",
    },
}


def words_of(lang: str) -> dict[str, str] | None:
    """The book's words in `lang`; None where they are not known (English is used)."""
    return WORDS.get(lang)
