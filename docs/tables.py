"""Write the README's generated tables (build options, painters, motifs, checks, the module
map) from their declarations: `make docs` runs it; the tests compare the README with them."""

from __future__ import annotations

import re
from pathlib import Path

from bastelbogen.checks import values
from bastelbogen.content import options, painters
from bastelbogen.pipeline import plugins
from docs import modules, motifs

README = Path(__file__).resolve().parent.parent / "README.md"
TABLES = {
    "options": options.table,
    "painters": painters.table,
    "motifs": motifs.table,
    "checks": values.table,
    "modules": modules.table,
}


def block(text: str, name: str) -> str:
    """The generated part of one marked block of the README."""
    inner = text.split(f"<!-- {name}:")[1].split(f"<!-- /{name} -->")[0]
    return inner.split("\n", 1)[1].strip()


def main() -> None:
    plugins.load()
    text = README.read_text()
    for name, table in TABLES.items():
        pattern = re.compile(rf"(<!-- {name}:[^\n]*\n).*?(<!-- /{name} -->)", re.S)
        text = pattern.sub(lambda m, t=table: m.group(1) + t() + "\n" + m.group(2), text)
    README.write_text(text)


if __name__ == "__main__":
    main()
