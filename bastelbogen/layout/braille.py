"""Paper braille as geometry: which dots, where. Standard dimensions from DESIGN.md."""

from __future__ import annotations

from bastelbogen.core.units import mm

DOT_DIAMETER = mm(1.44)
DOT_PITCH = mm(2.34)  # between dot centres within a cell
CELL_PITCH = mm(6.2)  # between the same dot of neighbouring cells

NUMBER_SIGN = (3, 4, 5, 6)
LETTER_SIGN = (6,)  # German braille's Buchstabenzeichen: a-j right after a number
LETTERS = {
    "a": (1,),
    "b": (1, 2),
    "c": (1, 4),
    "d": (1, 4, 5),
    "e": (1, 5),
    "f": (1, 2, 4),
    "g": (1, 2, 4, 5),
    "h": (1, 2, 5),
    "i": (2, 4),
    "j": (2, 4, 5),
    "k": (1, 3),
    "l": (1, 2, 3),
    "m": (1, 3, 4),
    "n": (1, 3, 4, 5),
    "o": (1, 3, 5),
    "p": (1, 2, 3, 4),
    "q": (1, 2, 3, 4, 5),
    "r": (1, 2, 3, 5),
    "s": (2, 3, 4),
    "t": (2, 3, 4, 5),
    "u": (1, 3, 6),
    "v": (1, 2, 3, 6),
    "w": (2, 4, 5, 6),
    "x": (1, 3, 4, 6),
    "y": (1, 3, 4, 5, 6),
    "z": (1, 3, 5, 6),
    " ": (),
    # German braille's own letters (Basisschrift).
    "ä": (3, 4, 5),
    "ö": (2, 4, 6),
    "ü": (1, 2, 5, 6),
    "ß": (2, 3, 4, 6),
}
# Digits are the letters a-j after a number sign (1 = a ... 9 = i, 0 = j).
DIGITS = {str((i + 1) % 10): LETTERS["abcdefghij"[i]] for i in range(10)}


def cells(text: str) -> list[tuple[int, ...]]:
    """Braille cells for `text` in German Basisschrift: a run of digits gets one number
    sign in front, and a letter a-j right after it the letter sign, or it would read as
    more digits ("3a" is number sign, c, letter sign, a)."""
    out: list[tuple[int, ...]] = []
    in_number = False
    for ch in str(text).lower():
        if ch in DIGITS:
            if not in_number:
                out.append(NUMBER_SIGN)
                in_number = True
            out.append(DIGITS[ch])
            continue
        if ch not in LETTERS:
            raise ValueError(f"no braille cell for {ch!r}")
        if in_number and ch in "abcdefghij":
            out.append(LETTER_SIGN)
        in_number = False
        out.append(LETTERS[ch])
    return out


def unicode(text: str) -> str:
    """The cells as Unicode braille patterns (U+2800 plus a bit per dot), to read or test."""
    return "".join(chr(0x2800 + sum(1 << (d - 1) for d in cell)) for cell in cells(text))


def size(n_cells: int) -> tuple[float, float]:
    """Width and height covered by the dots of `n_cells` cells on one line."""
    if n_cells == 0:
        return 0.0, 0.0
    return (n_cells - 1) * CELL_PITCH + DOT_PITCH + DOT_DIAMETER, 2 * DOT_PITCH + DOT_DIAMETER


def dot_centres(text: str, left: float, top: float) -> list[tuple[float, float]]:
    """Centres of every raised dot; (left, top) is the corner of the first cell's dot area,
    y growing upward as in PDF."""
    r = DOT_DIAMETER / 2
    centres = []
    for i, cell in enumerate(cells(text)):
        for dot in cell:
            col, row = (dot - 1) // 3, (dot - 1) % 3
            centres.append((left + r + i * CELL_PITCH + col * DOT_PITCH, top - r - row * DOT_PITCH))
    return centres
