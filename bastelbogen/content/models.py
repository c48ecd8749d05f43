"""Frozen, typed models of a game; every model keeps where it was written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bastelbogen.content.icons import NO_ICONS, Icons
from bastelbogen.core.declare import Section
from bastelbogen.core.errors import Loc
from bastelbogen.core.shapes import RECT, Shape
from bastelbogen.core.source import YMap

if TYPE_CHECKING:
    from bastelbogen.content.rulebook import Rulebook

# The languages of a game that does not say (`languages:` in game.yaml) and whose title
# names none: the shipped games' pair.
DEFAULT_LANGUAGES = ("de", "en")


@dataclass(frozen=True)
class Text:
    """A text in one or more languages; a plain string serves every language."""

    values: tuple[tuple[str, str], ...]
    loc: Loc

    def get(self, lang: str) -> str:
        table = dict(self.values)
        return table.get(lang) or table.get("*") or next(iter(table.values()), "")


@dataclass(frozen=True)
class Players:
    """How many may play."""

    min: int
    max: int


@dataclass(frozen=True)
class ItemSpec:
    """One entry of a component's `items`: data, a count, and fields that expand (`each`)."""

    data: YMap
    count: int
    each: tuple[tuple[str, tuple[object, ...]], ...]
    loc: Loc


@dataclass(frozen=True)
class Theme:
    """A set of motifs, one per value of the game's theme field (e.g. per tile type)."""

    id: str
    name: Text
    motifs: YMap  # key -> mapping of motif parameters, or {image: file}
    back: YMap  # parameters for the common back
    loc: Loc
    terms: YMap | None = None  # per language, the words the rules use for this theme


class Details(Section):
    """A kind's own keys in a component (a standee's base, what a stand holds), declared
    once by each kind that has some as a subclass, and read from the component."""


@dataclass(frozen=True)
class Component:
    """One kind of piece of a game, with its items and where it was written."""

    id: str
    kind: str  # a name in kinds.KINDS
    name: Text
    size: tuple[float, float]  # trim in points (for a standee: the figure)
    face: str
    back: str | None
    items: tuple[ItemSpec, ...]
    refs: tuple[tuple[str, str], ...]  # item field -> table whose ids it names
    id_pattern: str | None
    guides: str  # cut guides: crop (marks outside the grid), lines (on the art), none
    details: Details | None  # the kind's own settings (a standee's base, what a stand holds)
    loc: Loc
    face_loc: Loc
    back_loc: Loc
    block: tuple[int, int] | None = None  # lay runs of items as blocks (a picture's pieces)
    id_loc: Loc | None = None  # where `item-id` was written
    shape: Shape = RECT  # the cut outline's shape within the trim (shapes.py)
    safe: float | None = None  # text kept this far inside the cut (points); None: unchecked
    whole: bool = False  # a deck printed whole in its own file, none on the shared sheets

    @property
    def marks(self) -> bool:
        """Whether its grid gets crop marks (`guides: crop`)."""
        return self.guides == "crop"


@dataclass(frozen=True)
class Check:
    """A check the game asks for over its content (`checks:` in game.yaml)."""

    kind: str
    params: YMap
    loc: Loc


@dataclass(frozen=True)
class Variant:
    """A variant of the game: the items of a component it leaves out, by a field's values
    (the larger group's draw keeps some: `keep`)."""

    id: str
    name: Text
    component: str
    field: str
    values: tuple[object, ...]
    loc: Loc
    # Items the drop spares: (field, values) pairs, one match keeps the item (Münchhausen's
    # large groups keep one set whole, for the draw of the first Baron).
    keep: tuple[tuple[str, tuple[object, ...]], ...] = ()

    def drops(self, component: str, data: Mapping[str, object]) -> bool:
        """Whether this variant leaves out an item of `component` with these fields."""
        if component != self.component or data.get(self.field) not in self.values:
            return False
        return not any(data.get(name) in values for name, values in self.keep)


@dataclass(frozen=True)
class Table:
    """A table of the game's data: its rows as read, and the tables its ref columns name."""

    name: str
    rows: tuple[YMap, ...]
    loc: Loc
    refs: tuple[tuple[str, str], ...] = ()  # (column, table) its ref columns point to
    key: str = "id"  # the column whose cells are the rows' ids (`key:`); each row's `id` too

    @cached_property
    def by_id(self) -> dict[object, YMap]:
        """Rows by their id, made once: each item's reference is a lookup, not a search of
        the table (10,000 cards naming rows of a 10,000-row table took minutes)."""
        return {row.get("id"): row for row in self.rows}


@dataclass(frozen=True)
class Rules:
    """rules.yaml, read and checked with the rest of the content: one part per language
    for the cheat sheet's template."""

    path: Path
    data: YMap
    template: str  # the cheat-sheet template's name
    colour: str  # the header band's colour
    texts: tuple[tuple[str, Loc], ...]  # every text with where it stands, to name one


@dataclass(frozen=True)
class Game:
    """A game as its folder describes it, checked and ready to lay out."""

    id: str
    title: Text
    author: str
    players: Players
    components: tuple[Component, ...]
    tables: dict[str, Table] = field(hash=False)
    checks: tuple[Check, ...]
    variants: tuple[Variant, ...]
    rules: Rules | None
    fonts: dict[str, Path] = field(hash=False)
    folder: Path
    loc: Loc
    font_locs: dict[str, Loc] = field(hash=False, default_factory=dict)
    themes: dict[str, Theme] = field(hash=False, default_factory=dict)
    theme_field: str | None = None  # the item field whose value picks a theme's motif
    languages: tuple[str, ...] = DEFAULT_LANGUAGES  # its texts' languages, first the main
    languages_loc: Loc | None = None  # where `languages:` was written, if it was
    version: str = ""  # the game's version, as the game file says (--version-mark version)
    # its own print settings (`print:`): per option key, the value and where it is written
    printing: dict[str, tuple[object, Loc]] = field(hash=False, default_factory=dict)
    icons: Icons = NO_ICONS  # what its texts write as :name: (content/icons.py)
    # its rulebook per language (content/rulebook.py), none when the game file names none
    rulebooks: dict[str, Rulebook] = field(hash=False, default_factory=dict)

    def component(self, cid: str) -> Component | None:
        return next((c for c in self.components if c.id == cid), None)

    @cached_property
    def memo(self) -> dict[object, Any]:  # each reader knows what it keeps under its key
        """What is derived from the game once and read for every item (its tables in one
        language, say): a game is not changed once loaded."""
        return {}


@dataclass(frozen=True, slots=True)  # slots: a big deck has tens of thousands
class Item:
    """One physical piece after expansion: `copy` numbers identical copies from 1."""

    id: str
    component: Component
    data: dict[str, Any]  # values Any while layout/ reads them unchecked (issue 48)
    copy: int
    loc: Loc
    # The entry it was made from, whose fields keep their places (a table's cells): where a
    # text of the item that does not fit its box is told (render/blame.py).
    spec: ItemSpec | None = field(default=None, compare=False, repr=False)
