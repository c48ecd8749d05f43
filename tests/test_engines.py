"""Every page looks the same in the four PDF engines that bring our files to screen and
paper: PDFium (Chrome), poppler (`pdftoppm`: Linux viewers, print filters), MuPDF (`mutool
draw`) and Ghostscript (`gs`: CUPS and many printer drivers). Each kit and example is built
on both papers, with and without bleed, duplex and folded; every page of every PDF is
drawn by all four at 150 dpi and compared with PDFium's after a 2 mm box blur (a pixel
differs when 20 grey levels off; at most 1 % of a page may) – each page once: a page that
hands the engines the same input as one drawn before (the backs behind every front, a
language's copy of a picture sheet) is known by its digest and not drawn again; of the
second variant and of a second language's files, the first two distinct pages of each
file (SAMPLE, TRANSLATED). Every file passes
`qpdf --check` and opens in every engine without a warning. Where pieces of one picture
meet on a sheet without bleed, no engine draws a seam (300 dpi, no blur).

The engines are Debian's poppler-utils, mupdf-tools, ghostscript and qpdf: `.ci/run`
installs them; without them these tests are skipped, and say so — except in CI."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from bench.engines import ENGINES, TOOLS, differing, engine_pages, pdfium_pages, qpdf_problems
from tests.conftest import ROOT, build
from tests.tools import tools_here

# The Debian packages of bench.engines.TOOLS, in its order
PACKAGES = ("poppler-utils", "mupdf-tools", "ghostscript", "qpdf")

pytestmark = pytest.mark.slow

DPI = 150
DPI_SEAMS = 300  # joints are looked at closer, unblurred
# The rulebook's files draw the kit's faces at a third of their size or less: their hairlines
# fall below a pixel at DPI, where engines part by rule, not by fault (PDFium widens such a
# line to a pixel, MuPDF and Ghostscript draw its coverage: ISO 32000-1 8.4.3.2 leaves a line
# thinner than a device pixel to the device). At twice DPI they are drawn as lines by all.
DPI_BOOK = 300
MOST = 0.01  # of a page's pixels that may differ
KITS = [(ROOT, game) for game in ("minipilo", "muenchhausen", "museo", "mytown")] + [
    (ROOT / "examples", game)
    for game in ("bienenstock", "counters", "hextokens", "rollwrite", "vogelquartett", "wappen")
]
VARIANTS = {
    "a4-bleed-duplex": {},  # the defaults: A4, 3 mm bleed, long-edge duplex
    "letter-nobleed-fold": {"paper": "letter", "bleed": 0, "duplex": "fold"},
}
# Of each file, the distinct pages drawn (None: all). The defaults draw every page; the
# other variant changes what every page of a file shares (page size, no bleed, the fold's
# turned halves), which its first two pages show: its other pages hold the same items, each
# drawn in every engine in the defaults, and all of its pages pass `qpdf --check`.
SAMPLE = {"a4-bleed-duplex": None, "letter-nobleed-fold": 2}
# So too the files of a second language: the same items as the first language's, in other
# words of the same fonts, drawn in full there.
TRANSLATED = 2


def engines_here() -> None:
    tools_here(dict(zip(TOOLS.values(), PACKAGES, strict=True)))


def _digest(obj, h, seen: dict) -> None:
    """Feed `obj` and all it refers to into `h`, each shared object once (then by number)."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

    if isinstance(obj, IndirectObject):
        key = (obj.idnum, obj.generation)
        if key in seen:
            h.update(b"R%d" % seen[key])
            return
        seen[key] = len(seen)
        obj = obj.get_object()
    if isinstance(obj, StreamObject):
        h.update(b"stream")
        h.update(obj._data)  # as stored (still encoded): what the engine is given
    if isinstance(obj, DictionaryObject):
        h.update(b"<<")
        for key in sorted(obj):
            if key != "/Parent":  # the page tree: the whole document, not what is drawn
                h.update(key.encode())
                _digest(obj.raw_get(key), h, seen)
        h.update(b">>")
    elif isinstance(obj, ArrayObject):
        h.update(b"[")
        for value in obj:
            _digest(value, h, seen)
        h.update(b"]")
    elif not isinstance(obj, StreamObject):
        h.update(repr(obj).encode())


INHERITED = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")  # a page may take from above


def fingerprints(pdf) -> list[str]:
    """Per page, a digest of all that is drawn: its own entries, those it inherits from
    the page tree, its content and every object they reach (fonts, pictures, forms). Two
    pages of one digest hand every engine the same input, so they are drawn alike."""
    import hashlib

    from pypdf import PdfReader

    prints = []
    for page in PdfReader(pdf).pages:
        h = hashlib.sha256()
        _digest(page.indirect_reference, h, {})
        node = page.get("/Parent")
        while node is not None:  # what the page tree gives that the page does not override
            node = node.get_object()
            for key in INHERITED:
                if key in node and key not in page:
                    h.update(key.encode())
                    _digest(node.raw_get(key), h, {})
            node = node.get("/Parent")
        prints.append(h.hexdigest())
    return prints


def first_drawings(pdfs) -> dict:
    """The pages (from 1) of each PDF that no page before it in the kit draws alike; a
    file with none keeps its first page, so that each file is opened by every engine."""
    seen: set[str] = set()
    chosen = {}
    for pdf in pdfs:
        prints = fingerprints(pdf)
        new = [n for n, key in enumerate(prints, 1) if key not in seen]
        seen.update(prints)
        chosen[pdf] = (new or [1], len(prints))
    return chosen


def page_count(pdf) -> int:
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return len(document)
    finally:
        document.close()


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("project", "game"), KITS, ids=[g for _, g in KITS])
def test_every_page_looks_alike_in_every_engine(project, game, variant, tmp_path):
    engines_here()
    kit = build(game, tmp_path, project, **VARIANTS[variant])
    manifest = json.loads((kit / "manifest.json").read_text())
    first = manifest["options"]["lang"][0]
    # In the manifest's order, the first language's files first: they are drawn in full.
    listed = [f for f in manifest["files"] if f["path"].endswith(".pdf")]
    pdfs = [kit / f["path"] for f in listed]
    assert pdfs and sorted(pdfs) == sorted(kit.rglob("*.pdf"))
    sample = {
        kit / f["path"]: SAMPLE[variant] or (TRANSLATED if f.get("lang", first) != first else None)
        for f in listed
    }
    # Pages drawn alike by construction (a language's copy of a picture sheet, the same
    # back behind every front) are drawn once: the same input gives the same pixels.
    book = {kit / f["path"] for f in listed if f.get("screen") or "booklet" in f}
    for pdf, (chosen, count) in first_drawings(pdfs).items():
        assert not qpdf_problems(pdf), f"{pdf.name}: {qpdf_problems(pdf)}"
        chosen = chosen[: sample[pdf]]
        dpi = DPI_BOOK if pdf in book else DPI
        reference = pdfium_pages(pdf, dpi, pages=chosen)
        assert count == page_count(pdf), f"pypdf and PDFium count the pages of {pdf.name} apart"
        for engine in ENGINES:
            pages, said = engine_pages(engine, pdf, dpi, pages=chosen)
            assert not said, f"{engine} warns of {pdf.name}: {said}"
            assert len(pages) == len(reference), f"{engine}: pages of {pdf.name}"
            for n, ours, theirs in zip(chosen, reference, pages, strict=True):
                share = differing(ours, theirs, dpi)
                assert share <= MOST, (
                    f"{engine} draws {pdf.name} page {n} unlike PDFium on {share:.2%}"
                )


def museo_neighbours(left: str, right: str, across: bool) -> bool:
    """Pieces p07-1 … p07-6 of a picture two pieces wide: 1 2 / 3 4 / 5 6."""
    (a, k), (b, m) = left.split("-"), right.split("-")
    return a == b and int(m) == int(k) + (1 if across else 2) and (int(k) % 2 or not across)


LABEL_BAND = 8  # mm at the foot of a My Town tile: its own label, not the building's picture


def mytown_neighbours(left: str, right: str, across: bool) -> bool:
    """A building's tiles E1 E2, K1 K2 K3, side by side (the picture above the label)."""
    return (
        across
        and len(left) == len(right) == 2
        and left[0] == right[0]
        and int(right[1]) == int(left[1]) + 1
    )


SEAMED = [
    ("museo", "pictures.pdf", museo_neighbours, {}),
    ("museo", "pictures.pdf", museo_neighbours, {"paper": "letter", "duplex": "fold"}),
    ("mytown", "tiles.pdf", mytown_neighbours, {}),
]
BELOW = {museo_neighbours: 0, mytown_neighbours: LABEL_BAND}  # mm of a piece not the picture


def joints(page: dict, neighbours) -> list:
    """(across, where, from, to) in mm, each stretch of edge two pieces of one picture share
    where both show the picture."""
    found = []
    for a in page["items"]:
        for b in page["items"]:
            (ax, ay, aw, ah), (bx, by, bw, bh) = a["trim_mm"], b["trim_mm"]
            if (
                a["side"] == b["side"] == "front"
                and abs(ax + aw - bx) < 0.01
                and neighbours(a["id"], b["id"], True)
            ):
                found.append((True, bx, max(ay, by) + BELOW[neighbours], min(ay + ah, by + bh)))
            if (
                a["side"] == b["side"] == "front"
                and abs(ay - by - bh) < 0.01
                and neighbours(a["id"], b["id"], False)
            ):  # a above b (y up)
                found.append((False, ay, max(ax, bx), min(ax + aw, bx + bw)))
    return found


def longest_seam(grey: np.ndarray, joint: tuple, reference: np.ndarray) -> int:
    """The longest run of pixels along the joint more than 30 grey levels lighter than the
    art on both sides of it (three pixels off the line: the paper showing through), or
    darker than both, where another engine's page (`reference`) shows no such line: the
    art itself may draw a line just where two pieces meet (a window's bar, a house number
    between two tiles of a house), and then every engine draws it."""
    across, at, start, end = joint
    px = lambda mm: int(mm / 25.4 * DPI_SEAMS)  # noqa: E731
    pixels = range(px(start + 0.5), px(end - 0.5))  # each pixel of the joint once
    line = px(at)
    if across:
        rows = [grey.shape[0] - 1 - v for v in pixels]
        at = [(rows, line + k) for k in (0, -3, 3, -1, 1)]
    else:
        row = grey.shape[0] - 1 - line
        at = [(row + k, pixels) for k in (0, -3, 3, -1, 1)]
    seam, one, other = (grey[where] for where in at[:3])
    # Engines may place an edge of the art a pixel apart: the reference's line, or the
    # pixel before or after it.
    apart = np.min([np.abs(seam - reference[where]) for where in (at[0], *at[3:])], axis=0)
    off = ((seam > np.maximum(one, other) + 30) | (seam < np.minimum(one, other) - 30)) & (
        apart > 30
    )
    longest = run = 0
    for bad in off:
        run = run + 1 if bad else 0
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize(
    ("game", "file", "neighbours", "options"),
    SEAMED,
    ids=["museo-a4", "museo-letter-fold", "mytown-a4"],
)
def test_no_seam_where_pieces_of_a_picture_meet(game, file, neighbours, options, tmp_path):
    engines_here()
    kit = build(game, tmp_path, bleed=0, **options)
    assert_no_seams(kit / file, neighbours)


def assert_no_seams(pdf, neighbours, sheets: int = 2) -> None:
    """On the first sheets with joints of one picture, no engine draws a seam along them."""
    manifest = json.loads((pdf.parent / "manifest.json").read_text())
    pages = next(f["pages"] for f in manifest["files"] if f["path"] == pdf.name)
    met = [(n, found) for n, page in enumerate(pages, 1) if (found := joints(page, neighbours))][
        :sheets
    ]
    assert met and sum(len(found) for _, found in met) >= 6
    for number, found in met:
        pdfium = np.asarray(pdfium_pages(pdf, DPI_SEAMS, number, number)[0], dtype=int)
        drawn = {"pdfium": pdfium}
        for engine in ENGINES:  # cut or padded to PDFium's size: engines round page edges
            page = engine_pages(engine, pdf, DPI_SEAMS, number, number)[0][0]
            grey = np.asarray(page, dtype=int)[: pdfium.shape[0], : pdfium.shape[1]]
            drawn[engine] = np.pad(
                grey,
                [(0, pdfium.shape[0] - grey.shape[0]), (0, pdfium.shape[1] - grey.shape[1])],
                "edge",
            )
        for engine, grey in drawn.items():
            # Each engine is held against PDFium, PDFium against MuPDF.
            reference = drawn["mupdf" if engine == "pdfium" else "pdfium"]
            worst = max(longest_seam(grey, joint, reference) for joint in found)
            # A thin line of the art crossing a joint differs from both sides for a pixel
            # or two; a seam runs along the joint.
            assert worst <= 2, f"{engine} draws a seam on page {number} of {pdf.name}"


def test_a_users_picture_with_alpha_looks_alike_and_its_pieces_meet(project_copy, tmp_path):
    """A PNG of the user's with an alpha channel (kept as the image's soft mask) cut into a
    Museo picture's six pieces, on a sheet without bleed."""
    from PIL import Image

    engines_here()
    folder = project_copy / "content/museo/pictures"
    folder.mkdir()
    image = Image.new("RGBA", (600, 900), (220, 40, 40, 255))
    image.paste((40, 90, 220, 255), (300, 0, 600, 450))
    image.paste((240, 200, 40, 90), (0, 450, 600, 900))  # the lower half see-through
    image.save(folder / "mine.png")
    pictures = project_copy / "content/museo/pictures.yaml"
    pictures.write_text(
        re.sub(
            r"\{id: p01, style: hills, seed: \d+,",
            "{id: p01, image: pictures/mine.png,",
            pictures.read_text(),
        )
    )
    kit = build("museo", tmp_path, project_copy, bleed=0, duplex="none")
    pdf = kit / "pictures.pdf"
    assert b"/SMask" in pdf.read_bytes()  # the alpha is the picture's own, kept
    reference = pdfium_pages(pdf, DPI, 1, 1)[0]
    for engine in ENGINES:
        pages, said = engine_pages(engine, pdf, DPI, 1, 1)
        assert not said and differing(reference, pages[0], DPI) <= MOST, engine
    assert_no_seams(pdf, museo_neighbours, sheets=1)
