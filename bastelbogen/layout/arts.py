"""The art of a file's item sides, made when a writer asks for it and not kept: a kit of
30,000 cards never holds 60,000 resolved faces at once.

Each side has a key, the values its layouts read ({{ group.colour }} reads the item's
group): two sides with equal keys get the same art, so a common back or a copy is resolved
once while it is recent and drawn as one PDF form however far apart its uses are."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from enum import Enum
from typing import Final, Protocol, TypeVar

from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Component, Game, Item
from bastelbogen.core.errors import ContentError, of_piece
from bastelbogen.layout.faces import Art, context
from bastelbogen.layout.imposition import BuildOptions
from bastelbogen.layout.layouts import Layouts
from bastelbogen.layout.pieces import art_of
from bastelbogen.layout.values import SHARED, typed

RECENT = 64  # arts kept for reuse: a page's worth of fronts and backs, and more
MISSING = ("<missing>",)  # a name the item's context lacks (hashable, unlike a sentinel)


class _Unknown(Enum):
    """A sentinel as an enum's one member, so that mypy tells it apart (`is _UNKNOWN`)."""

    KEY = 0


_UNKNOWN: Final = _Unknown.KEY  # a key not worked out yet
OWN = "<own>"  # heads the key of a side that shares with no other (see `shared`)

# What a side's art is made of: each name its layouts read, with its value (values.typed).
Reads = tuple[tuple[str, Hashable], ...]
# A side's key: (component id, side, Reads), or (OWN, id(item), side) for a side that shares
# with no other; a writer may add to it (render/pdf.py marks a bare art's).
SideKey = tuple[str, int | str, str | Reads, *tuple[Hashable, ...]]

K = TypeVar("K")
V = TypeVar("V")


class Planned(Protocol):
    """What the arts read of a component's plan: kit.py's _Planned (kit.py imports this
    module, so this one cannot import it)."""

    @property
    def items(self) -> Sequence[Item]: ...
    @property
    def trim(self) -> tuple[float, float]: ...
    @property
    def bleed(self) -> float: ...
    @property
    def has_back(self) -> bool: ...


class Arts:
    """The arts of one file in one language."""

    def __init__(
        self,
        game: Game,
        plans: Sequence[Planned],
        layouts: Layouts,
        options: BuildOptions,
        lang: str,
        preflight: Preflight | None,
    ) -> None:
        self.game, self.layouts, self.preflight = game, layouts, preflight
        self.lang = lang
        self.face_options: dict[str, object] = {
            "lang": lang,
            "braille": options.braille,
            "theme": options.theme,
        }
        self._plans = _by_component(plans)
        # key -> art, the most recent last
        self._recent: OrderedDict[SideKey, Art] = OrderedDict()
        # art -> the key it was first made for
        self._by_art: OrderedDict[Art, SideKey] = OrderedDict()
        # key -> the key of an equal art made before
        self._canon: dict[SideKey, SideKey] = {}
        # The last item's context, for both its sides.
        self._context: tuple[int, dict[str, object]] | None = None
        self._told: set[int] = set()  # sides the preflight saw: 2·id(item) + (back)
        self.prints: Callable[[Art | None], str | None] | None = None
        self.printed: dict[tuple[int, str], str | None] = {}  # by id(item) and side
        # (component, side, places) -> the names its key holds (None: the side is its own).
        self._read: dict[tuple[int, str, bool], tuple[str, ...] | None] = {}

    def _plan(self, item: Item) -> Planned:
        plan = self._plans.get(id(item.component))
        return plan if plan is not None else self._plans[id(item)]

    def key(self, item: Item, side: str, canonical: bool = True) -> SideKey | None:
        """The side's key, or None when it has no art: what its art is made from, or
        (`canonical`) the key of an equal art met recently (two components' common back, a
        face whose layout reads a value it then leaves unused). Which arts were met
        depends on what was asked before; the key itself, not `canonical`, on the side
        alone."""
        raw = self._raw_key(item, side)
        return self._canonical(raw) if canonical else raw

    def _canonical(self, raw: SideKey | None) -> SideKey | None:
        """The key of an equal art made before, else `raw` itself (None: no art)."""
        return None if raw is None else self._canon.get(raw, raw)

    def place_key(self, item: Item, side: str) -> SideKey | None:
        """Like `key`, but of where the side's boxes lie, not what they show: equal for two
        cards whose boxes lie alike though their words differ (the proof looks at one)."""
        return self._raw_key(item, side, places=True)

    def _raw_key(self, item: Item, side: str, places: bool = False) -> SideKey | None:
        plan = self._plan(item)
        component = item.component
        if not (component.face if side == "front" else component.back) or (
            side == "back" and not plan.has_back
        ):
            return None
        reads = self._read.get((id(component), side, places), _UNKNOWN)
        if reads is _UNKNOWN:  # the same for all of a component's items: sorted once
            found = self._reads(component, side, places)
            reads = self._read[(id(component), side, places)] = (
                None if found is None else tuple(sorted(found))
            )
        if reads is None:  # an expression that does not parse: the side is its own
            return (OWN, id(item), side)
        ctx = self._context_of(item)
        try:  # a SHARED name's value is one per language: keyed by it, as in another build
            return (
                component.id,
                side,
                tuple(
                    (
                        name,
                        (name, self.lang)
                        if name in SHARED
                        else typed(ctx[name])
                        if name in ctx
                        else MISSING,
                    )
                    for name in reads
                ),
            )
        except TypeError:  # a value no key can hold (a YAML set): the side is its own
            return (OWN, id(item), side)

    @staticmethod
    def shared(key: Hashable) -> bool:
        """Whether the key says what the art is made of (not only whose it is), so that an
        equal key in another build means an equal art."""
        return isinstance(key, tuple) and key[0] != OWN  # a key, not None (no art)

    def get(self, item: Item, side: str) -> Art | None:
        """The side's art; the first time a side is asked for, the preflight sees it."""
        return self.placed(item, side)[0]

    def placed(self, item: Item, side: str) -> tuple[Art | None, SideKey | None, SideKey | None]:
        """The side's art, its key and its own key (see `key`), worked out once for all."""
        raw = self._raw_key(item, side)
        art = self._art(item, side, raw)
        self.tell(item, side, art)
        if self.prints is not None and (id(item), side) not in self.printed:
            self.printed[id(item), side] = self.prints(art)
        return art, self._canonical(raw), raw

    def fingerprint_with(self, prints: Callable[[Art | None], str | None]) -> None:
        """From now on each side's fingerprint (layout/fingerprints.py) is taken when it is
        first asked for, while its art is at hand: the arts kept are a page's worth, and a
        deck's thousands would otherwise be resolved again to be fingerprinted."""
        self.prints = prints

    def tell_to(self, preflight: Preflight) -> None:
        """From now on the preflight sees each side the first time it is asked for (the
        arts of the proof, which told nothing, then written)."""
        self.preflight = preflight

    def tell(self, item: Item, side: str, art: Art | None) -> None:
        """The preflight sees a side's art the first time it is asked for (here, or where
        an art resolved before is reused: preview/reuse.py): art short of the bleed."""
        told = 2 * id(item) + (side == "back")
        if art is not None and self.preflight is not None and told not in self._told:
            self._told.add(told)
            plan = self._plan(item)
            if len(art.layers) == 1 and not art.tabs:
                self.preflight.bleed(
                    art.layers[0][1],
                    plan.trim,
                    plan.bleed,
                    f"item '{item.id}' ({side})",
                    item.component.id,
                )

    def same_as(self, other: Arts, items: Iterable[Item]) -> bool:
        """Whether every side of `items` comes out the same here as in `other` (another
        language): by their keys, else by the arts themselves."""
        for item in items:
            for side in ("front", "back"):
                mine, theirs = self._raw_key(item, side), other._raw_key(item, side)
                if mine != theirs and self._art(item, side) != other._art(item, side):
                    return False
        return True

    def _art(self, item: Item, side: str, key: SideKey | None | _Unknown = _UNKNOWN) -> Art | None:
        key = self._raw_key(item, side) if key is _UNKNOWN else key
        if key is None:
            return None
        art = self._recent.get(key)
        if art is None:
            plan = self._plan(item)
            try:
                art = art_of(
                    self.game,
                    item,
                    side,
                    self.layouts,
                    self.face_options,
                    plan.bleed,
                    plan.trim,
                    self._context_of(item),
                )
            except ContentError as exc:  # a box past the safe zone, an expression failing
                raise of_piece(exc, item) from None
            assert art is not None  # art_of has none only for a side without a layout: no key
            _remember(self._recent, key, art)
            first = self._by_art.get(art)
            if first is not None and first != key:
                self._canon[key] = first
            else:
                _remember(self._by_art, art, key)
        else:
            self._recent.move_to_end(key)
        return art

    def _context_of(self, item: Item) -> dict[str, object]:
        if self._context is None or self._context[0] != id(item):
            self._context = (id(item), context(self.game, item, self.face_options))
        return self._context[1]

    def _reads(
        self, component: Component, side: str, places: bool = False
    ) -> frozenset[str] | None:
        kind = kind_of(component)
        names = set(kind.reads(component))
        layouts = [(component.back, component.back_loc)]
        if side == "front":
            layouts = [(component.face, component.face_loc)] + (
                layouts if kind.front_shows_back else []
            )
        for name, loc in layouts:
            if name:
                layout = self.layouts.get(name, loc)
                reads = layout.place_reads if places else layout.reads
                if reads is None:
                    return None
                names |= reads
        return frozenset(names)


def _by_component(plans: Sequence[Planned]) -> dict[int, Planned]:
    """Each item's plan: by its component where the file plans all of a component's items
    alike (a deck of 30,000 cards holds one entry, not 30,000), else by the item."""
    found: dict[int, Planned | None] = {}
    for plan in plans:
        for component in {id(item.component) for item in plan.items}:
            found[component] = plan if component not in found else None
    shared = {k: plan for k, plan in found.items() if plan is not None}
    alone = {
        id(item): plan for plan in plans for item in plan.items if id(item.component) not in shared
    }
    return {**shared, **alone}


def _remember(recent: OrderedDict[K, V], key: K, value: V) -> None:
    recent[key] = value
    if len(recent) > RECENT:
        recent.popitem(last=False)
