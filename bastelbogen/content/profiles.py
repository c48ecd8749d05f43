"""Print-shop profiles as data (data/profiles.yaml; a game's own in its profiles.yaml): the
card size a shop cuts, the picture it takes (pixels at a dpi, or a PDF with bleed), how far
inside the cut text must stay, and how files are named; for a CMYK shop (a PDF) its colour
space, PDF standard, output profile, total ink and page order. Read with located errors.

A profile's keys are declared once (`ProfileKeys`): read from that declaration, and written
from it as JSON Schema (`profile_schema`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import cast

from bastelbogen.content.options import OPTIONS
from bastelbogen.core import limits
from bastelbogen.core.declare import (
    Choice,
    Field,
    Json,
    Length,
    Section,
    Text,
    Type,
    Whole,
    optional,
    type_name,
)
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.names import numbered, slug_problem
from bastelbogen.core.paths import DATA, ICC, inside, is_file
from bastelbogen.core.source import YMap, load_yaml
from bastelbogen.core.units import mm

SHIPPED = DATA / "profiles.yaml"
FORMATS = ("png", "pdf")
PLACEHOLDER = re.compile(r"\{([a-z]+)\}")
NAMED = ("component", "item", "side", "n")
COLOURS = ("rgb", "cmyk")
STANDARDS = ("pdf/x-1a:2003",)
ORDERS = ("front-first", "back-first")

DPI_SPAN = limits.EXPORT_DPI  # the pictures --dpi may ask for, as its Count says
DEFAULT_DPI = cast(int, OPTIONS["dpi"].default)


@dataclass(frozen=True)
class Profile:
    """A print shop's product: its trim, bleed, safe zone, colour and file format."""

    id: str
    name: str
    trim: tuple[float, float]  # points
    bleed: tuple[float, float]  # points beyond the trim, across and down
    pixels: tuple[int, int] | None  # a picture's whole size (png)
    safe: float  # points inside the trim
    dpi: int
    format: str
    files: str
    loc: Loc
    colour: str = "rgb"
    standard: str | None = None  # a PDF standard the file keeps, e.g. pdf/x-1a:2003
    icc: Path | None = None  # the CMYK output profile colours are converted through
    ink: float = 4.0  # the most total ink, 1.0 = 100 %
    order: str = "front-first"  # of a card's two pages

    def name_of(self, count: int, n: int, **values: object) -> str:
        """A file's name from the pattern: only the four placeholders, nothing evaluated.
        {n}, the face's number of `count`, is zero-padded to the count's digits (01..12,
        001..120): the names sort in card order where a shop's uploader sorts them as text."""
        values["n"] = numbered(n, count)
        return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]), self.files)


SLUG = r"[a-z0-9][a-z0-9_-]*"  # a profile's id names the export's folder (core/names.py)
INK = r"\s*([0-9]{2,3}(?:\.[0-9]+)?)\s*%\s*"
INK_SCHEMA = r"^\s*(?:[1-3][0-9]{2}(?:\.[0-9]+)?|400(?:\.0+)?)\s*%\s*$"  # INK, 100 to 400
FILES_SCHEMA = r"^(?!/)(?![\s\S]*\.\.)(?:[^{]|\{(?:" + "|".join(NAMED) + r")\})+$"


class OneOf(Choice):
    """One of a few words, told as the shops' guides say them: 'png or pdf'."""

    def __call__(self, value: object) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise ValueError(f"must be {' or '.join(self.choices)}, got {type_name(value)}")
        return value


class Trim(Type[tuple[float, float]]):
    """The card as cut: [width, height], two lengths above 0, in points."""

    shown = "[width, height], two lengths above 0"

    def __call__(self, value: object) -> tuple[float, float]:
        if isinstance(value, list) and len(value) == 2:
            try:
                width, height = (Length(0)(v) for v in value)
            except ValueError:
                pass
            else:
                if width > 0 and height > 0:
                    return width, height
        raise ValueError(
            f"must be two lengths above 0 and at most {limits.MAX_LENGTH_MM:g}mm,"
            f" [width, height] like [63mm, 88mm]; got {type_name(value)}"
        )

    def schema(self) -> Json:
        return {"type": "array", "items": Length(0).schema(), "minItems": 2, "maxItems": 2}


class Pixels(Type[tuple[int, int]]):
    """A picture's whole size, [width, height] in pixels, at most MAX_PIXELS in all."""

    shown = "[width, height] in pixels"

    def __call__(self, value: object) -> tuple[int, int]:
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)
            and value[0] * value[1] <= limits.MAX_PIXELS
        ):
            return value[0], value[1]
        raise ValueError(
            "must be the whole picture, [width, height] in pixels: two whole numbers above 0,"
            f" at most {limits.MAX_PIXELS // 10**6} million in all; got {type_name(value)}"
        )

    def schema(self) -> Json:
        side = {"type": "integer", "minimum": 1, "maximum": limits.MAX_PIXELS}
        return {"type": "array", "items": side, "minItems": 2, "maxItems": 2}


class Ink(Type[float]):
    """The most total ink, as a shop writes it ('240%'), from 100% to 400%: 1.0 is 100%."""

    shown = "total ink from 100% to 400%"

    def __call__(self, value: object) -> float:
        percent = re.fullmatch(INK, value) if isinstance(value, str) else None
        if percent is None or not 100 <= float(percent.group(1)) <= 400:
            raise ValueError(f"must be a total ink from 100% to 400%, got {type_name(value)}")
        return float(percent.group(1)) / 100

    def schema(self) -> Json:
        return {"type": "string", "pattern": INK_SCHEMA}


class FileNames(Type[str]):
    """The pattern of the exported files' names, inside the export folder, from the four
    placeholders only; no name it makes longer than a file system holds."""

    shown = "a file name pattern"

    def __call__(self, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"must be text, got {type_name(value)}")
        bad = [p for p in PLACEHOLDER.findall(value) if p not in NAMED]
        if bad or PLACEHOLDER.sub("", value).count("{") or _leaves(value):
            raise ValueError(
                "names files inside the export folder with"
                f" {', '.join('{' + n + '}' for n in NAMED)}, got {value!r}"
            )
        if longest := _overlong(value):
            raise ValueError(
                f"makes names of up to {longest:,} bytes ({{component}} and {{item}} are"
                f" ids of up to {limits.MAX_ID_CHARS} characters); a file system takes at most"
                f" {limits.MAX_FILE_NAME_BYTES}"
            )
        return value

    def schema(self) -> Json:
        return {"type": "string", "pattern": FILES_SCHEMA}


def _leaves(files: str) -> bool:
    """Whether a pattern names nothing, or a file outside the export folder."""
    return not files or ".." in files or files.startswith("/")


class ProfileKeys(Section):
    """A profile as written: each key, its type and default. A png profile gives the whole
    picture (`pixels`), a pdf profile its `bleed`; a cmyk one is a pdf with its `icc`."""

    help = "A print shop's product: the card it cuts, the picture or PDF it takes, its names."
    name = optional(Text(), help="the shop's product, in words (default: the profile's id)")
    trim = Field(Trim(), help="the card as cut, [width, height]")
    pixels = optional(
        Pixels(), help="(png) the whole picture, trim and bleed, [width, height] at the dpi"
    )
    bleed = optional(Length(0, 20), help="(pdf) the art beyond the trim on every side")
    safe = optional(Length(0, 30), help="how far inside the trim text keeps (default 3mm)")
    dpi = Field(Whole(*DPI_SPAN), DEFAULT_DPI, help="the pictures' pixels an inch")
    format = Field(
        OneOf(*FORMATS), "png", help="png (a picture a face) or pdf (a card a page, a file)"
    )
    files = Field(
        FileNames(),
        "{component}/{item}-{side}.png",
        help="the files' names: {component}, {item}, {side} and {n} (the face's number)",
    )
    colour = Field(
        OneOf(*COLOURS), "rgb", help="rgb, or cmyk: every colour converted through 'icc'"
    )
    standard = optional(OneOf(*STANDARDS), help="a PDF standard the file keeps (cmyk only)")
    icc = optional(
        Text(), help="the CMYK output profile: a file of data/icc/ or beside the profiles"
    )
    ink = optional(Ink(), help="the most total ink, like 240% (default 400%)")
    order = Field(OneOf(*ORDERS), "front-first", help="which of a card's two pages comes first")

    def checked(self, problems: Collector) -> None:
        if self.colour == "cmyk" and (self.format != "pdf" or self.icc is None):
            problems.add(
                self.loc, "a cmyk profile is a pdf profile and names its 'icc' output profile"
            )
        if self.standard is not None and self.colour != "cmyk":
            problems.add(
                self.value_loc("standard"), f"'{self.standard}' is a cmyk pdf: give 'colour: cmyk'"
            )

    def across(self, problems: Collector) -> tuple[float, float] | None:
        """The bleed on each axis, once every key is read as written: given for a PDF, or
        what the pixels hold beyond the trim at the dpi."""
        if self.format == "pdf":
            if self.bleed is None:
                problems.add(self.loc, "a pdf profile gives its 'bleed'")
            return None if self.bleed is None else (self.bleed, self.bleed)
        if self.pixels is None:
            problems.add(
                self.loc,
                "a png profile gives its 'pixels' (the whole picture), [width, height],"
                f" at most {limits.MAX_PIXELS // 10**6} million",
            )
            return None
        width, height = (
            (p * 72 / self.dpi - t) / 2 for p, t in zip(self.pixels, self.trim, strict=True)
        )
        if min(width, height) < -36 / self.dpi:  # half a pixel short is the trim, rounded
            problems.add(self.value_loc("pixels"), "the pixels hold less than the trim at this dpi")
            return None
        return max(width, 0.0), max(height, 0.0)

    @classmethod
    def schema(cls) -> Json:
        """The keys, and what one key asks of others (as `checked` and `across` tell)."""
        out = super().schema()
        pdf = {"properties": {"format": {"const": "pdf"}}, "required": ["format"]}
        cmyk = {"properties": {"colour": {"const": "cmyk"}}, "required": ["colour"]}
        out["allOf"] = [
            {"if": pdf, "then": {"required": ["bleed"]}, "else": {"required": ["pixels"]}},
            {"if": cmyk, "then": {**pdf, "required": ["format", "icc"]}},
            {"if": {"required": ["standard"]}, "then": cmyk},
        ]
        return out


def profile_schema() -> Json:
    """The JSON Schema of a profiles file: profile ids (plain slugs, as they name the
    export's folder) to profiles."""
    return {
        "type": "object",
        "description": "Print-shop profiles (data/profiles.yaml, content/GAME/profiles.yaml).",
        "propertyNames": {"pattern": f"^(?:{SLUG})$", "maxLength": limits.MAX_ID_CHARS},
        "additionalProperties": ProfileKeys.schema(),
    }


def load_profiles(game_folder: Path) -> dict[str, Profile]:
    """The shipped profiles, and the game's own (which may replace one by its id)."""
    problems = Collector()
    found: dict[str, Profile] = {}
    for path in (SHIPPED, game_folder / "profiles.yaml"):
        if path.is_file():
            found |= _read(path, problems)
    problems.raise_if_any()
    return found


def _read(path: Path, problems: Collector) -> dict[str, Profile]:
    data = load_yaml(path)
    if not isinstance(data, YMap):
        problems.add(
            getattr(data, "loc", Loc(str(path), 1, 1)),
            f"profiles must be a mapping of profile ids to their settings, got {type_name(data)}",
        )
        return {}
    out = {}
    for key, raw in data.items():
        profile = _profile(str(key), raw, data.value_loc(key), problems, path.parent)
        if profile is not None:
            out[profile.id] = profile
    return out


def _profile(pid: str, raw: object, loc: Loc, problems: Collector, folder: Path) -> Profile | None:
    if why := slug_problem(pid, "profile id"):  # it names the export's folder
        problems.add(loc, why)
        return None
    told = len(problems.problems)
    keys = ProfileKeys.read(raw, loc, problems, f"profile '{pid}'")
    icc = None if keys.icc is None else _icc(keys.icc, keys.value_loc("icc"), folder, problems)
    if len(problems.problems) > told:
        return None
    across = keys.across(problems)
    if across is None:
        return None
    return Profile(
        pid,
        keys.name or pid,
        keys.trim,
        across,
        keys.pixels,
        mm(3) if keys.safe is None else keys.safe,
        keys.dpi,
        keys.format,
        keys.files,
        loc,
        colour=keys.colour,
        standard=keys.standard,
        icc=icc,
        ink=4.0 if keys.ink is None else keys.ink,
        order=keys.order,
    )


def _icc(name: str, loc: Loc, folder: Path, problems: Collector) -> Path | None:
    """A shipped profile by its name, or a file beside the game's profiles.yaml: a CMYK
    output profile (its header's device class 'prtr', colour space 'CMYK')."""
    path = ICC / name if "/" not in name and is_file(ICC / name) else inside(folder, name)
    if path is None or not is_file(path):
        problems.add(
            loc, f"'icc' {name!r} is neither a shipped profile nor a file beside the profiles"
        )
        return None
    why = _unusable(str(path), path.stat().st_size)
    if why:
        problems.add(loc, f"'icc' {name!r} {why}")
        return None
    return path


@lru_cache(maxsize=16)
def _unusable(path: str, size: int) -> str | None:
    """Why littleCMS cannot convert to this profile, if it cannot: read whole, as the build
    will read it (a damaged table shows only when the conversion is built)."""
    if size > limits.MAX_BINARY_BYTES:
        return f"is {size:,} bytes; an ICC profile here may have {limits.MAX_BINARY_BYTES:,}"
    from PIL import ImageCms  # littleCMS: loaded for a shop that prints in CMYK only

    data = Path(path).read_bytes()
    if data[12:16] != b"prtr" or data[16:20] != b"CMYK":
        return "is no CMYK output profile (an ICC file of class 'prtr')"
    try:
        ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(BytesIO(data)), "RGB", "CMYK"
        )
    except (OSError, ImageCms.PyCMSError):
        return "cannot be read as an ICC profile: it is damaged"
    return None


def _overlong(files: str) -> int:
    """The bytes of the longest file or folder name the pattern can make, if that is more
    than a file system holds (NAME_MAX): told at the profile, before anything is written."""
    longest = {
        "component": limits.MAX_ID_CHARS,
        "item": limits.MAX_ID_CHARS,
        "side": len("front"),
        "n": len(str(limits.MAX_ITEMS)),
    }
    most = max(
        len(PLACEHOLDER.sub(lambda m: "x" * longest[m.group(1)], part).encode())
        for part in files.split("/")
    )
    return most if most > limits.MAX_FILE_NAME_BYTES else 0
