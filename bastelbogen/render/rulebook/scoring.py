"""The scoring table of a rulebook (```scoring``` with `component: ID`): the score pad's own
grid (its `table` box's header and row labels, as the pad prints them in the book's
language), so the book cannot tell other columns than the pad has."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.layout.layouts import Box
from bastelbogen.render.rules.typesetting import Flowable, Table

if TYPE_CHECKING:
    from bastelbogen.content.rulebook import Block
    from bastelbogen.render.rulebook.blocks import Setter
    from bastelbogen.render.rulebook.pictures import Kit


def scoring(setter: Setter, block: Block) -> Flowable:
    """The pad's header over its labelled rows (a group's heading `#Game 1` as written, a
    label `left|right` as both), as a table of the page's width."""
    from bastelbogen.render.rulebook.blocks import EDGE, FRAME_W, TINT

    header, labels = pad_grid(setter.kit, block)
    rows: list[list[object]] = [[setter.para(h, "head", block.loc) for h in header]]
    rows += [[setter.para(label, "cell", block.loc)] + [""] * (len(header) - 1) for label in labels]
    table = Table(rows, colWidths=[FRAME_W / len(header)] * len(header), repeatRows=1)
    table.setStyle(
        setter.table_style(
            [
                ("BACKGROUND", (0, 0), (-1, 0), TINT),
                ("GRID", (0, 0), (-1, -1), 0.4, EDGE),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return table


def pad_grid(kit: Kit, block: Block) -> tuple[list[str], list[str]]:
    """The score pad's header and its rows' labels (a group's heading `#Game 1` as written,
    a label `left|right` as both, blank ones left out), as the book and the preview's page
    show them; a component with no score grid told at the block's `component`."""
    data = block.data
    cid = str(data["component"])
    box = _grid(kit, cid)
    if box is None:
        raise ContentError(
            Problem(
                data.value_loc("component"),
                f"component '{cid}' draws no score grid (a box with painter: table)",
            )
        )
    header = [str(h) for h in _texts(box.get("header"))]
    labels = [str(r).lstrip("#").replace("|", " ") for r in _texts(box.get("rows"))]
    return header, [label for label in labels if label.strip()]


def _grid(kit: Kit, cid: str) -> Box | None:
    component = kit.game.component(cid)
    first = kit.first(component) if component is not None else None
    face = kit.drawn(first, "front") if first is not None else None
    if face is None:
        return None
    boxes = [b for _matrix, layer in face.art.layers for b in layer]
    return next((b for b in boxes if b.painter == "table"), None)


def _texts(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []
