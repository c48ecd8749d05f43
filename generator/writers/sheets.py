"""The PDF sheets of each component: <component>.pdf."""

from __future__ import annotations

from ..render.paint import PaintContext
from ..render.pdf import write_pages
from . import Job, Writer, listed, register


@register
class Sheets(Writer):
    name = "sheets"
    order = 10

    def component(self, job: Job, laid) -> list[dict]:
        component = laid.component
        name = f"{component.id}.pdf"
        ctx = PaintContext(job.fonts, job.game.folder, swell=laid.swell,
                           preflight=job.preflight)
        write_pages(job.staging.path(name), laid.pages, laid.arts,
                    job.meta(component.name.get(job.lang)), ctx, job.words[job.lang])
        return [listed(name, laid.pages, component.kind)]
