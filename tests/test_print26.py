"""Issue 26, the print-finishing parts: a family prints one language's folder, PRINT.txt
tells paper, pages and assembly, and the common backs reveal nothing under a skewed
duplex."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from tests.conftest import build, manifest

GAMES = ["museo", "mytown", "muenchhausen", "minipilo"]
PX_PER_MM = 5  # the backs are rendered at 127 dpi
CELL_MM = 5  # what a player compares: the look of each 5 mm patch, not single hairlines
SHIFT_MM = 3  # what a home duplex printer may shift a back by
TOLERANCE = 20  # of 255, a patch's mean colour; the framed backs differed by 46 to 150


def _pages(path) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(str(path)).pages]


@pytest.mark.parametrize("game", GAMES)
def test_each_language_prints_from_its_own_folder(kits, game):
    """Every file printed per language is in <lang>/ and says it in the manifest; the
    others, alike in every language, are at the top once; each language's PRINT.txt is
    in its language and names every file of its folder and every shared one (../)."""
    kit = kits(game)
    m = manifest(kit)
    langs = m["options"]["lang"]
    assert langs == ["de", "en"]
    pdfs = [f for f in m["files"] if f["path"].endswith(".pdf")]
    on_disk = sorted(str(p.relative_to(kit)) for p in kit.rglob("*.pdf"))
    assert on_disk == sorted(f["path"] for f in pdfs)
    shared = [f["path"] for f in pdfs if "lang" not in f]
    for f in pdfs:
        folder, _, name = f["path"].rpartition("/")
        assert folder == f.get("lang", ""), f["path"]
    assert "de/rules.pdf" in on_disk and "en/rules.pdf" in on_disk
    for lang in langs:
        guide = (kit / lang / "PRINT.txt").read_text()
        named = set(_guide_entries(guide))
        own = {f["path"].removeprefix(f"{lang}/") for f in pdfs if f.get("lang") == lang}
        assert named == own | {f"../{p}" for p in shared}, (lang, named)
        other = "en" if lang == "de" else "de"
        assert ("how to print" in guide) == (lang == "en")
        assert ("Druckanleitung" in guide) == (lang == "de")
        assert not any(p.startswith(f"{other}/") for p in named)
    # The language's own files carry its words.
    de, en = _pages(kit / "de" / "rules.pdf"), _pages(kit / "en" / "rules.pdf")
    assert len(de) == len(en) == 1 and de != en


def test_museo_pictures_are_written_once_at_the_top(kits):
    """Museo's picture pieces carry no words: one pictures.pdf, listed in both guides."""
    kit = kits("museo")
    paths = {f["path"] for f in manifest(kit)["files"]}
    assert "pictures.pdf" in paths and not any(p.endswith("/pictures.pdf") for p in paths)
    assert not (kit / "pictures-en.pdf").exists()
    for lang in ("de", "en"):
        assert "../pictures.pdf" in (kit / lang / "PRINT.txt").read_text()


def test_one_language_needs_no_folder(kits):
    kit = kits("minipilo", langs=("en",))
    m = manifest(kit)
    assert all("/" not in f["path"] for f in m["files"] if f["path"].endswith(".pdf"))
    assert not (kit / "en").exists() and not (kit / "de").exists()
    assert len(PdfReader(str(kit / "rules.pdf")).pages) == 1


def _guide_entries(guide: str) -> dict[str, list[str]]:
    """Each file's line and the indented lines under it."""
    out: dict[str, list[str]] = {}
    current = None
    for line in guide.splitlines():
        if line and not line.startswith(" ") and line.split()[0].endswith(".pdf"):
            current = line.split()[0]
            out[current] = [line]
        elif line.startswith("   ") and current:
            out[current].append(line.strip())
        else:
            current = None
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_says_paper_pages_calibration_and_assembly(kits, game):
    """Per file its paper: card stock for what is cut out, plain paper for the rules and
    score pads; a score pad says it is printed once per game; the calibration sheet
    before double-sided printing; how each kind present goes together."""
    kit = kits(game)
    m = manifest(kit)
    guide = (kit / "en" / "PRINT.txt").read_text()
    entries = _guide_entries(guide)
    for f in m["files"]:
        if not f["path"].endswith(".pdf") or f.get("lang") == "de":
            continue
        name = f["path"].removeprefix("en/") if f.get("lang") == "en" else f"../{f['path']}"
        lines = entries[name]
        if f.get("screen"):  # the screen book: read, not printed (its booklet and pages are)
            assert "to read on screen" in lines[0] and len(lines) == 1, (name, lines)
            continue
        kinds = {i["kind"] for p in f["pages"] for i in p["items"]}
        paper = lines[1]
        if kinds <= {"sheet"}:  # rules and score pads: to write on and read
            assert paper == "plain paper, 80 g/m²", name
        elif "board" in kinds:
            assert paper.startswith("card stock, 160-200 g/m²"), name
        else:
            assert paper == "card stock, 250-300 g/m²", name
        if "sheet" in kinds:  # a score pad (in its language's folder, like every file)
            assert "one per game: print as many as you need" in lines
    sides = {i["side"] for f in m["files"] for p in f.get("pages", ()) for i in p["items"]}
    assert ("pnp calibrate" in guide) == ("back" in sides)
    kinds = {i["kind"] for f in m["files"] for p in f.get("pages", ()) for i in p["items"]}
    for kind, words in (
        ("standee", "Standees:"),
        ("die", "Dice:"),
        ("stand", "Benches:"),
        ("board", "Boards:"),
    ):
        assert (words in guide) == (kind in kinds), kind
    top = (kit / "PRINT.txt").read_text()
    assert "Druckanleitung / how to print" in top and "de/" in top and "en/" in top


def _patches(img: np.ndarray, bleed: int, dx: int, dy: int) -> np.ndarray:
    """The trim seen through a back shifted by (dx, dy) px, as the mean colour of each
    CELL_MM square."""
    h, w = img.shape[0] - 2 * bleed, img.shape[1] - 2 * bleed
    crop = img[bleed + dy : bleed + dy + h, bleed + dx : bleed + dx + w]
    cell = CELL_MM * PX_PER_MM
    hh, ww = h // cell * cell, w // cell * cell
    return crop[:hh, :ww].reshape(hh // cell, cell, ww // cell, cell, 3).mean(axis=(1, 3))


def _shared_backs(kit):
    """Each back PNG that several cards of different fronts share, with its bleed in px."""
    folder = kit / "export" / "png"
    index = json.loads((folder / "index.json").read_text())
    fronts: dict[str, set] = {}
    for face in index["faces"]:
        if face["side"] == "front":
            for item in face["items"]:
                fronts.setdefault(face["component"], set()).add((face["file"], item))
    for face in index["faces"]:
        if face["side"] != "back" or face["count"] < 2:
            continue
        drawn = {f for f, item in fronts.get(face["component"], ()) if item in face["items"]}
        if len(drawn) < 2:  # the same front on each (a player aid): nothing to tell apart
            continue
        img = np.asarray(Image.open(folder / face["file"]).convert("RGB"), dtype=float)
        yield face["file"], img, round(face["bleed_mm"] * PX_PER_MM)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "theme"),
    [
        ("museo", None),
        ("mytown", "town"),
        ("mytown", "animals"),
        ("muenchhausen", None),
        ("minipilo", None),
    ],
)
def test_a_back_shifted_3mm_looks_like_every_other(tmp_path, game, theme):
    """A card whose back the duplex shifted by 3 mm in any direction shows, patch by 5 mm
    patch, the same colours as one printed true: no frame, plate or title whose offset
    tells it (the backs' bleed is the 3 mm the shift reaches into)."""
    options = {"theme": theme} if theme else {}
    kit = build(game, tmp_path, export=("png",), dpi=127, langs=("de",), **options)
    s = SHIFT_MM * PX_PER_MM
    checked = 0
    for name, img, bleed in _shared_backs(kit):
        assert bleed >= s, name
        true = _patches(img, bleed, 0, 0)
        for dx, dy in ((s, 0), (-s, 0), (0, s), (0, -s), (s, s), (-s, -s)):
            worst = float(np.abs(_patches(img, bleed, dx, dy) - true).max())
            assert worst <= TOLERANCE, (name, dx, dy, worst)
        checked += 1
    assert checked >= 1


def test_braille_is_in_two_opposite_corners_clear_of_the_hand(kits):
    """On swell paper the value's braille is at the top left and, turned, at the bottom
    right, each the other turned by 180°, so it is read either way up at the corner a fan
    shows; none at the foot's middle, where a hand holds the card. Only the dots are
    dark (all else is lightened: it would swell)."""
    from tests.pdfread import read
    from tests.render import Rendered, dark

    kit = kits("muenchhausen", braille=True, duplex="none")
    _, pages = read(kit / "number-cards.pdf")
    img = Rendered(kit / "number-cards.pdf", 0, 150)
    w, h = 63.0, 88.0

    def grid(x0, y0, x1, y1):  # sample points, mm from the card's bottom-left
        return [
            (x0 + i * 0.25, y0 + j * 0.25)
            for i in range(int((x1 - x0) * 4))
            for j in range(int((y1 - y0) * 4))
        ]

    for placed in pages[0].placed:
        m = placed.matrix
        top_left = grid(3.5, 55.0, 17.0, 66.0)
        inked = {p for p in top_left if dark(img.at_local(m, *p))}
        turned = {p for p in top_left if dark(img.at_local(m, w - p[0], h - p[1]))}
        assert len(inked) >= 40 and len(turned) >= 40  # number sign and digit: 5 dots or more
        # The same cells, turned: as much ink, centred alike (to a fraction of a dot).
        assert abs(len(inked) - len(turned)) <= 0.2 * len(inked)
        for axis in (0, 1):
            mean = sum(p[axis] for p in inked) / len(inked)
            assert abs(mean - sum(p[axis] for p in turned) / len(turned)) < 0.4
        foot = grid(17.0, 3.5, 46.0, 16.0)
        assert not any(dark(img.at_local(m, *p)) for p in foot), "braille where a hand holds it"
        elsewhere = grid(20.0, 30.0, 43.0, 58.0)  # the coin and big value: lightened
        assert not any(dark(img.at_local(m, *p)) for p in elsewhere)


def test_the_braille_guide_names_the_swell_paper_and_its_files(kits):
    kit = kits("muenchhausen", braille=True)
    m = manifest(kit)
    swell = {f["path"] for f in m["files"] if f.get("swell")}
    assert swell == {"number-cards.pdf"}
    for lang, words in (("en", "swell paper (braille)"), ("de", "Schwellpapier (Braille)")):
        entries = _guide_entries((kit / lang / "PRINT.txt").read_text())
        on_swell = {name for name, lines in entries.items() if words in "".join(lines[1:2])}
        assert on_swell == {"../number-cards.pdf"}, lang
