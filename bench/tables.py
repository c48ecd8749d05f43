"""Time loading a game whose table has 1,000 and 10,000 rows, as YAML, CSV and XLSX.

Run from the repo root: `.venv/bin/python bench/tables.py [--repeat N]`. Prints a table
only (median of N loads, in one process after a warm-up), nothing asserted. Each load reads
game.yaml and the table with every cell located and typed, as `pnp validate` does first.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bastelbogen.content.project import Project  # noqa: E402

GAME = """game: big
title: {{de: Groß, en: Big}}
players: {{min: 2, max: 4}}
tables:
  cards: {{file: {file}, columns: {{speed: int, colour: colour, name: texts, tags: list}}}}
components:
  - id: cards
    name: {{de: Karten, en: Cards}}
    kind: card
    size: mini
    face: big/card
    items: {{from: cards}}
"""
HEADER = ["id", "speed", "colour", "name.de", "name.en", "tags"]


def _rows(n: int):
    for i in range(n):
        yield [f"c{i:05d}", i % 9 + 1, "#0072b2", f"Karte {i}", f"Card {i}", "a;b"]


def _write(folder: Path, kind: str, n: int) -> None:
    game = folder / "content" / "big"
    game.mkdir(parents=True)
    name = f"cards.{kind}"
    (game / "game.yaml").write_text(GAME.format(file=name))
    if kind == "csv":
        lines = [",".join(HEADER)] + [",".join(map(str, r)) for r in _rows(n)]
        (game / name).write_text("\n".join(lines) + "\n")
    elif kind == "yaml":
        (game / name).write_text(
            "".join(
                f"- {{id: {r[0]}, speed: {r[1]}, colour: '{r[2]}',"
                f" name: {{de: {r[3]}, en: {r[4]}}},"
                f" tags: [a, b]}}\n"
                for r in _rows(n)
            )
        )
    else:
        from openpyxl import Workbook

        book = Workbook(write_only=True)
        sheet = book.create_sheet("Cards")
        sheet.append(HEADER)
        for r in _rows(n):
            sheet.append(r)
        book.save(game / name)


def _time(kind: str, n: int, repeat: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _write(folder, kind, n)
        project = Project(folder)
        project.load("big")  # warm-up: imports, the reader's first call
        times = []
        for _ in range(repeat):
            gc.collect()  # each load starts with only itself to keep: as a fresh `pnp` does
            start = time.perf_counter()
            rows = len(project.load("big").tables["cards"].rows)
            times.append(time.perf_counter() - start)
            assert rows == n
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(
        f"{'format':6} {'1,000 rows':>12} {'10,000 rows':>12} {'per row at 10k':>15}"
        f" {'10k / 1k':>9}"
    )
    for kind in ("yaml", "csv", "xlsx"):
        small, large = _time(kind, 1_000, args.repeat), _time(kind, 10_000, args.repeat)
        print(
            f"{kind:6} {small:11.3f}s {large:11.3f}s {large / 10_000 * 1e6:12.1f} µs"
            f" {large / small:8.1f}×"
        )


if __name__ == "__main__":
    main()
