"""`--export shop --profile ID`: the files a print shop takes (profiles.py), into
export/shop/<profile>/: a picture per distinct face at the profile's pixels (png), or a PDF
a component with one card a page at trim and bleed, its two pages in the profile's order and
colours (pdf; pdfx.py).
Faces are laid out again at the shop's bleed. Cards of the profile's size are exported; a
near miss (within 3 %) only with --fit: scaled by one factor both ways, the larger, so the
art keeps its proportions and covers the shop's card, the overflow cut off evenly (said, in
mm); --stretch scales across and down apart instead. Text outside the shop's safe zone, as
the card lies on the shop's, is a located error; cards of other sizes are left out (a
located warning), never squashed. A build of several games leaves out, with a warning, the
games with no card the profile takes (`takes`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Game, Item
from bastelbogen.content.painters import PAINTERS
from bastelbogen.content.profiles import Profile
from bastelbogen.core.errors import Collector
from bastelbogen.core.geometry import IDENTITY, Rect
from bastelbogen.core.shapes import clearance, keeps_safe
from bastelbogen.core.units import mm, to_mm
from bastelbogen.layout.faces import Art
from bastelbogen.layout.layouts import Box
from bastelbogen.output import Entry, Job, register
from bastelbogen.output.exported import Export, Gathered, faces, pictures, relaid, save_png
from bastelbogen.render.raster import Shot

FOLDER = "export/shop"
SAME = mm(0.2)  # a card this close to the shop's size is that size
NEAR = 0.03  # --fit scales by at most this much
Laid = tuple[Item, Art | None, Art | None]  # a card laid out again: its item, front, back


@register
class Shop(Export):
    name = "shop"
    order = 34

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        profile, problems = job.profile, Collector()
        assert profile is not None  # the build reads one for --export shop
        chosen, left = _chosen(job, profile, problems)
        cards = [(one, fit, _relaid_cards(job, one, profile, fit)) for one, fit in chosen]
        for one, fit, laid in cards:
            _keeps_safe(job, one, fit, laid, problems)
        problems.raise_if_any()
        folder = f"{FOLDER}/{profile.id}"
        written: list[Entry] = []
        taken: set[str] = set()
        for one, _fit, laid in cards:
            written += (_pngs if profile.format == "png" else _pdf)(job, one, laid, folder, taken)
        index = {"profile": profile.id, "name": profile.name, "faces": written, "left-out": left}
        job.staging.path(f"{folder}/index.json").write_text(
            json.dumps(index, indent=1, ensure_ascii=False)
        )
        return [
            {
                "path": f"{folder}/index.json",
                "profile": profile.id,
                "files": len({cast(str, w["file"]) for w in written}),
            }
        ]


@dataclass(frozen=True)
class Fit:
    """How a card lies on the shop's: a point of the card (item-local points) goes to
    (x * scale[0] + offset[0], y * scale[1] + offset[1]) on the shop's trim."""

    scale: tuple[float, float]
    offset: tuple[float, float]

    def placed(self, rect: Rect) -> Rect:
        """A rect of the card as it lies on the shop's trim."""
        x, y, w, h = rect
        (sx, sy), (ox, oy) = self.scale, self.offset
        return (x * sx + ox, y * sy + oy, w * sx, h * sy)

    def seen(self, rect: Rect) -> Rect:
        """A rect of the shop's trim (a picture's extent) as a rect of the card."""
        x, y, w, h = rect
        (sx, sy), (ox, oy) = self.scale, self.offset
        return ((x - ox) / sx, (y - oy) / sy, w / sx, h / sy)


def _size(trim: tuple[float, float], profile: Profile) -> str:
    """A card's size against the profile's: "same", "near" (--fit may scale it) or ""."""
    (w, h), (pw, ph) = trim, profile.trim
    if abs(pw - w) <= SAME and abs(ph - h) <= SAME:
        return "same"
    return "near" if abs(pw / w - 1) <= NEAR and abs(ph / h - 1) <= NEAR else ""


def fit_of(trim: tuple[float, float], profile: Profile, stretch: bool) -> Fit:
    """The card of `trim` on the profile's: its size the same, centred; else one scale
    both ways, the larger, so that it covers the shop's card, centred, the overflow cut off
    evenly on the two sides it overflows; with `stretch` each axis scaled to the shop's."""
    (w, h), (pw, ph) = trim, profile.trim
    if _size(trim, profile) == "same":
        s = 1.0
    elif stretch:
        return Fit((pw / w, ph / h), (0.0, 0.0))
    else:
        s = max(pw / w, ph / h)
    return Fit((s, s), ((pw - s * w) / 2, (ph - s * h) / 2))


def _told(fit: Fit, to: str = "") -> str:
    """A fit in words: its scale (to the shop's size `to`), and what is cut off each side."""
    (sx, sy), (ox, oy) = fit.scale, fit.offset
    to = f" to {to}" if to else ""
    if abs(sx - sy) > 1e-9:
        return f"stretched by {sx:.4f} x {sy:.4f}{to}"
    sides = "left and right" if -ox >= -oy else "top and bottom"
    cut = to_mm(max(-ox, -oy))
    return f"scaled by {sx:.4f}{to}, {cut:.2f} mm cut off each side ({sides})"


def _sizes(cards: Iterable[tuple[float, float]]) -> str:
    return ", ".join(dict.fromkeys(f"{to_mm(w):g} x {to_mm(h):g} mm" for w, h in cards))


def takes(game: Game, profile: Profile, fit: bool) -> str:
    """Why the profile takes none of the game's cards ("" when it takes one, or a near miss
    it would name): the sizes of its cards, for the warning that leaves the game out of a
    build of several games."""
    cards = [kind_of(c).trim(c, game) for c in game.components if kind_of(c).dealt]
    sizes = [_size(t, profile) for t in cards]
    if "same" in sizes or (fit and "near" in sizes):
        return ""
    pw, ph = profile.trim
    return (
        f"game '{game.id}' is left out of --export shop: profile '{profile.id}' takes"
        f" {to_mm(pw):.1f} x {to_mm(ph):.1f} mm cards; "
        + (f"its cards are {_sizes(cards)}" if cards else "it has no cards")
        + (" (--fit takes cards within 3 % of its size)" if "near" in sizes else "")
    )


def _chosen(
    job: Job, profile: Profile, problems: Collector
) -> tuple[list[tuple[Gathered, Fit]], list[Entry]]:
    """The card components of the shop's size, or near it with --fit, with their fit; the
    rest listed as left out. A near miss without --fit, or no card at all, is an error."""
    chosen: list[tuple[Gathered, Fit]] = []
    left: list[Entry] = []
    cards = [g for g in faces(job) if kind_of(g.component).dealt]
    pw, ph = profile.trim
    stretch = job.options.stretch
    for one in cards:
        w, h = one.trim
        size = f"{to_mm(w):g} x {to_mm(h):g} mm"
        wanted = f"{to_mm(pw):.1f} x {to_mm(ph):.1f} mm"
        match, fit = _size(one.trim, profile), fit_of(one.trim, profile, stretch)
        if match == "same":
            chosen.append((one, fit))
        elif match == "near":
            if job.options.fit or stretch:
                chosen.append((one, fit))
                job.preflight.scaled(
                    one.component.loc,
                    f"component '{one.component.id}'"
                    f" ({size}) " + _told(fit, f"{profile.id}'s {wanted}"),
                )
            else:
                fitted = _told(fit_of(one.trim, profile, False))
                problems.add(
                    one.component.loc,
                    f"component '{one.component.id}' is {size};"
                    f" profile '{profile.id}' takes {wanted} cards; --fit scales it"
                    f" {fitted.removeprefix('scaled ')}; --stretch stretches it by"
                    f" {pw / w:.4f} x {ph / h:.4f}",
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
    _unscaled(job, [one.trim for one in cards], profile)
    if not chosen and not problems.problems:
        loc = cards[0].component.loc if cards else job.game.loc
        problems.add(
            loc,
            f"no card of this game is {to_mm(pw):.1f} x {to_mm(ph):.1f} mm,"
            f" the size profile '{profile.id}' takes",
        )
    return chosen, left


def _unscaled(job: Job, cards: list[tuple[float, float]], profile: Profile) -> None:
    """--fit or --stretch where no card of the game is near the profile's size (each is it,
    or far from it): nothing is scaled, and that is said."""
    flag = "--stretch" if job.options.stretch else "--fit" if job.options.fit else ""
    if flag and "near" not in {_size(trim, profile) for trim in cards}:
        job.preflight.idle_flag(
            job.game.loc,
            flag,
            f"no card of game '{job.game.id}' is within 3 % of profile '{profile.id}''s"
            " size without being it: none is scaled",
        )


def _extent(profile: Profile) -> Rect:
    """What the shop's file shows, on its trim: the picture's pixels (png), or the trim and
    bleed (pdf)."""
    pw, ph = profile.trim
    if profile.pixels is not None:
        w, h = (p * 72 / profile.dpi for p in profile.pixels)
    else:
        w, h = pw + 2 * profile.bleed[0], ph + 2 * profile.bleed[1]
    return ((pw - w) / 2, (ph - h) / 2, w, h)


def _relaid_cards(job: Job, one: Gathered, profile: Profile, fit: Fit) -> list[Laid]:
    """Each card's (item, front, back) laid out again with the bleed the shop's file shows
    of it."""
    x, y, w, h = fit.seen(_extent(profile))
    tw, th = one.trim
    bleed = max(0.0, -x, -y, x + w - tw, y + h - th)
    out: list[Laid] = []
    for item, _front, back in one.cards:
        out.append(
            (
                item,
                relaid(job, item, "front", one.trim, bleed),
                relaid(job, item, "back", one.trim, bleed) if back is not None else None,
            )
        )
    return out


def _keeps_safe(job: Job, one: Gathered, fit: Fit, laid: list[Laid], problems: Collector) -> None:
    """Text of every face inside the shop's safe zone, as the card lies on the shop's
    (scaled, and cut where --fit crops it): the card's own outline (rounded corners too) at
    the shop's size, shrunk by the profile's safe width."""
    profile = job.profile
    assert profile is not None  # the shop's files are written only for a profile
    across, down = (p / t for p, t in zip(profile.trim, one.trim, strict=True))
    cut = tuple(
        tuple((x * across, y * down) for x, y in loop)
        for loop in kind_of(one.component).outline(one.component, job.game)
    )
    for item, *arts in laid:
        for side, art in zip(("front", "back"), arts, strict=True):
            for box in _upright_text(art):
                rect = fit.placed(box.rect)
                if not keeps_safe(cut, profile.safe, rect):
                    problems.add(
                        box.loc,
                        f"item '{item.id}' ({side}): box"
                        f" '{box.name}' comes within"
                        f" {to_mm(clearance(cut, rect)):.2f} mm of"
                        f" the cut; profile '{profile.id}' keeps text"
                        f" {to_mm(profile.safe):.2f} mm inside",
                    )


def _upright_text(art: Art | None) -> list[Box]:
    """The text boxes of an art's parts drawn as they lie (not turned or moved)."""
    return [
        box
        for matrix, face in (art.layers if art is not None else ())
        if matrix == IDENTITY
        for box in face
        if isinstance(box, Box) and PAINTERS[box.painter].text
    ]


def _shot(art: Art, fit: Fit, profile: Profile, side: str, item: Item) -> Shot:
    """The shop's picture of a face: its extent on the shop's trim, seen on the card."""
    assert profile.pixels is not None  # pictures are shot for a png profile, which gives them
    label = f"item '{item.id}' ({side})"
    return Shot(art, fit.seen(_extent(profile)), profile.pixels, label, item)


def _pngs(job: Job, one: Gathered, laid: list[Laid], folder: str, taken: set[str]) -> list[Entry]:
    """A picture per distinct face, named by the profile, with its count."""
    profile = job.profile
    # the build reads one for --export shop, and a png profile gives its pixels
    assert profile is not None and profile.pixels is not None
    fit = fit_of(one.trim, profile, job.options.stretch)
    distinct: dict[tuple[Art, str], list[Item]] = {}
    for item, front, back in laid:
        for side, art in (("front", front), ("back", back)):
            if art is not None:
                distinct.setdefault((art, side), []).append(item)
    shots = [_shot(art, fit, profile, side, items[0]) for (art, side), items in distinct.items()]
    out: list[Entry] = []
    for n, (((_art, side), items), image) in enumerate(
        zip(distinct.items(), pictures(job, shots, profile.dpi), strict=True), start=1
    ):
        component, first = one.component.id, items[0].id
        name = profile.name_of(len(distinct), n, component=component, item=first, side=side)
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


def _pdf(job: Job, one: Gathered, laid: list[Laid], folder: str, taken: set[str]) -> list[Entry]:
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
    mark = job.options.version_mark or ""  # every front drawn carries it, as on the sheets
    forms = Forms(c, PaintContext(job.fonts, job.game.folder, lang=job.lang, mark=mark))
    fit = fit_of(one.trim, profile, job.options.stretch)
    pages = 0
    for item, front, back in laid:
        for art in (back, front) if profile.order == "back-first" else (front, back):
            if art is not None:
                page_boxes(c, profile)
                c.translate(bx + fit.offset[0], by + fit.offset[1])
                c.scale(*fit.scale)
                side = "front" if art is front else "back"
                forms.place(art, (1, 0, 0, 1, 0, 0), f"item '{item.id}' ({side})", item=item)
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
