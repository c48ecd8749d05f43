"""A table reader: `.pipes` files, one row a line, cells split at `|`."""

from bastelbogen.content.tables import Cells, register
from bastelbogen.core.errors import Loc


@register(".pipes")
def read_pipes(path, options, loc) -> Cells:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            cells = line.split("|")
            rows.append(
                (number, [(c.strip(), Loc(str(path), number, n)) for n, c in enumerate(cells, 1)])
            )
    return Cells(str(path), rows)
