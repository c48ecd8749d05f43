"""Write the README's generated tables (build options, painters, motifs, checks, the module
map) from their declarations: `make docs` runs it; the tests compare the README with them."""

from __future__ import annotations

import re
from pathlib import Path

from bastelbogen.checks import values
from bastelbogen.content import options, painters
from bastelbogen.pipeline import plugins
from docs import modules, motifs

ALLOWED = {
    "choice": lambda o: " / ".join(o.choices),
    "length": lambda o: f"{o.least_mm:g} to {o.limit_mm:g} mm",
    "offset": lambda o: f"±{o.limit_mm:g} mm each",
    "langs": lambda o: "language codes",
    "name": lambda o: "a name the game defines",
    "list": lambda o: " / ".join(o.choices) + ", repeatable",
    "int": lambda o: f"{o.span[0]} to {o.span[1]}",
    "url": lambda o: "an http(s) address",
    "flag": lambda o: "flag",
    "alias": lambda o: f"flag: `--{o.means[0]} {o.means[1]}`",
}


def option_table() -> str:
    """The options as a Markdown table, for the README."""
    rows = ["| option | default | allowed | what it does |", "|---|---|---|---|"]
    shown: str | float | list | None
    for option in options.OPTIONS.values():
        value = option.shown(option.default)
        if option.type in ("flag", "alias"):
            shown = "off"
        else:
            shown = "–" if value in (None, []) else f"`{value}`"
        allowed = ALLOWED[option.type](option)
        rows.append(f"| `--{option.name}` | {shown} | {allowed} | {option.help} |")
    return "\n".join(rows)


README = Path(__file__).resolve().parent.parent / "README.md"
TABLES = {
    "options": option_table,
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
