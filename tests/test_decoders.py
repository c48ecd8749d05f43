"""Pictures are decoded as the documentation says, whatever their name or the way to them:
Pillow knows PNG, JPEG, WebP and GIF and no other format, for us and for reportlab alike
(content/rasters.py `pillow`); every picture content names is read once, checked, and drawn
from those bytes (render/bitmaps.py), never looked up again by name; and no build starts a
program (Ghostscript, Inkscape and their friends are made to fail loudly here, and in every
hostile case, if called: tests/hostile/harness.py)."""

from __future__ import annotations

import importlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bastelbogen.content.rasters import EMBEDDED_FORMATS, pillow
from bastelbogen.core.errors import ContentError
from bastelbogen.render import bitmaps
from tests.conftest import build, printed
from tests.hostile.harness import fake_programs
from tests.render import Rendered, close

ROOT = Path(__file__).resolve().parent.parent
EPS = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n{ } loop\nshowpage\n"
CARD = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#ffffff"}
%s"""
GAME = """game: g
title: {de: G, en: G}
players: {min: 2, max: 4}
rules: rules.yaml
components:
  - id: cards
    name: {de: Karten, en: Cards}
    kind: card
    size: standard
    face: g/card
    back: g/back
    items: [{id: one}]
"""
RULES = """colour: "#1f2a44"
de: {title: G, sections: [{heading: Ziel, text: Spielt.}]}
en: {title: G, sections: [{heading: Goal, text: Play.}]}
"""
BACK = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#1f2a44"}
"""


def png(colour: tuple[int, int, int], size: int = 24, kind: str = "PNG") -> bytes:
    """A picture of one colour, in `kind` (a format we do not decode is still written: its
    plug-in, imported here, registers itself, and our next opening takes it out again)."""
    importlib.import_module(f"PIL.{kind.title()}ImagePlugin")
    out = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(out, kind)
    return out.getvalue()


def game(root: Path, boxes: str, files: dict[str, bytes]) -> Path:
    """A one-card game whose face holds `boxes` (YAML lines), with `files` in its folder."""
    folder = root / "content" / "g"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "rules.yaml").write_text(RULES)
    layouts = root / "templates" / "g"
    layouts.mkdir(parents=True)
    (layouts / "card.yaml").write_text(CARD % boxes)
    (layouts / "back.yaml").write_text(BACK)
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return root


def image_box(name: str) -> str:
    return f'  - {{name: pic, painter: image, box: [10, 10, 43, 43], file: "{name}"}}\n'


def markup(name: str) -> str:
    text = f"<img src='{name}' width='90' height='90'/>"
    return f'  - {{name: words, painter: paragraph, box: [5, 5, 53, 60], text: "{text}"}}\n'


def svg_image(ref: str) -> bytes:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        f'<image href="{ref}" width="10" height="10"/></svg>'
    ).encode()


def test_pillow_decodes_our_four_formats_and_no_other():
    image = pillow()
    assert sorted(image.ID) == sorted(EMBEDDED_FORMATS)
    image.init()  # what Pillow does for a file none of its first plug-ins knows
    assert sorted(image.ID) == sorted(EMBEDDED_FORMATS)
    with pytest.raises(Image.UnidentifiedImageError):
        Image.open(io.BytesIO(EPS))  # as reportlab opens: no format named
    # A plug-in another library imports registers itself; the next opening of ours drops it.
    from PIL import BmpImagePlugin, EpsImagePlugin  # noqa: F401

    assert "EPS" in image.ID
    pillow()
    assert "EPS" not in image.ID and "BMP" not in image.ID


def test_reportlab_is_handed_bytes_never_a_name():
    """The src reportlab's markup parser reads is one the checks handed in, or refused."""
    key = bitmaps.inline(bitmaps.Bitmap(png((200, 0, 0))))
    assert bitmaps._src(key).getSize() == (24, 24)
    for name in ("pic.png", "/etc/hostname", "data:image/png;base64,AAAA", "http://x/y.png"):
        with pytest.raises(ValueError, match="not a picture of the game's folder"):
            bitmaps._src(name)


@pytest.mark.parametrize("boxes", [image_box("dot.png"), markup("dot.png")], ids=["box", "img"])
def test_a_picture_is_drawn_from_its_checked_bytes(tmp_path, boxes):
    """An image box and markup's <img> draw the file named, exactly: `dot.png#` and
    `dot.png` are two files, and the one named is the one printed."""
    root = game(tmp_path, boxes.replace("dot.png", "dot.png#"), {})
    (root / "content/g/dot.png").write_bytes(png((220, 20, 20)))
    (root / "content/g/dot.png#").write_bytes(png((20, 40, 220)))
    kit = build("g", tmp_path / "out", root, langs=("en",))
    page = Rendered(printed(kit, "cards.pdf"), 0, 100)
    colours = page.image.getcolors(1 << 20)
    blue = sum(n for n, c in colours if close(c, "#1428dc"))
    red = sum(n for n, c in colours if close(c, "#dc1414"))
    assert blue > 500 and red == 0


SMUGGLED = {
    "box-eps-as-png": (image_box("evil.png"), {"evil.png": EPS}),
    "box-eps-as-jpg": (image_box("evil.jpg"), {"evil.jpg": EPS}),
    "img-eps-as-png": (markup("evil.png"), {"evil.png": EPS}),
    "box-bmp-as-png": (image_box("evil.png"), {"evil.png": png((1, 2, 3), kind="BMP")}),
    "box-tiff-as-jpg": (image_box("evil.jpg"), {"evil.jpg": png((1, 2, 3), kind="TIFF")}),
    # The attacker's path: pic.svg names `inner.svg#` (a real PNG by that name), a browser
    # reads `inner.svg`, whose <image> names an EPS.
    "svg-fragment-to-eps": (
        image_box("pic.svg"),
        {
            "pic.svg": svg_image("inner.svg#"),
            "inner.svg#": png((0, 200, 0)),
            "inner.svg": svg_image("evil.png"),
            "evil.png": EPS,
        },
    ),
    "svg-query-to-eps": (
        image_box("pic.svg"),
        {"pic.svg": svg_image("evil.png?v=2"), "evil.png": EPS},
    ),
    "svg-percent-escape-to-eps": (
        image_box("pic.svg"),
        {"pic.svg": svg_image("ev%69l.png"), "evil.png": EPS},
    ),
    "svg-data-eps": (
        image_box("pic.svg"),
        {"pic.svg": svg_image("data:application/postscript;base64,JSFQUw==")},
    ),
    "svg-data-untyped-eps": (
        image_box("pic.svg"),
        {"pic.svg": svg_image("data:;base64,JSFQUy1BZG9iZS0zLjAgRVBTRi0zLjA=")},
    ),
}


@pytest.mark.slow  # a fresh interpreter each: hostile, with the hostile suite in CI
@pytest.mark.parametrize("case", sorted(SMUGGLED))
def test_a_smuggled_picture_is_refused_and_starts_no_program(tmp_path, case):
    boxes, files = SMUGGLED[case]
    root = game(tmp_path / "project", boxes, files)
    log = tmp_path / "started.log"
    env = {**os.environ, "PATH": fake_programs(tmp_path / "bin", log)}
    run = subprocess.run(
        [sys.executable, "-m", "bastelbogen", "build", "g", "--export", "png"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,  # a hang's bound only: a build here takes a second or two
    )
    assert not log.exists(), f"a program was started: {log.read_text()}"
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.startswith("templates/g/card.yaml:3:"), run.stderr
    assert not (root / "out").exists()


ICON = "<img src='dot.png' width='12' height='12'/>"


@pytest.mark.parametrize(
    "old, new",
    [
        ("  lookup:\n", f'  lookup:\n    - heading: Icon\n      table:\n        - ["{ICON}", x]\n'),
        ("      cycle: [", f'      cycle: ["{ICON}", '),
    ],
    ids=["table-cell", "cycle-step"],
)
def test_the_look_up_band_shows_a_checked_picture(project_copy, tmp_path, old, new):
    """The cheat sheet's look-up band sets its texts as every text is set: its <img> is the
    checked picture, drawn (before, reportlab opened the src itself, unchecked)."""
    rules = project_copy / "content/muenchhausen/rules.yaml"
    assert old in rules.read_text()
    rules.write_text(rules.read_text().replace(old, new, 1))
    (project_copy / "content/muenchhausen/dot.png").write_bytes(png((230, 10, 200)))
    kit = build("muenchhausen", tmp_path / "out", project_copy, langs=("de",))
    page = Rendered(printed(kit, "rules.pdf", "de"), 0, 100)
    magenta = sum(n for n, c in page.image.getcolors(1 << 22) if close(c, "#e60ac8"))
    assert magenta > 50


def scan_bomb(scans: int) -> bytes:
    """A progressive JPEG whose last scan is repeated: each is decoded over the whole
    picture (2,000 such scans of 4 megapixels keep libjpeg busy for seconds)."""
    out = io.BytesIO()
    Image.new("RGB", (2000, 2000), (120, 30, 200)).save(out, "JPEG", progressive=True)
    data = out.getvalue()
    last = data[data.rindex(b"\xff\xda") : -2]
    return data[:-2] + last * scans + b"\xff\xd9"


def test_a_jpeg_of_endless_scans_is_refused_before_it_is_decoded(tmp_path):
    from bastelbogen.content.rasters import raster_problem
    from bastelbogen.core import limits

    assert raster_problem(scan_bomb(0)) is None
    assert raster_problem(scan_bomb(limits.MAX_JPEG_SCANS - 20)) is None
    problem = raster_problem(scan_bomb(50_000))
    assert problem and "scans" in problem and f"at most {limits.MAX_JPEG_SCANS}" in problem
    root = game(tmp_path, image_box("bomb.jpg"), {"bomb.jpg": scan_bomb(50_000)})
    with pytest.raises(ContentError, match=r"card\.yaml:3:\d+: image bomb\.jpg is a JPEG of"):
        build("g", tmp_path / "out", root, langs=("en",))
    svg = game(tmp_path / "svg", image_box("p.svg"), {"p.svg": svg_image("b.jpg")})
    (svg / "content/g/b.jpg").write_bytes(scan_bomb(50_000))
    with pytest.raises(ContentError, match=r"p\.svg.*scans"):
        build("g", tmp_path / "out2", svg, langs=("en",))
