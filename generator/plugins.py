"""Loading what registers itself where it is drawn: the painters in render/ and the motifs
in art/ (painters.py holds their registry). The output stage, which draws, loads them
before any content is checked against the registry; nothing below it imports upward."""

from __future__ import annotations

import importlib
import pkgutil

from . import art, render


def load() -> None:
    for package in (render, art):
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
