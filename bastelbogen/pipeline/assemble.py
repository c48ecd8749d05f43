"""A kit's files written in order: each planned file painted and handed to the writers,
then the writers' own files (the cheat sheet, the exports, the manifest). With --jobs the
files are painted and written in worker processes, and the cheat sheet beside them; what
each worker found comes back in file order, so the kit is the same bytes either way."""

from __future__ import annotations

from contextlib import closing
from dataclasses import replace

from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.models import Variant
from bastelbogen.core.workers import in_order
from bastelbogen.layout.kit import paint_file, plan_files
from bastelbogen.layout.proof import Kit, prove
from bastelbogen.output import Job, Writer


def write_kit(job: Job, variant: Variant | None, writers: list[Writer], jobs: int) -> list[dict]:
    """Every file of the kit written into the staging folder; their manifest entries. The
    laid-out kit proves itself first (proof.py): a broken invariant stops it before any
    file is written."""
    planned = plan_files(job.game, variant, job.options, job.layouts)
    prove(
        Kit(
            job.game,
            [
                laid
                for plan in planned
                for laid in paint_file(job.game, plan, job.layouts, job.options, None)
            ],
            job.options.settings,
            job.options.langs,
            variant,
        )
    )
    beside = [w for w in writers if w.alone]
    tasks = len(planned) + len(beside)

    def work(n: int):
        """One file (or the page of a writer that needs none): what it wrote, what the
        preflight found on the way, and (validating) the faces it drew."""
        own = replace(
            job, preflight=Preflight(), drawn=None if job.drawn is None else set(job.drawn)
        )
        entries = []
        if n >= len(planned):
            entries = beside[n - len(planned)].finish(own, [])
        else:
            for laid in paint_file(job.game, planned[n], job.layouts, job.options, own.preflight):
                for writer in writers:
                    entries += writer.component(own, laid)
        drew = own.drawn - job.drawn if own.drawn is not None and job.drawn is not None else set()
        return entries, own.preflight.found(), drew

    apart = jobs if all(w.apart for w in writers) else 1  # exports gather in one process
    files: list[dict] = []
    early: list[list[dict]] = []  # what the writers beside the files wrote, in their order
    # Closed before an error goes on to remove the staging folder: no worker writes after.
    with closing(in_order(work, tasks, apart)) as done:
        for n, (entries, found, drew) in enumerate(done):
            job.preflight.merge(found)
            if drew:
                job.drawn |= drew
            if n < len(planned):
                files += entries
            else:
                early.append(entries)
    for writer in writers:
        files += early[beside.index(writer)] if writer.alone else writer.finish(job, files)
    return files
