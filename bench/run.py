"""`make bench`: one table of what a build costs, each run a fresh process side by side with
the fixed floor (../shared/bench/floor_muenchhausen.py: 64 cards with marks and mirrored
backs in bare reportlab, run unchanged).

Rows: each kit built as a user builds it (default --jobs), with its peak memory, PDF size,
ratio to the floor and `pnp validate`'s time; all four kits at --jobs 1 and at 2; then
synthetic decks (bench/decks.py) of 100 to 30,000 cards written inline, as table references
and as spreadsheet rows, at --jobs 1, with the time per card. Nothing is asserted.

    .venv/bin/python bench/run.py [--repeat 3] [--sizes 100,1000,10000,30000] [--quick]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = ROOT.parent / "shared" / "bench" / "floor_muenchhausen.py"
sys.path.insert(0, str(ROOT))

from bench import decks  # noqa: E402

KITS = ("muenchhausen", "museo", "mytown", "minipilo")
PNP = [sys.executable, "-m", "bastelbogen.cli"]


def run(argv: list[str], cwd: Path = ROOT) -> tuple[float, float]:
    """Run to completion: (wall seconds, peak resident MiB of that process itself, from
    os.wait4; with --jobs above 1 its workers are separate processes, not counted)."""
    env = {**os.environ, "PNP_JOBS": ""}
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            err.seek(0)
            sys.exit(f"{' '.join(argv[2:6])}... failed:\n{err.read().decode(errors='replace')}")
    return wall, usage.ru_maxrss / 1024


def median_of(repeat: int, argv: list[str], cwd: Path = ROOT) -> tuple[float, float]:
    runs = [run(argv, cwd) for _ in range(repeat)]
    return statistics.median(w for w, _ in runs), max(m for _, m in runs)


def pdf_kib(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*.pdf")) / 1024


def kits(repeat: int, floor: float | None) -> list[list[str]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game in KITS:
            out = Path(tmp) / game
            wall, peak = median_of(repeat, [*PNP, "build", game, "--out", str(out)])
            check, _ = median_of(repeat, [*PNP, "validate", game])
            rows.append(
                [
                    game,
                    f"{wall:.2f}",
                    _ratio(wall, floor),
                    f"{peak:.0f}",
                    f"{pdf_kib(out):.0f}",
                    f"{check:.2f}",
                ]
            )
        serial, _ = median_of(repeat, [*PNP, "build", "--out", f"{tmp}/a", "--jobs", "1"])
        both, _ = median_of(repeat, [*PNP, "build", "--out", f"{tmp}/b", "--jobs", "2"])
    rows.append(["all four, --jobs 1", f"{serial:.2f}", _ratio(serial, floor), "", "", ""])
    rows.append(["all four, --jobs 2", f"{both:.2f}", f"{both / serial:.2f}× serial", "", "", ""])
    return rows


def scaling(sizes: list[int], repeat: int) -> list[list[str]]:
    rows = []
    for form in decks.FORMS:
        base = None
        for n in sizes:
            with tempfile.TemporaryDirectory() as tmp:
                root = decks.write(Path(tmp), form, n)
                wall, peak = median_of(
                    repeat if n <= 1000 else 1,
                    [
                        *PNP,
                        "--root",
                        str(root),
                        "build",
                        "deck",
                        "--out",
                        str(root / "out"),
                        "--jobs",
                        "1",
                    ],
                )
                size = pdf_kib(root / "out")
            per = wall / n * 1000
            base = per if n == 1000 else base
            rows.append(
                [
                    f"{form} {n:,}",
                    f"{wall:.2f}",
                    f"{per:.2f}",
                    f"{per / base:.2f}" if base and n >= 1000 else "",
                    f"{peak:.0f}",
                    f"{size:.0f}",
                ]
            )
    return rows


def _ratio(wall: float, floor: float | None) -> str:
    return f"{wall / floor:.1f}×" if floor else "–"


def table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(
            "| "
            + " | ".join(
                [r[0].ljust(widths[0])]
                + [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
            )
            + " |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per row (median)")
    parser.add_argument("--sizes", default="100,1000,10000,30000")
    parser.add_argument("--quick", action="store_true", help="kits only, no scaling rows")
    args = parser.parse_args()
    repeat = max(1, args.repeat)
    floor = floor_peak = None
    if FLOOR.is_file():
        with tempfile.TemporaryDirectory() as tmp:
            floor, floor_peak = median_of(repeat, [sys.executable, str(FLOOR), f"{tmp}/floor.pdf"])
    print(
        f"{time.strftime('%Y-%m-%d')} · {platform.machine()}, {os.cpu_count()} cores ·"
        f" Python {platform.python_version()} · median of {repeat} fresh processes"
    )
    print(
        f"floor ({FLOOR.name}): "
        + (
            f"{floor:.3f} s, {floor_peak:.0f} MiB"
            if floor
            else "not found next to the checkout; ratios left out"
        )
    )
    print()
    table(
        ["kit (default --jobs)", "build s", "× floor", "peak MiB", "PDF KiB", "validate s"],
        kits(repeat, floor),
    )
    if not args.quick:
        print()
        table(
            ["deck, --jobs 1", "build s", "ms/card", "× per-card at 1,000", "peak MiB", "PDF KiB"],
            scaling([int(s) for s in args.sizes.split(",")], repeat),
        )


if __name__ == "__main__":
    main()
