"""`make bench-svg`: how many of a public SVG conformance suite's pictures print as drawn.

The suite is resvg's (github.com/linebender/resvg, crates/resvg/tests: an SVG and its
reference PNG per case, and the fonts the cases name). Point at its `tests` folder:

    .venv/bin/python bench/svgsuite.py PATH/TO/resvg/crates/resvg/tests [--rsvg] [--list FILE]

Each case goes the way a card's picture goes: sealed and converted (render/vector.py),
placed as a form on a page of our own PDF writer, that page rasterised by PDFium at the
reference's size, both over white, and compared: a case prints as drawn when the mean
difference is at most 3.5/255 per channel and at most 0.4 % of pixels differ by more than
64 in some channel. The suite's fonts stand for the game's (Noto Sans first: what a generic
family is drawn in). `--rsvg` measures librsvg's rsvg-convert on the same cases beside it.
`--list FILE` writes the names of the cases that pass (tests/data/svgsuite_passing.txt is
such a list, checked by tests/test_svg_suite.py whenever the suite is at hand).
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CATEGORIES = ("structure", "painting", "paint-servers", "masking", "shapes", "filters", "text")
MEAN_MOST = 3.5  # per channel, of 255
OFF_BY = 64
OFF_SHARE = 0.004


def cases(suite: Path) -> list[Path]:
    found: list[Path] = []
    for category in CATEGORIES:
        found += sorted((suite / "tests" / category).rglob("*.svg"))
    return [svg for svg in found if svg.with_suffix(".png").is_file()]


def suite_fonts(suite: Path) -> tuple[Path, ...]:
    fonts = sorted(p for p in (suite / "fonts").iterdir() if p.suffix in (".ttf", ".otf"))
    first = [p for p in fonts if p.name == "NotoSans-Regular.ttf"]
    return tuple(dict.fromkeys([*first, *fonts]))


def ours(svg: Path, suite: Path, size: tuple[int, int]):
    """The case drawn our way, as an RGB picture of `size` pixels over white."""
    import pypdfium2 as pdfium

    from bastelbogen.render import vector
    from bastelbogen.render.pdf import Meta, new_canvas

    fonts = vector.build_fonts(suite_fonts(suite))
    width, height = size
    drawn = vector.picture(svg, suite / "tests", fonts, 1.0).size
    # drawn as large as the reference, its filters at FILTER_DPI as if printed so
    picture = vector.picture(svg, suite / "tests", fonts, width / drawn[0])
    buffer = io.BytesIO()
    c = new_canvas(buffer, Meta("case", "", ""), (width, height), "Helvetica")
    c.drawVector(picture, 0, 0, width, height)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    return page.render(scale=1 - 1e-9).to_pil().convert("RGB").resize(size)


def rsvg(svg: Path, suite: Path, size: tuple[int, int]):
    """The case drawn by librsvg's rsvg-convert, with the suite's fonts as ours have them."""
    from PIL import Image

    config = Path(tempfile.gettempdir()) / "svgsuite-fonts.conf"
    config.write_text(
        f"<fontconfig><dir>{suite / 'fonts'}</dir>"
        '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        "<alias><family>sans-serif</family><prefer><family>Noto Sans</family></prefer></alias>"
        "<alias><family>serif</family><prefer><family>Noto Serif</family></prefer></alias>"
        "</fontconfig>"
    )
    done = subprocess.run(
        ["rsvg-convert", "-w", str(size[0]), "-h", str(size[1]), str(svg)],
        capture_output=True,
        timeout=60,
        cwd=svg.parent,
        env={**os.environ, "FONTCONFIG_FILE": str(config)},
    )
    if done.returncode:
        raise ValueError(done.stderr.decode(errors="replace")[:100])
    return over_white(Image.open(io.BytesIO(done.stdout)))


def over_white(image):
    from PIL import Image

    rgba = image.convert("RGBA")
    return Image.alpha_composite(Image.new("RGBA", rgba.size, "white"), rgba).convert("RGB")


def matches(got, want) -> tuple[bool, float, float]:
    """Whether two pictures agree by the suite's measure; the mean difference and the
    share of pixels off by more than OFF_BY."""
    import numpy as np

    a = np.asarray(got, dtype=np.int16)
    b = np.asarray(want, dtype=np.int16)
    diff = np.abs(a - b)
    mean = float(diff.mean())
    off = float((diff.max(axis=-1) > OFF_BY).mean())
    return mean <= MEAN_MOST and off <= OFF_SHARE, mean, off


def one(job: tuple[Path, Path, bool]) -> tuple[str, dict]:
    """One case: whether we (and rsvg-convert) draw it as its reference shows."""
    from PIL import Image

    svg, suite, with_rsvg = job
    name = str(svg.relative_to(suite / "tests").with_suffix(""))
    want = over_white(Image.open(svg.with_suffix(".png")))
    row: dict = {}
    drawers = [("ours", lambda: ours(svg, suite, want.size))]
    if with_rsvg:
        drawers.append(("rsvg", lambda: rsvg(svg, suite, want.size)))
    for who, draw in drawers:
        try:
            row[who] = matches(draw(), want)[0]
        except Exception as exc:  # noqa: BLE001 - a refusal is a case not drawn
            row[who] = False
            row[f"{who}-error"] = str(exc)[:100]
    return name, row


def measure(suite: Path, with_rsvg: bool, processes: int) -> dict:
    import multiprocessing

    jobs = [(svg, suite, with_rsvg) for svg in cases(suite)]
    with multiprocessing.Pool(processes) as pool:
        return dict(pool.imap(one, jobs, chunksize=4))


def table(results: dict, with_rsvg: bool) -> str:
    """The counts per category as a Markdown table."""
    head = "| category | cases | ours | librsvg |" if with_rsvg else "| category | cases | ours |"
    lines = [head, "| --- | ---: | ---: |" + (" ---: |" if with_rsvg else "")]
    for category in (*CATEGORIES, None):
        rows = [r for n, r in results.items() if category is None or n.startswith(category + "/")]
        ok = sum(r["ours"] for r in rows)
        cells = [category or "**all**", str(len(rows)), f"{ok} ({ok / max(len(rows), 1):.1%})"]
        if with_rsvg:
            theirs = sum(r.get("rsvg", False) for r in rows)
            cells.append(f"{theirs} ({theirs / max(len(rows), 1):.1%})")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", type=Path, help="resvg's crates/resvg/tests folder")
    parser.add_argument("--rsvg", action="store_true", help="measure rsvg-convert beside")
    parser.add_argument("--list", type=Path, help="write the passing cases' names here")
    parser.add_argument("--table", type=Path, help="put the counts in this Markdown page")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    with_rsvg = args.rsvg and shutil.which("rsvg-convert") is not None
    start = time.monotonic()
    results = measure(args.suite, with_rsvg, args.jobs)
    took = time.monotonic() - start
    print(table(results, with_rsvg), end="")
    print(f"{took:.0f} s")
    if args.list:
        args.list.write_text("".join(f"{n}\n" for n, r in sorted(results.items()) if r["ours"]))
    if args.table:  # between the page's markers
        page = args.table.read_text()
        start, end = "<!-- svgsuite: written by `make bench-svg` -->\n", "<!-- /svgsuite -->"
        head, rest = page.split(start, 1)
        args.table.write_text(
            head + start + table(results, with_rsvg) + end + rest.split(end, 1)[1]
        )


if __name__ == "__main__":
    main()
