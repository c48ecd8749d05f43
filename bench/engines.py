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


def missing() -> list[str]:
    """The command-line tools this machine lacks."""
    return [tool for tool in TOOLS.values() if shutil.which(tool) is None]


def pdfium_pages(pdf: Path, dpi: int) -> list[Image.Image]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        return [document[n].render(scale=dpi / 72).to_pil().convert("L")
                for n in range(len(document))]
    finally:
        document.close()


def engine_pages(engine: str, pdf: Path, dpi: int) -> tuple[list[Image.Image], str]:
    """Every page as the engine draws it, in grey, and what it said on stderr."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        if engine == "poppler":
            argv = ["pdftoppm", "-r", str(dpi), str(pdf), str(out / "p")]
        elif engine == "mupdf":
            argv = ["mutool", "draw", "-q", "-r", str(dpi), "-c", "rgb", "-o",
                    str(out / "p-%04d.ppm"), str(pdf)]
        else:
            argv = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=ppmraw",
                    f"-r{dpi}", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
                    f"-sOutputFile={out / 'p-%04d.ppm'}", str(pdf)]
        run = subprocess.run(argv, capture_output=True, text=True, timeout=600)
        if run.returncode:
            raise RuntimeError(f"{engine} failed on {pdf.name}: {run.stderr[:300]}")
        pages = [Image.open(p).convert("L") for p in sorted(out.glob("p*"))]
        return [page.copy() for page in pages], run.stderr.strip()


def differing(a: Image.Image, b: Image.Image, dpi: int, blur_mm: float = 2.0) -> float:
    """The share of pixels whose grey level, after a box blur of `blur_mm`, differs by more
    than LEVELS (pages cropped to their common size: engines round a page edge apart)."""
    w, h = min(a.width, b.width), min(a.height, b.height)
    radius = max(1, round(blur_mm / 25.4 * dpi / 2))
    pa, pb = (np.asarray(p.crop((0, 0, w, h)).filter(ImageFilter.BoxBlur(radius)),
                         dtype=np.int16) for p in (a, b))
    return float((np.abs(pa - pb) > LEVELS).mean())


def worst_pages(pdf: Path, dpi: int = 150) -> dict[str, tuple[float, int]]:
    """For each engine, the largest differing share on any page and that page (from 1)."""
    reference = pdfium_pages(pdf, dpi)
    worst = {}
    for engine in ENGINES:
        pages, _said = engine_pages(engine, pdf, dpi)
        if len(pages) != len(reference):
            raise AssertionError(f"{engine} drew {len(pages)} pages of {pdf.name}, PDFium"
                                 f" {len(reference)}")
        shares = [differing(r, p, dpi) for r, p in zip(reference, pages, strict=True)]
        n = int(np.argmax(shares))
        worst[engine] = (shares[n], n + 1)
    return worst


def qpdf_problems(pdf: Path) -> str:
    """What `qpdf --check` finds wrong (empty when nothing)."""
    run = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True,
                         timeout=300)
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
        raise SystemExit(f"missing: {', '.join(lacking)} (Debian: poppler-utils mupdf-tools"
                         " ghostscript qpdf)")
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
