"""Installed, not just checked out: the wheel carries the templates, fonts and words, and a
`pnp` installed into a fresh virtual environment outside the repository builds a game of
the folder it runs in, to the same bytes as the checkout does."""

from __future__ import annotations

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
    result = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                            timeout=300)
    if check:
        assert result.returncode == 0, result.stderr[-2000:]
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed (its dependencies are this
    environment's, found through a .pth file: no network, and no checkout on the path)."""
    base = tmp_path_factory.mktemp("installed")
    source = base / "source"  # a copy, so the wheel build leaves the checkout untouched
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "generator", source / "generator",
                    ignore=shutil.ignore_patterns("__pycache__"))
    _run(sys.executable, "-m", "pip", "wheel", source, "--no-deps", "--no-build-isolation",
         "-q", "-w", base / "wheel", cwd=base)
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
    for shipped in ("generator/data/templates/cheatsheet.j2",
                    "generator/data/templates/muenchhausen/number.yaml",
                    "generator/data/fonts/Vera.ttf", "generator/data/fonts/VeraBd.ttf",
                    "generator/data/words/de.yaml", "generator/data/words/en.yaml"):
        assert shipped in names


def test_installed_pnp_builds_the_game_of_the_current_folder(installed, tmp_path):
    where = _run(installed / "bin" / "python", "-c",
                 "import generator; print(generator.__file__)", cwd=tmp_path).stdout
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
