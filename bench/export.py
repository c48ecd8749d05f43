"""Time, peak memory and output size of the exports, beside the plain build and the fixed
reportlab floor (../shared/bench/floor_muenchhausen.py), all run side by side.

Run from the repo root: `.venv/bin/python bench/export.py [--repeat N]`. Each row is the
median of N fresh processes (`pnp build GAME --lang de …`); memory is the largest peak
resident size of them; size is what export/<format>/ holds. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.run import FLOOR, PNP, median_of, run  # noqa: E402 - one way of timing a fresh process

RUNS = [
    ("muenchhausen", []),
    ("muenchhausen", ["--export", "png"]),
    ("muenchhausen", ["--export", "shop", "--profile", "mpc-63x88"]),
    ("muenchhausen", ["--export", "tts"]),
    ("museo", []),
    ("museo", ["--export", "png"]),
    ("museo", ["--export", "shop", "--profile", "mpc-63x88"]),
    ("museo", ["--export", "tts"]),
]


def _size(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        floor = (
            statistics.median(
                run([sys.executable, str(FLOOR), str(Path(tmp) / "f.pdf")], Path(tmp))[0]
                for _ in range(repeat)
            )
            if FLOOR.is_file()
            else float("nan")
        )
        for game, more in RUNS:
            out = Path(tmp) / "out"
            argv = [*PNP, "build", game, "--lang", "de", *more, "--out", str(out)]
            seconds, peak = median_of(repeat, argv)
            export = out / game / "export"
            rows.append(
                (
                    game,
                    " ".join(more) or "(build only)",
                    seconds,
                    seconds / floor,
                    peak,
                    _size(export) if export.exists() else 0.0,
                )
            )
    print(f"floor (bare reportlab, 64 cards): {floor:.3f} s")
    print(f"{'game':14} {'export':40} {'time':>8} {'× floor':>8} {'peak MB':>8} {'MB out':>7}")
    for game, what, seconds, ratio, peak, size in rows:
        print(f"{game:14} {what:40} {seconds:7.2f}s {ratio:8.1f} {peak:8.0f} {size:7.1f}")


if __name__ == "__main__":
    main()
