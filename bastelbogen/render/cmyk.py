"""Painting in a print shop's CMYK. Colours and pictures go through the shop's output profile
(an ICC file in data/icc/) with littleCMS (Pillow's ImageCms), relative colorimetric with black
point compensation (as prepress tools convert), and are then held to the shop's total ink.

`CmykCanvas` paints so: every colour set on it (in its text objects and forms too, which
reportlab routes through the canvas's `_enforceColorSpace`) and every picture drawn arrive in
DeviceCMYK. Transparency is painted over white instead (PDF/X-1a has none; DESIGN.md's print
path draws opaque colours already, so only a colour's own alpha or an SVG's opacity meet it)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image
from reportlab.lib import colors
from reportlab.lib.utils import ImageReader

from bastelbogen.content.rasters import RASTER_FORMATS, pillow
from bastelbogen.render.bitmaps import Bitmap
from bastelbogen.render.pdf import Canvas

if TYPE_CHECKING:
    import numpy as np
    from PIL import ImageCms

    from bastelbogen.render.vector import VectorPicture

# A flattened SVG picture: its pixels, and the colour-key mask where it is transparent.
Flattened = tuple[ImageReader, list[int] | None]
# Each paint's colour as asked for (None: none yet) and its opacity.
Paint = dict[str, tuple["colors.Color | None", float]]


FLAT_DPI = 600  # an SVG picture flattened for PDF/X-1a: pixels as fine as its filters'
FLAT_MOST_PIXELS = 40_000_000  # however large it prints (a board's picture)
_KEY = (1, 0, 0, 0)  # the colour-key mask's ink, where a flattened picture is transparent
# _LAZY: littleCMS (ImageCms) is imported where a shop's CMYK file uses it, not here: the
# registries' walk of render/ imports this module for every build, and ImageCms is a
# fiftieth of a small one.


@dataclass(eq=False)
class Separation:
    """sRGB (or a picture's own profile) to the shop's CMYK, at most `ink` in all (1.0 is
    100 %)."""

    icc: Path
    ink: float
    # one colour converted once
    _seen: dict[tuple[int, ...], tuple[float, float, float, float]] = field(
        default_factory=dict, repr=False
    )

    def __post_init__(self) -> None:
        from PIL import ImageCms  # see _LAZY

        self.profile = ImageCms.getOpenProfile(str(self.icc))
        self.rgb = self._transform(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")))

    def _transform(self, source: ImageCms.ImageCmsProfile) -> ImageCms.ImageCmsTransform:
        from PIL import ImageCms  # see _LAZY

        return ImageCms.buildTransform(
            source,
            self.profile,
            "RGB",
            "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
        )

    def colour(self, rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
        """One colour, each channel 0..1. Pure black stays black ink alone: type and thin
        lines in four inks would show every misregistration (RIPs' "preserve black")."""
        from PIL import ImageCms  # see _LAZY

        key = tuple(round(min(max(v, 0.0), 1.0) * 255) for v in rgb)
        if key not in self._seen:
            if key == (0, 0, 0):
                self._seen[key] = (0.0, 0.0, 0.0, 1.0)
            else:
                pixel = Image.new("RGB", (1, 1), key)
                cmyk = ImageCms.applyTransform(pixel, self.rgb)
                assert cmyk is not None  # not in place: a new image
                values = tuple(v / 255 for v in cmyk.getpixel((0, 0)))  # type: ignore[union-attr]
                self._seen[key] = limit_ink(values, self.ink)
        return self._seen[key]

    def picture(self, image: Image.Image) -> Image.Image:
        """A picture in the shop's CMYK at most at its total ink: transparency painted over
        white first, the picture's own colour profile honoured where it has one."""
        from PIL import ImageCms  # see _LAZY

        if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
            image = image.convert("RGBA")
            image = Image.alpha_composite(Image.new("RGBA", image.size, "white"), image)
        if image.mode != "CMYK":
            transform = self._own(image.info.get("icc_profile")) or self.rgb
            image = ImageCms.applyTransform(image.convert("RGB"), transform) or image
        return Image.fromarray(_limit_pixels(image, self.ink), "CMYK")

    def _own(self, icc: bytes | None) -> ImageCms.ImageCmsTransform | None:
        from PIL import ImageCms  # see _LAZY

        if not icc:
            return None
        try:
            own = ImageCms.ImageCmsProfile(BytesIO(icc))
            if own.profile.xcolor_space.strip() != "RGB":
                return None
            return self._transform(own)
        except (OSError, ImageCms.PyCMSError):  # a damaged profile: read as sRGB, as viewers do
            return None


def limit_ink(cmyk: tuple[float, ...], ink: float) -> tuple[float, float, float, float]:
    """Cyan, magenta and yellow scaled down together until the four add up to `ink`; black
    is kept (it carries the shadows' detail), unless it alone is past the limit."""
    c, m, y, k = (min(max(v, 0.0), 1.0) for v in cmyk)
    if c + m + y + k > ink:
        if k >= ink:
            c = m = y = 0.0
            k = ink
        else:
            f = (ink - k) / (c + m + y)
            c, m, y = c * f, m * f, y * f
    # rounded down, so that the figures the PDF holds stay within the limit
    return tuple(math.floor(v * 10**4) / 10**4 for v in (c, m, y, k))  # type: ignore[return-value]


def _limit_pixels(image: Image.Image, most: float) -> np.ndarray:
    """limit_ink over every pixel of a CMYK picture; the result rounded down to whole steps
    of 1/255."""
    import numpy as np  # only pictures need it, and every build imports this module

    ink = np.asarray(image, dtype=np.float64) / 255
    k = np.minimum(ink[..., 3], most)
    cmy = ink[..., :3].sum(axis=-1)
    room = np.maximum(most - k, 0.0)
    f = np.where(cmy + k > most, room / np.maximum(cmy, 1e-9), 1.0)
    out = np.concatenate([ink[..., :3] * f[..., None], k[..., None]], axis=-1)
    return np.floor(out * 255 + 1e-6).clip(0, 255).astype(np.uint8)


def _opaque(inks: tuple[float, float, float, float]) -> colors.CMYKColor:
    # no alpha at all: reportlab then writes no opacity (its default alpha 1 writes one)
    return colors.CMYKColor(*inks, alpha=None)


class CmykCanvas(Canvas):
    """A canvas painting only in the shop's CMYK; see the module's note."""

    separation: Separation

    def __init__(self, *args: object, separation: Separation, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.separation = separation
        # reportlab calls this with every colour set, on the canvas and its text objects
        self._enforceColorSpace = self._cmyk
        self._pictures: dict[str, ImageReader] = {}
        self._vectors: dict[tuple[Hashable, ...], Flattened] = {}  # SVGs, by size and tint
        # the colours asked for and the opacity they are painted at, saved with the state
        self._paint: Paint = {"fill": (None, 1.0), "stroke": (None, 1.0)}
        self._saved: list[Paint] = []

    def _cmyk(self, colour: colors.Color, alpha: float = 1.0) -> colors.CMYKColor:
        if isinstance(colour, str):
            colour = colors.toColor(colour)
        if isinstance(colour, tuple | list):
            colour = colors.CMYKColor(*colour) if len(colour) == 4 else colors.Color(*colour)
        alpha *= getattr(colour, "alpha", 1) if getattr(colour, "alpha", None) is not None else 1
        if isinstance(colour, colors.CMYKColor):
            d = colour.density * alpha  # over white paper, a share of each ink
            inks = (colour.cyan * d, colour.magenta * d, colour.yellow * d, colour.black * d)
            return _opaque(limit_ink(inks, self.separation.ink))
        rgb = tuple(alpha * v + (1 - alpha) for v in (colour.red, colour.green, colour.blue))
        return _opaque(self.separation.colour(rgb))

    def setFillColor(self, aColor: colors.Color, alpha: float | None = None) -> None:  # noqa: N802, N803 - reportlab's names
        self._set("fill", aColor, alpha)

    def setStrokeColor(self, aColor: colors.Color, alpha: float | None = None) -> None:  # noqa: N802, N803 - reportlab's names
        self._set("stroke", aColor, alpha)

    def setFillGray(self, gray: float, alpha: float | None = None) -> None:  # noqa: N802 - reportlab's name
        self._set("fill", (gray, gray, gray), alpha)

    def setStrokeGray(self, gray: float, alpha: float | None = None) -> None:  # noqa: N802 - reportlab's name
        self._set("stroke", (gray, gray, gray), alpha)

    def setFillAlpha(self, a: float) -> None:  # noqa: N802 - reportlab's name
        self._set("fill", self._paint["fill"][0], a)

    def setStrokeAlpha(self, a: float) -> None:  # noqa: N802 - reportlab's name
        self._set("stroke", self._paint["stroke"][0], a)

    def _set(self, what: str, colour: colors.Color | None, alpha: float | None) -> None:
        alpha = self._paint[what][1] if alpha is None else float(alpha)
        self._paint[what] = (colour, alpha)
        if colour is not None:
            setter = super().setFillColor if what == "fill" else super().setStrokeColor
            setter(self._cmyk(colour, alpha))

    def saveState(self) -> None:  # noqa: N802 - reportlab's name
        super().saveState()
        self._saved.append(dict(self._paint))

    def restoreState(self) -> None:  # noqa: N802 - reportlab's name
        super().restoreState()
        self._paint = self._saved.pop()

    def linearGradient(  # noqa: N802
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        colors: Sequence[object],
        positions: Sequence[float] | None = None,
        extend: bool = True,
    ) -> None:
        # any gradient drawn on this canvas: its stops in CMYK, so is the blend between
        # them, whose total ink lies between the stops' (each ink is interpolated alone)
        stops = [self._cmyk(c) for c in colors]
        super().linearGradient(x0, y0, x1, y1, stops, positions, extend)

    def radialGradient(  # noqa: N802
        self,
        x: float,
        y: float,
        radius: float,
        colors: Sequence[object],
        positions: Sequence[float] | None = None,
        extend: bool = True,
    ) -> None:
        super().radialGradient(x, y, radius, [self._cmyk(c) for c in colors], positions, extend)

    def drawVector(
        self, picture: VectorPicture, x: float, y: float, width: float, height: float
    ) -> None:  # noqa: N802
        """A converted SVG picture (render/vector.py), flattened: PDF/X-1a holds neither
        transparency nor sRGB, so the picture is drawn as pixels at FLAT_DPI as printed, over
        white, through the shop's profile like every colour; where it is transparent the
        card shows through (a colour-key mask, which X-1a allows, not a soft one)."""
        self.drawTinted(picture, x, y, width, height, None)

    def drawTinted(  # noqa: N802
        self,
        picture: VectorPicture,
        x: float,
        y: float,
        width: float,
        height: float,
        colour: colors.Color | None,
    ) -> None:
        """A converted picture flattened (drawVector), in `colour` where it is opaque if
        one is given (a tinted icon: render/icons.py), as a soft mask would paint it."""
        tint = None if colour is None else tuple(round(v * 255) for v in colour.rgb())
        key = (picture.key, round(width, 2), round(height, 2), tint)
        if key not in self._vectors:
            self._vectors[key] = self._flattened(picture, width, height, tint)
        image, mask = self._vectors[key]
        super().drawImage(image, x, y, width, height, mask)

    def _flattened(
        self, picture: VectorPicture, width: float, height: float, tint: tuple[int, ...] | None
    ) -> Flattened:
        import pypdfium2 as pdfium  # only shops' files with SVG pictures load it here

        scale = FLAT_DPI / 72 * max(width / picture.size[0], height / picture.size[1])
        most = math.sqrt(FLAT_MOST_PIXELS / max(picture.size[0] * picture.size[1], 1))
        page = pdfium.PdfDocument(picture.pdf)[0]
        rgba = page.render(scale=min(scale, most), fill_color=(255, 255, 255, 0)).to_pil()
        rgba = rgba.convert("RGBA")
        alpha = rgba.getchannel("A")
        if tint is not None:  # its shape in one colour
            rgba = Image.new("RGBA", rgba.size, (*tint, 255))
            rgba.putalpha(alpha)
        cmyk = self.separation.picture(rgba)
        if alpha.getextrema()[0] >= 128:  # opaque throughout: no mask
            return ImageReader(cmyk), None
        import numpy as np

        # The key: one ink step of cyan, moved to no ink where the picture itself has it.
        inks = np.asarray(cmyk).copy()
        inks[(inks == _KEY).all(axis=-1)] = 0
        inks[np.asarray(alpha) < 128] = _KEY
        return ImageReader(Image.fromarray(inks, "CMYK")), [1, 1, 0, 0, 0, 0, 0, 0]

    def drawImage(  # noqa: N802
        self,
        image: object,
        x: float,
        y: float,
        width: float | None = None,
        height: float | None = None,
        mask: object = None,
        **kwargs: object,
    ) -> object:
        """The picture in CMYK, flattened (so `mask` is not needed), converted once a
        picture (a user's: its checked bytes, render/bitmaps.py)."""
        if isinstance(image, Bitmap):
            if image.key not in self._pictures:
                with pillow().open(BytesIO(image.data), formats=RASTER_FORMATS) as opened:
                    self._pictures[image.key] = ImageReader(self.separation.picture(opened))
            image = self._pictures[image.key]
        elif isinstance(image, ImageReader):
            image = ImageReader(self.separation.picture(image._image))
        return super().drawImage(image, x, y, width, height, None, **kwargs)
