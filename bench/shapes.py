"""Time building 200 hex tiles with 3 mm bleed against 200 rectangles of the same size.

Run from the repo root: `.venv/bin/python bench/shapes.py [--repeat N]`. Prints the median
of N fresh `pnp build` processes for each, and their ratio; nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = """game: shapes
title: {{de: Formen, en: Shapes}}
players: {{min: 2, max: 4}}
components:
  - id: pieces
    name: {{de: Teile, en: Pieces}}
    kind: tile
    size: [34.641mm, 40mm]
    shape: {shape}
    face: shapes/piece
    back: shapes/back
    items:
      - {{id: piece, count: 200, colour: "#2e7d32"}}
"""
FACE = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "{{ colour }}"}
  - {name: art, painter: art, box: [7, 10, 20, 20], motif: flowers}
  - {name: label, painter: text, box: [10, 27, 14, 5], text: "{{ item['copy'] }}", size: 8}
"""
BACK = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#c98a12"}
"""


def _time(shape: str, repeat: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "content" / "shapes").mkdir(parents=True)
        (root / "templates" / "shapes").mkdir(parents=True)
        (root / "content" / "shapes" / "game.yaml").write_text(GAME.format(shape=shape))
        (root / "templates" / "shapes" / "piece.yaml").write_text(FACE)
        (root / "templates" / "shapes" / "back.yaml").write_text(BACK)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "bastelbogen.cli",
                    "--root",
                    str(root),
                    "build",
                    "--bleed",
                    "3mm",
                    "--lang",
                    "de",
                    "--out",
                    str(root / "out"),
                ],
                cwd=ROOT,
                check=True,
                stdout=subprocess.DEVNULL,
            )
            times.append(time.perf_counter() - start)
        return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rect, hexes = _time("rect", args.repeat), _time("hex", args.repeat)
    print(f"200 rectangles {rect:.2f} s, 200 hexes {hexes:.2f} s: {hexes / rect:.2f}x")


if __name__ == "__main__":
    main()
