"""manifest.json: the options of the build and every file, page and placed item with its
trim in millimetres, for print shops, cutting software and tests to read."""

from __future__ import annotations

import json

from ..options import record
from ..units import to_mm
from . import Job, Writer, register


@register
class Manifest(Writer):
    name = "manifest"
    order = 90  # lists every file the others wrote

    def finish(self, job: Job, files: list[dict]) -> list[dict]:
        settings = job.options.settings
        manifest = {"game": job.game.id, "paper": settings.paper, "duplex": settings.duplex,
                    "bleed_mm": round(to_mm(settings.bleed), 3),
                    "margin_mm": round(to_mm(settings.margin), 3),
                    "options": record(job.options.values()), "files": files}
        if job.game.themes:
            manifest["theme"] = job.options.theme
        job.staging.path("manifest.json").write_text(
            json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
        return []
