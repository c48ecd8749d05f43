"""`make bench`: what a build costs, each run a fresh process side by side with a floor of
bare reportlab drawing the same job (../shared/bench/, run unchanged). Times are CPU seconds
of the process and every process it waited for (os.wait4), medians of paired runs; memory
is the peak resident size of the process itself.

Rows:
- the same deck on both sides: floor_deck.py N beside `pnp build` of make_deck.py's game
  of N cards (--bleed 0 --lang de --jobs 1), at 64, 1,000 and 10,000 cards;
- each kit at --jobs 1 beside floor_muenchhausen.py (64 cards with marks and mirrored
  backs, writing its PDF to a file as the kit does), run in turn: the kit built from
  nothing (an empty folder, as a family's first build), built again unchanged into the
  folder of a build before (what it need not work out again remembered, its unchanged
  files copied), and `pnp validate` (which proves a build per theme and braille) beside
  the build from nothing; the kit's peak memory and its PDFs' size;
- synthetic decks (bench/decks.py) of 100 to 30,000 cards written inline, as table
  references, as spreadsheet rows and as CSV rows with a paragraph each, at --jobs 1, each
  built from nothing and built again unchanged into the same folder, with the time per
  card.
Nothing is asserted.

    .venv/bin/python bench/run.py [--repeat 3] [--sizes 100,1000,10000,30000] [--quick]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "bench"
FLOOR = SHARED / "floor_muenchhausen.py"
sys.path.insert(0, str(ROOT))

from bench import decks  # noqa: E402

KITS = ("muenchhausen", "museo", "mytown", "minipilo")
PNP = [sys.executable, "-m", "bastelbogen.cli"]
FLOOR_SIZES = (64, 1000, 10000)


def run(argv: list[str], cwd: Path = ROOT) -> tuple[float, float]:
    """Run to completion: (CPU seconds of it and the processes it waited for, its own peak
    resident MiB), from os.wait4."""
    env = {**os.environ, "PNP_JOBS": ""}
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status):
            err.seek(0)
            sys.exit(f"{' '.join(argv[2:6])}... failed:\n{err.read().decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def paired(repeat: int, *argvs: list[str], fresh: Path | None = None) -> list[tuple[float, float]]:
    """Each command run `repeat` times in turn (so a drift of the machine's speed falls on
    all alike): per command, the median CPU time and the largest peak memory. `fresh`: a
    folder emptied before each run (untimed), so that each builds from nothing."""
    runs: list[list[tuple[float, float]]] = [[] for _ in argvs]
    for _ in range(repeat):
        for n, argv in enumerate(argvs):
            if fresh is not None:
                shutil.rmtree(fresh, ignore_errors=True)
            runs[n].append(run(argv))
    return [(statistics.median(c for c, _ in r), max(m for _, m in r)) for r in runs]


def pdf_kib(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*.pdf")) / 1024


def same_deck(repeat: int) -> list[list[str]]:
    rows = []
    for n in FLOOR_SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "root"
            subprocess.run(
                [sys.executable, str(SHARED / "make_deck.py"), str(n), str(root)], check=True
            )
            (floor, floor_mem), (pnp, pnp_mem) = paired(
                repeat if n <= 1000 else max(1, repeat // 2),
                [sys.executable, str(SHARED / "floor_deck.py"), str(n), f"{tmp}/floor.pdf"],
                [*PNP, "--root", str(root), "build", "deck", "--bleed", "0", "--lang", "de"]
                + ["--jobs", "1", "--out", f"{tmp}/out"],
                fresh=Path(tmp) / "out",  # each drawn from nothing, as the floor draws it
            )
        rows.append(
            [
                f"{n:,}",
                f"{floor:.2f}",
                f"{pnp:.2f}",
                f"{pnp / floor:.2f}×",
                f"{floor_mem:.0f} / {pnp_mem:.0f}",
            ]
        )
    return rows


def kits(repeat: int) -> list[list[str]]:
    """Each kit built from nothing (as a family's first build and every `pnp validate`
    make it), built again unchanged into the folder of a build before (its files copied,
    what it worked out remembered), and `pnp validate`, each paired with the floor (a drift
    of the machine's speed falls on all alike)."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        floor_run = [sys.executable, str(FLOOR), f"{tmp}/floor.pdf"]
        for game in KITS:
            out, fresh = Path(tmp) / game, Path(tmp) / "fresh"
            build = [*PNP, "build", game, "--jobs", "1", "--out"]
            run([*build, str(out)])  # what a rebuild finds beside it
            (floor, floor_peak), (first, peak), (again, _), (check, _) = paired(
                repeat,
                floor_run,
                [*build, str(fresh)],
                [*build, str(out)],
                [*PNP, "validate", game],
                fresh=fresh,
            )
            rows.append(
                [
                    game,
                    f"{floor:.3f} / {floor_peak:.0f}",
                    f"{first:.2f}",
                    _ratio(first, floor),
                    f"{again:.2f}",
                    _ratio(again, floor),
                    f"{peak:.0f}",
                    f"{pdf_kib(out):.0f}",
                    f"{check:.2f}",
                    _ratio(check, first),
                ]
            )
    return rows


def scaling(sizes: list[int], repeat: int) -> list[list[str]]:
    """Each deck built from nothing and built again, unchanged, into a folder it was built
    into before (what it need not work out again remembered, its files copied), paired."""
    rows = []
    for form in decks.FORMS:
        base = again_base = None
        for n in sizes:
            with tempfile.TemporaryDirectory() as tmp:
                root = decks.write(Path(tmp), form, n)
                argv = [*PNP, "--root", str(root), "build", "deck", "--jobs", "1", "--out"]
                run([*argv, str(root / "again")])  # the build before the unchanged one
                (cpu, peak), (again, again_peak) = paired(
                    repeat if n <= 1000 else 1,
                    [*argv, str(root / "out")],
                    [*argv, str(root / "again")],
                    fresh=root / "out",
                )
                size = pdf_kib(root / "again")  # the same bytes (out/ is emptied)
            per, again_per = cpu / n * 1000, again / n * 1000
            if n == 1000:
                base, again_base = per, again_per
            rows.append(
                [
                    f"{form} {n:,}",
                    f"{cpu:.2f}",
                    f"{per:.3f}",
                    f"{per / base:.2f}" if base and n >= 1000 else "",
                    f"{again:.2f}",
                    f"{again_per:.3f}",
                    f"{again_per / again_base:.2f}" if again_base and n >= 1000 else "",
                    f"{peak:.0f} / {again_peak:.0f}",
                    f"{size:.0f}",
                ]
            )
    return rows


def _ratio(cpu: float, floor: float) -> str:
    return f"{cpu / floor:.2f}×"


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
    parser.add_argument("--quick", action="store_true", help="the floors and kits only")
    args = parser.parse_args()
    repeat = max(1, args.repeat)
    print(
        f"{time.strftime('%Y-%m-%d')} · {platform.machine()}, {os.cpu_count()} cores ·"
        f" Python {platform.python_version()} · CPU seconds, medians of {repeat} paired"
        " fresh processes"
    )
    if not FLOOR.is_file():
        print(f"no floor scripts in {SHARED}: only the decks' scaling is measured")
    else:
        print()
        table(
            ["cards", "floor s", "pnp s", "ratio", "peak MiB (floor / pnp)"],
            same_deck(repeat),
        )
        print()
        table(
            [
                "kit, --jobs 1",
                f"floor s / MiB ({FLOOR.name})",
                "from nothing s",
                "× floor",
                "unchanged s",
                "× floor",
                "peak MiB",
                "PDF KiB",
                "validate s",
                "÷ from nothing",
            ],
            kits(repeat),
        )
    if not args.quick:
        print()
        table(
            [
                "deck, --jobs 1",
                "build s",
                "ms/card",
                "× per-card at 1,000",
                "unchanged s",
                "ms/card",
                "× per-card at 1,000",
                "peak MiB (build / unchanged)",
                "PDF KiB",
            ],
            scaling([int(s) for s in args.sizes.split(",")], repeat),
        )


if __name__ == "__main__":
    main()
