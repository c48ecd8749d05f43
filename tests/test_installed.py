"""Installed, not just checked out: the wheel carries the templates, fonts and words, and a
`pnp` installed into a fresh virtual environment outside the repository builds a game of
the folder it runs in, to the same bytes as the checkout does."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests import pins
from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def _run(*args, cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    if check:
        assert result.returncode == 0, result.stderr[-2000:]
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    return _install(tmp_path_factory.mktemp("installed"))


def _install(base: Path) -> Path:
    """A fresh virtual environment with the wheel installed (its dependencies are this
    environment's, found through a .pth file: no network, and no checkout on the path)."""
    source = base / "source"  # a copy, so the wheel build leaves the checkout untouched
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for folder in ("bastelbogen", "templates", "fonts"):
        shutil.copytree(
            ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    _run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        source,
        "--no-deps",
        "--no-build-isolation",
        "-q",
        "-w",
        base / "wheel",
        cwd=base,
    )
    wheel = next((base / "wheel").glob("*.whl"))
    venv = base / "venv"
    _run(sys.executable, "-m", "venv", venv, cwd=base)
    _run(venv / "bin" / "pip", "install", "-q", "--no-deps", "--no-index", wheel, cwd=base)
    site = next((venv / "lib").glob("python*/site-packages"))
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv


def test_the_wheel_carries_the_shipped_data(installed):
    wheel = next((installed.parent / "wheel").glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for shipped in (
        "bastelbogen/templates/cheatsheet.j2",
        "bastelbogen/templates/muenchhausen/number.yaml",
        "bastelbogen/fonts/Vera.ttf",
        "bastelbogen/fonts/VeraBd.ttf",
        "bastelbogen/fonts/LiberationSans-Regular.ttf",  # the standard fonts' stand-ins
        "bastelbogen/fonts/LiberationMono-BoldItalic.ttf",
        "bastelbogen/fonts/liberation-license.txt",
        "bastelbogen/data/words/de.yaml",
        "bastelbogen/data/words/en.yaml",
        "bastelbogen/data/profiles.yaml",
    ):
        assert shipped in names


def test_installed_pnp_builds_the_game_of_the_current_folder(installed, tmp_path):
    where = _run(
        installed / "bin" / "python",
        "-c",
        "import bastelbogen; print(bastelbogen.__file__)",
        cwd=tmp_path,
    ).stdout
    assert where.startswith(str(installed)), where  # the installed copy, not the checkout
    shutil.copytree(ROOT / "content" / "muenchhausen", tmp_path / "content" / "muenchhausen")
    _run(installed / "bin" / "pnp", "build", cwd=tmp_path)
    kit = tmp_path / "out" / "muenchhausen"
    assert pins.hashes(kit) == pins.stored()[pins.case_id("muenchhausen", "default")]
    listed = _run(installed / "bin" / "pnp", "list", cwd=tmp_path).stdout
    assert listed.startswith("muenchhausen")


def test_installed_pnp_outside_a_project_says_so(installed, tmp_path):
    result = _run(installed / "bin" / "pnp", "build", cwd=tmp_path, check=False)
    assert result.returncode == 2 and "has no content/ folder" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "out").exists()


PROBE_WRITER = """
from . import Writer, register


@register
class Probe(Writer):
    name = "probe"
    order = 60

    def component(self, job, laid):
        path = job.staging.path(f"probe-{laid.name}.txt")
        kinds = sorted({c.kind for c in laid.components})
        path.write_text(f"{', '.join(kinds)}: {len(laid.items)} items\\n")
        return [{"path": path.name, "pages": []}]
"""
COASTER_KIND = '''
from . import Kind, register


@register
class Coaster(Kind):
    """A square beer mat: printed on one side only."""

    name = "coaster"
    backs = False
'''
STAMP_PAINTER = """
from ..content.painters import painter
from ..core.params import COLOUR


@painter("stamp", "a filled disc", {"colour": COLOUR})
def paint_stamp(c, box, ctx):
    x, y, w, h = box.rect
    c.setFillColor(ctx.ink(box, "colour", "#cc0000"))
    c.circle(x + w / 2, y + h / 2, min(w, h) / 2, stroke=0, fill=1)
"""
GAME = """game: mats
title: Mats
players: {min: 1, max: 4}
components:
  - id: mats
    name: Mats
    kind: coaster
    size: [90mm, 90mm]
    face: mats/mat
    back: mats/mat
    items:
      - {id: m, count: 4}
"""
FACE = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#ffffff"}
  - {name: seal, painter: stamp, box: [30, 30, 30, 30], colour: "#0000ff"}
"""


def test_a_new_kind_painter_and_writer_are_one_module_each(tmp_path):
    """Dropped into an installed package, each is found; nothing else is edited."""
    (tmp_path / "installed").mkdir()
    installed = _install(tmp_path / "installed")
    package = next((installed / "lib").glob("python*/site-packages")) / "bastelbogen"
    for folder, name, text in (
        ("output", "probe", PROBE_WRITER),
        ("content/kinds", "coaster", COASTER_KIND),
        ("render", "stamp", STAMP_PAINTER),
    ):
        (package / folder / f"{name}.py").write_text(text)
    game = tmp_path / "content" / "mats"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    (tmp_path / "templates" / "mats").mkdir(parents=True)
    (tmp_path / "templates" / "mats" / "mat.yaml").write_text(FACE)
    _run(installed / "bin" / "pnp", "build", "--lang", "de", cwd=tmp_path)
    kit = tmp_path / "out" / "mats"
    assert (kit / "probe-mats.txt").read_text() == "coaster: 4 items\n"
    data = json.loads((kit / "manifest.json").read_text())
    assert [f["path"] for f in data["files"]] == ["mats.pdf", "probe-mats.txt"]
    placed = data["files"][0]["pages"][0]["items"]
    assert {i["kind"] for i in placed} == {"coaster"} and {i["side"] for i in placed} == {"front"}
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(kit / "mats.pdf"))[0]
    image = page.render(scale=1).to_pil().convert("RGB")
    x, y, w, h = placed[0]["trim_mm"]
    centre = ((x + w / 2) * 72 / 25.4, page.get_height() - (y + h / 2) * 72 / 25.4)
    assert image.getpixel(tuple(int(v) for v in centre)) == (0, 0, 255)  # the stamp
    help_text = _run(
        installed / "bin" / "python",
        "-c",
        "from bastelbogen.pipeline import"
        " plugins; from bastelbogen.content import painters; plugins.load();"
        " print(painters.table())",
        cwd=tmp_path,
    ).stdout
    assert "| `stamp` | a filled disc | `colour` |" in help_text
