"""`--export shop --profile ID`: the files a print shop takes (profiles.py), into
export/shop/<profile>/: a picture per distinct face at the profile's pixels (png), or a PDF
a component with one card a page at trim and bleed, its two pages in the profile's order and
colours (pdf; pdfx.py).
Faces are laid out again at the shop's bleed. Cards of the profile's size are exported; a
near miss (within 3 %) only with --fit, scaled and said; text outside the shop's safe zone is
a located error; cards of other sizes are left out (a located warning), never squashed."""

from __future__ import annotations

import json

from bastelbogen.content.kinds import kind_of
from bastelbogen.content.painters import PAINTERS
from bastelbogen.content.profiles import Profile
from bastelbogen.core.errors import Collector
from bastelbogen.core.geometry import IDENTITY
from bastelbogen.core.shapes import clearance, keeps_safe
from bastelbogen.core.units import mm, to_mm
from bastelbogen.layout.faces import Art
from bastelbogen.layout.layouts import Box
from bastelbogen.output import Job, register
from bastelbogen.output.exported import Export, Gathered, faces, pictures, relaid, save_png
from bastelbogen.render.raster import Shot

FOLDER = "export/shop"
SAME = mm(0.2)  # a card this close to the shop's size is that size
NEAR = 0.03  # --fit scales by at most this much


@register
class Shop(Export):
    name = "shop"
    order = 34

    def finish(self, job: Job, files: list[dict]) -> list[dict]:
        profile, problems = job.profile, Collector()
        assert profile is not None  # the build reads one for --export shop
        chosen, left = _chosen(job, profile, problems)
        cards = [(one, scale, _relaid_cards(job, one, profile, scale)) for one, scale in chosen]
        for one, scale, laid in cards:
            _keeps_safe(job, one, scale, laid, problems)
        problems.raise_if_any()
        folder = f"{FOLDER}/{profile.id}"
        written: list[dict] = []
        taken: set[str] = set()
        for one, _scale, laid in cards:
            written += (_pngs if profile.format == "png" else _pdf)(job, one, laid, folder, taken)
        index = {"profile": profile.id, "name": profile.name, "faces": written, "left-out": left}
        job.staging.path(f"{folder}/index.json").write_text(
            json.dumps(index, indent=1, ensure_ascii=False)
        )
        return [
            {
                "path": f"{folder}/index.json",
                "profile": profile.id,
                "files": len({w["file"] for w in written}),
            }
        ]


def _chosen(job: Job, profile, problems: Collector):
    """The card components of the shop's size (scale 1), or near it with --fit; the rest
    listed as left out. A near miss without --fit, or no card at all, is an error."""
    chosen, left, cards = [], [], [g for g in faces(job) if kind_of(g.component).name == "card"]
    pw, ph = profile.trim
    for one in cards:
        w, h = one.trim
        scale = (pw / w, ph / h)
        size = f"{to_mm(w):g} x {to_mm(h):g} mm"
        wanted = f"{to_mm(pw):.1f} x {to_mm(ph):.1f} mm"
        if abs(pw - w) <= SAME and abs(ph - h) <= SAME:
            chosen.append((one, (1.0, 1.0)))
        elif all(abs(f - 1) <= NEAR for f in scale):
            said = f"{scale[0]:.4f} x {scale[1]:.4f}"
            if job.options.fit:
                chosen.append((one, scale))
                job.preflight.scaled(
                    one.component.loc,
                    f"component '{one.component.id}'"
                    f" ({size}) scaled by {said} to {profile.id}'s {wanted}",
                )
            else:
                problems.add(
                    one.component.loc,
                    f"component '{one.component.id}' is {size};"
                    f" profile '{profile.id}' takes {wanted} cards; --fit scales it"
                    f" by {said}",
                )
        else:  # another card of the game (Museo's square pictures): said, and left out
            left.append(
                {"component": one.component.id, "size_mm": [round(to_mm(w), 2), round(to_mm(h), 2)]}
            )
            job.preflight.left_out(
                one.component.loc,
                f"component '{one.component.id}' ({size})"
                f" is left out: profile '{profile.id}' takes {wanted}"
                " cards",
            )
    if not chosen and not problems.problems:
        loc = cards[0].component.loc if cards else job.game.loc
        problems.add(
            loc,
            f"no card of this game is {to_mm(pw):.1f} x {to_mm(ph):.1f} mm,"
            f" the size profile '{profile.id}' takes",
        )
    return chosen, left


def _relaid_cards(
    job: Job, one: Gathered, profile: Profile, scale: tuple[float, float]
) -> list[tuple]:
    """Each card's (item, front, back) laid out again at the shop's bleed."""
    bleed = max(profile.bleed[0] / scale[0], profile.bleed[1] / scale[1])
    out = []
    for item, _front, back in one.cards:
        out.append(
            (
                item,
                relaid(job, item, "front", one.trim, bleed),
                relaid(job, item, "back", one.trim, bleed) if back is not None else None,
            )
        )
    return out


def _keeps_safe(
    job: Job, one: Gathered, scale: tuple[float, float], laid: list[tuple], problems: Collector
) -> None:
    """Text of every face inside the shop's safe zone, once the card is at the shop's size:
    the card's own outline (rounded corners too) scaled to it, shrunk by the profile's safe
    width."""
    profile = job.profile
    assert profile is not None  # the shop's files are written only for a profile
    cut = tuple(
        tuple((x * scale[0], y * scale[1]) for x, y in loop)
        for loop in kind_of(one.component).outline(one.component, job.game)
    )
    for item, *arts in laid:
        for side, art in zip(("front", "back"), arts, strict=True):
            for box in _upright_text(art):
                x, y, w, h = box.rect
                rect = (x * scale[0], y * scale[1], w * scale[0], h * scale[1])
                if not keeps_safe(cut, profile.safe, rect):
                    problems.add(
                        box.loc,
                        f"item '{item.id}' ({side}): box"
                        f" '{box.name}' comes within"
                        f" {to_mm(clearance(cut, rect)):.2f} mm of"
                        f" the cut; profile '{profile.id}' keeps text"
                        f" {to_mm(profile.safe):.2f} mm inside",
                    )


def _upright_text(art) -> list[Box]:
    """The text boxes of an art's parts drawn as they lie (not turned or moved)."""
    return [
        box
        for matrix, face in (art.layers if art is not None else ())
        if matrix == IDENTITY
        for box in face
        if isinstance(box, Box) and PAINTERS[box.painter].text
    ]


def _shot(
    one: Gathered, art: Art, scale: tuple[float, float], profile: Profile, label: str
) -> Shot:
    assert profile.pixels is not None  # pictures are shot for a png profile, which gives them
    bx, by = profile.bleed[0] / scale[0], profile.bleed[1] / scale[1]
    w, h = one.trim
    return Shot(art, (-bx, -by, w + 2 * bx, h + 2 * by), profile.pixels, label)


def _pngs(job: Job, one: Gathered, laid: list[tuple], folder: str, taken: set[str]) -> list[dict]:
    """A picture per distinct face, named by the profile, with its count."""
    profile = job.profile
    # the build reads one for --export shop, and a png profile gives its pixels
    assert profile is not None and profile.pixels is not None
    scale = (profile.trim[0] / one.trim[0], profile.trim[1] / one.trim[1])
    distinct: dict = {}
    for item, front, back in laid:
        for side, art in (("front", front), ("back", back)):
            if art is not None:
                distinct.setdefault((art, side), []).append(item)
    shots = [
        _shot(one, art, scale, profile, f"item '{items[0].id}'")
        for (art, _), items in distinct.items()
    ]
    out = []
    for n, (((_art, side), items), image) in enumerate(
        zip(distinct.items(), pictures(job, shots, profile.dpi), strict=True), start=1
    ):
        component, item = one.component.id, items[0].id
        name = profile.name_of(len(distinct), n, component=component, item=item, side=side)
        _claim(profile, name, taken)
        save_png(image, job.staging.path(f"{folder}/{name}"), profile.dpi)
        out.append(
            {
                "file": name,
                "component": one.component.id,
                "side": side,
                "count": len(items),
                "items": sorted({i.id for i in items}),
                "size_px": list(profile.pixels),
            }
        )
    return out


def _pdf(job: Job, one: Gathered, laid: list[tuple], folder: str, taken: set[str]) -> list[dict]:
    """One card a page at trim and bleed, a card's two pages in the profile's order; in the
    profile's colour and standard (pdfx.py)."""
    from bastelbogen.output.pdfx import page_boxes, shop_canvas
    from bastelbogen.render.paint import Forms, PaintContext

    profile = job.profile
    assert profile is not None  # the build reads one for --export shop
    name = profile.name_of(1, 1, component=one.component.id, item="", side="")
    _claim(profile, name, taken)
    path = job.staging.path(f"{folder}/{name}")
    pw, ph = profile.trim
    bx, by = profile.bleed
    c = shop_canvas(
        path,
        job.meta(one.component.name.get(job.lang)),
        (pw + 2 * bx, ph + 2 * by),
        job.fonts["regular"],
        profile,
    )
    forms = Forms(c, PaintContext(job.fonts, job.game.folder, lang=job.lang))
    scale = (pw / one.trim[0], ph / one.trim[1])
    pages = 0
    for item, front, back in laid:
        for art in (back, front) if profile.order == "back-first" else (front, back):
            if art is not None:
                page_boxes(c, profile)
                c.translate(bx, by)
                c.scale(*scale)
                forms.place(art, (1, 0, 0, 1, 0, 0), f"item '{item.id}'")
                c.showPage()
                pages += 1
    c.save()
    return [
        {
            "file": name,
            "component": one.component.id,
            "pages": pages,
            "size_mm": [round(to_mm(pw + 2 * bx), 3), round(to_mm(ph + 2 * by), 3)],
        }
    ]


def _claim(profile: Profile, name: str, taken: set[str]) -> None:
    """A file's name, unless another face of the export has it (case aside, as some file
    systems see it): then the profile's naming is at fault."""
    from bastelbogen.core.errors import ContentError, Problem

    if name.lower() in taken:
        raise ContentError(
            Problem(
                profile.loc,
                f"profile '{profile.id}': two faces are named"
                f" {name}; put {{component}} and {{item}} or {{n}} in its"
                " 'files'",
            )
        )
    taken.add(name.lower())
