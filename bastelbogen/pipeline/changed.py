"""`pnp build --changed-since REF`: which pieces to print again. Each piece of the kit as
it is now is fingerprinted (what its front and back draw: layout/fingerprints.py) and
compared with what the earlier build REF recorded (pipeline/earlier.py), by language,
component and piece: a piece whose front, back or number of copies differs, or that REF
did not have, is printed again, every copy of it, laid out as any kit; the others are
left out by a variant that keeps only the changed ones (`Picked`). Pieces REF had and the
kit no longer has are told on changes.pdf (output/changes.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bastelbogen.content.models import Text, Variant
from bastelbogen.core.errors import Loc
from bastelbogen.core.remembered import digest
from bastelbogen.layout.fingerprints import (
    FACES,
    SINCE,
    Faces,
    Fingerprints,
    Recorded,
    faces_of,
    merged,
    recorded,
)
from bastelbogen.layout.kit import paint_file, plan_files
from bastelbogen.output import Job
from bastelbogen.output.changes import CHANGES, Changed, Changes
from bastelbogen.pipeline.earlier import SIDES, Earlier

if TYPE_CHECKING:  # the build calls this module: its type only, no import back
    from bastelbogen.pipeline.build import Prepared

Keys = set[tuple[str, str]]  # (component id, the item's data written out): the pieces kept


@dataclass(frozen=True)
class Picked(Variant):
    """The build's variant (or none), less every piece not `kept`: the kit of what changed."""

    base: Variant | None = None
    kept: frozenset[tuple[str, str]] = field(default_factory=frozenset)

    @classmethod
    def of(cls, base: Variant | None, kept: Keys) -> Picked:
        loc = Loc("--changed-since")
        name = base.name if base is not None else Text((), loc)
        return cls("", name, "", "", (), loc, (), base, frozenset(kept))

    def drops(self, component: str, data: Mapping[str, object]) -> bool:
        if self.base is not None and self.base.drops(component, data):
            return True
        return (component, written(data)) not in self.kept


def written(data: Mapping[str, object]) -> str:
    """An item's data as one text: the same for the same item each time it is made."""
    try:
        return json.dumps(data, sort_keys=True, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):  # keys of several types: in the order written
        return repr(data)


def now(ready: Prepared) -> tuple[Faces, dict[tuple[str, str], str]]:
    """Every piece's fingerprints as the kit is now, and each piece's data as `written`
    (by component and piece id): every file laid out and its arts resolved, not drawn."""
    prints = Fingerprints(ready.game.folder, ready.fonts.paths, ready.fonts.icons)
    faces: Faces = {}
    data: dict[tuple[str, str], str] = {}
    for plan in plan_files(ready.game, ready.variant, ready.options, ready.layouts):
        for laid in paint_file(ready.game, plan, ready.layouts, ready.options, None):
            merged(faces, faces_of(laid, prints, ready.options.langs, None))
            for item in laid.items:
                data.setdefault((item.component.id, item.id), written(item.data))
    return faces, data


def compared(
    before: Earlier, faces: Faces, data: dict[tuple[str, str], str], base: Variant | None
) -> Changes:
    """What changed since `before`: each piece (in each language built) whose sides or
    copies differ from its record there, or that it lacks; and the pieces it had that the
    kit has no more (in the languages both built)."""
    current = recorded(faces)
    changed: list[Changed] = []
    for lang, components in current.items():
        for component, pieces in components.items():
            for piece, (front, back, copies) in pieces.items():
                row = _row(before, lang, component, piece, [front, back, copies])
                if row is not None:
                    changed.append(row)
    removed = [
        (lang, component, piece)
        for lang, components in before.faces.items()
        if lang in current
        for component, pieces in components.items()
        for piece in pieces
        if piece not in current[lang].get(component, {})
    ]
    kept = {(c.component, data[c.component, c.piece]) for c in changed}
    shown = _once(changed, current)
    return Changes(before.told, shown, removed, Picked.of(base, kept), faces)


def _once(changed: list[Changed], current: Recorded) -> list[Changed]:
    """Each change shown once for the languages it is the same in (a file with no words
    serves them all): its languages joined, `de, en`."""
    alike: dict[tuple[object, ...], Changed] = {}
    for row in changed:
        now = current[row.lang][row.component][row.piece]
        key = (row.component, row.piece, row.how, row.sides, repr(now), repr(row.before))
        first = alike.get(key)
        alike[key] = row if first is None else replace(first, lang=f"{first.lang}, {row.lang}")
    return list(alike.values())


def _row(
    before: Earlier, lang: str, component: str, piece: str, new: list[object]
) -> Changed | None:
    old = before.faces.get(lang, {}).get(component, {}).get(piece)
    if old == new:
        return None
    if old is None and _drawn_in_another(before, component, piece, new):
        return None  # a piece without words, printed then in another language
    if old is None:
        sides = tuple(s for s, f in zip(SIDES, new[:2], strict=True) if f is not None)
        return Changed(lang, component, piece, "new", sides)
    sides = tuple(s for n, s in enumerate(SIDES) if old[n] != new[n] and new[n] is not None)
    where = {
        s: before.placed[lang, component, piece, s]
        for s in SIDES
        if (lang, component, piece, s) in before.placed
    }
    return Changed(lang, component, piece, "changed", sides or ("front",), where)


def hand_over(job: Job, changes: Changes) -> Picked:
    """What the writers of a --changed-since kit read: the changes (changes.pdf), every
    piece's fingerprints (the manifest records the whole kit as it is now, so that a later
    build compares with all of it), how REF was named; and the digest of what the kit is
    made of joined by the pieces kept, under which no file of another selection is reused.
    The variant that keeps only the pieces changed."""
    job.kept[CHANGES] = changes
    job.kept[FACES] = changes.faces
    job.kept[SINCE] = changes.since
    assert isinstance(changes.variant, Picked)
    made_of = job.made_of()
    if made_of is not None:
        job.kept["made of"] = digest("changed", made_of, sorted(changes.variant.kept))
    return changes.variant


def _drawn_in_another(before: Earlier, component: str, piece: str, new: list[object]) -> bool:
    """Whether REF drew the piece just so in a language of its own (one this build adds
    prints nothing again that has no words of its own)."""
    return any(faces.get(component, {}).get(piece) == new for faces in before.faces.values())
