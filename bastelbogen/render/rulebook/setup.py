"""The set-up figure: the board as printed, with pieces laid on it where the rulebook says
(`at: [x_mm, y_mm]` from the board's top left corner to the piece's centre), each at the
board's scale, so the picture is the table as it will look."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.source import YList, YMap
from bastelbogen.core.units import mm
from bastelbogen.render.rulebook.pictures import Face, FacePicture
from bastelbogen.render.rules.typesetting import Flowable

if TYPE_CHECKING:
    from bastelbogen.content.rulebook import Block
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.rulebook.blocks import Setter
    from bastelbogen.render.rulebook.pictures import Kit

TALLEST = mm(120)  # the board's picture at most; its width is the page's text


def placed(kit: Kit, block: Block) -> tuple[Face, list[tuple[Face, float, float]]]:
    """The board's front and each piece's front with its centre on the board (points from
    the board's top left), as the book and the preview's page lay them."""
    data = block.data
    board = kit.face(str(data["board"]), "front", data.value_loc("board"))
    if board is None:
        raise ContentError(Problem(data.value_loc("board"), "the board has no front"))
    pieces = []
    listed = data.get("pieces")
    for n, piece in enumerate(listed if isinstance(listed, YList) else []):
        at = piece.get("at") if isinstance(piece, YMap) else None
        if not (
            isinstance(at, list)
            and len(at) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in at)
        ):
            raise ContentError(
                Problem(listed.item_loc(n), "a piece needs at: [x_mm, y_mm] on the board")
            )
        face = kit.face(str(piece["face"]), "front", piece.value_loc("face"))
        if face is not None:
            pieces.append((face, mm(float(at[0])), mm(float(at[1]))))
    return board, pieces


class SetUp(Flowable):  # type: ignore[misc]  # reportlab ships no types
    def __init__(
        self,
        board: Face,
        pieces: list[tuple[Face, float, float]],
        ctx: PaintContext,
        width: float,
        caption: Flowable | None,
    ) -> None:
        super().__init__()
        w, h = board.trim
        self.scale = min(width / w, TALLEST / h)
        self.board = FacePicture(board, ctx, h * self.scale)
        self.pieces = [(FacePicture(f, ctx, f.trim[1] * self.scale), x, y) for f, x, y in pieces]
        self.caption = caption
        self.width = width
        self.caption_h = caption.wrap(width, 10_000)[1] if caption is not None else 0.0
        self.height = self.board.height + self.caption_h

    @classmethod
    def of(cls, setter: Setter, block: Block) -> SetUp:
        from bastelbogen.render.rulebook.blocks import FRAME_W

        board, pieces = placed(setter.kit, block)
        caption = setter.para(block.text, "caption", block.loc) if block.text else None
        return cls(board, pieces, setter.ctx, FRAME_W, caption)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        left = (self.width - self.board.width) / 2
        bottom = self.caption_h
        self.board.drawOn(c, left, bottom)
        top = bottom + self.board.height
        for picture, x, y in self.pieces:
            cx, cy = left + x * self.scale, top - y * self.scale
            picture.drawOn(c, cx - picture.width / 2, cy - picture.height / 2)
        if self.caption is not None:
            self.caption.drawOn(c, 0, 0)
