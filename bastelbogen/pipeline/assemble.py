"""A kit's files written in order: each planned file painted and handed to the writers,
then the writers' own files (the cheat sheet, the exports, the manifest). With --jobs the
files are painted and written in worker processes, and the cheat sheet beside them; what
each worker found comes back in file order, so the kit is the same bytes either way."""

from __future__ import annotations

import io
import re
import time
from contextlib import closing
from dataclasses import replace
from typing import cast

from bastelbogen.checks.preflight import Found, Preflight
from bastelbogen.content.models import Variant
from bastelbogen.core import budget, limits
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.geometry import IDENTITY
from bastelbogen.core.remembered import REMEMBERED, Result, digest
from bastelbogen.core.workers import in_order
from bastelbogen.layout.fingerprints import FACES, Faces, Fingerprints, faces_of, merged
from bastelbogen.layout.kit import LaidOut, paint_file, plan_files, tell_seams
from bastelbogen.layout.proof import Kit, prove
from bastelbogen.output import Entry, Job, Writer
from bastelbogen.render.paint import Forms, PaintContext
from bastelbogen.render.pdf import Canvas

TOLD = limits.MAX_FAULTS_TOLD  # layout problems told at most, then how many more there are


def write_kit(job: Job, variant: Variant | None, writers: list[Writer], jobs: int) -> list[Entry]:
    """Every file of the kit written into the staging folder; their manifest entries. The
    laid-out kit proves itself first (proof.py): a broken invariant stops it before any
    file is written. A mistake in the layouts stops it too, but told with every other one
    of every item's sides (`every_fault`): a designer fixes them all in one round."""
    try:
        return _write_kit(job, variant, writers, jobs)
    except ContentError as first:
        raise every_fault(job, variant, first) from None


def every_fault(job: Job, variant: Variant | None, first: ContentError) -> ContentError:
    """The first fault found and those of every other item side: each side resolved and
    drawn on its own, so that one fault does not hide the next. Only a build that failed
    pays for this; a good one never comes here. At most TOLD are told."""
    found = Collector()
    found.extend(first.problems)
    try:
        planned = plan_files(job.game, variant, job.options, job.layouts)
    except ContentError:
        return first
    # One language at a time: a file compared across languages reads every template.
    # (The options are the build's BuildOptions, a dataclass behind their Protocol.)
    langs = [replace(job.options, langs=(lang,)) for lang in job.options.langs]
    # Bounded: a stranger's template may be slow on every item (each refused, but only
    # after its work), and once the build's expression time is spent every expression
    # after would be refused too. What was found by then is told.
    ends = time.thread_time() + limits.FAULT_SEARCH_SECONDS
    for plan, options in ((plan, options) for plan in planned for options in langs):
        if time.thread_time() > ends or budget.spent():
            break
        try:
            laid = list(paint_file(job.game, plan, job.layouts, options, None))
        except ContentError as exc:
            found.extend(exc.problems)
            continue
        for one in laid:
            found.extend(_drawn_faults(job, one, ends))
    return told_faults(found.problems, time.thread_time() > ends or budget.spent())


def told_faults(found: list[Problem], stopped: bool) -> ContentError:
    """What a search for every fault found, as it is told (by the build and the preview):
    once a place, in the order of their places, at most TOLD, and said when the search
    `stopped` before its end."""
    told = sorted(_once_a_place(found), key=lambda p: (p.loc.file, p.loc.line, p.loc.col))
    if stopped:
        told.append(
            Problem(
                told[-1].loc,
                f"stopped looking for more faults after {limits.FAULT_SEARCH_SECONDS:g} s"
                " of work; mend these and validate again",
            )
        )
    if len(told) <= TOLD:
        return ContentError(told)
    # Said after the last one told (at its place, so that it is listed last).
    more = Problem(told[TOLD - 1].loc, f"and {len(told) - TOLD} more problems after this one")
    return ContentError([*told[:TOLD], more])


def _drawn_faults(job: Job, laid: LaidOut, ends: float) -> list[Problem]:
    """The faults of each side of the file's items, each resolved and drawn as the build
    would, on a canvas thrown away, until the search's time `ends`."""
    found: list[Problem] = []
    forms = None
    for item, side in ((item, side) for item in laid.items for side in ("front", "back")):
        if time.thread_time() > ends or budget.spent():
            break
        if forms is None:  # a form left half drawn by a fault spoils its canvas: a new one
            ctx = PaintContext(
                job.fonts, job.game.folder, dry=True, lang=laid.arts.lang, tables=job.game.tables
            )
            forms = Forms(Canvas(io.BytesIO()), ctx)
        try:
            art, key, _own = laid.arts.placed(item, side)
            if art is not None:
                forms.place(art, IDENTITY, f"item '{item.id}' ({side})", None, item.loc, key, item)
        except ContentError as exc:
            found.extend(exc.problems)
            forms = None
    return found


_ITEM = re.compile(r"^item '[^']*' \([^)]*\): ")  # the label a problem names its item by


def _once_a_place(problems: list[Problem]) -> list[Problem]:
    """Each fault once: one a template gives every item it draws is told for its first
    item, with how many more share it."""
    # (place, message without the item) -> (the problem, the messages of its items)
    first: dict[tuple[Loc, str], tuple[Problem, set[str]]] = {}
    for problem in problems:
        key = (problem.loc, _ITEM.sub("", problem.message))
        first.setdefault(key, (problem, set()))[1].add(problem.message)
    return [
        replace(p, tail=f"{p.tail} (and {n} more item{'s' if n > 1 else ''})") if n else p
        for p, n in ((p, len(items) - 1) for p, items in first.values())
    ]


def _faces(job: Job, laid: LaidOut) -> Faces:
    """What the file's pieces draw, as fingerprints (layout/fingerprints.py) for the
    manifest; nothing when validating, which writes none."""
    if job.options.dry:
        return {}
    prints = _prints(job)
    made_of = job.made_of()
    key = None if made_of is None else digest("faces", made_of, laid.name)
    return faces_of(laid, prints, job.options.langs, key)


def _prints(job: Job) -> Fingerprints:
    """The build's fingerprints of what its arts draw (one, for every file)."""
    prints = job.kept.get("fingerprints")
    if not isinstance(prints, Fingerprints):
        fonts = job.fonts
        prints = Fingerprints(job.game.folder, fonts.paths, fonts.icons)
        job.kept["fingerprints"] = prints
    return prints


def _ready(job: Job, writers: list[Writer], workers: int) -> None:
    """What the writers' work loads when it first needs it, loaded before `workers` (more
    than one) are forked: once, shared by them all, not once by each."""
    if workers > 1:
        for writer in writers:
            writer.ready(job)


def _write_kit(job: Job, variant: Variant | None, writers: list[Writer], jobs: int) -> list[Entry]:
    planned = plan_files(job.game, variant, job.options, job.layouts)
    tell_seams(planned, job.preflight)
    # Each file laid out once: proved, then written with what its arts resolved for the proof.
    laid_files = [
        list(paint_file(job.game, plan, job.layouts, job.options, None, job.made_of()))
        for plan in planned
    ]
    prove(
        Kit(
            job.game,
            [laid for file in laid_files for laid in file],
            job.options.settings,
            job.options.langs,
            variant,
        )
    )
    beside = _beside(writers)
    tasks = len(planned) + len(beside)

    def work(n: int) -> tuple[list[Entry], Found, set[object], dict[str, Result], Faces]:
        """One file (or the page of a writer that needs none): what it wrote, what the
        preflight found on the way, (validating) the faces it drew, and the fingerprints
        of what its pieces draw."""
        own = replace(
            job, preflight=Preflight(), drawn=None if job.drawn is None else set(job.drawn)
        )
        entries: list[Entry] = []
        faces: Faces = {}
        if n >= len(planned):  # one entry: {each writer's name: its files}
            entries = [{w.name: w.finish(own, []) for w in beside[n - len(planned)]}]
        else:
            for laid in laid_files[n]:
                laid.arts.tell_to(own.preflight)  # the proof's were told nothing
                if not job.options.dry:
                    laid.arts.fingerprint_with(_prints(own).of)
                for writer in writers:
                    entries += writer.component(own, laid)
                merged(faces, _faces(own, laid))
        drew = own.drawn - job.drawn if own.drawn is not None and job.drawn is not None else set()
        return entries, own.preflight.found(), drew, REMEMBERED.fresh(), faces

    apart = jobs if all(w.apart for w in writers) else 1  # exports gather in one process
    _ready(job, writers, min(apart, tasks))
    files: list[Entry] = []
    early: dict[str, list[Entry]] = {}  # what each writer beside the files wrote
    # Closed before an error goes on to remove the staging folder: no worker writes after.
    with closing(in_order(work, tasks, apart)) as done:
        for n, (entries, found, drew, fits, faces) in enumerate(done):
            merged(cast(Faces, job.kept.setdefault(FACES, {})), faces)
            job.preflight.merge(found)
            REMEMBERED.merge(fits)
            if drew and job.drawn is not None:  # drew only when drawn faces are kept
                job.drawn |= drew
            if n < len(planned):
                files += entries
            else:
                early.update(cast(dict[str, list[Entry]], entries[0]))
    for writer in writers:
        files += early[writer.name] if writer.alone else writer.finish(job, files)
    return files


def _beside(writers: list[Writer]) -> list[list[Writer]]:
    """The tasks of the writers that need no file (`alone`): one each, but a writer that
    reads what another found (`after`) runs in that one's task, after it."""
    tasks: list[list[Writer]] = []
    for writer in (w for w in writers if w.alone):
        host = next((t for t in tasks if any(w.name == writer.after for w in t)), None)
        if host is not None:
            host.append(writer)
        else:
            tasks.append([writer])
    return tasks
