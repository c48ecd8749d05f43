"""Render the pictures in docs/ from a fresh build: `make docs`."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

# (picture, game, build options, pdf, page, dpi, crop box as fractions of the page or None)
SHOTS = [
    ("muenchhausen-cards.png", "muenchhausen", [], "number-cards.pdf", 2, 60, None),
    ("muenchhausen-backs.png", "muenchhausen", [], "number-cards.pdf", 3, 60, None),
    ("muenchhausen-card-braille.png", "muenchhausen", ["--braille", "--duplex", "none"],
     "number-cards.pdf", 3, 200, (0.04, 0.03, 0.52, 0.27)),
    ("muenchhausen-aids.png", "muenchhausen", ["--duplex", "none"], "player-aids.pdf", 0, 60,
     None),
    ("muenchhausen-baron.png", "muenchhausen", [], "baron.pdf", 0, 120, (0.1, 0.0, 0.9, 0.22)),
    ("muenchhausen-score.png", "muenchhausen", [], "score-sheet.pdf", 0, 50, None),
    ("muenchhausen-rules-de.png", "muenchhausen", [], "rules.pdf", 0, 60, None),
    ("muenchhausen-fold.png", "muenchhausen", ["--duplex", "fold"], "number-cards.pdf", 0, 50,
     None),
    ("mytown-town.png", "mytown", ["--duplex", "none", "--bleed", "0"], "tiles.pdf", 1, 70, None),
    ("mytown-animals.png", "mytown", ["--duplex", "none", "--bleed", "0", "--theme", "animals"],
     "tiles.pdf", 1, 70, None),
    ("mytown-print-sheet.png", "mytown", [], "tiles.pdf", 0, 50, None),
    ("mytown-back.png", "mytown", [], "tiles.pdf", 1, 50, (0.05, 0.05, 0.5, 0.35)),
    ("mytown-bench.png", "mytown", [], "benches.pdf", 0, 60, None),
    ("mytown-score.png", "mytown", [], "score-pad.pdf", 0, 50, None),
    ("mytown-rules-en.png", "mytown", [], "rules.pdf", 1, 60, None),
]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        builds: dict = {}
        for name, game, options, pdf_name, page, dpi, crop in SHOTS:
            key = (game, tuple(options))
            if key not in builds:
                out = Path(tmp) / str(len(builds))
                subprocess.run([sys.executable, "-m", "generator.cli", "build", game, *options,
                                "--out", str(out)], check=True, cwd=ROOT)
                builds[key] = out / game
            pdf = pdfium.PdfDocument(str(builds[key] / pdf_name))
            image = pdf[page].render(scale=dpi / 72).to_pil()
            if crop:
                w, h = image.size
                image = image.crop((int(crop[0] * w), int(crop[1] * h), int(crop[2] * w),
                                    int(crop[3] * h)))
            image.save(DOCS / name, optimize=True)
    out = Path(tempfile.mkdtemp()) / "cal.pdf"
    subprocess.run([sys.executable, "-m", "generator.cli", "calibrate", "--out", str(out)],
                   check=True, cwd=ROOT, capture_output=True)
    pdfium.PdfDocument(str(out))[0].render(scale=50 / 72).to_pil().save(
        DOCS / "calibrate.png", optimize=True)


if __name__ == "__main__":
    main()
