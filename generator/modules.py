"""Importing every module of a package, for packages whose modules register themselves
(kinds, writers, painters and motifs): a new one is a new file, found here."""

from __future__ import annotations

import importlib
import pkgutil


def import_all(package_name: str, path) -> None:
    for module in pkgutil.iter_modules(path):
        importlib.import_module(f"{package_name}.{module.name}")
