"""manifest.json: the options of the build and every file, page and placed item with its
trim in millimetres, for print shops, cutting software and tests to read; and what each
piece's front and back draws, as fingerprints (layout/fingerprints.py), which a later
`pnp build --changed-since` compares with its own. A build given --label names itself."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TextIO, cast

from bastelbogen.content.options import record
from bastelbogen.content.printing import origins
from bastelbogen.core.units import to_mm
from bastelbogen.layout.fingerprints import FACES, SINCE, Faces, recorded
from bastelbogen.output import Entry, Job, Writer, register


@register
class Manifest(Writer):
    name = "manifest"
    order = 90  # lists every file the others wrote

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        settings = job.options.settings
        manifest: dict[str, object] = {
            "game": job.game.id,
            "paper": settings.paper,
            "duplex": settings.duplex,
            "bleed_mm": round(to_mm(settings.bleed), 3),
            "margin_mm": round(to_mm(settings.margin), 3),
            "options": record(job.options.values()),
            # each print setting's value and where it came from: the game file, the
            # command line or the default (content/printing.py)
            "settings": {
                name: {"value": value, "from": origin}
                for name, (value, origin) in origins(
                    job.options.values(), job.options.given or (), job.game.printing
                ).items()
            },
            "files": files,
        }
        if job.game.themes:
            manifest["theme"] = job.options.theme
        if job.options.label is not None:
            manifest["label"] = job.options.label
        if job.options.changed_since is not None:  # only the pieces changed since it
            manifest["changed_since"] = str(job.kept.get(SINCE, job.options.changed_since))
        manifest["faces"] = recorded(cast(Faces, job.kept.get(FACES, {})))
        with job.staging.path("manifest.json").open("w", encoding="utf-8") as out:
            write_json(out, manifest)
        return []


def write_json(out: TextIO, manifest: Mapping[str, object]) -> None:
    """The manifest as JSON, a line for each of its keys and each page of each file: easy
    to read and to diff, written as it goes (30,000 cards make 30 MB of it) by the fast
    encoder (an indented dump took seconds)."""

    def compact(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    top = [f"{compact(k)}: {compact(v)}" for k, v in manifest.items() if k != "files"]
    out.write("{\n " + ",\n ".join(top) + ',\n "files": [')
    for n, entry in enumerate(cast(list[Entry], manifest["files"])):
        rest = {k: v for k, v in entry.items() if k != "pages"}
        out.write(("," if n else "") + "\n  " + compact(rest)[:-1])
        if "pages" in entry:
            out.write((", " if rest else "") + '"pages": [')
            for k, page in enumerate(cast(list[object], entry["pages"])):
                out.write(("," if k else "") + "\n   " + compact(page))
            out.write("]")
        out.write("}")
    out.write("\n ]\n}\n")
