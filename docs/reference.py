"""Reference tables written from the code (docs/tables.py puts them in their pages): the
component kinds and what each is, the types a table's column may declare, and every limit
on content with the reason written beside it in core/limits.py."""

from __future__ import annotations

import ast
import dataclasses
import sys
from pathlib import Path

from bastelbogen.content.components import ComponentKeys, SizeKeys
from bastelbogen.content.icons import IconKeys
from bastelbogen.content.kinds import KINDS
from bastelbogen.content.loader import GameFile, PlayerCount, ThemeFile, ThemeFiles, VariantKeys
from bastelbogen.content.rows import RowsKeys
from bastelbogen.content.tables import columns
from bastelbogen.content.tables.columns import ColumnKeys
from bastelbogen.content.tables.spec import TableKeys
from bastelbogen.core import limits
from bastelbogen.core.declare import Section
from bastelbogen.core.units import to_mm
from bastelbogen.layout.repeat import Grid, Repeat, Table


def _first_sentence(text: str) -> str:
    """A docstring's first paragraph, on one line."""
    return " ".join(text.strip().split("\n\n")[0].split())


def keys_read(kind: str) -> list[str]:
    """Every key a component of `kind` is read with, from the declarations the loader reads
    it by: the keys every component takes, its size where the kind is sized, the kind's own."""
    found = KINDS[kind]
    common = [k for k in ComponentKeys.fields if found.takes_back or k != "back"]
    sized = list(SizeKeys.fields) if found.sized else []
    return sorted([*common, *sized, *found.keys])


def kinds_table() -> str:
    """Each kind of component: what it is (its module's docstring), the keys it is read
    with (its own in bold), whether a back is printed behind it, how far inside its cut
    text must stay, its cut guides and what it is printed on."""
    rows = [
        "| kind | what it is | keys (its own in bold) | back | text inside the cut | guides"
        " | paper |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in KINDS.names():
        kind = KINDS[name]
        module = sys.modules[type(kind).__module__]
        keys = ", ".join(f"**`{k}`**" if k in kind.keys else f"`{k}`" for k in keys_read(name))
        safe = "unchecked" if kind.safe_zone is None else f"{to_mm(kind.safe_zone):g} mm"
        back = "yes" if kind.backs and kind.takes_back else "no"
        what = _first_sentence(module.__doc__ or "")
        rows.append(
            f"| `{name}` | {what} | {keys} | {back} | {safe} | {kind.guides} | {kind.paper} |"
        )
    return "\n".join(rows)


# What a game's files hold, section by section, each with where it stands.
SECTIONS: tuple[tuple[str, type[Section]], ...] = (
    ("The game file (`game.yaml`)", GameFile),
    ("`players:`", PlayerCount),
    ("A component (each entry of `components:`)", ComponentKeys),
    ("A component of a kind with a size (all but die and stand)", SizeKeys),
    ("`items: {from: TABLE}`: items from a table's rows", RowsKeys),
    ("A table read from a file (an entry of `tables:`)", TableKeys),
    ("A column declared as a mapping (an entry of a table's `columns:`)", ColumnKeys),
    ("A variant (each entry of `variants:`)", VariantKeys),
    ("`themes:`", ThemeFiles),
    ("A theme file", ThemeFile),
    ("An icon written as a mapping (an entry of `icons:`)", IconKeys),
)


def keys_tables(sections: tuple[tuple[str, type[Section]], ...] = SECTIONS) -> str:
    """Every key of every section of a game's files: what it takes, its default and what
    it is, from the declarations the loader reads them by (and `pnp schema` describes)."""
    out: list[str] = []
    for title, section in sections:
        out += [f"**{title}**", "", "| key | takes | default | what it is |", "|---|---|---|---|"]
        for key, field in section.fields.items():
            default = "required" if field.required else _default(field)
            out.append(f"| `{key}` | {field.type.shown} | {default} | {field.help} |")
        out.append("")
    return "\n".join(out).strip()


def repeat_tables() -> str:
    """The keys of a layout box's `repeat:` (layout/repeat.py), as keys_tables writes them."""
    return keys_tables(
        (("`repeat:`", Repeat), ("`grid:`", Grid), ("`over: {table, column}`", Table))
    )


def _default(field) -> str:
    """A default as a designer writes it in YAML."""
    if field.default is None:
        return "–"
    shown = field.type.show(field.default)
    if isinstance(shown, bool):
        return f"`{str(shown).lower()}`"
    return f"`{shown}`" if shown != "" else '`""`'


def columns_table() -> str:
    """The column types a table declares (`columns: {speed: int}`), and what else a column
    may say (`{type: int, min: 1, max: 6}`)."""
    rows = ["| type | a cell holds |", "|---|---|"]
    rows += [f"| `{name}` | {meaning} |" for name, meaning in columns.NAMES.items()]
    said = [
        f.name.replace("_", "-")
        for f in dataclasses.fields(columns.Column)
        if f.compare and f.name != "type"
    ]
    rows += [
        "",
        "A column declared as a mapping may also say: " + ", ".join(f"`{k}`" for k in said),
    ]
    return "\n".join(rows)


LIMITS = Path(limits.__file__)


def limits_table() -> str:
    """Every limit of core/limits.py: its value and the comment written above it (why it
    sits where it does, and the largest value among the shipped kits)."""
    source = LIMITS.read_text()
    lines = source.splitlines()
    rows = ["| limit | value | why |", "|---|---|---|"]
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        names = target.elts if isinstance(target, ast.Tuple) else [target]  # MIN_X, MAX_X = …
        why = _comment(lines, node.lineno)
        for name in names:
            if not isinstance(name, ast.Name) or not name.id.isupper():
                continue
            value = getattr(limits, name.id)
            if isinstance(value, int | float) and not isinstance(value, bool):
                rows.append(f"| `{name.id}` | {value:,} | {why} |")
    return "\n".join(rows)


def _comment(lines: list[str], lineno: int) -> str:
    """The comment lines above a line (1-based) and at its end, as one line of a table."""
    comment = []
    n = lineno - 2
    while n >= 0 and lines[n].lstrip().startswith("#"):
        comment.insert(0, lines[n].lstrip()[1:].strip())
        n -= 1
    inline = lines[lineno - 1].partition("#")[2].strip()
    return " ".join(comment + ([inline] if inline else [])).replace("|", "\\|") or "as above"
