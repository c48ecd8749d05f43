"""A project: a folder with content/<game>/ (and optionally its own templates/ and fonts/),
and what the installed package brings (the shipped templates and fonts, core.paths says
where), so `pnp` works in any folder, from a checkout or installed."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from bastelbogen.content.loader import load_game
from bastelbogen.content.models import Game
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.paths import inside as contained
from bastelbogen.core.paths import shipped

TEMPLATES = shipped("templates")  # the cheat sheet and the shipped games' face layouts
FONTS = shipped("fonts")  # Bitstream Vera


@dataclass(frozen=True)
class Project:
    """Where content, templates and fonts live."""

    root: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def templates(self) -> list[Path]:
        """The project's own templates first, then the shipped ones (the cheat sheet, the
        shipped games' faces), so a project of one's own needs only what it changes."""
        return list(dict.fromkeys((self.root / "templates", TEMPLATES)))

    @property
    def fonts(self) -> Path:
        own = self.root / "fonts"
        return own if own.is_dir() else FONTS

    @property
    def sources(self) -> tuple[Path, ...]:
        """Every folder the project reads, its own whether there or not: what no command
        writes into (`--out` there is refused)."""
        own = (self.content, self.root / "templates", self.root / "fonts")
        return tuple(dict.fromkeys((*own, *self.templates, self.fonts)))

    def load(self, game_id: str) -> Game:
        folder = self.content / game_id
        if contained(folder, "game.yaml") is None:
            raise ContentError(
                Problem(
                    Loc(str(folder / "game.yaml")),
                    "game.yaml leads outside the game's folder (a link?); it is not read",
                )
            )
        if not os.path.lexists(folder / "game.yaml"):  # a folder in its place is told as such
            known = ", ".join(p.parent.name for p in sorted(self.content.glob("*/game.yaml")))
            raise ContentError(Problem(Loc(str(folder)), f"no game '{game_id}' (games: {known})"))
        return load_game(folder, self.fonts)
