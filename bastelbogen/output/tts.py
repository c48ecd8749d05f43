"""`--export tts`: Tabletop Simulator decks and dice. Each deck of cards or tiles becomes deck
sheets of at most 10 × 7 slots and 4096 × 4096 pixels (trim only): 69 cards a sheet, the last
slot holding the hidden card's image as TTS expects, so a bigger deck spans sheets. One back
for the whole deck is a picture of its own; backs that differ get back sheets of the same grid
(UniqueBack). export/tts/<game>.json is a saved object to load (Objects → Saved Objects):
one deck per component, `CustomDeck` per sheet, `CardID` = deck · 100 + slot, pictures as
file:/// addresses of the written files or under --base-url where they are hosted.

A deck's card shape (`Type`) follows its pieces' shape (CARD_TYPES); a hex or round piece's
slot is its picture inside its outline on the plain back colour. Cards are named after their
item's name or title (else its id), described by its text, and spawn at their physical size
(`scale`). Dice are written by ttsdice.py."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Item
from bastelbogen.core.names import numbered
from bastelbogen.core.shapes import Shape
from bastelbogen.core.units import to_mm
from bastelbogen.layout.faces import Art, localize
from bastelbogen.output import Entry, Job, register
from bastelbogen.output.exported import (
    Export,
    Face,
    Gathered,
    boards,
    cut_away,
    faces,
    left_out,
    pictures,
    pixels,
    save_png,
)
from bastelbogen.render.raster import Shot

if TYPE_CHECKING:
    from PIL.Image import Image as Picture

FOLDER = "export/tts"
Thing = dict[str, object]  # an object of a Tabletop Simulator save (a deck, a card, a die)
Slot = tuple[Art | None, str]  # a slot of a deck's sheet: the art it shows, its side
# Tabletop Simulator's deck sheet: 10 x 7 slots and 4096 pixels a side, its format (a
# bigger deck spans sheets, bigger cards shrink), not a limit on content.
TTS_COLS, TTS_ROWS, TTS_SIDE_PX = 10, 7, 4096
PER_SHEET = TTS_COLS * TTS_ROWS - 1  # the last slot shows the hidden card
PLAIN_BACK = (62, 62, 70)  # for a deck printed without backs; outside a hex or a circle
# A card's shape in TTS (api.tabletopsimulator.com/custom-game-objects, Custom Card `type`:
# 0 rectangle (rounded), 1 rectangle, 2 hex (rounded), 3 hex, 4 circle). A polygon or a
# path has no TTS shape: a rectangle showing the piece on the plain colour.
CARD_TYPES = {"rounded": 0, "rect": 1, "hex": 3, "circle": 4}
# TTS's hex card fills a portrait card, so its corners point up and down (inferred from its
# card being taller than wide; TTS's documents do not draw it): a flat-topped hex is turned
# a quarter on its sheet and its deck turned back a quarter on the table.
TTS_HEX = "pointy"
# TTS's unit is about an inch (kb.tabletopsimulator.com/custom-content/custom-tile,
# Thickness) and a card at scale 1 is a poker card's height, 3.5 in, its width following its
# picture's proportions: a piece of height h spawns at scale h / 3.5 in, both ways.
CARD_HEIGHT_MM = 88.9


@register
class Tts(Export):
    name = "tts"
    order = 32

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        from bastelbogen.output.ttsdice import dice

        objects: list[Thing] = []
        written: list[str] = []
        first_deck, rolled = 1, 0
        widths: list[float] = []  # each object's width on the table, TTS units (inches)
        for one in faces(job):
            if kind_of(one.component).rolls:
                rolling, paths = dice(job, one)
                objects += rolling
                written += paths
                rolled += len(rolling)
                widths += [1.0] * len(rolling)
                continue
            if not kind_of(one.component).backs:
                left_out(job, one, "Tabletop Simulator deck or die", "tts")
                continue
            deck, paths = _deck(job, one, first_deck)
            objects.append(deck)
            written += paths
            widths.append(to_mm(slot_trim(one)[0]) / 25.4)
            first_deck += len(cast(Thing, deck["CustomDeck"]))
        for one in boards(job):
            left_out(job, one, "Tabletop Simulator deck or die", "tts")
        if not objects:
            return []
        x = 0.0
        for obj, width in zip(objects, widths, strict=True):  # side by side, half an inch apart
            cast(dict[str, float], obj["Transform"])["posX"] = round(x + width / 2, 3)
            x += width + 0.5
        path = f"{FOLDER}/{job.game.id}.json"
        saved = {"SaveName": job.game.title.get(job.lang), "ObjectStates": objects}
        job.staging.path(path).write_text(json.dumps(saved, indent=1, ensure_ascii=False))
        return [{"path": path, "decks": len(objects) - rolled, "dice": rolled, "pictures": written}]


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `count` cards and the hidden slot."""
    slots = count + 1
    cols = min(TTS_COLS, slots)
    return cols, math.ceil(slots / cols)


def card_pixels(trim: tuple[float, float], dpi: float, cols: int, rows: int) -> tuple[int, int]:
    """A card's pixels at dpi, made smaller (same proportions) to keep the sheet in 4096."""
    w, h = pixels(trim, dpi)
    scale = min(1.0, TTS_SIDE_PX / (cols * w), TTS_SIDE_PX / (rows * h))
    return max(1, math.floor(w * scale)), max(1, math.floor(h * scale))


def card_type(shape: Shape) -> int:
    """The TTS card shape (`Type`) a piece of this shape is: see CARD_TYPES."""
    if shape.kind == "rounded" and shape.radius <= 0:
        return CARD_TYPES["rect"]
    return CARD_TYPES.get(shape.kind, CARD_TYPES["rect"])


def turned(one: Gathered) -> bool:
    """Whether the piece's picture is turned a quarter on the sheet: a hex whose corners
    point other than TTS's hex card's."""
    shape = one.component.shape
    return shape.kind == "hex" and shape.orient != TTS_HEX


def slot_trim(one: Gathered) -> tuple[float, float]:
    """The piece's trim as its slot on the sheet shows it (turned or not), points."""
    w, h = one.trim
    return (h, w) if turned(one) else (w, h)


def scale(one: Gathered) -> float:
    """The scale at which a card of this piece is its physical size (CARD_HEIGHT_MM)."""
    return round(to_mm(slot_trim(one)[1]) / CARD_HEIGHT_MM, 4)


def _deck(job: Job, one: Gathered, first_id: int) -> tuple[Thing, list[str]]:
    cards = one.cards
    backs = {back for _, _, back in cards}
    unique_back = len(backs) > 1
    custom: dict[str, Thing] = {}
    contained: list[Thing] = []
    ids: list[int] = []
    paths: list[str] = []
    url = _url(job)
    # One cell size for the whole deck, the fullest sheet's (the first): a last sheet of a
    # few cards would have bigger cells, and TTS would show its cards sharper than the rest.
    size = card_pixels(slot_trim(one), job.options.dpi, *grid(min(len(cards), PER_SHEET)))
    sheets = math.ceil(len(cards) / PER_SHEET)
    common = ""  # the one back, written once
    for n, start in enumerate(range(0, len(cards), PER_SHEET)):
        chunk = cards[start : start + PER_SHEET]
        cols, rows = grid(len(chunk))
        deck_id = first_id + n
        # ids have no dots: no other name is this; numbers padded, so they sort as they count
        name = f"{one.component.id}.{numbered(n + 1, sheets)}"
        fronts: list[Slot] = [(f, "front") for _, f, _ in chunk]
        hidden: Slot = (chunk[0][2], "back")
        face_file = _sheet(job, one, fronts, cols, rows, size, hidden, name)
        paths.append(face_file)
        if unique_back:
            back_file = _sheet(
                job,
                one,
                [(b, "back") for _, _, b in chunk],
                cols,
                rows,
                size,
                hidden,
                f"{one.component.id}.back.{numbered(n + 1, sheets)}",
            )
        else:
            common = common or _single(job, one, chunk[0][2], size, f"{one.component.id}.back")
            back_file = common
        if back_file not in paths:
            paths.append(back_file)
        custom[str(deck_id)] = {
            "FaceURL": url(face_file),
            "BackURL": url(back_file),
            "NumWidth": cols,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": card_type(one.component.shape),
        }
        for slot, (item, _, _) in enumerate(chunk):
            card_id = deck_id * 100 + slot
            ids.append(card_id)
            contained.append(_card(job, one, item, card_id, deck_id, custom[str(deck_id)]))
    if len(contained) == 1:  # TTS shows a deck of one as nothing: a single card it is
        return contained[0], paths
    deck: Thing = {
        "Name": "DeckCustom",
        "Nickname": one.component.name.get(job.lang),
        "Transform": transform(scale(one), turned(one)),
        "DeckIDs": ids,
        "CustomDeck": custom,
        "ContainedObjects": contained,
    }
    return deck, paths


def words(job: Job, item: Item) -> tuple[str, str]:
    """A card's nickname and description in the build's first language: its item's name or
    title (else its id) and its text, or those of the table row the item is made of (the
    row a field of it names whose id is the item's id, as `item-id: "{{ symbol }}"` makes)."""

    def field(data: Mapping[str, object], *names: str) -> str:
        for name in names:
            value = localize(data.get(name), job.lang, job.game.languages)
            if isinstance(value, str | int | float) and str(value).strip():
                return str(value)
        return ""

    sources: list[Mapping[str, object]] = [item.data]
    for name, table in item.component.refs:
        found = job.game.tables.get(table)
        value = item.data.get(name)
        if found is not None and isinstance(value, str) and value == item.id:
            row = found.by_id.get(value)
            sources += [row] if row is not None else []
    nickname = next((n for d in sources if (n := field(d, "name", "title"))), item.id)
    return nickname, next((t for d in sources if (t := field(d, "text"))), "")


def _card(job: Job, one: Gathered, item: Item, card_id: int, deck_id: int, custom: Thing) -> Thing:
    nickname, description = words(job, item)
    return {
        "Name": "Card",
        "Nickname": nickname,
        "Description": description,
        "CardID": card_id,
        "CustomDeck": {str(deck_id): custom},
        "Transform": transform(scale(one), turned(one)),
    }


def transform(size: float = 1.0, quarter: bool = False, face_down: bool = True) -> dict[str, float]:
    """On the table at `size`, a card face down; a turned hex turned back a quarter."""
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": (270.0 if quarter else 180.0) if face_down else 0.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": size,
        "scaleY": 1.0,
        "scaleZ": size,
    }


def _url(job: Job) -> Callable[[str], str]:
    """A written file's address: under --base-url, or the file itself once published."""
    base = job.options.base_url
    if base:
        return lambda path: f"{base.rstrip('/')}/{path.removeprefix(FOLDER + '/')}"
    final = job.staging.folder.parent.resolve() / job.game.id
    return lambda path: (final / path).as_uri()


def _sheet(
    job: Job,
    one: Gathered,
    arts: Sequence[Slot],
    cols: int,
    rows: int,
    size: tuple[int, int],
    hidden: Slot,
    name: str,
) -> str:
    """A deck sheet: each card's face in its slot, row by row, the hidden card last."""
    from PIL import Image

    sheet = Image.new("RGB", (cols * size[0], rows * size[1]), PLAIN_BACK)
    distinct = list(dict.fromkeys((a, side) for a, side in [*arts, hidden] if a is not None))
    drawn = dict(zip(distinct, _pictures(job, one, distinct, size), strict=True))
    slots = [*arts] + [(None, "")] * (cols * rows - len(arts) - 1) + [hidden]
    for k, (art, side) in enumerate(slots):
        if art is not None:
            sheet.paste(drawn[art, side], ((k % cols) * size[0], (k // cols) * size[1]))
    path = f"{FOLDER}/{name}.png"
    save_png(sheet, job.staging.path(path), job.options.dpi)
    return path


def _single(job: Job, one: Gathered, art: Art | None, size: tuple[int, int], name: str) -> str:
    """The deck's one back (or a plain one for a deck printed without backs)."""
    from PIL import Image

    if art is None:
        image = Image.new("RGB", size, PLAIN_BACK)
    else:
        [image] = _pictures(job, one, [(art, "back")], size)
    path = f"{FOLDER}/{name}.png"
    save_png(image, job.staging.path(path), job.options.dpi)
    return path


def _pictures(
    job: Job, one: Gathered, arts: Sequence[tuple[Art, str]], size: tuple[int, int]
) -> list[Picture]:
    """Each (art, side) as its slot shows it: a shaped piece inside its outline on the
    plain colour (no white corners), a turned hex turned a quarter."""
    from PIL import Image

    quarter = turned(one)
    shot_size = (size[1], size[0]) if quarter else size
    shots = [Shot(art, (0.0, 0.0, *one.trim), shot_size) for art, _ in arts]
    out = []
    for (art, side), shot, image in zip(
        arts, shots, pictures(job, shots, _dpi(one, size)), strict=True
    ):
        if one.component.shape.kind not in ("rect", "rounded"):  # TTS rounds its own corners
            shaped = cut_away(job, one, Face(art, side), shot, image)
            plain = Image.new("RGBA", image.size, (*PLAIN_BACK, 255))
            image = Image.alpha_composite(plain, shaped).convert("RGB")
        out.append(image.rotate(90, expand=True) if quarter else image)
    return out


def _dpi(one: Gathered, size: tuple[int, int]) -> float:
    """The resolution the card's pixels amount to (lower when a sheet had to shrink)."""
    return size[0] / (slot_trim(one)[0] / 72)
