"""Which cells of a grid take items, as numbers: all of them in reading order, or a picture's
pieces block by block (a component's `blocks`), and only the cells whose piece keeps out
of the registration marks' zones (registration.zones), whole blocks where items go in
blocks; the blocks move a row or column in where that keeps more cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from bastelbogen.core.geometry import Rect
from bastelbogen.layout.registration import touches_zone


@dataclass(frozen=True)
class Grid:
    """Slots for one side: lower-left corners of each cell, row by row from the top."""

    cells: tuple[tuple[float, float], ...]
    turns: int  # quarter turns applied to each item

    @property
    def capacity(self) -> int:
        return len(self.cells)


def clear_cells(
    grid: Grid, size: tuple[float, float], bleed: float, keep_out: tuple[Rect, ...]
) -> set[int]:
    """The cells whose piece, bleed and all, keeps out of every zone in `keep_out`."""
    w, h = size if grid.turns == 0 else (size[1], size[0])
    return {
        n
        for n, (x, y) in enumerate(grid.cells)
        if not touches_zone((x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed), keep_out)
    }


def usable(grid: Grid, block: tuple[int, int] | None, clear: set[int]) -> list[int]:
    """The cells that take items, in order: block_runs' runs whose cells are all clear (a
    picture's pieces stay together; a run of one cell is one piece). Where zones take
    cells, the blocks may start a row or column further in, if that keeps more cells."""
    return [n for run in kept_runs(grid, block, clear) for n in run]


def kept_runs(grid: Grid, block: tuple[int, int] | None, clear: set[int]) -> list[list[int]]:
    """The runs of block_runs whose cells are all clear, for the shift of the blocks that
    keeps the most (score)."""
    best: list[list[int]] = []
    for shift in _shifts(grid, block) if len(clear) < grid.capacity else [(0, 0)]:
        runs = [run for run in block_runs(grid, block, shift) if all(c in clear for c in run)]
        if score(runs) > score(best):
            best = runs
    return best


def score(runs: list[list[int]]) -> tuple[int, int]:
    """What a choice of cells is worth: first the items it lays in whole blocks (a
    picture together beats more pieces scattered), then all it lays."""
    return sum(len(run) for run in runs if len(run) > 1), sum(len(run) for run in runs)


def _shifts(grid: Grid, block: tuple[int, int] | None) -> list[tuple[int, int]]:
    """Where the blocks may start (columns, rows in from the top-left): anywhere a block
    still fits."""
    ncols, nrows = _shape(grid)
    if not block or not ncols:
        return [(0, 0)]
    return [
        (c, r)
        for r in range(max(1, nrows - block[1] + 1))
        for c in range(max(1, ncols - block[0] + 1))
    ]


def _shape(grid: Grid) -> tuple[int, int]:
    """A grid's columns and rows (a nest's: as many columns as it has distinct places)."""
    ncols = len({round(x, 6) for x, _ in grid.cells})
    return ncols, (grid.capacity // ncols if ncols else 0)


def block_runs(
    grid: Grid, block: tuple[int, int] | None, shift: tuple[int, int] = (0, 0)
) -> list[list[int]]:
    """The cells for the items of a page, as runs that go together: one cell each in reading
    order, or block by block where the grid (upright) holds whole blocks (they start
    `shift` columns and rows in), the cells round them then one by one in reading order."""
    ncols, nrows = _shape(grid)
    dc, dr = shift
    # Unshifted, a grid whose columns are not whole blocks is read in order, as ever;
    # shifted (round the zones), the columns left over take pieces one by one.
    partial = (ncols % block[0] if shift == (0, 0) else ncols - dc < block[0]) if block else 1
    if not block or grid.turns or partial or nrows - dr < block[1]:
        return [[n] for n in range(grid.capacity)]
    bw, bh = block
    per_row, block_rows = (ncols - dc) // bw, (nrows - dr) // bh
    runs = []
    for k in range(per_row * block_rows):
        brow, bcol = divmod(k, per_row)
        runs.append(
            [(dr + brow * bh + i // bw) * ncols + dc + bcol * bw + i % bw for i in range(bw * bh)]
        )
    taken = {n for run in runs for n in run}
    return runs + [[n] for n in range(grid.capacity) if n not in taken]
