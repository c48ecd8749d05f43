"""Print-shop profiles as data (data/profiles.yaml; a game's own in its profiles.yaml): the
card size a shop cuts, the picture it takes (pixels at a dpi, or a PDF with bleed), how far
inside the cut text must stay, and how files are named; for a CMYK shop (a PDF) its colour
space, PDF standard, output profile, total ink and page order. Read with located errors."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import cast

from bastelbogen.content.options import OPTIONS
from bastelbogen.content.schema import Fields, type_name
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.names import slug_problem
from bastelbogen.core.paths import DATA, ICC, inside, is_file
from bastelbogen.core.source import YList, YMap, load_yaml
from bastelbogen.core.units import mm, parse_length

SHIPPED = DATA / "profiles.yaml"
FORMATS = ("png", "pdf")
PLACEHOLDER = re.compile(r"\{([a-z]+)\}")
NAMED = ("component", "item", "side", "n")
COLOURS = ("rgb", "cmyk")
STANDARDS = ("pdf/x-1a:2003",)
ORDERS = ("front-first", "back-first")

DPI_SPAN = OPTIONS["dpi"].span  # the pictures --dpi may ask for
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

    def name_of(self, count: int, n: int, **values) -> str:
        """A file's name from the pattern: only the four placeholders, nothing evaluated.
        {n}, the face's number of `count`, is zero-padded to the count's digits (01..12,
        001..120): the names sort in card order where a shop's uploader sorts them as text."""
        values["n"] = f"{n:0{len(str(count))}d}"
        return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]), self.files)


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


def _profile(pid: str, raw, loc: Loc, problems: Collector, folder: Path) -> Profile | None:
    if why := slug_problem(pid, "profile id"):  # it names the export's folder
        problems.add(loc, why)
        return None
    f = Fields(raw, f"profile '{pid}'", problems, loc)
    name = f.get("name", str, pid) or pid
    trim = _pair(f, "trim", problems)
    pixels = f.raw("pixels", None)
    bleed = f.length("bleed", None)
    safe = f.length("safe", mm(3)) or 0.0
    dpi = f.get("dpi", int, DEFAULT_DPI)  # 0 is a dpi out of range, not the default
    form = f.get("format", str, "png")
    files = f.get("files", str, "{component}/{item}-{side}.png") or ""
    colour = _cmyk_keys(f, form, folder, problems)
    f.done()
    if not 0 <= safe <= mm(30):
        problems.add(f.value_loc("safe"), "'safe' must be from 0 to 30mm")
    if bleed is not None and not 0 <= bleed <= mm(20):
        problems.add(f.value_loc("bleed"), "'bleed' must be from 0 to 20mm")
    if form not in FORMATS:
        problems.add(f.value_loc("format"), f"'format' must be {' or '.join(FORMATS)}")
    if dpi is None or not DPI_SPAN[0] <= dpi <= DPI_SPAN[1]:
        problems.add(f.value_loc("dpi"), f"'dpi' must be from {DPI_SPAN[0]} to {DPI_SPAN[1]}")
        dpi = DEFAULT_DPI
    bad = [p for p in PLACEHOLDER.findall(files) if p not in NAMED] or (
        ["{"] if re.sub(PLACEHOLDER, "", files).count("{") else []
    )
    if bad or not files or ".." in files or files.startswith("/"):
        problems.add(
            f.value_loc("files"),
            "'files' names files inside the export folder with"
            f" {', '.join('{' + n + '}' for n in NAMED)}, got {files!r}",
        )
    elif longest := _overlong(files):
        problems.add(
            f.value_loc("files"),
            f"'files' makes names of up to {longest:,} bytes ({{component}} and {{item}} are"
            f" ids of up to {limits.MAX_ID_CHARS} characters); a file system takes at most"
            f" {limits.MAX_FILE_NAME_BYTES}",
        )
    if trim is None or problems.problems:
        return None
    across = _bleed(f, pixels, bleed, trim, dpi, form, problems)
    if across is None:
        return None
    return Profile(
        pid,
        name,
        trim,
        across,
        tuple(pixels) if pixels else None,
        safe,
        dpi,
        form,
        files,
        loc,
        **colour,
    )


def _cmyk_keys(f: Fields, form, folder: Path, problems: Collector) -> dict:
    """colour, standard, icc, ink and order: how a print shop's PDF is painted. A CMYK file
    names its output profile; a standard (PDF/X-1a) is a CMYK PDF."""
    out: dict = {}
    for key, allowed, default in (
        ("colour", COLOURS, "rgb"),
        ("standard", STANDARDS, None),
        ("order", ORDERS, "front-first"),
    ):
        value = f.get(key, str, default)
        if value is not None and value not in allowed:
            problems.add(f.value_loc(key), f"'{key}' must be {' or '.join(allowed)}, got {value!r}")
        out[key] = value
    ink = f.get("ink", str, None)
    if ink is not None:
        percent = re.fullmatch(r"(\d{2,3}(?:\.\d+)?)\s*%", ink.strip())
        if percent is None or not 100 <= float(percent.group(1)) <= 400:
            problems.add(
                f.value_loc("ink"), f"'ink' must be a total ink from 100% to 400%, got {ink!r}"
            )
        else:
            out["ink"] = float(percent.group(1)) / 100
    icc = f.get("icc", str, None)
    if icc is not None:
        out["icc"] = _icc(icc, f.value_loc("icc"), folder, problems)
    if out["colour"] == "cmyk" and (form != "pdf" or icc is None):
        problems.add(f.loc, "a cmyk profile is a pdf profile and names its 'icc' output profile")
    if out["standard"] is not None and out["colour"] != "cmyk":
        problems.add(
            f.value_loc("standard"), f"'{out['standard']}' is a cmyk pdf: give 'colour: cmyk'"
        )
    return out


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


def _pair(f: Fields, key: str, problems: Collector):
    value = f.raw(key)
    try:
        if not (isinstance(value, YList) and len(value) == 2):
            raise ValueError("two lengths, [width, height]")
        pair = tuple(parse_length(v) for v in value)
        if min(pair) <= 0 or max(pair) > mm(limits.MAX_LENGTH_MM):
            raise ValueError(f"two lengths above 0 and at most {limits.MAX_LENGTH_MM:g}mm")
        return pair
    except ValueError as exc:
        if value is not None:
            problems.add(f.value_loc(key), f"'{key}' must be {exc}")
        return None


def _bleed(f, pixels, bleed, trim, dpi, form, problems):
    """The bleed on each axis: given for a PDF, or what the pixels hold beyond the trim."""
    if form == "pdf":
        if bleed is None or bleed < 0:
            problems.add(f.loc, "a pdf profile gives its 'bleed'")
            return None
        return bleed, bleed
    if not (
        isinstance(pixels, YList)
        and len(pixels) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in pixels)
        and pixels[0] * pixels[1] <= limits.MAX_PIXELS
    ):
        problems.add(
            f.value_loc("pixels") if pixels is not None else f.loc,
            "a png profile gives its 'pixels' (the whole picture), [width, height],"
            f" at most {limits.MAX_PIXELS // 10**6} million",
        )
        return None
    across = tuple((p * 72 / dpi - t) / 2 for p, t in zip(pixels, trim, strict=True))
    if min(across) < -36 / dpi:  # half a pixel short is the trim, rounded
        problems.add(f.value_loc("pixels"), "the pixels hold less than the trim at this dpi")
        return None
    return tuple(max(a, 0.0) for a in across)
