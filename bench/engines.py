"""How alike the four PDF engines draw our pages: `.venv/bin/python bench/engines.py [out]`.

Pages rendered by the four PDF engines that bring our files to paper and screen — PDFium
(Chrome), poppler (`pdftoppm`: Linux viewers, print filters), MuPDF (`mutool draw`) and
Ghostscript (`gs`: CUPS and many printer drivers) — and compared with PDFium's page as
grey levels after a box blur, so that anti-aliasing and hairline widths do not count."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageFilter

ENGINES = ("poppler", "mupdf", "ghostscript")  # each compared with PDFium
TOOLS = {"poppler": "pdftoppm", "mupdf": "mutool", "ghostscript": "gs", "qpdf": "qpdf"}
LEVELS = 20  # grey levels a blurred pixel may be off before it counts as different
# What an engine says of itself on every file: Debian's MuPDF is built without colour
# management (it draws our DeviceRGB alike either way).
BUILD_NOTES = {"warning: ICC support is not available"}


def missing() -> list[str]:
    """The command-line tools this machine lacks."""
    return [tool for tool in TOOLS.values() if shutil.which(tool) is None]


def _chosen(first: int, last: int | None, pages: list[int] | None, count: int) -> list[int]:
    """The pages asked for, counted from 1: `pages` if given, else `first` to `last`."""
    if pages is not None:
        return sorted(set(pages))
    return list(range(first, (count if last is None else min(last, count)) + 1))


def _runs(pages: list[int]) -> list[tuple[int, int]]:
    """Sorted page numbers as runs (first, last): 1 2 3 5 -> (1, 3), (5, 5)."""
    runs: list[tuple[int, int]] = []
    for n in pages:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def pdfium_pages(
    pdf: Path, dpi: int, first: int = 1, last: int | None = None, pages: list[int] | None = None
):
    """PDFium's pages (from `first` to `last`, or those in `pages`, counted from 1), in grey."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        chosen = _chosen(first, last, pages, len(document))
        return [document[n - 1].render(scale=dpi / 72).to_pil().convert("L") for n in chosen]
    finally:
        document.close()


def _spec(runs: list[tuple[int, int | None]]) -> str:
    """Runs of pages as MuPDF and Ghostscript take them: 1-3,5,7-N."""
    return ",".join(str(a) if a == b else f"{a}-{'N' if b is None else b}" for a, b in runs)


def _argvs(engine: str, pdf: Path, dpi: int, out: Path, runs: list) -> list[list[str]]:
    """The commands drawing the runs of pages (first, last; last None: to the end) into
    `out`, named so that they sort in page order: one for each run in poppler, which takes
    one range, one for them all in the others."""
    # PNG from every engine: the process reading them may be one whose Pillow decodes only
    # the formats a build draws (bastelbogen/content/rasters.py closes it to PNG, JPEG …).
    if engine == "poppler":
        return [
            ["pdftoppm", "-png", "-r", str(dpi), "-f", str(a), *(["-l", str(b)] if b else [])]
            + [str(pdf)]
            + [str(out / f"p{n:04d}")]
            for n, (a, b) in enumerate(runs)
        ]
    if engine == "mupdf":
        draw = ["mutool", "draw", "-q", "-r", str(dpi), "-c", "rgb"]
        return [[*draw, "-o", str(out / "p-%04d.png"), str(pdf), _spec(runs)]]
    # Drawn at twice the resolution and scaled down: Ghostscript thins small text when it
    # smooths at screen resolution, which no printer (300 dpi and more) sees.
    gs = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", f"-r{2 * dpi}"]
    smooth = ["-dDownScaleFactor=2", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4"]
    if len(runs) == 1:
        ((a, b),) = runs
        pages = [f"-dFirstPage={a}", *([f"-dLastPage={b}"] if b else [])]
    else:  # PageList numbers its files on from 1, in the order of the list
        pages = [f"-sPageList={_spec(runs)}"]
    return [[*gs, *smooth, *pages, f"-sOutputFile={out / 'p-%04d.png'}", str(pdf)]]


def engine_pages(
    engine: str,
    pdf: Path,
    dpi: int,
    first: int = 1,
    last: int | None = None,
    pages: list[int] | None = None,
) -> tuple[list[Image.Image], str]:
    """The pages as the engine draws them (from `first` to `last`, or those in `pages`), in
    grey, and what it said on stderr (less the notes of how this machine's build of it was
    made, which say nothing of the file)."""
    runs = [(first, last)] if pages is None else _runs(sorted(set(pages)))
    said: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for argv in _argvs(engine, pdf, dpi, out, runs):
            run = subprocess.run(argv, capture_output=True, text=True, timeout=600)
            if run.returncode:
                raise RuntimeError(f"{engine} failed on {pdf.name}: {run.stderr[:300]}")
            said += [
                line
                for line in run.stderr.splitlines()
                if line.strip() and line.strip() not in BUILD_NOTES
            ]
        images = [Image.open(p).convert("L") for p in sorted(out.glob("p*"))]
        return [page.copy() for page in images], "\n".join(said)


def differing(a: Image.Image, b: Image.Image, dpi: int, blur_mm: float = 2.0) -> float:
    """The share of pixels whose grey level, after a box blur of `blur_mm`, differs by more
    than LEVELS (pages cropped to their common size: engines round a page edge apart)."""
    w, h = min(a.width, b.width), min(a.height, b.height)
    radius = max(1, round(blur_mm / 25.4 * dpi / 2))
    pa, pb = (
        np.asarray(p.crop((0, 0, w, h)).filter(ImageFilter.BoxBlur(radius)), dtype=np.int16)
        for p in (a, b)
    )
    return float((np.abs(pa - pb) > LEVELS).mean())


def worst_pages(pdf: Path, dpi: int = 150) -> dict[str, tuple[float, int]]:
    """For each engine, the largest differing share on any page and that page (from 1)."""
    reference = pdfium_pages(pdf, dpi)
    worst = {}
    for engine in ENGINES:
        pages, _said = engine_pages(engine, pdf, dpi)
        if len(pages) != len(reference):
            raise AssertionError(
                f"{engine} drew {len(pages)} pages of {pdf.name}, PDFium {len(reference)}"
            )
        shares = [differing(r, p, dpi) for r, p in zip(reference, pages, strict=True)]
        n = int(np.argmax(shares))
        worst[engine] = (shares[n], n + 1)
    return worst


def qpdf_problems(pdf: Path) -> str:
    """What `qpdf --check` finds wrong (empty when nothing)."""
    run = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True, timeout=300)
    return "" if run.returncode == 0 else (run.stdout + run.stderr).strip()[-300:]


def main() -> None:
    """Per kit (built with the defaults into out/ first: `make`), each engine's worst page
    and the PDFs qpdf finds fault with."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="out", type=Path)
    parser.add_argument("--dpi", type=int, default=150)
    args = parser.parse_args()
    if lacking := missing():
        raise SystemExit(
            f"missing: {', '.join(lacking)} (Debian: poppler-utils mupdf-tools ghostscript qpdf)"
        )
    print(f"| kit | {' | '.join(ENGINES)} | qpdf |")
    print("|---|" + "---|" * (len(ENGINES) + 1))
    for kit in sorted(p for p in args.out.iterdir() if (p / "manifest.json").is_file()):
        worst = {engine: (0.0, "") for engine in ENGINES}
        faults = []
        for pdf in sorted(kit.glob("*.pdf")):
            for engine, (share, page) in worst_pages(pdf, args.dpi).items():
                if share >= worst[engine][0]:
                    worst[engine] = (share, f"{pdf.name} p{page}")
            if qpdf_problems(pdf):
                faults.append(pdf.name)
        cells = [f"{share:.2%} ({where})" for share, where in worst.values()]
        print(f"| {kit.name} | {' | '.join(cells)} | {', '.join(faults) or 'clean'} |")


if __name__ == "__main__":
    main()
