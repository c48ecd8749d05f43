"""`--export png`: one picture per distinct face, trim and bleed, at --dpi (300), as
export/png/<component>/<item-id>-front.png (and -back), named after the first item that
shows it; identical faces are written once and export/png/index.json lists each with the
items that show it and their count. A hex, round or die-line piece is transparent outside
its outline (exported.cut_away)."""

from __future__ import annotations

import json
from typing import cast

from bastelbogen.core.units import to_mm
from bastelbogen.output import Entry, Job, register
from bastelbogen.output.exported import (
    Export,
    Face,
    boards_left_out,
    cut_away,
    faces,
    pictures,
    save_png,
    trim_shot,
)

FOLDER = "export/png"


@register
class Png(Export):
    name = "png"
    order = 30

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        dpi = job.options.dpi
        boards_left_out(job, self.name)
        listed: list[Entry] = []
        taken: set[str] = set()
        # Every picture's size is checked before the first is drawn.
        planned = [
            (one, [trim_shot(one, face, dpi, bleed=True) for face in one.faces.values()])
            for one in faces(job)
        ]
        for one, shots in planned:
            for face, shot, image in zip(
                one.faces.values(), shots, pictures(job, shots, dpi), strict=True
            ):
                name = _name(one.component.id, face, taken)
                image = cut_away(job, one, face, shot, image)
                save_png(image, job.staging.path(f"{FOLDER}/{name}"), dpi)
                listed.append(
                    {
                        "file": name,
                        "component": one.component.id,
                        "side": face.side,
                        "count": len(face.items),
                        "items": sorted({i.id for i in face.items}),
                        "size_px": list(shot.pixels),
                        "bleed_mm": round(to_mm(one.bleed), 3),
                    }
                )
        index = {"dpi": dpi, "faces": listed}
        path = f"{FOLDER}/index.json"
        job.staging.path(path).write_text(json.dumps(index, indent=1, ensure_ascii=False))
        return [
            {
                "path": path,
                "faces": len(listed),
                "pictures": sum(cast(int, f["count"]) for f in listed),
            }
        ]


def _name(component: str, face: Face, taken: set[str]) -> str:
    """<component>/<item id>-<side>.png after the first item showing the face, also for a
    face several items share (one back behind a deck: a file that says whose it is); a
    second face of that name (ids that differ in case only) takes .2, .3 …"""
    stem = f"{component}/{face.items[0].id}-{face.side}"
    name, n = f"{stem}.png", 1
    while name.lower() in taken:  # A-front and a-front are one file on some systems
        n += 1
        name = f"{stem}.{n}.png"  # ids have no dots: no item's own name is this
    taken.add(name.lower())
    return name
