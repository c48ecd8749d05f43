"""The DriveThruCards file read back with pikepdf and qpdf (not reportlab, which wrote it):
PDF/X-1a:2003's keys, the output intent and its CMYK profile, the boxes of every page, no RGB
and no transparency left in any content stream or picture, the total ink held to the
profile's 240 %, the page order the shop asks (back, then front), and a bad profile's
located errors."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image
from pypdf import PdfReader

from bastelbogen.content.profiles import load_profiles
from bastelbogen.core.errors import Loc
from bastelbogen.render.bitmaps import Bitmap
from bastelbogen.render.cmyk import Separation, limit_ink
from bastelbogen.render.pdf import Meta
from bastelbogen.render.style import register_font
from tests.conftest import ROOT, pnp
from tests.tools import tools_here

INK = 2.4  # DriveThruCards' 240 %
COLOUR_OPS = {"rg", "RG", "sc", "SC", "scn", "SCN", "cs", "CS"}  # RGB, or colour spaces


@pytest.fixture(scope="module")
def dtc(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dtc")
    result = pnp(
        "build",
        "muenchhausen",
        "--lang",
        "de",
        "--export",
        "shop",
        "--profile",
        "dtc-poker",
        "--fit",
        "--out",
        str(out),
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    return out / "muenchhausen/export/shop/dtc-poker/number-cards.pdf"


def painted(pdf: pikepdf.Pdf) -> tuple[list, list]:
    """Every operator of every page and form it draws (each form once), and every image."""
    ops, images, seen = [], [], set()

    def walk(holder) -> None:
        ops.extend(pikepdf.parse_content_stream(holder))
        for xobject in holder.get("/Resources", {}).get("/XObject", {}).values():
            if xobject.objgen in seen:
                continue
            seen.add(xobject.objgen)
            if xobject.Subtype == "/Form":
                walk(xobject)
            else:
                images.append(xobject)

    for page in pdf.pages:
        walk(page.obj)
    return ops, images


def every_object(pdf: pikepdf.Pdf):
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
            yield obj


def assert_cmyk_only(pdf: pikepdf.Pdf) -> list[float]:
    """No RGB, no transparency; the total ink of each k/K operator, returned."""
    ops, images = painted(pdf)
    names = {str(op.operator) for op in ops}
    assert not names & COLOUR_OPS, names & COLOUR_OPS
    totals = [sum(float(v) for v in op.operands) for op in ops if str(op.operator) in "kK"]
    for image in images:
        assert image.ColorSpace in ("/DeviceCMYK", "/DeviceGray"), image.ColorSpace
    for obj in every_object(pdf):
        assert "/SMask" not in obj or obj.SMask == "/None"
        for key in ("/ca", "/CA"):
            assert float(obj.get(key, 1)) == 1, obj
        assert "/DeviceRGB" not in repr(obj.get("/ColorSpace", ""))
        if "/ShadingType" in obj:
            assert obj.ColorSpace == "/DeviceCMYK"
    return totals


@pytest.mark.heavy
def test_the_drivethru_file_is_pdfx_1a(dtc):
    with pikepdf.open(dtc) as pdf:
        assert pdf.pdf_version <= "1.4"
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == "PDF/X-1a:2003"
        assert info.Trapped == "/False" and str(info.Title).strip()
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier)
        icc = intent.DestOutputProfile.read_bytes()
        # the ICC header: device class 'prtr' (output), colour space 'CMYK'
        assert icc[12:16] == b"prtr" and icc[16:20] == b"CMYK" and intent.DestOutputProfile.N == 4
        assert len(pdf.pages) == 2 * 64
        for page in pdf.pages:
            media = [float(v) for v in page.MediaBox]
            assert media == pytest.approx([0, 0, 198, 270])  # 2.75 x 3.75 in
            assert [float(v) for v in page.BleedBox] == pytest.approx(media)  # trim + 1/8 in
            assert [float(v) for v in page.TrimBox] == pytest.approx([9, 9, 189, 261])
        totals = assert_cmyk_only(pdf)
        assert max(totals) <= INK + 1e-9
        # the colours were converted: cards of golden brown hold all four inks
        assert any(
            all(float(v) > 0 for v in op.operands)
            for op in painted(pdf)[0]
            if str(op.operator) == "k"
        )
        for font in (o for o in every_object(pdf) if o.get("/Type") == "/FontDescriptor"):
            assert any(k in font for k in ("/FontFile", "/FontFile2", "/FontFile3")), font


@pytest.mark.heavy
def test_the_drivethru_pages_go_back_then_front(dtc):
    """DriveThruCards: the back of card 1 on page 1, its front on page 2; muenchhausen's
    backs carry no text, its fronts their value."""
    reader = PdfReader(dtc)
    texts = [reader.pages[n].extract_text() for n in range(4)]
    assert texts[0].strip() == "" and texts[2].strip() == ""
    assert "1 Taler" in texts[1] and "2 Taler" in texts[3]


@pytest.mark.heavy
def test_qpdf_finds_nothing_wrong(dtc):
    tools_here({"qpdf": "qpdf"})
    run = subprocess.run(["qpdf", "--check", str(dtc)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_pictures_and_colours_through_the_profile(tmp_path):
    """A picture with a transparent half and a colour past the ink limit, a half-transparent
    fill and pure black: all CMYK in the file, at most 240 %, the transparency over white."""
    from bastelbogen.output.pdfx import shop_canvas

    profile = load_profiles(tmp_path)["dtc-poker"]
    picture = np.zeros((40, 40, 4), np.uint8)
    picture[:, :20] = (20, 10, 60, 255)  # a deep blue: ~300 % in SWOP
    picture[:, 20:] = (200, 0, 0, 0)  # red, but transparent
    Image.fromarray(picture, "RGBA").save(tmp_path / "picture.png")
    path = tmp_path / "out.pdf"
    vera = register_font(ROOT / "fonts" / "Vera.ttf", Loc("Vera.ttf"))  # every font embedded
    c = shop_canvas(path, Meta("", "a", "s"), (200, 200), vera, profile)
    c.drawImage(Bitmap((tmp_path / "picture.png").read_bytes()), 0, 0, 100, 100, mask="auto")
    c.saveState()  # the opacity is of the graphics state: restored with it
    c.setFillColorRGB(0.1, 0.05, 0.3, alpha=0.5)
    c.rect(100, 100, 50, 50, fill=1, stroke=0)
    c.restoreState()
    c.linearGradient(0, 100, 100, 200, ["#ff0000", "#002080"])  # an SVG's gradient
    c.setFillColor("#000000")
    c.rect(150, 150, 10, 10, fill=1, stroke=0)
    c.save()
    with pikepdf.open(path) as pdf:
        assert str(pdf.docinfo.Title) == profile.name  # an empty title is the profile's name
        totals = assert_cmyk_only(pdf)
        assert max(totals) <= INK + 1e-9
        assert [o.ColorSpace for o in every_object(pdf) if "/ShadingType" in o] == ["/DeviceCMYK"]
        ops = [op for op in painted(pdf)[0] if str(op.operator) == "k"]
        assert [float(v) for v in ops[-1].operands] == [0, 0, 0, 1]  # black in black ink only
        (image,) = painted(pdf)[1]
        pixels = np.asarray(pikepdf.PdfImage(image).as_pil_image(), dtype=float)
    ink = pixels.sum(axis=-1) / 255
    assert sum(Separation(profile.icc, 4.0).colour((20 / 255, 10 / 255, 60 / 255))) > INK
    assert ink[:, :20].max() <= INK + 1e-9 and ink[:, :20].min() > 2.2  # deep, yet limited
    assert ink[:, 20:].max() == 0  # the transparent half is white paper


def test_the_ink_limit_lowers_colour_and_keeps_black():
    assert limit_ink((1, 1, 1, 1), 2.4) == (0.4666, 0.4666, 0.4666, 1.0)
    assert limit_ink((0.5, 0.2, 0.1, 0.3), 2.4) == (0.5, 0.2, 0.1, 0.3)
    assert limit_ink((0.2, 0, 0, 1), 0.9) == (0, 0, 0, 0.9)


@pytest.mark.heavy
def test_a_bad_cmyk_profile_is_named(project_copy):
    (project_copy / "content/muenchhausen/rgb.icc").write_bytes(
        (ROOT / "bastelbogen/data/icc/swop-tr003.icc").read_bytes()[:12] + b"mntrRGB " + bytes(8)
    )
    (project_copy / "content/muenchhausen/torn.icc").write_bytes(
        (ROOT / "bastelbogen/data/icc/swop-tr003.icc").read_bytes()[:5000]
    )
    (project_copy / "content/muenchhausen/profiles.yaml").write_text(
        "bad:\n  trim: [63mm, 88mm]\n  bleed: 3mm\n  format: pdf\n  colour: cmyk\n"
        "  icc: rgb.icc\n  ink: 500%\n  standard: pdf/x-3\n  order: sideways\n"
        "escape:\n  trim: [63mm, 88mm]\n  bleed: 3mm\n  format: pdf\n  colour: cmyk\n"
        "  icc: ../../../etc/passwd\n"
        "rgbx:\n  trim: [63mm, 88mm]\n  bleed: 3mm\n  format: pdf\n  standard: pdf/x-1a:2003\n"
        "torn:\n  trim: [63mm, 88mm]\n  bleed: 3mm\n  format: pdf\n  colour: cmyk\n"
        "  icc: torn.icc\n"
    )
    result = pnp(
        "build", "muenchhausen", "--export", "shop", "--profile", "bad", "--out", "out",
        cwd=project_copy,
    )  # fmt: skip
    assert result.returncode == 1 and "Traceback" not in result.stderr
    for line, message in (
        (6, r"'icc' 'rgb\.icc' is no CMYK output profile"),
        (7, r"'ink' must be a total ink from 100% to 400%, got '500%'"),
        (8, r"'standard' must be pdf/x-1a:2003, got 'pdf/x-3'"),
        (9, r"'order' must be front-first or back-first, got 'sideways'"),
        (15, r"'icc' '\.\./\.\./\.\./etc/passwd' is neither a shipped profile"),
        (20, r"'pdf/x-1a:2003' is a cmyk pdf: give 'colour: cmyk'"),
        (26, r"'icc' 'torn\.icc' cannot be read as an ICC profile: it is damaged"),
    ):
        assert re.search(
            rf"^content/muenchhausen/profiles\.yaml:{line}:\d+: {message}", result.stderr, re.M
        ), result.stderr


@pytest.mark.slow  # two builds of a kit
def test_the_home_sheets_as_a_cmyk_shop_takes_them(tmp_path):
    """--pdfx: the print sheets written as the profile's PDF, page for page the sheets of
    an RGB build (same pages, same boxes, same words), in CMYK alone, marked PDF/X-1a."""
    files = {}
    for name, extra in (("rgb", []), ("cmyk", ["--pdfx", "--profile", "dtc-poker"])):
        out = tmp_path / name
        result = pnp("build", "muenchhausen", "--lang", "de", *extra, "--out", str(out), cwd=ROOT)
        assert result.returncode == 0, result.stderr
        files[name] = out / "muenchhausen/number-cards.pdf"
    with pikepdf.open(files["cmyk"]) as pdf, pikepdf.open(files["rgb"]) as rgb:
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003"
        (intent,) = pdf.Root.OutputIntents
        assert intent.DestOutputProfile.read_bytes()[16:20] == b"CMYK"
        assert len(pdf.pages) == len(rgb.pages) > 1
        for page, plain in zip(pdf.pages, rgb.pages, strict=True):
            for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
                assert [float(v) for v in page.obj[box]] == [float(v) for v in plain.obj[box]]
        assert max(assert_cmyk_only(pdf)) <= INK + 1e-9
    texts = [[p.extract_text() for p in PdfReader(f).pages] for f in files.values()]
    assert texts[0] == texts[1] and any("Taler" in t for t in texts[0])


def test_pdfx_takes_only_a_cmyk_profile(tmp_path):
    result = pnp("build", "muenchhausen", "--pdfx", "--profile", "tgc-poker", cwd=ROOT)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "'tgc-poker' is an RGB profile (CMYK ones: dtc-poker)" in result.stderr
