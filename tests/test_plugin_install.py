"""A plug-in installed for real: tests/data/stampplugin (its own pyproject.toml and one
module) is built into a wheel and pip-installed, beside Bastelbogen's own wheel, into a
fresh virtual environment (no package index: nothing is downloaded; the dependencies are
this environment's, reached through a .pth file). The installed `pnp` then builds a game
that uses the plug-in's painter, drawing its mark, and runs its check, told at the place
in the game's file that breaks it."""

from __future__ import annotations

import math
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import DATA, ROOT, manifest

pytestmark = pytest.mark.slow

GAME = """\
game: stamped
title: Stamped
players: {min: 1, max: 4}
tables:
  cards: {file: cards.csv, columns: {value: int}}
components:
  - id: cards
    name: Cards
    kind: card
    size: standard
    face: stamped/face
    back: stamped/face
    items: {from: cards}
checks:
  - {check: multiple-of, table: cards, field: value, of: 5}
"""
CARDS = "id,value\na,10\nb,15\n"
FACE = """\
boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#ffffff"}
  - {name: seal, painter: stamp, box: [20, 30, 23, 23], colour: "#0000ff"}
"""


def _run(*args: object, cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    if check:
        assert done.returncode == 0, done.stderr[-3000:]
    return done


def _wheel(source: Path, into: Path) -> Path:
    """A wheel built from a copy of `source` (a build writes beside its sources)."""
    copy = into / "src" / source.name
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    wheels = into / "wheels" / source.name
    _run(sys.executable, "-m", "pip", "wheel", copy, "--no-deps", "--no-build-isolation",
         "--no-index", "-q", "-w", wheels, cwd=into)  # fmt: skip
    return next(wheels.glob("*.whl"))


def _bastelbogen(into: Path) -> Path:
    """The checkout as a source tree of its own: what its wheel is built from."""
    source = into / "bastelbogen"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for folder in ("bastelbogen", "templates", "fonts"):
        shutil.copytree(
            ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    return source


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A fresh environment holding Bastelbogen's wheel and the plug-in's, installed by this
    environment's pip (the new one has none); the rest reached through a .pth file."""
    base = tmp_path_factory.mktemp("plugin-install")
    wheels = [_wheel(_bastelbogen(base), base), _wheel(DATA / "stampplugin", base)]
    env = base / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", env, cwd=base)
    python = env / "bin" / "python"
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
         "-q", *wheels, cwd=base)  # fmt: skip
    site = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=base)
    Path(site.stdout.strip(), "dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n"
    )
    return env


def _project(root: Path, cards: str = CARDS) -> Path:
    (root / "content" / "stamped").mkdir(parents=True)
    (root / "content" / "stamped" / "game.yaml").write_text(GAME)
    (root / "content" / "stamped" / "cards.csv").write_text(cards)
    (root / "templates" / "stamped").mkdir(parents=True)
    (root / "templates" / "stamped" / "face.yaml").write_text(FACE)
    return root


def test_the_installed_plugin_is_installed_and_bastelbogen_is_the_wheel(venv, tmp_path):
    found = _run(
        venv / "bin" / "python",
        "-c",
        "import bastelbogen, bastelbogen_stamp; print(bastelbogen.__file__);"
        " print(bastelbogen_stamp.__file__)",
        cwd=tmp_path,
    ).stdout.split()
    assert all(path.startswith(str(venv)) for path in found), found  # not the checkout


def test_pnp_draws_the_plugins_painter(venv, tmp_path):
    """Each card's face carries the stamp: a blue disc 23 mm across (the cards lie turned
    on the sheet, so the disc's pixels are counted, not looked up at a place)."""
    root = _project(tmp_path)
    _run(venv / "bin" / "pnp", "build", "--lang", "en", "--jobs", "1", cwd=root)
    kit = root / "out" / "stamped"
    assert [f["path"] for f in manifest(kit)["files"]] == ["cards.pdf"]
    fronts = pdfium.PdfDocument(str(kit / "cards.pdf"))[0]
    image = fronts.render(scale=1).to_pil().convert("RGB")
    blue = {colour: n for n, colour in image.getcolors(1 << 24)}.get((0, 0, 255), 0)
    disc = math.pi * (23 / 2 * 72 / 25.4) ** 2  # in pixels of one point
    assert 2 * 0.9 * disc < blue < 2 * 1.05 * disc, blue  # two cards, two stamps


def test_pnp_runs_the_plugins_check_and_tells_its_place(venv, tmp_path):
    root = _project(tmp_path, CARDS.replace("b,15", "b,17"))
    done = _run(venv / "bin" / "pnp", "validate", "stamped", cwd=root, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    told = "content/stamped/cards.csv:3:2: table 'cards': value 17 is not a multiple of 5"
    assert told in done.stderr, done.stderr
