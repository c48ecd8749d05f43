"""Time `pnp build` per game against a plain-reportlab floor drawing the same number of cards.

Run from the repo root: `.venv/bin/python bench/run.py [--repeat N] [--games a,b]`.
Prints a table only; nothing is asserted, so it never fails on a slow machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # so `generator` imports even without the editable install

from generator.loader import find_games  # noqa: E402

# The floor runs as `python -c FLOOR N OUT`: no Bastelbogen import, only reportlab, so the
# ratio shows what the generator costs on top of the PDF library itself.
FLOOR = """
import sys
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

n, out = int(sys.argv[1]), sys.argv[2]
w, h = 63 * mm, 88 * mm
x0, y0 = (A4[0] - 3 * w) / 2, (A4[1] - 3 * h) / 2
c = Canvas(out, pagesize=A4)
for i in range(n):
    if i and i % 9 == 0:
        c.showPage()
    x, y = x0 + (i % 3) * w, y0 + (2 - i % 9 // 3) * h
    c.setFillColorRGB(0.85, 0.75, 0.55)
    c.roundRect(x + 1 * mm, y + 1 * mm, w - 2 * mm, h - 2 * mm, 3 * mm, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica-Bold", 48)
    c.drawCentredString(x + w / 2, y + h / 2, str(i % 8 + 1))
    c.setFont("Helvetica", 8)
    c.drawCentredString(x + w / 2, y + 8 * mm, f"Card {i + 1} of {n}")
c.save()
"""


def run_child(argv: list[str]) -> tuple[float, float]:
    """Run argv to completion; return (wall seconds, peak RSS MiB) of that child alone.

    os.wait4 gives the rusage of exactly this pid, whereas RUSAGE_CHILDREN's ru_maxrss is
    the maximum over all children so far and would hide a smaller later child.
    """
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        # Tell Popen the child is reaped, or it warns and tries to wait for it again.
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            err.seek(0)
            sys.exit(f"{' '.join(argv[:4])}... failed:\n{err.read().decode(errors='replace')}")
    return wall, usage.ru_maxrss / 1024  # ru_maxrss is KiB on Linux


def best_of(repeat: int, argv: list[str]) -> tuple[float, float]:
    # Best wall time filters out scheduler noise; peak memory barely varies, keep the max.
    runs = [run_child(argv) for _ in range(repeat)]
    return min(w for w, _ in runs), max(m for _, m in runs)


def front_items(manifest: Path) -> int:
    data = json.loads(manifest.read_text(encoding="utf-8"))
    return sum(item["side"] == "front"
               for f in data["files"] for page in f["pages"] for item in page["items"])


def pdf_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.glob("*.pdf"))


def bench_game(game: str, repeat: int) -> list[tuple]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        build = [sys.executable, "-m", "generator.cli", "build", game, "--out", str(out)]
        wall, peak = best_of(repeat, build)
        items = front_items(out / game / "manifest.json")
        size = pdf_bytes(out / game)
        floor_pdf = out / "floor.pdf"
        f_wall, f_peak = best_of(repeat, [sys.executable, "-c", FLOOR, str(items), str(floor_pdf)])
        f_size = floor_pdf.stat().st_size
    return [(game, wall, peak, items, size, f"{wall / f_wall:.1f}x"),
            ("  floor (plain reportlab)", f_wall, f_peak, items, f_size, "1.0x")]


def print_table(rows: list[tuple]) -> None:
    header = ("build", "wall s", "peak MiB", "items", "items/s", "PDF KiB", "vs floor")
    cells = [header] + [
        (name, f"{wall:.3f}", f"{peak:.1f}", str(items), f"{items / wall:.0f}",
         f"{size / 1024:.0f}", ratio)
        for name, wall, peak, items, size, ratio in rows
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    for row in cells:
        # First column is a label, the rest are numbers: left- and right-align accordingly.
        print("  ".join([row[0].ljust(widths[0])]
                        + [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per build; best wall time")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    args = parser.parse_args()
    games = [p.name for p in find_games(ROOT / "content")]
    if args.games:
        wanted = args.games.split(",")
        if unknown := sorted(set(wanted) - set(games)):
            parser.error(f"unknown game(s): {', '.join(unknown)}; have: {', '.join(games)}")
        games = wanted
    repeat = max(args.repeat, 1)
    rows = [row for game in games for row in bench_game(game, repeat)]
    print(f"Python {sys.version.split()[0]}, best of {repeat}")
    print_table(rows)


if __name__ == "__main__":
    main()
