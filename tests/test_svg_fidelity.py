"""A designer's SVG prints as drawn (render/vector.py): each feature a designer's program
writes, drawn the way a card's picture is drawn (sealed, converted, placed as a form on a
page of our PDF writer), read back in pixels by PDFium and compared with what the SVG says
at chosen points; what is not drawn as written is told at its line; vector stays vector."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from bastelbogen.content.svg import SvgRefused
from bastelbogen.render import vector
from bastelbogen.render.pdf import picture_page

SIZE = 200  # points: the page is the picture, one point a unit
HEAD = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
    ' width="200" height="200" viewBox="0 0 200 200">'
)
RED, BLUE, WHITE, BLACK = (255, 0, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0)
GREEN = (0, 170, 0)
TOLERANCE = 14  # of 255, each channel: antialiasing and a shading's own steps


def png_bytes(colour, fmt: str = "PNG", size=(4, 4)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, fmt)
    return buffer.getvalue()


def data_uri(data: bytes, mime: str) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


INNER = f'{HEAD}<rect width="200" height="200" fill="#0000ff"/></svg>'

# name: (what the picture holds, {(x, y): colour expected there})
CASES = {
    "mask": (
        '<mask id="m"><circle cx="100" cy="100" r="50" fill="white"/></mask>'
        '<rect width="200" height="200" fill="#0000ff" mask="url(#m)"/>',
        {(100, 100): BLUE, (10, 10): WHITE, (100, 40): WHITE},
    ),
    "pattern": (
        '<pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse">'
        '<rect width="10" height="10" fill="red"/>'
        '<rect x="10" y="10" width="10" height="10" fill="red"/></pattern>'
        '<rect width="200" height="200" fill="url(#p)"/>',
        {(5, 5): RED, (15, 5): WHITE, (15, 15): RED, (105, 65): RED, (115, 65): WHITE},
    ),
    "pattern-in-a-clip-of-its-box": (  # Inkscape's clip of a pattern-filled shape
        '<pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse">'
        '<rect width="10" height="20" fill="red"/></pattern>'
        '<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width=".5" height=".5"/>'
        '</clipPath><rect x="50" y="50" width="100" height="100" fill="url(#p)"'
        ' clip-path="url(#c)"/>',
        {(65, 75): RED, (75, 75): WHITE, (125, 75): WHITE, (65, 125): WHITE, (45, 75): WHITE},
    ),
    "gradient-transform": (
        '<linearGradient id="g" gradientTransform="rotate(90 .5 .5)">'
        '<stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>'
        '</linearGradient><rect width="200" height="200" fill="url(#g)"/>',
        {(100, 1): RED, (100, 199): BLUE, (1, 100): (128, 0, 128), (199, 100): (128, 0, 128)},
    ),
    "group-opacity": (
        '<g opacity=".5"><rect width="150" height="200" fill="red"/>'
        '<rect x="50" width="150" height="200" fill="red"/></g>',
        {(100, 100): (255, 128, 128), (25, 100): (255, 128, 128)},
    ),
    "percentage-opacity": (
        '<rect width="200" height="200" fill="blue" opacity="50%"/>',
        {(100, 100): (128, 128, 255)},
    ),
    "stop-opacity": (
        '<linearGradient id="g"><stop offset="0" stop-color="red"/>'
        '<stop offset="1" stop-color="red" stop-opacity="0"/></linearGradient>'
        '<rect width="200" height="200" fill="url(#g)"/>',
        {(1, 100): RED, (199, 100): WHITE, (100, 100): (255, 128, 128)},
    ),
    "user-space-gradient": (
        '<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" x2="200">'
        '<stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>'
        '</linearGradient><rect x="100" width="100" height="200" fill="url(#g)"/>',
        {(101, 100): (128, 0, 128), (199, 100): BLUE, (50, 100): WHITE},
    ),
    "spread-repeat": (
        '<linearGradient id="g" x2=".25" spreadMethod="repeat">'
        '<stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>'
        '</linearGradient><rect width="200" height="200" fill="url(#g)"/>',
        {(1, 100): RED, (49, 100): BLUE, (51, 100): RED, (149, 100): BLUE, (151, 100): RED},
    ),
    "spread-reflect": (
        '<linearGradient id="g" x2=".25" spreadMethod="reflect">'
        '<stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>'
        '</linearGradient><rect width="200" height="200" fill="url(#g)"/>',
        {(1, 100): RED, (50, 100): BLUE, (100, 100): RED, (150, 100): BLUE, (199, 100): RED},
    ),
    "focal-radius": (  # SVG 2's fr: the gradient starts on a circle, not a point
        '<radialGradient id="g" fr=".25"><stop offset="0" stop-color="red"/>'
        '<stop offset="1" stop-color="blue"/></radialGradient>'
        '<rect width="200" height="200" fill="url(#g)"/>',
        {(100, 100): RED, (140, 100): RED, (175, 100): (128, 0, 128), (100, 199): BLUE},
    ),
    "inherited-gradient": (  # Inkscape: stops in one gradient, its geometry in another
        '<linearGradient id="stops"><stop offset="0" stop-color="red"/>'
        '<stop offset="1" stop-color="blue"/></linearGradient>'
        '<linearGradient id="g" xlink:href="#stops" x1="0" y1="0" x2="0" y2="1"/>'
        '<rect width="200" height="200" fill="url(#g)"/>',
        {(100, 1): RED, (100, 199): BLUE},
    ),
    "current-color": (
        '<g color="#00aa00"><rect width="200" height="200" fill="currentColor"/></g>',
        {(100, 100): GREEN},
    ),
    "nested-svg": (
        '<svg x="100" y="100" width="100" height="100" viewBox="0 0 10 10">'
        '<rect width="5" height="5" fill="red"/></svg>',
        {(125, 125): RED, (175, 175): WHITE, (50, 50): WHITE},
    ),
    "symbol-use": (
        '<symbol id="s" viewBox="0 0 10 10"><rect width="10" height="10" fill="red"/></symbol>'
        '<use href="#s" x="50" y="50" width="20" height="20"/>',
        {(60, 60): RED, (80, 80): WHITE},
    ),
    "clip-bounding-box": (
        '<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width=".5" height="1"/>'
        '</clipPath><rect x="100" width="100" height="200" fill="red" clip-path="url(#c)"/>',
        {(125, 100): RED, (175, 100): WHITE},
    ),
    "clip-transform": (
        '<clipPath id="c" transform="translate(100 0)"><rect width="50" height="200"/>'
        '</clipPath><rect width="200" height="200" fill="red" clip-path="url(#c)"/>',
        {(125, 100): RED, (25, 100): WHITE, (175, 100): WHITE},
    ),
    "marker": (
        '<marker id="m" markerWidth="40" markerHeight="40" refX="20" refY="20"'
        ' markerUnits="userSpaceOnUse"><rect width="40" height="40" fill="red"/></marker>'
        '<path d="M20 100 H160" stroke="black" stroke-width="2" marker-end="url(#m)"/>',
        {(170, 100): RED, (150, 85): RED, (100, 60): WHITE},
    ),
    "dots": (  # Inkscape's dotted line, and a dot made of a path of no length
        '<path d="M20 60 H180" stroke="red" stroke-width="12" stroke-dasharray="0 20"'
        ' stroke-linecap="round"/>'
        '<path d="M100 150 L100 150" stroke="blue" stroke-width="30" stroke-linecap="round"/>',
        {(20, 60): RED, (40, 60): RED, (30, 60): WHITE, (100, 150): BLUE, (100, 120): WHITE},
    ),
    "blur": (
        '<filter id="f" x="-50%" y="-50%" width="200%" height="200%">'
        '<feGaussianBlur stdDeviation="10"/></filter>'
        '<rect x="50" y="50" width="100" height="100" fill="black" filter="url(#f)"/>',
        {(100, 100): BLACK, (10, 100): WHITE, (50, 100): (128, 128, 128)},
    ),
    "drop-shadow": (
        '<filter id="f" x="-50%" y="-50%" width="200%" height="200%">'
        '<feDropShadow dx="30" dy="30" stdDeviation="0" flood-color="blue"/></filter>'
        '<rect x="40" y="40" width="80" height="80" fill="red" filter="url(#f)"/>',
        {(80, 80): RED, (140, 140): BLUE, (20, 20): WHITE},
    ),
    "display-none-use": (
        '<defs><rect id="r" width="200" height="200" fill="red"/></defs>'
        '<use href="#r" style="display:none"/>',
        {(100, 100): WHITE},
    ),
    "css-important-and-comments": (
        "<style>/* the designer's note */ rect { fill: blue !important } /* more */</style>"
        '<rect width="200" height="200" style="fill: red"/>',
        {(100, 100): BLUE},
    ),
    "data-png": (
        f'<image width="100" height="200" href="{data_uri(png_bytes(RED), "image/png")}"'
        ' preserveAspectRatio="none"/>',
        {(50, 100): RED, (150, 100): WHITE},
    ),
    "data-jpeg": (
        f'<image width="100" height="200" href="{data_uri(png_bytes(RED, "JPEG"), "image/jpeg")}"'
        ' preserveAspectRatio="none"/>',
        {(50, 100): RED, (150, 100): WHITE},
    ),
    "data-webp": (
        f'<image width="100" height="200" href="{data_uri(png_bytes(RED, "WEBP"), "image/webp")}"'
        ' preserveAspectRatio="none"/>',
        {(50, 100): RED, (150, 100): WHITE},
    ),
    "data-svg": (
        f'<image width="100" height="200" href="{data_uri(INNER.encode(), "image/svg+xml")}"'
        ' preserveAspectRatio="none"/>',
        {(50, 100): BLUE, (150, 100): WHITE},
    ),
    "file-png-and-svg": (
        '<image width="100" height="200" href="parts/../red.png" preserveAspectRatio="none"/>'
        '<image x="100" width="100" height="200" href="parts/inner.svg#view"'
        ' preserveAspectRatio="none"/>',
        {(50, 100): RED, (150, 100): BLUE},
    ),
    "text": (
        '<text x="20" y="160" font-family="Bitstream Vera Sans" font-size="160">H</text>',
        {(40, 100): BLACK, (100, 20): WHITE},
    ),
    "text-generic-family": (
        '<text x="20" y="160" font-family="sans-serif" font-size="160">H</text>',
        {(40, 100): BLACK},
    ),
    "path-breaks-off": (  # drawn up to the error, as SVG says
        '<path d="M10 10 L190 10 L190 190 x L10 190 Z" fill="red"/>',
        {(150, 50): RED, (50, 150): WHITE},
    ),
}


def files(folder: Path) -> None:
    (folder / "red.png").write_bytes(png_bytes(RED))
    (folder / "parts").mkdir(exist_ok=True)
    (folder / "parts" / "inner.svg").write_text(INNER)


def drawn(folder: Path, body: str, name: str = "pic.svg") -> tuple[Image.Image, bytes]:
    """The picture drawn as a card draws it, rasterised by PDFium at one pixel a unit; and
    the PDF."""
    files(folder)
    svg = folder / name
    svg.write_text(f"{HEAD}\n{body}\n</svg>")
    fonts = vector.build_fonts([])
    picture = vector.picture(svg, folder, fonts, 1.0)
    pdf = picture_page(picture, (SIZE, SIZE))
    page = pdfium.PdfDocument(pdf)[0]
    return page.render(scale=1).to_pil().convert("RGB"), pdf


def notes_of(folder: Path, body: str) -> list[str]:
    files(folder)
    svg = folder / "pic.svg"
    svg.write_text(f"{HEAD}\n{body}\n</svg>")
    return [
        f"{n.line}:{n.col}: {n.text}" for n in vector.notes(svg, folder, vector.build_fonts([]))
    ]


@pytest.mark.parametrize("name", sorted(CASES))
def test_prints_as_drawn(tmp_path, name):
    body, probes = CASES[name]
    image, _ = drawn(tmp_path, body)
    for (x, y), want in probes.items():
        got = image.getpixel((x, y))
        assert all(abs(g - w) <= TOLERANCE for g, w in zip(got, want, strict=True)), (
            f"{name}: at ({x}, {y}) {got}, drawn as written {want}"
        )


@pytest.mark.parametrize("name", sorted(CASES))
def test_nothing_said_of_what_is_drawn_as_written(tmp_path, name):
    if name == "path-breaks-off":
        return  # told: test_what_is_not_drawn_is_told
    assert notes_of(tmp_path, CASES[name][0]) == []


def _images(pdf: bytes) -> list[pikepdf.Stream]:
    """Every picture (image XObject) in the file, however deep in forms."""
    found = []
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for obj in doc.objects:
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                found.append((int(obj.Width), int(obj.Height)))
    return found


@pytest.mark.parametrize(
    "name", ["mask", "pattern", "gradient-transform", "spread-reflect", "clip-transform", "text"]
)
def test_vector_stays_vector(tmp_path, name):
    """Read back by qpdf (pikepdf): drawing, shadings and soft masks, not one picture."""
    _, pdf = drawn(tmp_path, CASES[name][0])
    assert _images(pdf) == []
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        kinds = {
            str(o.get("/Type") or o.get("/ShadingType") or "")
            for o in doc.objects
            if isinstance(o, pikepdf.Dictionary)
        }
    if name == "mask":
        assert "/ExtGState" in kinds  # the mask is a soft mask of the graphics state


@pytest.mark.parametrize("turn", [0, 30, 45])
def test_a_pattern_has_no_seams(tmp_path, turn):
    """A pattern of solid tiles, turned: no pixel inside shows the paper between tiles."""
    image, _ = drawn(
        tmp_path,
        f'<pattern id="p" width="7.3" height="7.3" patternUnits="userSpaceOnUse"'
        f' patternTransform="rotate({turn})"><rect width="7.3" height="7.3" fill="red"/>'
        '</pattern><rect width="200" height="200" fill="url(#p)"/>',
    )
    inside = np.asarray(image.crop((2, 2, 198, 198)), dtype=int)
    assert inside[..., 1].max() <= TOLERANCE and inside[..., 0].min() >= 255 - TOLERANCE


def test_filters_are_pixels_fine_enough_to_print(tmp_path):
    """A blur is drawn as pixels, within its own region, at 600 dpi or more as printed:
    here the picture prints a point a unit (200 pt wide)."""
    files(tmp_path)
    svg = tmp_path / "blur.svg"
    svg.write_text(f"{HEAD}{CASES['blur'][0]}</svg>")
    picture = vector.picture(svg, tmp_path, vector.build_fonts([]), 1.0)
    images = _images(picture.pdf)
    assert images and picture.filter_dpi is None, "the blur is drawn as a picture, finely"
    region_units = 200  # the filter region: the 100-unit square and 50 % on each side
    for width, height in images:
        assert min(width, height) >= region_units / 72 * vector.FILTER_DPI
        assert max(width, height) < SIZE / 72 * vector.FILTER_DPI * 2  # not the page


def test_filters_that_need_too_much_memory_are_drawn_coarser_and_said(tmp_path, monkeypatch):
    """A converter that runs out of memory at the filters' print resolution (as a big
    board's shadow would) is asked again with half the pixels each way; the painter then
    tells the dpi the filters got."""
    import os

    real = vector._convert

    def convert(text, fonts, raster):
        return real(text, fonts, raster) if raster < 5 else os.abort()

    monkeypatch.setattr(vector, "_convert", convert)
    vector._converted.cache_clear()
    files(tmp_path)
    svg = tmp_path / "shadow.svg"
    svg.write_text(f"{HEAD}{CASES['blur'][0]}</svg>")
    picture = vector.picture(svg, tmp_path, vector.build_fonts([]), 1.0)
    vector._converted.cache_clear()
    assert picture.filter_dpi is not None and picture.filter_dpi < vector.FILTER_DPI
    (width, _), *_ = _images(picture.pdf)
    assert width == pytest.approx(200 / 72 * picture.filter_dpi, rel=0.05)


def test_what_is_not_drawn_is_told(tmp_path):
    told = notes_of(
        tmp_path,
        '<foreignObject width="10" height="10"><p xmlns="http://www.w3.org/1999/xhtml">x</p>'
        "</foreignObject>\n"
        '<rect width="10" height="10" fill="url(#nowhere)"/>\n'
        '<rect width="10" height="10"><animate attributeName="x" to="9"/></rect>\n'
        '<path d="M10 10 L190 10 q5"/>\n'
        '<text font-family="Comic Sans MS">x</text>\n'
        '<filter id="f"><feOffset in="BackgroundImage"/></filter>\n'
        "<blink/>",
    )
    expected = [
        r"2:1: <foreignObject> holds HTML",
        r"3:1: <rect> refers to url\(#nowhere\), which the picture does not have",
        r"4:30: <animate> is an animation",
        r"5:1: <path> data breaks off at character 16 \('q5'\); drawn up to there",
        r"6:1: <text>: font family 'Comic Sans MS' is not among the game's fonts; drawn in"
        r" 'Bitstream Vera Sans'",
        r"7:16: <feOffset in=\"BackgroundImage\"> is not read",
        r"8:1: <blink> is not an SVG element",
    ]
    import re

    assert len(told) == len(expected), told
    for line, pattern in zip(told, expected, strict=True):
        assert re.match(pattern, line), (line, pattern)


def test_a_file_named_with_a_fragment_is_the_file_drawn(tmp_path):
    """`inner.svg#` names inner.svg, the file checked and drawn; a file literally named
    `inner.svg#` is never read."""
    files(tmp_path)
    (tmp_path / "parts" / "inner.svg#").write_bytes(png_bytes(RED))
    image, _ = drawn(
        tmp_path,
        '<image width="200" height="200" href="parts/inner.svg#" preserveAspectRatio="none"/>',
    )
    assert image.getpixel((100, 100)) == BLUE


@pytest.mark.parametrize(
    "body, why",
    [
        ('<image width="9" height="9" href="../../x.png"/>', r"leaves the game folder"),
        ('<image width="9" height="9" href="parts/missing.svg"/>', r"not found"),
        (
            '<image width="9" height="9" href="data:image/svg+xml;base64,'
            + base64.b64encode(b"<svg><oops").decode()
            + '"/>',
            r"embeds an SVG picture that is not well-formed XML",
        ),
        (
            '<image width="9" height="9" href="data:image/svg+xml;base64,'
            + base64.b64encode(
                b'<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>'
            ).decode()
            + '"/>',
            r"embeds an SVG picture that refers to 'file:///etc/passwd'; pictures are never"
            r" fetched",
        ),
    ],
)
def test_what_an_svg_embeds_passes_the_same_guard(tmp_path, body, why):
    import re

    with pytest.raises(SvgRefused) as refused:
        drawn(tmp_path, body)
    assert re.search(why, str(refused.value)), str(refused.value)


def test_a_refusal_says_the_converters_cause(tmp_path):
    """What the converter refuses is refused in its words (the content's check refuses this
    one first, below; drawn without it, the converter says why)."""
    svg = tmp_path / "bad.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="-5" height="10"/>')
    with pytest.raises(vector.VectorRefused) as refused:
        vector.picture(svg, tmp_path, vector.build_fonts([]), 1.0)
    assert "size" in str(refused.value).lower()


@pytest.mark.parametrize(
    "root, why",
    [
        ("", r"has no size: give its <svg> a width and height, or a viewBox"),
        ('width="-60" height="90"', r"has a width of -60: nothing of it can be drawn"),
        ('width="1e308" height="9"', r"has a width of 1e308, which no page can hold"),
    ],
)
def test_a_picture_without_a_size_to_draw_is_refused_where_it_is_named(tmp_path, root, why):
    """Checked with the content (pictures.picture_problem), so the error stands at the row
    or box that names the picture; a die line needs no size (its outline is)."""
    import re

    from bastelbogen.content.pictures import picture_problem

    svg = tmp_path / "sized.svg"
    svg.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {root}><rect width="9"/></svg>')
    assert re.fullmatch(why, picture_problem(svg, tmp_path) or "")


def test_a_use_leading_back_to_itself_is_left_out_not_refused(tmp_path):
    from bastelbogen.content.pictures import picture_problem

    body = '<g id="a"><rect width="200" height="100" fill="red"/><use href="#a" y="100"/></g>'
    svg = tmp_path / "loop.svg"
    svg.write_text(f"{HEAD}{body}</svg>")
    assert picture_problem(svg, tmp_path) is None
    image, _ = drawn(tmp_path, body, name="loop.svg")
    assert image.getpixel((100, 50)) == RED and image.getpixel((100, 150)) == WHITE
    (note,) = vector.notes(svg, tmp_path, vector.build_fonts([]))
    assert "holds this <use> itself; it is left out" in note.text


def test_conversion_is_the_same_bytes_each_time(tmp_path):
    """The converter writes its resources in a hash map's order; our forms are sorted."""
    body = CASES["mask"][0] + CASES["blur"][0] + CASES["text"][0]
    _, first = drawn(tmp_path, body)
    vector._converted.cache_clear()
    _, again = drawn(tmp_path, body)
    assert first == again


def test_a_converter_that_dies_ends_as_an_error_at_the_picture(tmp_path, monkeypatch):
    """The converter is native code: a crash (here an abort, as a failed allocation ends)
    is told at the picture's file, and the build goes on to say it."""
    import os

    from bastelbogen.core.errors import ContentError

    monkeypatch.setattr(vector, "_convert", lambda *_: os.abort())
    vector._converted.cache_clear()
    with pytest.raises(ContentError) as died:
        drawn(tmp_path, CASES["mask"][0], name="dies.svg")
    vector._converted.cache_clear()
    (problem,) = died.value.problems
    assert problem.loc.file.endswith("dies.svg") and problem.loc.line == 1
    assert "SVG picture reader" in problem.message and "dies.svg" in problem.message


def test_a_huge_drawing_gets_the_pixels_its_print_needs(tmp_path):
    """A blur on a drawing of 100,000 units printed 200 points wide: its pixels are those
    of the print, not one per unit (ten billion)."""
    files(tmp_path)
    svg = tmp_path / "huge.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000">'
        '<filter id="f"><feGaussianBlur stdDeviation="2000"/></filter>'
        '<rect x="20000" y="20000" width="60000" height="60000" filter="url(#f)"/></svg>'
    )
    picture = vector.picture(svg, tmp_path, vector.build_fonts([]), 200 / 100_000)
    assert all(w * h < 40_000_000 for w, h in _images(picture.pdf))


def test_without_the_converter_an_svg_is_refused_saying_why(tmp_path, monkeypatch):
    """Where svg2pdf-py has no wheel (an Intel Mac, Linux on ARM), Bastelbogen installs and
    an SVG picture is refused at its box with what to do instead."""
    import sys

    monkeypatch.setitem(sys.modules, "svg2pdf_py", None)  # its import fails, as when missing
    vector._converted.cache_clear()
    with pytest.raises(vector.VectorRefused) as refused:
        drawn(tmp_path, CASES["mask"][0], name="missing.svg")
    vector._converted.cache_clear()
    assert "svg2pdf-py" in str(refused.value) and "PNG" in str(refused.value)


def test_an_svg_inside_an_svg_reads_its_pictures_from_where_it_lies(tmp_path):
    """parts/frame.svg names `red.png` beside itself (parts/red.png), not beside the SVG
    that shows it, read into it whole; the converter draws no picture inside a picture, and
    says so (usvg reads none in an SVG shown by <image>); when the picture is saved anew,
    the picture is sealed again."""
    files(tmp_path)
    parts = tmp_path / "parts"
    (parts / "red.png").write_bytes(png_bytes(RED))
    (tmp_path / "red.png").write_bytes(png_bytes(BLUE))  # the wrong one, were it read
    (parts / "frame.svg").write_text(
        f'{HEAD}<image width="200" height="200" href="red.png" preserveAspectRatio="none"/></svg>'
    )
    body = '<image width="200" height="200" href="parts/frame.svg" preserveAspectRatio="none"/>'
    (tmp_path / "outer.svg").write_text(f"{HEAD}\n{body}\n</svg>")
    fonts = vector.build_fonts([])
    sealed = vector.sealed_picture(tmp_path / "outer.svg", tmp_path, fonts)
    inner = base64.b64decode(sealed.text.split("base64,")[1].split('"')[0]).decode()
    first = base64.b64decode(inner.split("base64,")[1].split('"')[0])
    assert first == png_bytes(RED)
    assert sealed.reads == (parts / "frame.svg", parts / "red.png")
    (note,) = sealed.notes
    assert note.line == 2 and "holding 1 picture(s) of its own" in note.text
    import os

    (parts / "red.png").write_bytes(png_bytes(GREEN))
    stat = (parts / "red.png").stat()
    os.utime(parts / "red.png", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    again = vector.sealed_picture(tmp_path / "outer.svg", tmp_path, fonts)
    assert again.text != sealed.text and png_bytes(GREEN) not in sealed.text.encode()


def test_tiles_are_bounded_for_the_whole_picture(tmp_path):
    """A stranger's picture of thousands of pattern-filled shapes: at most MOST_TILES tiles
    are written out in all (the rest keep the converter's pattern), so sealing stays small."""
    from bastelbogen.content import svgpatterns

    shapes = "".join(
        f'<rect x="{k % 100}" y="{k // 100}" width="50" height="50" fill="url(#p)"/>'
        for k in range(3000)
    )
    body = (
        '<pattern id="p" width="1" height="1" patternUnits="userSpaceOnUse">'
        '<rect width="1" height="1" fill="red"/></pattern>' + shapes
    )
    svg = tmp_path / "many.svg"
    svg.write_text(f"{HEAD}{body}</svg>")
    sealed = vector.sealed_picture(svg, tmp_path, vector.build_fonts([]))
    assert sealed.text.count("#bastelbogen-tile-") <= 2 * svgpatterns.MOST_TILES + 3000


@pytest.mark.parametrize(
    ("family", "weight", "standard", "stand_in"),
    [
        ("Arial", "normal", "Helvetica", "LiberationSans"),
        ("Helvetica", "bold", "Helvetica-Bold", "LiberationSans-Bold"),
        ("'Times New Roman'", "normal", "Times-Roman", "LiberationSerif"),
        ("Courier New, monospace", "normal", "Courier", "LiberationMono"),
    ],
)
def test_a_standard_font_in_a_picture_is_drawn_with_its_widths(
    tmp_path, family, weight, standard, stand_in
):
    """Text of a picture naming a standard font (Arial, Times New Roman …) is drawn in its
    Liberation font, embedded: a line as long as the standard font sets it (measured by
    PDFium on the page, against the standard font's AFM widths), and said at its line."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text = "Wandering Hamlets 1234"
    body = (
        f'<text x="10" y="100" font-size="10" font-family="{family}"'
        f' font-weight="{weight}">{text}</text>'
    )
    told = notes_of(tmp_path, body)
    assert len(told) == 1 and "is drawn with its widths in 'Liberation" in told[0], told
    _, pdf = drawn(tmp_path, body)
    fonts = {
        str(font.get("/BaseFont"))
        for page in pikepdf.open(io.BytesIO(pdf)).pages
        for font in _fonts_of(page.obj)
    }
    assert any(name.split("+")[-1].startswith(stand_in) for name in fonts), fonts
    page = pdfium.PdfDocument(pdf)[0]
    chars = page.get_textpage()
    boxes = [chars.get_charbox(i) for i in range(chars.count_chars())]
    boxes = [b for b in boxes if b[2] > b[0]]
    drawn_width = boxes[-1][2] - boxes[0][0]
    # From the first glyph's ink to the last's: the advance widths less the side bearings.
    assert drawn_width == pytest.approx(stringWidth(text, standard, 10), abs=1.5)


def _fonts_of(obj, seen=None):
    """Every font dictionary under a page or form (the picture is a form on the page)."""
    seen = set() if seen is None else seen
    resources = obj.get("/Resources") or {}
    yield from (resources.get("/Font") or {}).values()
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.objgen not in seen:
            seen.add(xobject.objgen)
            yield from _fonts_of(xobject, seen)
