"""The package's shape: no function above complexity 15, as radon counts it (McCabe's
cyclomatic complexity: one, plus one for each branch, loop, boolean operator, `except`
and comprehension clause). A function past it is split: small helpers, a table instead of
a chain of ifs, early returns. Closures and methods are counted as functions of their own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from radon.complexity import add_inner_blocks, cc_visit
from radon.visitors import Function

import bastelbogen

PACKAGE = Path(bastelbogen.__file__).resolve().parent
MOST = 15


def complexities(root: Path = PACKAGE) -> Iterator[tuple[str, int]]:
    """(`path:function`, its complexity) of every function, method and closure under
    `root`, the path from there (`layout/layouts.py:Layouts.get`)."""
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for block in add_inner_blocks(cc_visit(path.read_text(encoding="utf-8"))):
            if isinstance(block, Function):
                yield f"{where}:{block.fullname}", block.complexity


def test_no_function_is_above_complexity_15():
    over = [f"{name} ({n})" for name, n in complexities() if n > MOST]
    assert not over, f"above complexity {MOST}; split them: {', '.join(over)}"


def test_the_count_sees_a_branchy_function_and_its_closures(tmp_path):
    """The check counts what it should: a function of 16 branches is found, named with its
    class, and so is a closure inside a small function."""
    branches = "".join(f"        if x == {n}:\n            return {n}\n" for n in range(15))
    (tmp_path / "m.py").write_text(
        f"class K:\n    def big(self, x):\n{branches}        return -1\n\n\n"
        f"def outer():\n    def inner(x):\n{branches}        return -1\n    return inner\n"
    )
    found = dict(complexities(tmp_path))
    assert found["m.py:K.big"] == 16 and found["m.py:outer.inner"] == 16, found
    assert found["m.py:outer"] <= MOST
