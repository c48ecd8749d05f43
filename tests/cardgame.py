"""A small game of cards in a project of the test's own, made as `pnp new` makes one, and
its pictures read back by programs other than the one that wrote them (GDAL, pngcheck)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np

from bastelbogen.content.scaffold import scaffold

# The Debian tools these read pictures with, and their packages (tests/tools.tools_here)
READERS = {"gdal_translate": "gdal-bin", "pngcheck": "pngcheck"}


def card_game(
    root: Path, name: str, size: str = "standard", face: str | None = None, back: str | None = None
) -> Path:
    """The game `name` in the project `root`, its cards of `size`; `face` and `back` (a
    layout's YAML) replace its cards' front and back."""
    (root / "content").mkdir(exist_ok=True)
    scaffold(root, name)
    game = root / "content" / name / "game.yaml"
    game.write_text(game.read_text().replace("size: standard", f"size: {size}"))
    for layout, text in (("card", face), ("back", back)):
        if text is not None:
            (root / "templates" / name / f"{layout}.yaml").write_text(text)
    return root


def without_rulebook(root: Path, name: str) -> Path:
    """The game `name` (made by `card_game`) with no rulebook: `pnp new` starts one."""
    game = root / "content" / name / "game.yaml"
    lines = game.read_text().splitlines(True)
    game.write_text("".join(line for line in lines if not line.startswith("rulebook:")))
    return root


def grey(png: Path, scratch: Path) -> np.ndarray:
    """A PNG's pixels as GDAL reads them (its first band; libpng, not Pillow)."""
    out = scratch / (png.stem + ".pgm")
    subprocess.run(
        ["gdal_translate", "-q", "-of", "PNM", "-b", "1", str(png), str(out)],
        check=True,
        capture_output=True,
    )
    data = out.read_bytes()
    magic, width, height, most, rest = data.split(maxsplit=4)
    assert magic == b"P5" and most == b"255", data[:20]
    return np.frombuffer(rest, np.uint8).reshape(int(height), int(width))


def chunks(png: Path) -> list[str]:
    """The chunks of a PNG as pngcheck -v lists them; it must find no fault."""
    said = subprocess.run(
        ["pngcheck", "-v", str(png)], capture_output=True, text=True, check=False
    ).stdout
    assert "No errors detected" in said, said
    return [line.split()[1] for line in said.splitlines() if line.strip().startswith("chunk ")]
