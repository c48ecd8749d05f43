"""Loading what registers itself where it is drawn: the painters and motifs of render/ and
the shipped games' own motifs and checks in games/. The pipeline loads them before any
content is checked against the registries; nothing below it imports upward."""

from __future__ import annotations

from bastelbogen import games, render
from bastelbogen.content.painters import sort
from bastelbogen.core.registry import import_all


def load() -> None:
    for package in (render, games):
        import_all(package.__name__, package.__path__)
    sort()
