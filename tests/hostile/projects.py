"""The hostile suite's project copies: one game with the shipped templates and fonts in a
temporary folder, an outside folder beside it worth stealing from, the previous kit in out/,
and snapshots of folders to tell what a run changed."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from bastelbogen.content.project import FONTS, TEMPLATES
from tests.hostile.edits import png

REPO = Path(__file__).resolve().parents[2]

# From a game's folder (content/<game>/) to the outside folder beside the project.
UP_FROM_GAME = "../../../outside"
# From templates/ (where layout names resolve) to the outside folder.
UP_FROM_TEMPLATES = "../../outside"


def tree(folder: Path, skip: tuple[str, ...] = ()) -> dict[str, str]:
    """Every entry under `folder`, dotfiles included: a file by its sha256, a folder as
    'dir', a link by its target. Links are not followed."""
    found: dict[str, str] = {}
    if not folder.is_dir() or folder.is_symlink():
        return found
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        here = Path(dirpath)
        if here == folder:
            dirnames[:] = [d for d in dirnames if d not in skip]
            filenames = [f for f in filenames if f not in skip]
        for name in sorted(dirnames + filenames):
            path = here / name
            rel = str(path.relative_to(folder))
            if path.is_symlink():
                found[rel] = f"link -> {os.readlink(path)}"
            elif path.is_dir():
                found[rel] = "dir"
            else:
                try:
                    found[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
                except OSError as exc:
                    found[rel] = f"unreadable: {exc}"
    return found


def _outside_files(outside: Path) -> None:
    """What the outside folder holds before a case: things worth stealing or breaking."""
    outside.mkdir(parents=True, exist_ok=True)
    (outside / "secret.txt").write_text("the outside world's secret\n")
    (outside / "x.png").write_bytes(png(6, 9))
    (outside / "x.yaml").write_text("- {id: a}\n")
    (outside / "x.j2").write_text("@title stolen from outside\n")
    (outside / "x.css").write_text("rect { fill: red }\n")
    (outside / "layout.yaml").write_text("boxes: []\n")
    shutil.copy2(FONTS / "VeraBd.ttf", outside / "VeraBd.ttf")
    (outside / "kit").mkdir()
    (outside / "kit" / "keep.txt").write_text("a folder of someone else's\n")


def project(tmp_path: Path, game: str, prebuilt: Path | None) -> tuple[Path, Path]:
    """A project copy in tmp_path/proj holding one game, the templates and fonts, and (if
    given) a previously built kit in out/<game>; an outside folder beside it."""
    root = tmp_path / "proj"
    (root / "content").mkdir(parents=True)
    shutil.copytree(REPO / "content" / game, root / "content" / game, symlinks=True)
    shutil.copytree(TEMPLATES, root / "templates", symlinks=True)
    shutil.copytree(FONTS, root / "fonts", symlinks=True)
    if prebuilt is not None:
        shutil.copytree(prebuilt, root / "out" / game, symlinks=True)
    outside = tmp_path / "outside"
    _outside_files(outside)
    return root, outside


class Kits:
    """Each game built once per session (per xdist worker) from the real content, to stand
    in every case's out/ as the previous kit. `run` is the harness's `run_cli`."""

    def __init__(self, base: Path, run: Callable):
        self.base = base
        self.run = run
        self.built: dict[str, Path | str] = {}

    def get(self, game: str) -> Path:
        if game not in self.built:
            folder = self.base / game
            root, _ = project(folder, game, None)
            result = self.run(root, ["build", game], folder / "logs", 120)
            kit = root / "out" / game
            if result.returncode == 0 and (kit / "manifest.json").is_file():
                self.built[game] = kit
            else:
                self.built[game] = (
                    f"the real content of {game} does not build"
                    f" (exit {result.returncode}):\n{result.stderr[-3000:]}"
                )
        kit = self.built[game]
        if isinstance(kit, str):
            pytest.fail(kit)
        return kit
