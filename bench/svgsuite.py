"""`make bench-svg`: how many of a public SVG conformance suite's pictures print as drawn.

The suite is resvg's (github.com/linebender/resvg, crates/resvg/tests: an SVG and its
reference PNG per case, and the fonts the cases name). Point at its `tests` folder:

    .venv/bin/python bench/svgsuite.py PATH/TO/resvg/crates/resvg/tests [--rsvg] [--list FILE]

Each case goes the way a card's picture goes: sealed and converted (render/vector.py; its
filter effects drawn at the reference's pixels, as the other renderers draw them, where a
print gets 600 dpi), placed as a form on a page of our own PDF writer, that page rasterised
by PDFium at the reference's size, both over white, and compared: a case prints as drawn
when the mean difference is at most 3.5/255 per channel and at most 0.4 % of pixels differ
by more than 64 in some channel. The suite's fonts stand for the game's (Noto Sans first:
what a generic family is drawn in). `--rsvg` measures librsvg's rsvg-convert on the same
cases beside it, `--svglib` svglib (what drew pictures before; not a dependency: where it is
installed).
`--list FILE` writes the names of the cases that pass (tests/data/svgsuite_passing.txt is
such a list, checked by tests/test_svg_suite.py whenever the suite is at hand).
"""

from __future__ import annotations

import argparse
import importlib.util
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
    from bastelbogen.render.pdf import picture_page

    fonts = vector.build_fonts(suite_fonts(suite))
    width, height = size
    drawn = vector.picture(svg, suite, fonts).size
    # Its filters drawn at the reference's own pixels, as every renderer compared draws them:
    # lighting, convolution and morphology work per device pixel (a print has 600 dpi).
    picture = vector.picture(svg, suite, fonts, width / drawn[0], pixels=width / drawn[0])
    page = pdfium.PdfDocument(picture_page(picture, (width, height)))[0]
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


def svglib(svg: Path, size: tuple[int, int]):
    """The case drawn by svglib (what drew pictures before), where it is installed."""
    import contextlib

    import pypdfium2 as pdfium
    from reportlab.graphics import renderPDF
    from svglib.svglib import svg2rlg

    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        drawing = svg2rlg(str(svg))
    if drawing is None:
        raise ValueError("svglib could not read it")
    drawing.scale(size[0] / drawing.width, size[1] / drawing.height)
    drawing.width, drawing.height = size
    page = io.BytesIO()
    renderPDF.drawToFile(drawing, page)
    return pdfium.PdfDocument(page.getvalue())[0].render(scale=1).to_pil().convert("RGB")


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


def one(job: tuple[Path, Path, tuple[str, ...]]) -> tuple[str, dict]:
    """One case: whether we (and rsvg-convert) draw it as its reference shows."""
    from PIL import Image

    svg, suite, others = job
    name = str(svg.relative_to(suite / "tests").with_suffix(""))
    want = over_white(Image.open(svg.with_suffix(".png")))
    row: dict = {}
    drawers = [("ours", lambda: ours(svg, suite, want.size))]
    if "rsvg" in others:
        drawers.append(("rsvg", lambda: rsvg(svg, suite, want.size)))
    if "svglib" in others:
        drawers.append(("svglib", lambda: svglib(svg, want.size).resize(want.size)))
    for who, draw in drawers:
        try:
            row[who] = matches(draw(), want)[0]
        except Exception as exc:  # noqa: BLE001 - a refusal is a case not drawn
            row[who] = False
            row[f"{who}-error"] = str(exc)[:100]
    return name, row


def measure(suite: Path, others: tuple[str, ...], processes: int) -> dict:
    import multiprocessing

    jobs = [(svg, suite, others) for svg in cases(suite)]
    with multiprocessing.Pool(processes) as pool:
        return dict(pool.imap(one, jobs, chunksize=4))


NAMES = {"ours": "Bastelbogen", "rsvg": "librsvg", "svglib": "svglib"}


def table(results: dict, drawers: tuple[str, ...]) -> str:
    """The counts per category as a Markdown table."""
    lines = [
        "| category | cases | " + " | ".join(NAMES[d] for d in drawers) + " |",
        "| --- | ---: |" + " ---: |" * len(drawers),
    ]
    for category in (*CATEGORIES, None):
        rows = [r for n, r in results.items() if category is None or n.startswith(category + "/")]
        cells = [category or "**all**", str(len(rows))]
        for drawer in drawers:
            ok = sum(r.get(drawer, False) for r in rows)
            cells.append(f"{ok} ({ok / max(len(rows), 1):.1%})")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", type=Path, help="resvg's crates/resvg/tests folder")
    parser.add_argument("--rsvg", action="store_true", help="measure rsvg-convert beside")
    parser.add_argument("--svglib", action="store_true", help="measure svglib beside")
    parser.add_argument("--list", type=Path, help="write the passing cases' names here")
    parser.add_argument("--table", type=Path, help="put the counts in this Markdown page")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    others = ("rsvg",) if args.rsvg and shutil.which("rsvg-convert") else ()
    others += ("svglib",) if args.svglib and importlib.util.find_spec("svglib") else ()
    start = time.monotonic()
    results = measure(args.suite, others, args.jobs)
    took = time.monotonic() - start
    print(table(results, ("ours", *others)), end="")
    print(f"{took:.0f} s")
    if args.list:
        args.list.write_text("".join(f"{n}\n" for n, r in sorted(results.items()) if r["ours"]))
    if args.table:  # between the page's markers
        page = args.table.read_text()
        opening, closing = "<!-- svgsuite: written by `make bench-svg` -->\n", "<!-- /svgsuite -->"
        head, rest = page.split(opening, 1)
        drawn = table(results, ("ours", *others))
        args.table.write_text(head + opening + drawn + closing + rest.split(closing, 1)[1])


if __name__ == "__main__":
    main()
