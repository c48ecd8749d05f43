"""Loading what registers itself: the painters and motifs of render/, the engine's own,
found by walking its modules; every registry also finds the plug-ins of its entry-point
group (core/entrypoints.py), the shipped games' own motifs and rules among them, declared in
pyproject.toml as any other distribution declares its own. The pipeline loads them before
any content is checked against the registries; nothing below it imports upward."""

from __future__ import annotations

from bastelbogen import render
from bastelbogen.content.painters import MOTIFS, PAINTERS


def load() -> None:
    for registry in (PAINTERS, MOTIFS):
        registry.discover(render.__name__)
