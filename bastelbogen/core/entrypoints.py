"""Plug-ins: modules of installed distributions that register into the registries, declared
as Python entry points, one group a registry (`bastelbogen.painters`, `bastelbogen.kinds` …,
docs/plugins.md). Bastelbogen's own games are plug-ins of its own distribution, declared in
its pyproject.toml like any other's.

An entry's value names a module, or a package whose every module is imported; its name is
the plug-in's, or, when it registers one thing, that thing's name (a game's rules: the
game's id), so that asking for that name imports it alone (core/registry.py). The entry
points are read from the installed distributions' metadata once a process, and only when a
registry needs them: reading them costs a small rebuild a twentieth of its time, and one
that finds each name where it was remembered never does.

A plug-in that does not import, or that registers a name already taken, is a PluginError:
told like a mistake in content, at its place and naming the distribution and its entry
point, with no traceback: installing it was the user's doing, not a fault of the program."""

from __future__ import annotations

import os
import site
import sys
import traceback
from dataclasses import dataclass
from functools import cache
from types import TracebackType
from typing import Any

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
    """Every entry point of a group named `bastelbogen.…`, by group."""
    # Imported here: a build that needs no plug-in never loads it (nor email, csv …).
    from importlib.metadata import entry_points

    every = entry_points()
    found: dict[str, tuple[Plugin, ...]] = {}
    for group in sorted(g for g in every.groups if g.startswith(f"{SHIPPED}.")):
        plugged = {_plugin(e) for e in every.select(group=group)}
        found[group] = tuple(sorted(plugged, key=lambda p: (p.distribution, p.name, p.value)))
    return found


def _plugin(entry: Any) -> Plugin:
    dist = entry.dist
    name = (dist.name if dist is not None else "") or "unknown"
    version = (dist.version if dist is not None else "") or "?"
    home = getattr(dist, "_path", None)  # a distribution read from a folder: its .dist-info
    declared = os.path.join(os.fspath(home), "entry_points.txt") if home is not None else ""
    return Plugin(entry.group, entry.name, entry.value, name, version, declared)


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
