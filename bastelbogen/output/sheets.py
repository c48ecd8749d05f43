"""The PDF sheets of each component, <component>.pdf, and the shared sheets, parts.pdf;
<lang>/<name>.pdf for each language when their parts carry words (kit.in_language). With
--pdfx they are written as --profile's shop takes its PDF (output/pdfx.py): in its CMYK and,
where it says so, as PDF/X-1a, for a print shop near the family."""

from __future__ import annotations

from functools import partial

from bastelbogen.core.remembered import REMEMBERED, digest, plain
from bastelbogen.layout.kit import LaidOut
from bastelbogen.output import Entry, Job, Writer, listed, register
from bastelbogen.output.pdfx import shop_canvas
from bastelbogen.render.paint import PaintContext
from bastelbogen.render.pdf import new_canvas, write_pages


@register
class Sheets(Writer):
    name = "sheets"
    order = 10
    checks = True

    def component(self, job: Job, laid: LaidOut) -> list[Entry]:
        name = f"{laid.name}.pdf"
        lang = laid.lang or job.lang
        title = laid.component.name.get(lang) if laid.component else job.words[lang]["parts"]
        ctx = PaintContext(
            job.fonts,
            job.game.folder,
            tables=job.game.tables,
            swell=laid.swell,
            preflight=job.preflight,
            dry=job.options.dry,
            drawn=job.drawn,
            mark=job.options.version_mark or "",
        )
        # --pdfx: the sheets as the profile's shop takes a PDF (CMYK, PDF/X-1a), pdfx.py;
        # the build has read its profile (pipeline/build._profile)
        make = new_canvas
        if job.options.pdfx and job.profile is not None:
            make = partial(shop_canvas, profile=job.profile)
        meta = job.meta(title)
        # A kit built again from the same inputs: each file is the one made before, copied.
        made_of = job.made_of()
        key = None if made_of is None else digest("sheets file", made_of, name, lang, meta)
        if key is None or not _copied(job, name, key):
            mark = job.preflight.mark()
            write_pages(
                job.staging.path(name), laid.pages, laid.arts, meta, ctx, job.words[lang], make
            )
            # What the drawing found is remembered with the file, and told by every build
            # that copies it; a finding that cannot be remembered draws the file each time.
            told = job.preflight.since(mark)
            if key is not None and plain(told):
                job.staging.made(name, key)
                REMEMBERED.put(digest("told", key), told)
        entry = listed(name, laid.pages, job.game)
        if laid.lang:
            entry["lang"] = lang
        if laid.swell:  # printed on swell paper (PRINT.txt says so)
            entry["swell"] = True
        if laid.component is None:  # a shared sheet: whose parts it holds
            entry["holds"] = [c.id for c in laid.components]
        return [entry]


def _copied(job: Job, name: str, key: str) -> bool:
    """The previous kit's file copied, if it was made of the same inputs, and what its
    drawing found told again (a copy warns as the drawing did)."""
    told = REMEMBERED.get(digest("told", key))
    if told is None or not job.staging.reused(name, key):
        return False
    job.preflight.retell(told)
    return True
