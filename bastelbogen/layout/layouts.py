"""Face layouts from templates/: named boxes in millimetres, each drawn by one painter.

A layout is resolved per item into a `Face`: the boxes with their jinja2 text rendered and
their rectangles in points. Faces are plain hashable data, so identical faces (every back,
every copy) are recognised and drawn once.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from bastelbogen.content.painters import (
    ITEM,
    PASSING,
    check_box_keys,
    coerce,
    completed,
    known,
    may_derive,
)
from bastelbogen.content.schema import inside, type_name
from bastelbogen.core import limits
from bastelbogen.core.declare import Anything, ListOf, Section, Text, optional
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.paths import is_file, named
from bastelbogen.core.remembered import ABSENT, BOXES, Cache
from bastelbogen.core.source import YList, YMap, load_yaml
from bastelbogen.core.templating import expand, names_read
from bastelbogen.core.units import mm
from bastelbogen.layout import copies
from bastelbogen.layout import repeat as repeats
from bastelbogen.layout.places import bled_picture, box_mm, box_written, check_place
from bastelbogen.layout.safe import SafeZone
from bastelbogen.layout.values import (
    Context,
    Key,
    key_of,
    mapping,
    paths_of,
    render,
    strings,
    truthy,
)

BOX_KEYS = ("name", "painter", "box", "when", "repeat")


@dataclass(frozen=True)
class BoxSpec:
    """A box of a layout as written: its painter, place and keys."""

    name: str
    painter: str
    # Mm from the trim's top-left corner (or expressions), or 'bleed'.
    box: tuple[str | float, ...] | str
    params: YMap
    when: str | None
    loc: Loc
    repeat: repeats.Repeat | None = None  # drawn once for each value it repeats over

    def sources(self, params: bool = True) -> list[str]:
        """Its expressions: where it lies (`when`, `box`) and, with `params`, what it shows."""
        found: list[object] = [self.when, *(self.box if isinstance(self.box, tuple) else ())]
        found += self.repeat.sources() if self.repeat is not None else []
        for key, value in self.params.items() if params else ():
            if key not in BOX_KEYS and key != "with":
                found += strings(value)
        return [source for source in found if isinstance(source, str)]

    @cached_property
    def reads(self) -> tuple[tuple[str, ...], ...] | None:
        """The dotted names the box's look depends on (see values.py)."""
        return paths_of(self.sources(), self.params, self.box)

    @cached_property
    def memo(self) -> Cache[Key, Box | None]:
        """The boxes resolved for items, by values.key_of: its region of the one cache."""
        return BOXES.of(self)


@dataclass(frozen=True)
class Layout:
    """A face's layout: its boxes in drawing order."""

    name: str
    boxes: tuple[BoxSpec, ...]
    loc: Loc

    @cached_property
    def reads(self) -> frozenset[str] | None:
        """Every context name its boxes' expressions read, or None when one does not parse:
        two items that agree on these get the same face."""
        return self._names(True)

    @cached_property
    def place_reads(self) -> frozenset[str] | None:
        """The names its boxes' places read (`box` and `when`), or None when one does not
        parse: two items that agree on these get their boxes in the same places."""
        return self._names(False)

    def _names(self, params: bool) -> frozenset[str] | None:
        names: set[str] = set()
        for spec in self.boxes:
            if params and "with" in spec.params:  # a mapping taken from the context by name
                names.add(str(spec.params["with"]).split(".")[0])
            if may_derive(spec.params):  # a seed from the item's id: a face of its own
                names.add(ITEM)
            for source in spec.sources(params):
                found = names_read(source)
                if found is None:
                    return None
                names |= found
        return frozenset(names)


@dataclass(frozen=True)
class Box:
    """A resolved box: rectangle in points from the trim's bottom-left, params rendered."""

    name: str
    painter: str
    rect: tuple[float, float, float, float]
    params: tuple[tuple[str, object], ...]
    loc: Loc
    locs: tuple[tuple[str, Loc], ...] = ()
    layout: str = ""  # the layout's name (deck/card): a text that overflows the box names it

    def get(self, key: str, default: object = None) -> object:
        """The box's value for `key`; left out, the default its painter declares for the
        key (painters.Key), else `default`. A painter reads its keys typed, through its
        BoxKeys (`Cells(box).cols`), which read here."""
        return self._values.get(key, default)

    @cached_property
    def _values(self) -> dict[str, object]:
        declared = known().get(self.painter)
        defaults = declared.defaults if declared is not None else {}
        return {**{k: v for k, v in defaults.items() if v is not None}, **dict(self.params)}

    def __hash__(self) -> int:
        # Worked out once: a box shared by a thousand cards is hashed with every face and
        # every ground it is part of.
        found = self.__dict__.get("_hash")
        if found is None:
            found = hash(
                (self.name, self.painter, self.rect, self.params, self.loc, self.locs, self.layout)
            )
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> dict[str, object]:
        # Sent to a worker without what was worked out here: a string's hash differs
        # from process to process.
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def loc_of(self, key: str) -> Loc:
        return self._locs.get(key, self.loc)

    @cached_property
    def _locs(self) -> dict[str, Loc]:
        return dict(self.locs)


Face = tuple[Box, ...]


class LayoutKeys(Section):
    """A layout file (templates/GAME/NAME.yaml): the boxes drawn on a face, in order."""

    what = "a layout"
    extends = optional(Text(), help="a layout whose boxes this one starts from")
    boxes = optional(
        ListOf(Anything()), help="what is drawn, in order: each box a painter and its keys"
    )


class Layouts:
    """Loads templates/<name>.yaml once each, following `extends`."""

    def __init__(self, folders: list[Path]):
        self.folders = folders
        self._cache: dict[str, Layout] = {}

    def get(self, name: str, loc: Loc, _chain: tuple[str, ...] = ()) -> Layout:
        if name in self._cache:
            return self._cache[name]
        _check_chain(name, loc, _chain)
        path = self._path(name, loc)
        problems = Collector()
        data = load_yaml(path, loc)
        f = LayoutKeys.read(data, Loc(str(path), 1, 1), problems, f"template '{name}'")
        parent = f.extends
        boxes_raw = f.boxes if isinstance(f.boxes, YList) else YList()
        problems.raise_if_any()
        boxes = (
            list(self.get(parent, f.value_loc("extends"), (*_chain, name)).boxes) if parent else []
        )
        for i, raw in enumerate(boxes_raw):
            spec = _box(raw, boxes_raw.item_loc(i), problems)
            if spec is not None:
                _put(boxes, spec)
        problems.raise_if_any()
        layout = Layout(name, tuple(boxes), f.loc)
        self._cache[name] = layout
        return layout

    def _path(self, name: str, loc: Loc) -> Path:
        """The layout's file: the first folder's that has it."""
        problems = Collector()
        paths = [
            inside(folder, f"{name}.yaml", loc, problems, "template") for folder in self.folders
        ]
        problems.raise_if_any()
        path = next((p for p in paths if p is not None and is_file(p)), None)
        if path is None:
            where = " or ".join(named(f) for f in self.folders)  # never an absolute path
            raise ContentError(Problem(loc, f"template '{name}' not found in {where}"))
        return path


def _check_chain(name: str, loc: Loc, chain: tuple[str, ...]) -> None:
    """A layout extends no layout that extends it, in a chain of at most 16."""
    if name in chain:
        raise ContentError(Problem(loc, f"template '{name}' extends itself"))
    if len(chain) > 16:  # the shipped layouts extend at most one
        raise ContentError(
            Problem(
                loc,
                f"template '{name}' ends a chain of more than 16 layouts extending each other",
            )
        )


def _put(boxes: list[BoxSpec], spec: BoxSpec) -> None:
    """A box with a parent's name replaces it in place; new names are drawn last."""
    at = next((k for k, b in enumerate(boxes) if b.name == spec.name), None)
    if at is None:
        boxes.insert(repeats.slot(boxes, spec.name), spec)  # `space[3]`: a copy's place
    else:
        boxes[at] = spec


def _box(raw: object, loc: Loc, problems: Collector) -> BoxSpec | None:
    if not isinstance(raw, YMap):
        problems.add(loc, f"a box must be a mapping, got {type_name(raw)}")
        return None
    name = raw.get("name")
    painter = raw.get("painter")
    box = raw.get("box")
    if not isinstance(name, str):
        problems.add(loc, "a box needs a 'name'")
    known_painter = _painter_named(raw, problems)
    if not box_written(box):
        problems.add(
            raw.value_loc("box"),
            "box must be [x, y, width, height] in millimetres,"
            " or 'bleed' for the trim and its bleed; width and height above 0, and"
            " every value at most"
            f" {limits.MAX_LENGTH_MM:g} mm either way",
        )
        return None
    if not isinstance(name, str) or not known_painter:
        return None
    painter = str(painter)  # a registered painter's name
    check_box_keys(raw, name, painter, (BOX_KEYS, loc), problems)
    assert box is not None  # box_written said it is 'bleed' or four values
    return BoxSpec(
        name,
        painter,
        box if box == "bleed" else tuple(v if isinstance(v, str) else float(v) for v in box),
        raw,
        raw.get("when"),
        loc,
        repeats.read(raw, name, problems),
    )


def _painter_named(raw: YMap, problems: Collector) -> bool:
    """Whether the box names a registered painter; if not, told with the nearest name."""
    painter = raw.get("painter")
    painters = known()
    if painter in painters:
        return True
    near = difflib.get_close_matches(str(painter), list(painters), n=1, cutoff=0.6)
    hint = (
        f"; did you mean '{near[0]}'?"
        if near
        else next((f" (write 'painter: {k}')" for k in raw if k in painters), "")
    )
    problems.add(
        raw.value_loc("painter"),
        f"painter must be one of {', '.join(painters)}, got {type_name(painter)}{hint}",
    )
    return False


def resolve(
    layout: Layout,
    context: Context,
    size: tuple[float, float],
    label: str = "",
    safe: SafeZone | None = None,
) -> Face:
    """Render every box of `layout` for one item of trim `size` (points). `label` names the
    item in messages; `safe` is where its text must stay, if anywhere."""
    width, height = size
    # Expressions may use the item's size in millimetres, for layouts that follow it.
    context = {**context, "width": width / mm(1), "height": height / mm(1)}
    boxes, problems = [], Collector()
    for spec, seen in copies.each(layout.boxes, context, label, safe, problems):
        key = key_of(spec.reads, spec.painter, seen, size, safe, layout.name)
        # One look (a key hashed once); a box with no key (None) is never kept.
        found = spec.memo.get(key, ABSENT) if key is not None else ABSENT
        if found is not ABSENT:
            if isinstance(found, Box):  # else None: a box whose `when` does not hold
                boxes.append(found)
            continue
        try:  # every box's mistake told, not only the first's
            box = _resolved(spec, seen, size, height, label, safe, layout.name)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        if key is not None:
            spec.memo.put(key, box)
        if box is not None:
            boxes.append(box)
    problems.raise_if_any()
    return tuple(boxes)


def _resolved(
    spec: BoxSpec,
    context: Context,
    size: tuple[float, float],
    height: float,
    label: str,
    safe: SafeZone | None,
    layout: str = "",
) -> Box | None:
    """One box rendered for the item, or None when its `when` does not hold."""
    locs = spec.params.value_locs
    if spec.when is not None and not truthy(expand(spec.when, context, locs["when"])):
        return None
    x, y, w, h = box_mm(spec, context, label)
    rect = (mm(x), height - mm(y + h), mm(w), mm(h))
    check_place(spec, rect, size, label, safe)
    params: list[tuple[str, object]] = []
    for key, value in spec.params.items():
        if key in BOX_KEYS:
            continue
        try:
            if key == "with":  # a whole mapping from the context: a theme's motif
                # Without the row's own keys a motif never reads (a picture's title):
                # a side that differs only in them is the same art in every language. A
                # picture (`image`) stays: the art painter tells it is one for `image`.
                pairs = mapping(context, value)
                params.append(
                    (key, tuple(p for p in pairs if p[0] not in PASSING or p[0] == "image"))
                )
                continue
            rendered = coerce(spec.painter, key, render(value, context, locs[key]), spec.params)
            if key in ("piece", "picture"):  # mm from the top-left, like `box`
                px, py, pw, ph = rendered
                rendered = (mm(px), height - mm(py + ph), mm(pw), mm(ph))
            params.append((key, rendered))
        except ValueError as exc:
            source = f" (from '{value}')" if isinstance(value, str) and "{" in value else ""
            raise ContentError(
                Problem(locs[key], f"{label}: '{key}' of box '{spec.name}' {exc}{source}")
            ) from None
    params = bled_picture(spec, params, rect, size)  # drawn for a bleed of its own, if so
    return Box(
        spec.name,
        spec.painter,
        rect,
        tuple(sorted(completed(dict(params), context).items())),
        locs.get("text", spec.loc),
        tuple(sorted((k, v) for k, v in locs.items() if k not in BOX_KEYS)),
        layout,
    )
