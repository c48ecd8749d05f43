"""The README's motif section, written from the motif registry: one row per motif with its
picture (docs/motifs/<name>.png, drawn by the motif itself with its defaults), its keys,
their types, defaults and what each does; the shipped games' own motifs grouped by game
(`make docs`; tests/test_motifs.py compares the README and the pictures with the registry)."""

from __future__ import annotations

import io
from pathlib import Path

from bastelbogen.content.painters import ITEM, MOTIFS, Key, Motif, seed_of
from bastelbogen.core.params import type_of

DOCS = Path(__file__).resolve().parent
PICTURES = DOCS / "motifs"
DRAWN_MM = (120.0, 90.0)  # the rectangle each motif is drawn for, 4:3 like a card's picture
THUMB = (96, 72)  # pixels of its picture in the README
GENERAL = "any game"
FONTS = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf"}  # a game's own


def game_of(m: Motif) -> str:
    """The shipped game whose package registers the motif, or GENERAL for the kit's own."""
    parts = m.draw.__module__.split(".")
    return parts[2] if parts[:2] == ["bastelbogen", "games"] else GENERAL


def groups() -> dict[str, list[Motif]]:
    """The motifs by game: the kit's own first, then each game's, by name."""
    found: dict[str, list[Motif]] = {GENERAL: []}
    for m in MOTIFS.values():
        found.setdefault(game_of(m), []).append(m)
    return {g: found[g] for g in [GENERAL, *sorted(set(found) - {GENERAL})]}


def _key(name: str, spec: Key, m: Motif) -> str:
    what = type_of(spec) or "value"
    if name in m.required:
        shown = f"`{name}` {what}, required"
    elif spec.derive is not None:
        shown = f"`{name}` {what}, from the item's id"
    elif spec.default is None:
        shown = f"`{name}` {what}"
    else:
        default = spec.default
        default = ", ".join(map(str, default)) if isinstance(default, tuple) else default
        shown = f"`{name}` {what}, default `{default or '[]'}`"
    return f"{shown}: {spec.help}" if spec.help else shown


def keys_shown(m: Motif) -> str:
    if m.keys is None:
        return "takes the mapping `with` hands it whole (the game's tables)"
    if not m.keys:
        return "none"
    return "; ".join(_key(name, spec, m) for name, spec in m.keys.items())


def picture_path(name: str) -> str:
    return f"../motifs/{name}.png"  # from docs/reference/motifs.md


def table() -> str:
    """The motifs, a table per group, for the README."""
    out = []
    for game, motifs in groups().items():
        title = (
            "The kit's own motifs"
            if game == GENERAL
            else f"Motifs of `{game}` (bastelbogen/games/{game}/, for any game too)"
        )
        head = "| | motif | keys: type, default, what it does |"
        out += ["", f"**{title}**", "", head, "|---|---|---|"]
        for m in motifs:
            out.append(f"| ![{m.name}]({picture_path(m.name)}) | `{m.name}` | {keys_shown(m)} |")
    return "\n".join(out).strip()


def draw(m: Motif, size_mm: tuple[float, float] = DRAWN_MM, params: dict | None = None):
    """The motif drawn by itself into a rectangle of `size_mm`, with its sample (the keys it
    needs from its game) and `params`, as a PIL image at 72 dpi."""
    import pypdfium2 as pdfium
    from reportlab.pdfgen import canvas

    from bastelbogen.core.errors import Loc
    from bastelbogen.core.units import mm
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext, draw_face
    from bastelbogen.render.style import Fonts

    w, h = mm(size_mm[0]), mm(size_mm[1])
    given = {**dict(m.sample), **(params or {}), "motif": m.name}
    if m.painting and "seed" not in given:  # each painting as if it were an item of its name
        given["seed"] = seed_of({ITEM: {"id": m.name}})
    if m.keys is None:  # it takes its game's tables whole, as its layout's `with: tables`
        given["with"] = _tables_of(game_of(m))
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(w, h), invariant=1)
    fonts = {role: DOCS.parent / "fonts" / f for role, f in FONTS.items()}
    ctx = PaintContext(Fonts(fonts, Loc("docs"), {}), Path("."))
    box = Box("picture", "art", (0.0, 0.0, w, h), tuple(sorted(given.items())), Loc("docs"))
    draw_face(c, (box,), ctx)
    c.showPage()
    c.save()
    return pdfium.PdfDocument(out.getvalue())[0].render(scale=1).to_pil().convert("RGB")


def _tables_of(game_id: str) -> tuple:
    """A shipped game's tables as `with: tables` hands them to a motif, in its first language."""
    from bastelbogen.content.loader import load_game
    from bastelbogen.layout.faces import _tables
    from bastelbogen.layout.values import mapping

    root = DOCS.parent
    game = load_game(root / "content" / game_id, root / "fonts")
    return mapping({"tables": _tables(game, game.languages[0])}, "tables")


def thumbnail(m: Motif):
    """The motif's README picture: drawn, scaled to THUMB, its colours reduced so it stays
    a few kilobytes."""
    from PIL import Image

    image = draw(m).resize(THUMB, Image.LANCZOS)
    return image.quantize(colors=48, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def render() -> None:
    """Every motif's picture, and no picture of a motif no longer registered."""
    PICTURES.mkdir(exist_ok=True)
    names = set(MOTIFS)
    for old in PICTURES.glob("*.png"):
        if old.stem not in names:
            old.unlink()
    for m in MOTIFS.values():
        thumbnail(m).save(PICTURES / f"{m.name}.png", optimize=True)


if __name__ == "__main__":
    from bastelbogen.pipeline import plugins

    plugins.load()
    render()
