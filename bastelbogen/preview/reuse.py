"""The arts of item sides whose inputs did not change since the last build, reused rather
than resolved again: after a one-card edit of a 2,000-card deck, 1,999 cards' templates are
not evaluated anew.

A side's art is what its key (layout/arts.py: the component, the side and every value its
layouts read) makes of the templates, in the piece's trim and bleed, for the build's
language, theme and braille. The reused art is keyed by all of that: the side's key, its
component's templates and size, and a fingerprint of every templates file (name, size and
time of its last change) and of the tables when the layouts read them whole; anything else
an edit changes changes a value the key holds. Only the last build's arts are kept."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path

from bastelbogen.content.models import Game, Item
from bastelbogen.layout.arts import OWN, Planned
from bastelbogen.layout.faces import Art
from bastelbogen.layout.kit import LaidOut
from bastelbogen.preview.pictures import key_of

Found = tuple[Art, str] | tuple[None, None]  # a side's art and its picture's key, or none


class Reuse:
    def __init__(self) -> None:
        self._last: dict[tuple[object, ...], Found] = {}  # the last build's: full key -> art
        self._now: dict[tuple[object, ...], Found] = {}  # this build's so far
        self.fingerprint = ""

    def begin(self, templates: list[Path], game: Game, options: dict[str, object]) -> None:
        """A build starts: what every art of it depends on beyond its own key."""
        self._last, self._now = self._now or self._last, {}
        files = []
        for folder in templates:
            for here, subfolders, names in os.walk(folder):
                subfolders.sort()
                for name in sorted(names):
                    try:
                        stat = os.stat(os.path.join(here, name))
                    except OSError:
                        continue
                    files.append((here, name, stat.st_size, stat.st_mtime_ns))
        parts = (files, sorted(options.items()), repr(game.fonts))
        self.fingerprint = hashlib.sha1(repr(parts).encode()).hexdigest()
        self._tables: str | None = None
        self._game = game

    def art(self, laid: LaidOut, plans: Mapping[int, Planned], item: Item, side: str) -> Found:
        """The side's art and its picture's key (a hash of the art): the last build's
        when its inputs are the same, else resolved; (None, None) for no art."""
        key = laid.arts.key(item, side)
        if key is None or key[0] == OWN:
            art = laid.arts.get(item, side)
            return (art, key_of(art)) if art is not None else (None, None)
        plan = plans[id(item)]
        c = item.component
        full: tuple[object, ...] = (
            self.fingerprint,
            key,
            c.face,
            c.back,
            plan.trim,
            plan.bleed,
            plan.has_back,
        )
        if any(part[0] == "tables" for part in key[2]):  # the tables read whole
            full += (self._tables_print(),)
        found = self._last.get(full) or self._now.get(full)
        if found is None:
            art = laid.arts.get(item, side)  # the preflight sees it there
            found = (art, key_of(art)) if art is not None else (None, None)
        else:
            laid.arts.tell(item, side, found[0])  # as a side resolved anew is told
        self._now[full] = found
        return found

    def _tables_print(self) -> str:
        if self._tables is None:
            tables = sorted((name, repr(table)) for name, table in self._game.tables.items())
            self._tables = hashlib.sha1(repr(tables).encode()).hexdigest()
        return self._tables
