"""Writes units.xlsx, the order of battle of the counters example: run once
(`.venv/bin/python examples/content/counters/make_units.py`), and the workbook is committed,
as a designer keeps theirs. The same script writes the same rows every time.

Two sides, each four divisions of three regiments of eight battalions (four types) and two
artillery regiments, and the corps' own units (seven in the north, six in the south): 221
counters. Every unit has a full side (attack,
defence, move) and a reduced side printed on its back, weaker in attack and defence, as
fast as before."""

from __future__ import annotations

import datetime
from pathlib import Path

from openpyxl import Workbook

HERE = Path(__file__).parent
# type: (attack, defence, move) at full strength; a battalion varies by its number.
BASE = {"inf": (4, 4, 4), "arm": (6, 4, 7), "mech": (5, 5, 6), "art": (5, 2, 3)}
# Each regiment: its battalions' types, in order.
REGIMENT = ("inf", "inf", "inf", "inf", "mech", "mech", "arm", "arm")
SIDES = ("nord", "sued")
HEADER = (
    "id",
    "side",
    "type",
    "echelon",
    "unit",
    "attack",
    "defence",
    "move",
    "reduced_attack",
    "reduced_defence",
)


def _reduced(value: int) -> int:
    """The reduced side's strength: about half, never more than the full side less one."""
    return max(1, min(value - 1, (value + 1) // 2))


def _row(side: str, n: int, kind: str, echelon: str, unit: str) -> tuple:
    attack, defence, move = BASE[kind]
    attack += n % 3 - 1  # -1, 0 or +1: battalions differ a little
    defence += (n // 3) % 2
    return (
        f"{side}-{n:03d}",
        side,
        kind,
        echelon,
        unit,
        attack,
        defence,
        move,
        _reduced(attack),
        _reduced(defence),
    )


CORPS = ("arm", "art", "mech", "inf", "arm", "art", "mech")  # the corps' own units


def rows() -> list[tuple]:
    out = []
    for side, corps in zip(SIDES, (7, 6), strict=True):
        n = 0
        for division in (1, 2, 3, 4):
            for regiment in (1, 2, 3):
                for battalion, kind in enumerate(REGIMENT, start=1):
                    n += 1
                    out.append(_row(side, n, kind, "II", f"{battalion}/{division}{regiment}"))
            for artillery in (1, 2):  # each division's artillery regiments
                n += 1
                out.append(_row(side, n, "art", "III", f"A{division}{artillery}"))
        for k, kind in enumerate(CORPS[:corps], start=1):
            n += 1
            out.append(_row(side, n, kind, "II", f"K{k}"))
    return out


def main() -> None:
    book = Workbook()
    sheet = book.active
    sheet.title = "Einheiten"
    sheet.append(HEADER)
    for row in rows():
        sheet.append(row)
    # A fixed date in the workbook's properties: only the rows say anything.
    stamp = datetime.datetime(2026, 1, 1)
    book.properties.created = book.properties.modified = stamp
    book.save(HERE / "units.xlsx")


if __name__ == "__main__":
    main()
