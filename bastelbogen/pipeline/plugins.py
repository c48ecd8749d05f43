"""Loading what registers itself where it is drawn: the painters and motifs of render/ and
the shipped games' own motifs and checks in games/. The pipeline loads them before any
content is checked against the registries; nothing below it imports upward."""

from __future__ import annotations

from bastelbogen import games, render
from bastelbogen.checks import GAME_RULES
from bastelbogen.content.painters import MOTIFS, PAINTERS

FOUND_IN = (render.__name__, games.__name__)


def load() -> None:
    for registry in (PAINTERS, MOTIFS, GAME_RULES):
        registry.discover(*FOUND_IN)
