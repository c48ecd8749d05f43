"""Write the documentation's generated tables (build options, painters, motifs, checks,
component kinds, table column types, limits, the module map) from their declarations into
their pages under docs/: `make docs` runs it before the site is built; the tests compare
each page with them, so the reference cannot drift from the code."""

from __future__ import annotations

import re
from pathlib import Path

from bastelbogen.checks import values
from bastelbogen.content import options, painters
from bastelbogen.core.typed import Flag
from bastelbogen.pipeline import plugins
from docs import errors, modules, motifs, reference


def option_table() -> str:
    """The options as a Markdown table, for the README: what each takes as its Type says,
    and whether a game file's `print:` may set it."""
    rows = [
        "| option | default | allowed | in `print:` | what it does |",
        "|---|---|---|---|---|",
    ]
    for option in options.OPTIONS.values():
        value = option.shown(option.default)
        if isinstance(option.type, Flag):
            shown = "off"
        else:
            shown = "–" if value in (None, []) else f"`{value}`"
        kept = "no" if option.per_build else "yes"  # a game file's print: may set it
        rows.append(f"| `--{option.name}` | {shown} | {option.allowed} | {kept} | {option.help} |")
    return "\n".join(rows)


DOCS = Path(__file__).resolve().parent
TABLES = {
    "options": (option_table, "reference/cli.md"),
    "painters": (painters.table, "reference/layouts.md"),
    "motifs": (motifs.table, "reference/motifs.md"),
    "checks": (values.table, "reference/content.md"),
    "kinds": (reference.kinds_table, "reference/kinds.md"),
    "keys": (reference.keys_tables, "reference/content.md"),
    "repeat": (reference.repeat_tables, "reference/layouts.md"),
    "columns": (reference.columns_table, "reference/columns.md"),
    "limits": (reference.limits_table, "reference/limits.md"),
    "modules": (modules.table, "internals/architecture.md"),
    "errors": (errors.table, "reference/errors.md"),
}


def written(name: str) -> str:
    """The generated table as its page holds it now."""
    return block((DOCS / TABLES[name][1]).read_text(), name)


def block(text: str, name: str) -> str:
    """The generated part of one marked block of the README."""
    inner = text.split(f"<!-- {name}:")[1].split(f"<!-- /{name} -->")[0]
    return inner.split("\n", 1)[1].strip()


def main() -> None:
    plugins.load()
    for name, (table, page) in TABLES.items():
        path = DOCS / page
        text = path.read_text()
        pattern = re.compile(rf"(<!-- {name}:[^\n]*\n).*?(<!-- /{name} -->)", re.S)
        path.write_text(pattern.sub(lambda m, t=table: m.group(1) + t() + "\n" + m.group(2), text))


if __name__ == "__main__":
    main()
