"""The one-page cheat sheet per language: rules.pdf, or with several languages one in each
language's folder (de/rules.pdf, en/rules.pdf), so each language's set is complete."""

from __future__ import annotations

from bastelbogen.layout.kit import in_language
from bastelbogen.output import Entry, Job, Writer, register


@register
class CheatSheet(Writer):
    name = "cheatsheet"
    order = 30
    alone = True  # the rules alone make the page: laid out beside the sheets (--jobs)
    checks = True

    def ready(self, job: Job) -> None:
        # platypus, which sets the page (and a card's paragraphs): every worker imported it
        # again, a fifteenth of a small build each (a validation forks two per variant).
        if job.game.rules is not None:
            import reportlab.platypus  # noqa: F401

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        if job.game.rules is None:
            return []
        # Loaded only for a game with rules: the typesetting is most of a build's start-up.
        from bastelbogen.render.rules.sheet import RulesSheet

        langs = job.options.langs
        entries = []
        for lang in langs:
            path = "rules.pdf" if len(langs) == 1 else f"{in_language('rules', lang)}.pdf"
            sheet = RulesSheet(
                job.game, job.templates, job.fonts, (lang,), job.options.settings, job.options.theme
            )
            sheet.tell(job.preflight)
            meta = job.meta(job.words[lang]["rules"])
            # An unchanged page is the previous kit's file again, not laid out anew.
            key = sheet.key(meta)
            if job.options.dry or not job.staging.reused(path, key):
                sheet.write(job.staging.path(path), meta, job.options.dry)
                if not job.options.dry:
                    job.staging.made(path, key)
            entry: Entry = {"path": path, "pages": sheet.listed}
            if len(langs) > 1:
                entry["lang"] = lang
            entries.append(entry)
        return entries
