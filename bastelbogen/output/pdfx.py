"""The PDF a CMYK print shop takes: painted in the shop's CMYK (render/cmyk.py) and, where the
profile names PDF/X-1a:2003 (ISO 15930-4), marked as one: the output intent with its CMYK
profile embedded, the version in the document information, TrimBox and BleedBox on every page.
What else the standard asks reportlab gives already: fonts embedded (subset TrueType), no
encryption, a document ID, dates, Trapped /False, PDF 1.3 or 1.4; and render/cmyk.py leaves
no transparency and no RGB."""

from __future__ import annotations

import zlib
from pathlib import Path

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString

from bastelbogen.content.profiles import Profile
from bastelbogen.render.pdf import Canvas, Meta, new_canvas, set_boxes

PDFX = "pdf/x-1a:2003"
VERSION = "PDF/X-1a:2003"  # GTS_PDFXVersion, as ISO 15930-4 spells it
# The print conditions of the shipped profiles, by the names of the ICC's registry of
# characterized conditions (https://www.color.org/registry/): a profile by another name is
# a custom condition, told by its file's name.
CONDITIONS = {"swop-tr003.icc": ("CGATS TR 003", "SWOP Grade 3 coated paper (CGATS TR 003)")}
REGISTRY = "http://www.color.org"


def shop_canvas(
    path: Path, meta: Meta, size: tuple[float, float], font: str, profile: Profile
) -> Canvas:
    """The canvas of a shop's PDF: reportlab's RGB one, or a CMYK one through the profile's
    ICC, marked as PDF/X-1a where the profile says so."""
    if profile.colour != "cmyk":
        return new_canvas(path, meta, size, font)
    assert profile.icc is not None  # profiles.py: a cmyk profile names its output profile
    # Loaded for a shop that prints in CMYK only: littleCMS and Pillow are a tenth of a
    # small build's start-up.
    from bastelbogen.render.cmyk import CmykCanvas, Separation

    separation = Separation(profile.icc, profile.ink)
    # PDF/X asks for a title; a component's name may be empty in a language
    meta = Meta(meta.title or profile.name, meta.author, meta.subject)
    c = new_canvas(path, meta, size, font, kind=CmykCanvas, separation=separation)
    if profile.standard == PDFX:
        _mark(c, profile)
    return c


def page_boxes(c: Canvas, profile: Profile) -> None:
    """A card's page: the trim inside the bleed, the bleed the whole page."""
    (pw, ph), (bx, by) = profile.trim, profile.bleed
    set_boxes(c, (bx, by, pw, ph), (0, 0, pw + 2 * bx, ph + 2 * by))


class _Info(pdfdoc.PDFInfo):  # type: ignore[misc]  # reportlab ships no types
    """reportlab's document information with the PDF/X version added."""

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        text: bytes = super().format(document)
        extra: bytes = PDFDictionary({"GTS_PDFXVersion": PDFString(VERSION)}).format(document)
        # both are one dictionary each, "<< ... >>": the extra key joins reportlab's
        return text.rstrip()[:-2] + extra.strip()[2:]


def _mark(c: Canvas, profile: Profile) -> None:
    assert profile.icc is not None
    doc = c._doc
    doc.info.__class__ = _Info
    data = profile.icc.read_bytes()
    stream = pdfdoc.PDFStream(PDFDictionary({"N": 4}), zlib.compress(data), filters=[_Deflated()])
    identifier, info = CONDITIONS.get(profile.icc.name, ("Custom", profile.icc.stem))
    intent = PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(identifier),
            "OutputCondition": PDFString(info),
            "Info": PDFString(info),
            "RegistryName": PDFString(REGISTRY),
            "DestOutputProfile": doc.Reference(stream),
        }
    )
    catalog = doc.Catalog
    catalog.OutputIntents = PDFArray([intent])
    # reportlab's catalog writes only the keys it lists: this one gets the intents too
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]


class _Deflated:
    """A stream filter for content deflated already."""

    pdfname = "FlateDecode"

    def encode(self, content: bytes) -> bytes:
        return content
