"""Loading what registers itself where it is drawn: the painters in render/ and the motifs
in art/ (painters.py holds their registry). The output stage, which draws, loads them
before any content is checked against the registry; nothing below it imports upward."""

from __future__ import annotations

from . import art, render
from .modules import import_all
from .painters import sort


def load() -> None:
    for package in (render, art):
        import_all(package.__name__, package.__path__)
    sort()
