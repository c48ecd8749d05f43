"""The one-page cheat sheet per language: rules.pdf."""

from __future__ import annotations

from bastelbogen.content.words import joined
from bastelbogen.output import Job, Writer, register
from bastelbogen.render.cheatsheet import write_cheatsheet


@register
class CheatSheet(Writer):
    name = "cheatsheet"
    order = 30
    alone = True  # the rules alone make the page: laid out beside the sheets (--jobs)
    checks = True

    def finish(self, job: Job, files: list[dict]) -> list[dict]:
        if job.game.rules is None:
            return []
        pages = write_cheatsheet(
            job.staging.path("rules.pdf"),
            job.game,
            job.templates,
            job.fonts,
            job.options.langs,
            job.options.settings,
            job.meta(joined(job.words, "rules")),
            job.options.theme,
            job.options.dry,
        )
        return [{"path": "rules.pdf", "pages": pages}]
