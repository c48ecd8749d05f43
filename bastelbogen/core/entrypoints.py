"""Plug-ins: modules of installed distributions that register into the registries, declared
as Python entry points, one group a registry (`bastelbogen.painters`, `bastelbogen.kinds` …,
docs/plugins.md). Bastelbogen's own games are plug-ins of its own distribution, declared in
its pyproject.toml like any other's.

An entry's value names a module, or a package whose every module is imported; its name is
the plug-in's, or, when it registers one thing, that thing's name (a game's rules: the
game's id), so that asking for that name imports it alone (core/registry.py). The entry
points are read from the installed distributions' metadata once a process, and only when a
registry needs them.

A plug-in that does not import, or that registers a name already taken, is a PluginError:
told like a mistake in content, at its place and naming the distribution and its entry
point, with no traceback: installing it was the user's doing, not a fault of the program."""

from __future__ import annotations

import importlib.util
import os
import re
import site
import sys
import traceback
from dataclasses import dataclass
from functools import cache
from importlib.machinery import PathFinder
from types import TracebackType

from bastelbogen.core.errors import ContentError, Loc, Problem

SHIPPED = "bastelbogen"  # the distribution whose own games are plug-ins as well


class PluginError(ContentError):
    """A plug-in that does not load, or that registers a name another already has."""


@dataclass(frozen=True)
class Plugin:
    """One entry point of a registry's group."""

    group: str
    name: str
    value: str  # what the entry names: a module or a package
    distribution: str  # the distribution declaring it
    version: str
    declared: str = ""  # the entry_points.txt that declares it, where it is known

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    def covers(self, module: str) -> bool:
        """Whether `module` is the plug-in's: the module it names or one of its package."""
        return module == self.module or module.startswith(f"{self.module}.")

    def named(self, name: str) -> str | None:
        """The module `name` of the package the plug-in names, where there is one: as an
        engine's package holds an entry in the module named for it, so may a plug-in's.
        Found without importing the package; a package that does not import is told by the
        walk of every plug-in that follows, where it is imported (core/registry.py)."""
        if self.module != self.value or not name.isidentifier():
            return None  # an entry naming an object is told by the walk too
        try:
            spec = importlib.util.find_spec(self.module)  # imports the parents alone
            where = spec.submodule_search_locations if spec is not None else None
            found = PathFinder.find_spec(f"{self.module}.{name}", list(where)) if where else None
        except Exception:  # noqa: BLE001 - whatever it is, the walk tells it at the plug-in
            return None
        return None if found is None else found.name

    def __str__(self) -> str:
        return (
            f"entry point '{self.name} = {self.value}' in group {self.group} of"
            f" distribution {self.distribution} {self.version}"
        )

    def declaration(self) -> Loc:
        """Where the entry is declared: its line of the distribution's entry_points.txt."""
        if not self.declared:
            return Loc(f"<{self.distribution}>")
        try:
            with open(self.declared, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except (OSError, UnicodeDecodeError):
            return Loc(self.declared)
        return Loc(self.declared, _line_of(lines, self.group, self.name), 1)


def _line_of(lines: list[str], group: str, name: str) -> int:
    """The line (from 1) declaring `name` in the section `[group]`; 0 when none does."""
    section = ""
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if text.startswith("[") and text.endswith("]"):
            section = text[1:-1].strip()
        elif section == group and text.partition("=")[0].strip() == name:
            return number
    return 0


def plugins(group: str) -> tuple[Plugin, ...]:
    """The plug-ins of a group, in a stable order (by distribution, then name)."""
    found = _installed()
    if not any(p.distribution == SHIPPED for every in found.values() for p in every):
        raise PluginError(
            Problem(
                Loc(f"<{SHIPPED}>"),
                f"{SHIPPED}'s own plug-ins (its games' code) are not in its installed"
                " metadata: install it again (`pip install -e .` in a checkout, or `make`)",
            )
        )
    return found.get(group, ())


def owner(module: str) -> Plugin | None:
    """The plug-in `module` belongs to, of any group (the most specific, if several)."""
    found = [p for every in _installed().values() for p in every if p.covers(module)]
    return max(found, key=lambda p: len(p.module), default=None)


def forget() -> None:
    """The entry points read again when next asked (a test that installs a plug-in)."""
    _installed.cache_clear()
    installed_digest.cache_clear()


@cache
def _installed() -> dict[str, tuple[Plugin, ...]]:
    """Every entry point of a group named `bastelbogen.…`, by group: each distribution's
    entry_points.txt, found and read as importlib.metadata finds and reads them, without
    it: importing it (email, csv, zipfile …) and reading every distribution's metadata
    cost a small build a fortieth of its time, and every build of a shipped game reads them."""
    found: dict[str, set[Plugin]] = {}
    for folder in _distributions():
        declared = os.path.join(folder, "entry_points.txt")
        entries = _entries(_text(declared))
        if entries:
            name, version = _named(folder)
            for group, entry, value in entries:
                plugin = Plugin(group, entry, value, name, version, declared)
                found.setdefault(group, set()).add(plugin)
    return {
        group: tuple(sorted(found[group], key=lambda p: (p.distribution, p.name, p.value)))
        for group in sorted(found)
    }


def _distributions() -> list[str]:
    """The metadata folder of each distribution installed where the import path leads: a
    folder's `*.dist-info` and `*.egg-info` (the working folder's for ''), an old egg's
    EGG-INFO; of two of one name, the first (importlib.metadata's MetadataPathFinder and
    `_unique`). Zip files on the path hold none an installer leaves."""
    seen: set[str] = set()
    folders = []
    for entry in sys.path:
        try:
            children = os.listdir(entry or ".")
        except OSError:  # a zip file, a folder that is gone
            continue
        egg = os.path.basename(entry).lower()
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")):
                stem = low.rpartition(".")[0]
            elif egg.endswith(".egg") and low == "egg-info":
                stem = egg.rpartition(".")[0]
            else:
                continue
            name = re.sub(r"[-_.]+", "_", stem.partition("-")[0])
            if name not in seen:
                seen.add(name)
                folders.append(os.path.join(entry, child))
    return folders


def _entries(text: str | None) -> list[tuple[str, str, str]]:
    """(group, name, value) of each entry of a group named `bastelbogen.…` in the text of an
    entry_points.txt: `[group]` lines, then `name = value` lines (blank ones and `#`
    comments skipped), as importlib.metadata reads it."""
    found = []
    group = ""
    for line in (text or "").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            group = line.strip("[]")
        elif line and not line.startswith("#") and group.startswith(f"{SHIPPED}."):
            name, _, value = line.partition("=")
            found.append((group, name.strip(), value.strip()))
    return found


def _named(folder: str) -> tuple[str, str]:
    """A distribution's name and version: the `Name:` and `Version:` headers of its metadata
    (the lines before the first blank one; a line that starts with a space continues the
    one before)."""
    text = _text(os.path.join(folder, "METADATA")) or _text(os.path.join(folder, "PKG-INFO"))
    headers: dict[str, str] = {}
    for line in (text or "").splitlines():
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if colon and not line[0].isspace():
            headers.setdefault(key.strip().lower(), value.strip())
    return headers.get("name") or "unknown", headers.get("version") or "?"


def _text(path: str) -> str | None:
    """A metadata file's text, or None where there is none to read."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None


def failed(plugin: Plugin, exc: Exception) -> PluginError:
    """The error telling that `plugin` raised `exc` as it was imported."""
    return PluginError(
        Problem(
            _where_it_failed(plugin, exc),
            f"{plugin} does not load: {type(exc).__name__}: {exc}",
        )
    )


def _where_it_failed(plugin: Plugin, exc: Exception) -> Loc:
    """The plug-in's own line that raised (a mistake in a library it calls is told where
    the plug-in called it); a syntax error where it is; else where the entry is declared
    (a module that is not there)."""
    if isinstance(exc, SyntaxError) and exc.filename and exc.lineno:
        return Loc(exc.filename, exc.lineno, exc.offset or 1)
    found = _deepest(plugin, exc.__traceback__)
    return found if found is not None else plugin.declaration()


def _deepest(plugin: Plugin, tb: TracebackType | None) -> Loc | None:
    found = None
    frames = list(traceback.walk_tb(tb))
    for (frame, _line), summary in zip(frames, traceback.extract_tb(tb), strict=True):
        if plugin.covers(frame.f_globals.get("__name__", "")) and summary.lineno:
            found = Loc(summary.filename, summary.lineno, (summary.colno or 0) + 1)
    return found


@cache
def installed_digest() -> str:
    """What says which distributions are installed: every .dist-info on the import path (and
    .egg-info in the site directories, where an old installer put them), by its folder's
    last change. A plug-in installed, upgraded or removed changes it (its metadata folder is
    written anew), so what a build remembers under the code (core/remembered.py), and the
    files it copies from the kit before, are never what a plug-in since changed. Read once a
    process; the working folder ('') is no installation. A checkout's own .egg-info, which
    setuptools leaves beside the source and which only a test runner's path holds, is none
    either: counted, two processes of one installation would disagree."""
    sites = {*site.getsitepackages(), site.getusersitepackages()}
    seen = []
    for entry in dict.fromkeys(p for p in sys.path if p):
        kinds = (".dist-info", ".egg-info") if entry in sites else (".dist-info",)
        try:
            with os.scandir(entry) as found:
                seen += [
                    f"{d.path}|{d.stat().st_mtime_ns}" for d in found if d.name.endswith(kinds)
                ]
        except OSError:  # a zip file, a folder that is gone
            continue
    return "\n".join(sorted(seen))
