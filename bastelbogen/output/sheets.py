"""The PDF sheets of each component, <component>.pdf, and the shared sheets, parts.pdf;
<lang>/<name>.pdf for each language when their parts carry words (kit.in_language)."""

from __future__ import annotations

from bastelbogen.output import Job, Writer, listed, register
from bastelbogen.render.paint import PaintContext
from bastelbogen.render.pdf import write_pages


@register
class Sheets(Writer):
    name = "sheets"
    order = 10
    checks = True

    def component(self, job: Job, laid) -> list[dict]:
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
        )
        write_pages(
            job.staging.path(name), laid.pages, laid.arts, job.meta(title), ctx, job.words[lang]
        )
        entry = listed(name, laid.pages, job.game)
        if laid.lang:
            entry["lang"] = lang
        if laid.swell:  # printed on swell paper (PRINT.txt says so)
            entry["swell"] = True
        if laid.component is None:  # a shared sheet: whose parts it holds
            entry["holds"] = [c.id for c in laid.components]
        return [entry]
