"""Importing every module of a package, for packages whose modules register themselves
(kinds, writers, painters, motifs, the games' own code): a new one is a new file, found here."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable


def import_all(package_name: str, path: Iterable[str]) -> None:
    """Every module of the package and of its subpackages, imported."""
    for module in pkgutil.walk_packages(path, prefix=f"{package_name}."):
        importlib.import_module(module.name)
