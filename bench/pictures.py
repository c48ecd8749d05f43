"""A deck of SVG pictures: N cards, each showing one of 20 distinct SVGs (gradients, a
pattern, a mask, a clip, text), built from nothing at --jobs 1; CPU seconds of the build and
every process it waited for (the converter's children among them), medians of paired runs.
`--against DIR` runs another checkout's code beside ours on the same game (e.g. a worktree of
the commit before SVGs went through svg2pdf), so the two are measured side by side:

    .venv/bin/python bench/pictures.py [--cards 1000,10000] [--repeat 3] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PICTURES = 20

GAME = """game: gallery
title: {de: Galerie, en: Gallery}
players: {min: 2, max: 4}
tables:
  cards: {file: cards.csv, columns: {art: picture}}
components:
  - id: cards
    name: {de: Karten, en: Cards}
    kind: card
    size: [63mm, 88mm]
    face: gallery/card
    back: gallery/back
    items: {from: cards}
"""
FACE = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#f4efe2"}
  - {name: art, painter: image, box: [6, 10, 51, 51], file: "{{ art }}"}
  - {name: name, painter: text, box: [6, 66, 51, 10], text: "{{ id }}", size: 12}
"""
BACK = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#3b2f5c"}
"""


def picture(n: int) -> str:
    """The n-th picture: a gradient field turned by n, a pattern, a masked disc, a star
    path, its number as text."""
    hue = (n * 37) % 360
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120">
  <defs>
    <linearGradient id="g" gradientTransform="rotate({n * 9} .5 .5)">
      <stop offset="0" stop-color="hsl({hue}, 70%, 60%)"/>
      <stop offset="1" stop-color="hsl({hue}, 60%, 30%)" stop-opacity=".8"/>
    </linearGradient>
    <pattern id="p" width="12" height="12" patternUnits="userSpaceOnUse">
      <circle cx="6" cy="6" r="{1 + n % 4}" fill="white" fill-opacity=".4"/>
    </pattern>
    <mask id="m"><circle cx="60" cy="60" r="40" fill="white"/></mask>
    <clipPath id="c"><rect x="10" y="10" width="100" height="100" rx="12"/></clipPath>
  </defs>
  <g clip-path="url(#c)">
    <rect width="120" height="120" fill="url(#g)"/>
    <rect width="120" height="120" fill="url(#p)"/>
  </g>
  <rect x="20" y="20" width="80" height="80" fill="#ffffff" mask="url(#m)" opacity=".5"/>
  <path d="M60 {20 + n} L70 50 L100 50 L76 68 L85 98 L60 80 L35 98 L44 68 L20 50 L50 50 Z"
        fill="hsl({(hue + 180) % 360}, 70%, 45%)" stroke="#222" stroke-width="2"/>
  <text x="60" y="112" font-family="sans-serif" font-size="12" text-anchor="middle">{n}</text>
</svg>
"""


def game(folder: Path, cards: int) -> Path:
    content = folder / "content" / "gallery"
    (content / "art").mkdir(parents=True)
    (folder / "templates" / "gallery").mkdir(parents=True)
    (content / "game.yaml").write_text(GAME)
    (folder / "templates" / "gallery" / "card.yaml").write_text(FACE)
    (folder / "templates" / "gallery" / "back.yaml").write_text(BACK)
    for n in range(PICTURES):
        (content / "art" / f"p{n:02}.svg").write_text(picture(n))
    rows = "".join(f"c{k},art/p{k % PICTURES:02}.svg\n" for k in range(cards))
    (content / "cards.csv").write_text("id,art\n" + rows)
    return folder


def run(code: Path, project: Path, out: Path) -> float:
    """CPU seconds of one build from nothing, children included."""
    env = {**os.environ, "PYTHONPATH": str(code), "PNP_JOBS": ""}
    argv = [sys.executable, "-m", "bastelbogen.cli", "--root", str(project), "build", "gallery"]
    argv += ["--out", str(out), "--jobs", "1", "--bleed", "0", "--lang", "de"]
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, cwd=project, stdout=subprocess.DEVNULL, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status):
            err.seek(0)
            sys.exit(f"{code}: the build failed:\n{err.read().decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default="1000", help="comma-separated deck sizes")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another checkout, run beside ours")
    args = parser.parse_args()
    sides = {"ours": ROOT} | ({"against": args.against} if args.against else {})
    for cards in (int(c) for c in args.cards.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            project = game(Path(tmp), cards)
            times: dict[str, list[float]] = {name: [] for name in sides}
            for k in range(args.repeat):
                for name, code in sides.items():
                    out = Path(tmp) / f"out-{name}-{k}"  # from nothing: a new folder
                    times[name].append(run(code, project, out))
            line = f"{cards:>6} cards:"
            for name, got in times.items():
                median = statistics.median(got)
                line += f"  {name} {median:.2f} s ({median / cards * 1000:.2f} ms a card)"
            if args.against:
                ratio = statistics.median(times["ours"]) / statistics.median(times["against"])
                line += f"  ours/against {ratio:.2f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
