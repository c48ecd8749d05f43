"""Render the pictures in docs/ from a fresh build: `make docs`; `python -m docs.render
NAME.png ...` renders only the pictures named (the gallery and calibration sheet with all)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

# (picture, game, build options, pdf (or an exported png), page, dpi (a png: percent),
#  crop box as fractions of the page or None)
SHOTS = [
    ("muenchhausen-cards.png", "muenchhausen", [], "number-cards.pdf", 2, 60, None),
    ("muenchhausen-backs.png", "muenchhausen", [], "number-cards.pdf", 3, 60, None),
    (
        "muenchhausen-card-braille.png",
        "muenchhausen",
        ["--braille", "--duplex", "none"],
        "number-cards.pdf",
        3,
        200,
        (0.04, 0.03, 0.52, 0.27),
    ),
    ("muenchhausen-aids.png", "muenchhausen", ["--duplex", "none"], "player-aids.pdf", 0, 60, None),
    ("muenchhausen-baron.png", "muenchhausen", [], "baron.pdf", 0, 120, (0.1, 0.0, 0.9, 0.22)),
    ("muenchhausen-score.png", "muenchhausen", [], "score-sheet.pdf", 0, 50, None),
    ("muenchhausen-rules-de.png", "muenchhausen", [], "rules.pdf", 0, 60, None),
    (
        "muenchhausen-fold.png",
        "muenchhausen",
        ["--duplex", "fold"],
        "number-cards.pdf",
        0,
        50,
        None,
    ),
    ("mytown-town.png", "mytown", ["--duplex", "none", "--bleed", "0"], "tiles.pdf", 1, 70, None),
    (
        "mytown-animals.png",
        "mytown",
        ["--duplex", "none", "--bleed", "0", "--theme", "animals"],
        "tiles.pdf",
        1,
        70,
        None,
    ),
    ("mytown-print-sheet.png", "mytown", [], "tiles.pdf", 0, 50, None),
    ("mytown-back.png", "mytown", [], "tiles.pdf", 1, 50, (0.05, 0.05, 0.5, 0.35)),
    ("mytown-bench.png", "mytown", [], "benches.pdf", 0, 60, None),
    ("mytown-score.png", "mytown", [], "score-pad.pdf", 0, 50, None),
    ("mytown-rules-en.png", "mytown", [], "en/rules.pdf", 0, 60, None),
    (
        "museo-pictures.png",
        "museo",
        ["--duplex", "none", "--bleed", "0"],
        "pictures.pdf",
        0,
        60,
        None,
    ),
    ("museo-print-sheet.png", "museo", [], "pictures.pdf", 0, 50, None),
    ("museo-back.png", "museo", [], "pictures.pdf", 1, 80, (0.04, 0.02, 0.56, 0.35)),
    ("museo-events.png", "museo", ["--duplex", "none"], "parts.pdf", 0, 50, None),
    ("museo-board-plan.png", "museo", [], "board.pdf", 0, 50, None),
    ("museo-board-sheet.png", "museo", [], "board.pdf", 1, 50, None),
    ("museo-parts.png", "museo", [], "parts.pdf", 2, 60, None),
    ("minipilo-p-cards.png", "minipilo", ["--duplex", "none"], "p-cards.pdf", 0, 60, None),
    ("minipilo-l-cards.png", "minipilo", ["--duplex", "none"], "l-cards.pdf", 0, 60, None),
    ("minipilo-a-cards.png", "minipilo", ["--duplex", "none"], "a-cards.pdf", 0, 60, None),
    ("minipilo-projects.png", "minipilo", ["--duplex", "none"], "projects.pdf", 0, 60, None),
    ("minipilo-backs.png", "minipilo", [], "a-cards.pdf", 1, 50, None),
    ("minipilo-board-plan.png", "minipilo", [], "board.pdf", 0, 60, None),
    ("minipilo-board-sheet.png", "minipilo", [], "board.pdf", 1, 50, None),
    ("minipilo-opened.png", "minipilo", [], "projects.pdf", 1, 50, None),
    ("minipilo-parts.png", "minipilo", [], "parts.pdf", 0, 60, None),
    ("minipilo-score.png", "minipilo", [], "score-sheet.pdf", 0, 50, None),
    ("shapes-hexes.png", "examples/bienenstock", ["--lang", "de"], "tiles.pdf", 0, 50, None),
    (
        "shapes-hex-close.png",
        "examples/bienenstock",
        ["--lang", "de"],
        "tiles.pdf",
        0,
        200,
        (0.0, 0.0, 0.45, 0.2),
    ),
    (
        "shapes-tokens.png",
        "examples/bienenstock",
        ["--lang", "de"],
        "parts.pdf",
        0,
        50,
        (0.0, 0.0, 1.0, 0.6),
    ),
    (
        "shapes-registration.png",
        "examples/bienenstock",
        ["--lang", "de", "--registration", "--bleed", "0", "--duplex", "none"],
        "parts.pdf",
        0,
        40,
        None,
    ),
    ("shapes-die.png", "museo", [], "parts.pdf", 2, 150, (0.0, 0.74, 0.46, 0.99)),
    (
        "export-tts.png",
        "museo",
        ["--lang", "de", "--export", "tts"],
        "export/tts/pictures.1.png",
        0,
        25,
        None,
    ),
    (
        "export-contact.png",
        "examples/vogelquartett",
        ["--lang", "de", "--export", "contact"],
        "export/contact/cards.png",
        0,
        60,
        None,
    ),
    (
        "counters-fronts.png",
        "examples/counters",
        [],
        "counters.pdf",
        0,
        150,
        (0.0, 0.0, 0.5, 0.215),
    ),
    ("counters-backs.png", "examples/counters", [], "counters.pdf", 1, 150, (0.5, 0.0, 1.0, 0.215)),
    (
        "rollwrite-dice.png",
        "examples/rollwrite",
        ["--lang", "de"],
        "parts.pdf",
        0,
        100,
        (0.02, 0.02, 0.51, 0.53),
    ),
    ("rollwrite-pad.png", "examples/rollwrite", ["--lang", "en"], "pad.pdf", 0, 50, None),
    (
        "vehicles-cards.png",
        "examples/vehicles",
        ["--lang", "de", "--duplex", "none", "--bleed", "0"],
        "cards.pdf",
        0,
        60,
        None,
    ),
    (
        "vogelquartett-cards.png",
        "examples/vogelquartett",
        ["--lang", "de", "--duplex", "none", "--bleed", "0"],
        "cards.pdf",
        0,
        60,
        None,
    ),
]


def _in_first_language(kit: Path, name: str) -> Path:
    """A file of the kit by name: in the first language's folder when printed per
    language (de/player-aids.pdf), else at the top."""
    import json

    first = json.loads((kit / "manifest.json").read_text())["options"]["lang"][0]
    return kit / first / name if (kit / first / name).is_file() else kit / name


def main() -> None:
    wanted = set(sys.argv[1:])
    with tempfile.TemporaryDirectory() as tmp:
        builds: dict = {}
        for name, game, options, pdf_name, page, dpi, crop in SHOTS:
            if wanted and name not in wanted:
                continue
            key = (game, tuple(options))
            if key not in builds:
                out = Path(tmp) / str(len(builds))
                root, _, game_id = game.rpartition("/")  # examples/<game>: that project
                where = ["--root", root] if root else []
                subprocess.run(
                    [
                        sys.executable,
                        "-m",
                        "bastelbogen.cli",
                        *where,
                        "build",
                        game_id,
                        *options,
                        "--out",
                        str(out),
                    ],
                    check=True,
                    cwd=ROOT,
                )
                builds[key] = out / game_id
            if pdf_name.endswith(".png"):  # an exported picture: `dpi` is a percentage
                from PIL import Image

                image = Image.open(builds[key] / pdf_name)
                image = image.resize(
                    (image.width * dpi // 100, image.height * dpi // 100), Image.LANCZOS
                )
            else:
                pdf = pdfium.PdfDocument(str(_in_first_language(builds[key], pdf_name)))
                image = pdf[page].render(scale=dpi / 72).to_pil()
            if crop:
                w, h = image.size
                image = image.crop(
                    (int(crop[0] * w), int(crop[1] * h), int(crop[2] * w), int(crop[3] * h))
                )
            image.save(DOCS / name, optimize=True)
    if wanted:
        return
    gallery()
    tutorial_pictures()
    out = Path(tempfile.mkdtemp()) / "cal.pdf"
    subprocess.run(
        [sys.executable, "-m", "bastelbogen.cli", "calibrate", "--out", str(out)],
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    pdfium.PdfDocument(str(out))[0].render(scale=50 / 72).to_pil().save(
        DOCS / "calibrate.png", optimize=True
    )


def gallery() -> None:
    """All 30 Museo pictures side by side, each cut whole from a sheet printed without
    bleed (the manifest says where each picture's first piece lies)."""
    import json

    from PIL import Image

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "bastelbogen.cli",
                "build",
                "museo",
                "--duplex",
                "none",
                "--bleed",
                "0",
                "--out",
                tmp,
            ],
            check=True,
            cwd=ROOT,
        )
        kit = Path(tmp) / "museo"
        files = json.loads((kit / "manifest.json").read_text())["files"]
        pages = next(f for f in files if f["path"] == "pictures.pdf")["pages"]
        pdf = pdfium.PdfDocument(str(kit / "pictures.pdf"))
        dpi, thumbs = 36, []
        for n, page in enumerate(pages):
            image = pdf[n].render(scale=dpi / 72).to_pil()
            for item in page["items"]:
                if item["id"].endswith("-1"):
                    x, y, w, h = (v / 25.4 * dpi for v in item["trim_mm"])
                    top = image.height - y - h
                    thumbs.append(
                        image.crop((round(x), round(top), round(x + 2 * w), round(top + 3 * h)))
                    )
        tw, th = thumbs[0].size
        sheet = Image.new("RGB", (10 * (tw + 8) + 8, 3 * (th + 8) + 8), (245, 242, 235))
        for k, thumb in enumerate(thumbs):
            sheet.paste(thumb, (8 + (k % 10) * (tw + 8), 8 + (k // 10) * (th + 8)))
        sheet.save(DOCS / "museo-gallery.png", optimize=True)


def tutorial_pictures() -> None:
    """The tutorial's pictures, each from its step done as docs/tutorial.py does it: the
    deck `pnp new` makes from the spreadsheet, the edited face, its backs, the rulebook's
    page of components and set-up, the cut file."""
    from docs import tutorial

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "project"
        tutorial.start(folder)
        tutorial.build(folder)
        first = pdfium.PdfDocument(str(folder / "out" / "heroes" / "cards.pdf"))
        first[0].render(scale=50 / 72).to_pil().save(DOCS / "tutorial-new.png", optimize=True)
        tutorial.edit(folder)
        MISTAKE_TEXT = tutorial.mistake(folder)
        tutorial.MISTAKE.write_text(MISTAKE_TEXT + "\n")
        tutorial.rulebook(folder)
        tutorial.build(folder, "--cut", "svg")
        kit = folder / "out" / "heroes"
        book = pdfium.PdfDocument(str(kit / "en" / "rulebook.pdf"))
        book[1].render(scale=60 / 72).to_pil().save(DOCS / "tutorial-rulebook.png", optimize=True)
        cards = pdfium.PdfDocument(str(kit / "cards.pdf"))
        cards[0].render(scale=50 / 72).to_pil().save(DOCS / "tutorial-cards.png", optimize=True)
        card = cards[0].render(scale=150 / 72).to_pil()
        w, h = card.size
        # the first card, turned upright (the sheet lays them on their side, eight to a page)
        card = card.crop((int(0.08 * w), int(0.055 * h), int(0.47 * w), int(0.245 * h)))
        card.rotate(-90, expand=True).save(DOCS / "tutorial-card.png", optimize=True)
        cards[1].render(scale=50 / 72).to_pil().save(DOCS / "tutorial-backs.png", optimize=True)
        _svg_picture(kit / "cut" / "cards-1.svg", DOCS / "tutorial-cut.png")


def _svg_picture(svg: Path, png: Path) -> None:
    """A cut file as a picture: drawn as a card's SVG picture is (render/vector.py) onto a
    PDF page of its size, rendered by PDFium."""
    from bastelbogen.render import vector
    from bastelbogen.render.pdf import picture_page

    picture = vector.picture(svg, svg.parent, vector.build_fonts([]))
    page = picture_page(picture, picture.size)
    # The converter measures an SVG in CSS pixels, 96 to the inch: at 50 dpi, as the sheets.
    image = pdfium.PdfDocument(page)[0].render(scale=50 / 96).to_pil()
    image.save(png, optimize=True)


if __name__ == "__main__":
    main()
