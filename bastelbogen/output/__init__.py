"""The writers of a kit: one module each, one interface. A writer is told of each
component as it is laid out (`component`) and of the end of the kit (`finish`), and
returns the files it wrote as manifest entries. Adding an output (PNG sheets, a Tabletop
Simulator deck) is one new module that registers itself here."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar, cast

from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Game
from bastelbogen.content.profiles import Profile
from bastelbogen.content.words import Table
from bastelbogen.core.geometry import Matrix, apply
from bastelbogen.core.inputs import inputs_digest
from bastelbogen.core.paths import DATA
from bastelbogen.core.registry import Registry
from bastelbogen.core.shapes import Loop, seen_from_behind
from bastelbogen.core.units import to_mm
from bastelbogen.layout.imposition import BuildOptions, Page, Placement
from bastelbogen.layout.kit import LaidOut
from bastelbogen.layout.layouts import Layouts
from bastelbogen.output.publish import Staging
from bastelbogen.render.pdf import Meta
from bastelbogen.render.style import Fonts

# A file's manifest entry, as manifest.json holds it: its path, its pages, what else its
# writer tells (plain values, written as JSON).
Entry = dict[str, object]
T = TypeVar("T")


@dataclass
class Job:
    """What every writer of one kit may use."""

    game: Game
    options: BuildOptions  # languages and theme resolved
    fonts: Fonts
    templates: list[Path]
    staging: Staging
    preflight: Preflight
    words: dict[str, Table]  # the kit's own words, per language of the build
    layouts: Layouts  # exports lay faces out again at their bleed
    kept: dict[str, object] = field(default_factory=dict)  # what writers gather across files
    profile: Profile | None = None  # of --export shop
    drawn: set[object] | None = None  # validating: the faces drawn already (by a variant)

    @property
    def lang(self) -> str:
        """The first language: the one cards and titles are set in."""
        return self.options.langs[0]

    def made_of(self) -> str | None:
        """The digest of all the kit's files are made from (core/inputs.py), under which a
        file of the kit before is copied rather than drawn again; None when none is to be:
        validating (it draws to prove), in a shop's colours (whose profile lies elsewhere),
        or inputs that cannot be told for certain. Worked out once per kit and process."""
        if "made of" not in self.kept:
            options = self.options
            self.kept["made of"] = (
                None
                if options.dry
                or self.drawn is not None
                or options.pdfx
                or not dataclasses.is_dataclass(options)
                else inputs_digest(
                    [self.game.folder, *self.templates, *self.fonts.paths.values(), DATA],
                    # --jobs writes the same bytes: a kit built with more may be copied
                    repr(dataclasses.replace(options, jobs=1)),
                )
            )
        return cast("str | None", self.kept["made of"])

    def meta(self, title: str) -> Meta:
        return Meta(
            f"{self.game.title.get(self.lang)} – {title}",
            self.game.author,
            self.words[self.lang]["subject"],
        )


class Writer:
    name = ""
    order = 50  # writers run in this order; the manifest, which lists the others, last
    # Writes each file from that file alone, so files may be written in worker processes
    # (--jobs); False for writers that gather across files (the exports).
    apart = True
    # Its `finish` needs no other file (the cheat sheet): it may run beside the files.
    alone = False
    # The writer (alone too) whose results this one reads from the job (`kept`): run after
    # it in its task, so what it found is not made again in another process.
    after = ""
    # It proves what validate proves (faces drawn, rules fitted): it runs when validating,
    # drawing without writing (options.dry); the others only write.
    checks = False

    def wanted(self, options: BuildOptions) -> bool:
        return True

    def component(self, job: Job, laid: LaidOut) -> list[Entry]:
        return []

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        return []

    def ready(self, job: Job) -> None:
        """Before the build's workers are forked (--jobs): what this writer's work loads
        when it first needs it, loaded once here, where every worker shares it, rather than
        by each worker that does the work."""


WRITERS: Registry[Writer] = Registry(
    "writer", order=lambda name, w: (w.order, name), group="bastelbogen.writers"
)


def register(cls: type[Writer]) -> type[Writer]:
    WRITERS.add(cls.name, cls())
    return cls


def listed(name: str, pages: Iterable[Page], game: Game) -> Entry:
    """A file's manifest entry: each page's size and each placed item's component, kind,
    copy (1..n), rotation (degrees counter-clockwise) and trim, in mm (a shared sheet holds
    the parts of several components), and its cut outline as points on the page (a hex's
    six corners, a card's four), so a reader can check cuts without our code.

    A page's size, a slot's trim and an outline at one place are one list however many
    pages repeat them (shared: read, never changed): 30,000 cards list 60,000 placements
    in a few dozen places, not 60,000 copies of their numbers."""
    outlines: dict[tuple[int, str], tuple[Loop, ...]] = {}  # each component's, per side
    shared: dict[tuple[object, ...], object] = {}  # the lists of numbers made once per file
    return {
        "path": name,
        "pages": [
            {
                "number": n,
                "size_mm": _once(shared, ("size", page.size), partial(_mm, page.size, 3)),
                "items": [_item(p, game, outlines, shared) for p in page.placements],
            }
            for n, page in enumerate(pages, start=1)
        ],
    }


def _once(
    shared: dict[tuple[object, ...], object], key: tuple[object, ...], make: Callable[[], T]
) -> T:
    found = shared.get(key)
    if found is None:
        found = shared[key] = make()
    return cast(T, found)


def _mm(values: Iterable[float], digits: int = 4) -> list[float]:
    return [round(to_mm(v), digits) for v in values]


def rotation(matrix: Matrix) -> int:
    """How far a placement turns its item, in whole degrees counter-clockwise (0, 90, 180,
    270 on a grid; a hex laid flat 30 or 90)."""
    a, b = matrix[0], matrix[1]
    return round(math.degrees(math.atan2(b, a))) % 360


def _item(
    p: Placement,
    game: Game,
    outlines: dict[tuple[int, str], tuple[Loop, ...]],
    shared: dict[tuple[object, ...], object],
) -> Entry:
    component = p.item.component
    kind = kind_of(component)
    entry: Entry = {
        "id": p.item.id,
        "component": component.id,
        "kind": component.kind,
        "side": p.side,
        "copy": p.item.copy,  # the item's copies numbered 1..n, front and back alike
        "rotation": rotation(p.matrix),
        "trim_mm": _once(shared, ("trim", p.trim), lambda: _mm(p.trim)),
    }
    if p.cut is not None:  # a board's piece on this sheet: cut at the window
        x, y, w, h = p.cut
        entry["outline_mm"] = [
            [_mm(corner) for corner in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        ]
        return entry
    loops = outlines.get((id(component), p.side))
    if loops is None:
        loops = kind.outline(component, game)
        if p.side == "back":
            loops = seen_from_behind(loops, kind.trim(component, game)[0])
        outlines[(id(component), p.side)] = loops
    entry["outline_mm"] = _once(
        shared,
        ("outline", id(component), p.side, p.matrix),
        lambda: [[_mm(apply(p.matrix, x, y)) for x, y in loop] for loop in loops],
    )
    return entry


# Every module of this package is a writer and registers itself: a new output is a new
# module here, and nothing else changes.
WRITERS.discover(__name__)
