"""`--export tts`: Tabletop Simulator decks. Each deck of cards or tiles becomes deck sheets
of at most 10 × 7 slots and 4096 × 4096 pixels (trim only): 69 cards a sheet, the last slot
holding the hidden card's image as TTS expects, so a bigger deck spans sheets. One back for
the whole deck is a picture of its own; backs that differ get back sheets of the same grid
(UniqueBack). export/tts/<game>.json is a saved object to load (Objects → Saved Objects):
one deck per component, `CustomDeck` per sheet, `CardID` = deck · 100 + slot, pictures as
file:/// addresses of the written files or under --base-url where they are hosted."""

from __future__ import annotations

import json
import math

from bastelbogen.content.kinds import kind_of
from bastelbogen.output import Job, register
from bastelbogen.output.exported import Export, Gathered, faces, pictures, pixels, save_png
from bastelbogen.render.raster import Shot

FOLDER = "export/tts"
# Tabletop Simulator's deck sheet: 10 x 7 slots and 4096 pixels a side, its format (a
# bigger deck spans sheets, bigger cards shrink), not a limit on content.
TTS_COLS, TTS_ROWS, TTS_SIDE_PX = 10, 7, 4096
PER_SHEET = TTS_COLS * TTS_ROWS - 1  # the last slot shows the hidden card
PLAIN_BACK = (62, 62, 70)  # for a deck printed without backs


@register
class Tts(Export):
    name = "tts"
    order = 32

    def finish(self, job: Job, files: list[dict]) -> list[dict]:
        decks, written, first_deck = [], [], 1
        for one in faces(job):
            if not kind_of(one.component).backs:
                continue
            deck, paths = _deck(job, one, first_deck)
            decks.append(deck)
            written += paths
            first_deck += len(deck["CustomDeck"])
        if not decks:
            return []
        for n, deck in enumerate(decks):  # side by side on the table
            deck["Transform"]["posX"] = 3.0 * n
        path = f"{FOLDER}/{job.game.id}.json"
        saved = {"SaveName": job.game.title.get(job.lang), "ObjectStates": decks}
        job.staging.path(path).write_text(json.dumps(saved, indent=1, ensure_ascii=False))
        return [{"path": path, "decks": len(decks), "pictures": written}]


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `count` cards and the hidden slot."""
    slots = count + 1
    cols = min(TTS_COLS, slots)
    return cols, math.ceil(slots / cols)


def card_pixels(trim, dpi: float, cols: int, rows: int) -> tuple[int, int]:
    """A card's pixels at dpi, made smaller (same proportions) to keep the sheet in 4096."""
    w, h = pixels(trim, dpi)
    scale = min(1.0, TTS_SIDE_PX / (cols * w), TTS_SIDE_PX / (rows * h))
    return max(1, math.floor(w * scale)), max(1, math.floor(h * scale))


def _deck(job: Job, one: Gathered, first_id: int) -> tuple[dict, list[str]]:
    cards = one.cards
    backs = {back for _, _, back in cards}
    unique_back = len(backs) > 1
    custom, contained, ids, paths = {}, [], [], []
    url = _url(job)
    common = None
    for n, start in enumerate(range(0, len(cards), PER_SHEET)):
        chunk = cards[start : start + PER_SHEET]
        cols, rows = grid(len(chunk))
        size = card_pixels(one.trim, job.options.dpi, cols, rows)
        deck_id = first_id + n
        name = f"{one.component.id}.{n + 1}"  # ids have no dots: no other name is this
        face_file = _sheet(job, one, [f for _, f, _ in chunk], cols, rows, size, chunk[0][2], name)
        paths.append(face_file)
        if unique_back:
            back_file = _sheet(
                job,
                one,
                [b for _, _, b in chunk],
                cols,
                rows,
                size,
                chunk[0][2],
                f"{one.component.id}.back.{n + 1}",
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
            "Type": 0,
        }
        for slot, (item, _, _) in enumerate(chunk):
            card_id = deck_id * 100 + slot
            ids.append(card_id)
            contained.append(_card(item.id, card_id, deck_id, custom[str(deck_id)]))
    if len(contained) == 1:  # TTS shows a deck of one as nothing: a single card it is
        return contained[0], paths
    deck = {
        "Name": "DeckCustom",
        "Nickname": one.component.name.get(job.lang),
        "Transform": _transform(),
        "DeckIDs": ids,
        "CustomDeck": custom,
        "ContainedObjects": contained,
    }
    return deck, paths


def _card(nickname: str, card_id: int, deck_id: int, custom: dict) -> dict:
    return {
        "Name": "Card",
        "Nickname": nickname,
        "CardID": card_id,
        "CustomDeck": {str(deck_id): custom},
        "Transform": _transform(),
    }


def _transform() -> dict:
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def _url(job: Job):
    """A written file's address: under --base-url, or the file itself once published."""
    base = job.options.base_url
    if base:
        return lambda path: f"{base.rstrip('/')}/{path.removeprefix(FOLDER + '/')}"
    final = job.staging.folder.parent.resolve() / job.game.id
    return lambda path: (final / path).as_uri()


def _sheet(job: Job, one: Gathered, arts, cols, rows, size, hidden, name) -> str:
    """A deck sheet: each card's face in its slot, row by row, the hidden card last."""
    from PIL import Image

    sheet = Image.new("RGB", (cols * size[0], rows * size[1]), PLAIN_BACK)
    distinct = list(dict.fromkeys(a for a in [*arts, hidden] if a is not None))
    shots = [Shot(a, (0.0, 0.0, *one.trim), size) for a in distinct]
    drawn = dict(zip(distinct, pictures(job, shots, _dpi(one, size)), strict=True))
    slots = [*arts] + [None] * (cols * rows - len(arts) - 1) + [hidden]
    for k, art in enumerate(slots):
        if art is not None:
            sheet.paste(drawn[art], ((k % cols) * size[0], (k // cols) * size[1]))
    path = f"{FOLDER}/{name}.png"
    save_png(sheet, job.staging.path(path), job.options.dpi)
    return path


def _single(job: Job, one: Gathered, art, size, name) -> str:
    """The deck's one back (or a plain one for a deck printed without backs)."""
    from PIL import Image

    if art is None:
        image = Image.new("RGB", size, PLAIN_BACK)
    else:
        [image] = pictures(job, [Shot(art, (0.0, 0.0, *one.trim), size)], _dpi(one, size))
    path = f"{FOLDER}/{name}.png"
    save_png(image, job.staging.path(path), job.options.dpi)
    return path


def _dpi(one: Gathered, size: tuple[int, int]) -> float:
    """The resolution the card's pixels amount to (lower when a sheet had to shrink)."""
    return size[0] / (one.trim[0] / 72)
