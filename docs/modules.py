"""The README's module map, written from the code: every module of the package, stage by
stage, with the first line of its docstring (tests/test_architecture.py compares)."""

from __future__ import annotations

import ast
from pathlib import Path

import bastelbogen

PACKAGE = Path(bastelbogen.__file__).resolve().parent


def summary(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text())) or ""
    return " ".join(doc.split("\n\n")[0].split()).rstrip(".")


def table() -> str:
    rows = ["| stage | modules |", "| --- | --- |"]
    top = sorted(p for p in PACKAGE.glob("*.py"))
    for stage in bastelbogen.STAGES:
        cells = []
        for path in sorted((PACKAGE / stage).rglob("*.py")):
            cells.append(f"`{path.relative_to(PACKAGE)}` {summary(path)}")
        rows.append(f"| {stage} | {' · '.join(cells)} |")
    rows.append(f"| top | {' · '.join(f'`{p.name}` {summary(p)}' for p in top)} |")
    return "\n".join(rows)
