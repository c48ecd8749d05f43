from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import BuildOptions, Project, build_game
from generator.imposition import PrintSettings
from generator.units import mm, parse_pair

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def build(game: str, out: Path, paper="a4", duplex="long", bleed=3.0, offset="0mm,0mm",
          **kw) -> Path:
    """Build with the CLI's defaults unless told otherwise."""
    settings = PrintSettings(paper, duplex, mm(bleed), mm(5), parse_pair(offset))
    return build_game(Project(ROOT), game, out, BuildOptions(settings, **kw))


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text())


@pytest.fixture(scope="session")
def kits(tmp_path_factory):
    """Builds shared across tests, made once per set of options."""
    cache: dict = {}

    def get(game: str, **options) -> Path:
        key = (game, tuple(sorted(options.items())))
        if key not in cache:
            out = tmp_path_factory.mktemp("out")
            cache[key] = build(game, out, **options)
        return cache[key]

    return get


@pytest.fixture
def project_copy(tmp_path) -> Path:
    """A writable copy of the project's content, templates and fonts, to break on purpose."""
    for name in ("content", "templates", "fonts"):
        shutil.copytree(ROOT / name, tmp_path / name)
    return tmp_path


def pnp(*args, cwd: Path) -> subprocess.CompletedProcess:
    """Run the real command line in a fresh process, as a user would."""
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)
