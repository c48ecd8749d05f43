"""The rulebook page's generated blocks (screen.py): the component list, figures, the
set-up and the scoring table, from the same kit and the same readings as the printed book's
(blocks.py, setup.py, scoring.py), each face a picture the page's server names. Sizes are the
book's, times SCREEN: a figure is as much of the page's column as it is of the A5 page's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.render.rulebook.blocks import FIGURE_H, FRAME_W, GAP, PIECE_H, PIECE_W
from bastelbogen.render.rulebook.screen import text

if TYPE_CHECKING:
    from bastelbogen.content.rulebook import Block
    from bastelbogen.render.rulebook.pictures import Face
    from bastelbogen.render.rulebook.screen import Page

COLUMN = 720  # CSS pixels: the page's text column (rulebook.css), the A5 page's text width
SCREEN = COLUMN / FRAME_W  # CSS pixels a point of the book


def picture(page: Page, face: Face | None, height: float, width: float = 0) -> str:
    """A face's picture `height` points tall (or `width` wide, whichever is less), sized
    as the book sizes it."""
    if face is None:
        return '<span class="noface"></span>'
    w, h = face.trim
    scale = min(height / h, width / w) if width else height / h
    item = face.item
    return (
        f'<img class="face" src="{text(page.pictures.face(face))}"'
        f' width="{w * scale * SCREEN:.0f}" height="{h * scale * SCREEN:.0f}"'
        f' alt="{text(item.component.name.get(page.kit.lang))}: {text(item.id)} ({face.side})"'
        f' data-face="{text(item.component.id)}/{text(item.id)}" data-side="{face.side}">'
    )


def _caption(page: Page, block: Block) -> str:
    return f"<figcaption>{page.inline(block.text, block.loc)}</figcaption>" if block.text else ""


def components(page: Page, block: Block) -> str:
    """Every component with pieces in the variant: a picture of its first piece's front
    and back, its name and its count, as the book lists them."""
    kit = page.kit
    head = f'<th colspan="2"></th><th>{text(page.words["pieces"])}</th>'
    head += f'<th class="count">{text(page.words["count"])}</th>'
    rows = []
    for component in kit.game.components:
        first = kit.first(component)
        if first is None:
            continue
        faces = "".join(
            f"<td>{picture(page, kit.drawn(first, side), PIECE_H, PIECE_W)}</td>"
            for side in ("front", "back")
        )
        rows.append(
            f'<tr data-component="{text(component.id)}">{faces}'
            f"<td>{text(component.name.get(kit.lang))}</td>"
            f'<td class="count">{kit.count(component.id)}</td></tr>'
        )
    caption = f"<caption>{page.inline(block.text, block.loc)}</caption>" if block.text else ""
    return (
        f'<table class="components">{caption}<thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def figure(page: Page, block: Block) -> str:
    """The faces named, in a row as tall as the book's (lower where the row would be
    wider than the column), with the caption under them."""
    data = block.data
    side = str(data.get("side") or "front")
    faces = [page.kit.face(str(r), side, data.value_loc("faces")) for r in data.get("faces") or []]
    shown = [f for f in faces if f is not None]
    if not shown:
        raise ContentError(
            Problem(block.loc, f"the figure shows no face: its faces have no {side} printed")
        )
    width = sum(f.trim[0] / f.trim[1] for f in shown)
    height = min(FIGURE_H, (FRAME_W - GAP * len(shown)) / width)
    row = "".join(picture(page, f, height) for f in shown)
    return f'<figure class="faces"><div class="row">{row}</div>{_caption(page, block)}</figure>'


def setup(page: Page, block: Block) -> str:
    """The board with its pieces at their places: a picture of each, laid on the board's
    in an SVG whose units are the board's points (as the book lays them: setup.py)."""
    from bastelbogen.render.rulebook.setup import TALLEST, placed

    board, pieces = placed(page.kit, block)
    w, h = board.trim
    scale = min(FRAME_W / w, TALLEST / h) * SCREEN
    images = [_image(page, board, 0, 0, "board")]
    for face, x, y in pieces:
        pw, ph = face.trim
        images.append(_image(page, face, x - pw / 2, y - ph / 2, "piece"))
    label = text(block.data.get("caption") or page.words["rulebook"])
    svg = (
        f'<svg class="setup" viewBox="0 0 {w:.2f} {h:.2f}" width="{w * scale:.0f}"'
        f' height="{h * scale:.0f}" role="img" aria-label="{label}"'
        f' xmlns="http://www.w3.org/2000/svg">{"".join(images)}</svg>'
    )
    return f'<figure class="setup">{svg}{_caption(page, block)}</figure>'


def _image(page: Page, face: Face, x: float, y: float, role: str) -> str:
    w, h = face.trim
    item = face.item
    return (
        f'<image class="{role}" href="{text(page.pictures.face(face))}" x="{x:.2f}"'
        f' y="{y:.2f}" width="{w:.2f}" height="{h:.2f}"'
        f' data-face="{text(item.component.id)}/{text(item.id)}"/>'
    )


def scoring(page: Page, block: Block) -> str:
    """The score pad's own header over its labelled rows, empty cells to write in."""
    from bastelbogen.render.rulebook.scoring import pad_grid

    header, labels = pad_grid(page.kit, block)
    head = "".join(f"<th>{page.inline(h, block.loc)}</th>" for h in header)
    blank = "<td></td>" * (len(header) - 1)
    rows = "".join(f"<tr><th>{page.inline(label, block.loc)}</th>{blank}</tr>" for label in labels)
    caption = f"<caption>{page.inline(block.text, block.loc)}</caption>" if block.text else ""
    return (
        f'<table class="scoring" data-component="{text(block.data["component"])}">{caption}'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )
