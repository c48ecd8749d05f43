"""Hypothesis strategies that break real content as a stranger might: structural edits of a
YAML file's data (drop, duplicate, retype and rename keys; hostile scalars; lists where a
scalar belongs; deep nesting), edits of its text (anchors, aliases, merge keys, tags,
template syntax, duplicated lines, truncation, bytes that are no UTF-8), hostile CSV cells
and rows, and damaged pictures (PNG, JPEG) and other files."""

from __future__ import annotations

import copy
import csv
import io
import math
import struct
import zlib
from typing import Any

import yaml
from hypothesis import reject
from hypothesis import strategies as st

# --- values ---------------------------------------------------------------------------------

HOSTILE_NUMBERS: list[Any] = [
    0,
    -1,
    -0.0,
    1,
    2**31,
    2**63,
    10**18,
    -(10**12),
    10**40,
    0.5,
    1e-320,
    1e308,
    -1e308,
    math.inf,
    -math.inf,
    math.nan,
]
HOSTILE_TEXTS: list[str] = [
    "",
    " ",
    "x" * 300,
    "w" * 25_000,  # past MAX_TEXT_CHARS
    "W" * 10_000,  # one word no box is wide enough for
    "Donaudampfschifffahrtsgesellschaft" * 200,  # one long word of a language's syllables
    "x\u0301" * 4_000,  # one word of combining accents
    "a\u00ad" * 4_000,  # soft hyphens: a break at every other character
    "Straße 漢字 🎲 ‮rtl‬",
    "\t\u00a0\u200b",
    "{{",
    "}}",
    "{{ 7*7 }}",
    "{{ x.__class__.__mro__ }}",
    "{% for i in range(10**9) %}x{% endfor %}",
    "{{ '%s' % 1 }}",
    "{#",
    "../../../etc/passwd",
    "/etc/hostname",
    "C:\\x",
    "con",
    "#fff",
    "#zzzzzz",
    "rgb(1,2,3)",
    "10mm",
    "-5mm",
    "0mm",
    "1e9mm",
    "nanmm",
    "infmm",
    "3cm",
    "12pt",
    "100%",
    "standard",
    "a4",
    "hex",
    "circle",
    "card",
    "tile",
    "text",
    "int",
    "ref",
    "yes",
    "null",
    "~",
    "<b>bold</b><img src='/etc/passwd'>",
    "**x**",
    "a;b;c",
    "de",
    "xx-YY",
    "id with spaces",
    "Ä" * 70,
]
SCALARS = st.sampled_from([*HOSTILE_NUMBERS, *HOSTILE_TEXTS, True, False, None])
RANDOM_SCALARS = st.one_of(
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
)


def deep(levels: int, inner: Any = 1, kind: str = "list") -> Any:
    value = inner
    for _ in range(levels):
        value = [value] if kind == "list" else {"k": value}
    return value


STRUCTURES = st.sampled_from(
    [
        [],
        {},
        [None],
        [1, 2, 3],
        ["a", "b"],
        {"a": 1},
        {"de": "x", "en": "y"},
        {"from": "x"},
        [[1, 2], [3, 4]],
        deep(40),
        deep(70),  # past MAX_YAML_DEPTH
        deep(40, kind="map"),
        list(range(300)),
        [{"id": f"i{n}"} for n in range(50)],
    ]
).map(copy.deepcopy)  # a copy each time: later edits change the data in place
VALUES = st.one_of(SCALARS, SCALARS, RANDOM_SCALARS, STRUCTURES)
KEYS = st.one_of(
    st.sampled_from(
        [
            "id",
            "count",
            "size",
            "shape",
            "face",
            "back",
            "items",
            "from",
            "each",
            "kind",
            "name",
            "text",
            "painter",
            "box",
            "boxes",
            "when",
            "with",
            "file",
            "columns",
            "type",
            "table",
            "layout",
            "extends",
            "bleed",
            "",
            "x" * 80,
            "Ünï",
            "a.b",
            "{{ k }}",
        ]
    ),
    st.integers(min_value=-3, max_value=3),
    st.none(),
    st.booleans(),
)


# --- structural edits of YAML data ----------------------------------------------------------


def _places(data: Any, path: tuple = ()) -> list[tuple]:
    """Every place in the data: the path of keys and indices leading to a value."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_places(value, (*path, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(_places(value, (*path, index)))
    return found


def _depth(data: Any) -> int:
    if isinstance(data, dict):
        return 1 + max(map(_depth, data.values()), default=0)
    if isinstance(data, list):
        return 1 + max(map(_depth, data), default=0)
    return 0


def _at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


EDITS = ("drop", "duplicate", "rename", "replace", "wrap", "nest", "copy")


@st.composite
def edited_data(draw, original: Any, most: int = 3) -> Any:
    """The data of a YAML file with one to `most` structural edits."""
    data = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, most))):
        places = [p for p in _places(data) if p]
        if not places:
            return draw(VALUES)
        path = places[draw(st.integers(0, len(places) - 1))]
        parent, key = _at(data, path[:-1]), path[-1]
        edit = draw(st.sampled_from(EDITS))
        if edit == "drop":
            del parent[key]
        elif edit == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif edit == "rename" and isinstance(parent, dict):
            new = draw(KEYS)
            parent[new] = parent.pop(key)
        elif edit == "wrap":
            parent[key] = draw(st.sampled_from([[parent[key]], {"x": parent[key]}]))
        elif edit == "nest" and _depth(data) < 150:  # yaml's dumper recurses: 400 is too deep
            parent[key] = deep(draw(st.sampled_from([10, 63, 65, 150])), parent[key])
        elif edit == "copy":  # another place's value here: a list where a scalar was
            other = places[draw(st.integers(0, len(places) - 1))]
            if other[: len(path)] != path:
                parent[key] = copy.deepcopy(_at(data, other))
        else:
            parent[key] = draw(VALUES)
    return data


def dumped(data: Any) -> str:
    """The data as YAML; data nested past what yaml's dumper can recurse is no case."""
    try:
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)
    except RecursionError:
        reject()


# --- edits of YAML text ---------------------------------------------------------------------

RAW_FRAGMENTS = [
    "&a [*a]",
    "*nowhere",
    "!!python/object/apply:os.system ['echo pwned']",
    "!!python/name:os.system",
    "!!binary aGVsbG8=",
    "!!set {a, b}",
    "!!timestamp 2001-12-14",
    "!!float .nan",
    "!!int '12'",
    "!!str 12",
    "!custom x",
    "{<<: {id: merged}}",
    "{<<: [{a: 1}, {b: 2}]}",
    "{<<: 5}",
    "{? [a, b] : c}",
    "{[1, 2]: x}",
    "'{{ 7*7 }}'",
    '"{{ range(10**9) | list }}"',
    "'{% include \"/etc/passwd\" %}'",
    "0x1F",
    "0o17",
    "1_000",
    "+.inf",
    "1e999",
    "2001-12-14",
    "12:30:00",
    "'\\x00'",
    '"\\0\\x01\\u202e"',
    "[" * 80 + "]" * 80,
    "{a: 1, a: 2}",
    "|\n  block\n  text",
    ">-\n  folded",
    '"' + "🎲" * 3000 + '"',
]


def _node_spans(text: str) -> list[tuple[int, int]]:
    """Start and end offsets of every node of the document (empty if it does not parse)."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []
    spans: list[tuple[int, int]] = []
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        spans.append((node.start_mark.index, node.end_mark.index))
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                stack.extend((k, v))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    spans.sort()
    return spans


TEXT_EDITS = ("fragment", "alias", "merge", "line", "truncate", "insert")
INSERTS = [
    "\x00",
    "\t",
    "\ufeff",
    "\r",
    "\u2028",
    "\x1b[31m",
    ": ",
    "- ",
    "---\n",
    "...\n",
    "%YAML 1.1\n",
    "&x ",
    "*x ",
    "? ",
    "#",
    "{",
    "'",
]


@st.composite
def edited_text(draw, text: str) -> str | bytes:
    """The text of a YAML file with one edit of its syntax."""
    spans = _node_spans(text)
    edit = draw(st.sampled_from(TEXT_EDITS))
    if spans and edit in ("fragment", "alias", "merge"):
        start, end = spans[draw(st.integers(0, len(spans) - 1))]
        if edit == "fragment":
            raw = draw(st.sampled_from(RAW_FRAGMENTS))
            return text[:start] + raw + text[end:]
        first, _ = spans[draw(st.integers(0, len(spans) - 1))]
        if first < start:  # an anchor before, an alias (or a merge of it) here
            alias = "*fz" if edit == "alias" else "{<<: *fz}"
            return text[:first] + "&fz " + text[first:start] + alias + text[end:]
        return text[:start] + "&fz " + text[start:end] + " *fz" + text[end:]
    lines = text.splitlines(keepends=True)
    if edit == "line" and lines:
        n = draw(st.integers(0, len(lines) - 1))
        copies = draw(st.sampled_from([1, 2, 1000]))
        return "".join(lines[: n + 1] + [lines[n]] * copies + lines[n + 1 :])
    if edit == "truncate":
        return text[: draw(st.integers(0, max(0, len(text) - 1)))]
    at = draw(st.integers(0, len(text)))
    if draw(st.booleans()):
        junk: str | bytes = draw(st.sampled_from(INSERTS))
    else:
        junk = draw(st.binary(min_size=1, max_size=8))
    data = text.encode("utf-8")
    cut = len(text[:at].encode("utf-8"))
    return data[:cut] + (junk if isinstance(junk, bytes) else junk.encode("utf-8")) + data[cut:]


# --- tables ---------------------------------------------------------------------------------

HOSTILE_CELLS = [
    "",
    " ",
    "0",
    "-1",
    "1.5",
    "1e400",
    "9" * 401,
    "nan",
    "inf",
    "-0",
    "0x10",
    "1_000",
    "=1+1",
    '=HYPERLINK("http://x")',
    "#DIV/0!",
    "#N/A",
    "TRUE",
    '"',
    "'",
    "\n",
    "a,b",
    "a;b;;",
    ";",
    "{{ 7*7 }}",
    "{% x %}",
    "x" * 25_000,
    "Ä🎲漢",
    "\x00",
    "\u202e",
    "#fff",
    "#12345",
    "0.5",
    "5",
    "../x.png",
    "a.b",
    "id",
]
CELLS = st.one_of(st.sampled_from(HOSTILE_CELLS), st.text(max_size=30))
TABLE_EDITS = (
    "cell",
    "cell",
    "header",
    "drop-column",
    "add-column",
    "drop-row",
    "dup-row",
    "ragged",
)


@st.composite
def edited_rows(draw, rows: list[list[str]], most: int = 3) -> list[list[str]]:
    """A table's rows (the header first) with one to `most` edits."""
    rows = [list(r) for r in rows]
    for _ in range(draw(st.integers(1, most))):
        if not rows:
            return [[draw(CELLS)]]
        edit = draw(st.sampled_from(TABLE_EDITS))
        r = draw(st.integers(0, len(rows) - 1))
        width = max(len(rows[r]), 1)
        c = draw(st.integers(0, width - 1))
        if edit == "cell" and rows[r]:
            rows[r][c] = draw(CELLS)
        elif edit == "header" and rows[0]:
            rows[0][min(c, len(rows[0]) - 1)] = draw(
                st.one_of(CELLS, st.sampled_from(["id", "name.de", "a.b.c", "count", "x.en"]))
            )
        elif edit == "drop-column":
            for row in rows:
                if c < len(row):
                    del row[c]
        elif edit == "add-column":
            for row in rows:
                row.append(draw(CELLS))
        elif edit == "drop-row":
            del rows[r]
        elif edit == "dup-row":
            rows.insert(r, list(rows[r]))
        elif rows[r]:  # ragged: a row longer or shorter than the header
            if draw(st.booleans()):
                rows[r].pop()
            else:
                rows[r].extend(["x", "y"])
    return rows


def csv_text(rows: list[list[str]], delimiter: str = ",") -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\n").writerows(rows)
    return out.getvalue()


def csv_rows(text: str, delimiter: str = ",") -> list[list[str]]:
    return [list(r) for r in csv.reader(io.StringIO(text), delimiter=delimiter)]


# --- bytes: pictures and other files --------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def png_with(width: int, height: int, depth: int, colour: int, idat: bytes | None = None) -> bytes:
    """A PNG whose header says what we like, with a body that may or may not agree."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    if idat is None:
        idat = zlib.compress(b"\x00" * 64)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")
    )


@st.composite
def damaged_bytes(draw, data: bytes) -> bytes:
    """A file's bytes damaged: flipped, cut, spliced, repeated or replaced."""
    data = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        edit = draw(st.sampled_from(("flip", "set", "cut", "splice", "repeat", "random")))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if edit == "flip" and data:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif edit == "set" and data:
            value = draw(st.sampled_from([0x00, 0xFF, 0x7F, 0x80]))
            for i in range(at, min(len(data), at + draw(st.integers(1, 4)))):
                data[i] = value
        elif edit == "cut":
            del data[at:]
        elif edit == "splice":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif edit == "repeat":
            data[at:at] = data[at : at + 64] * draw(st.integers(2, 50))
        else:
            return draw(st.binary(max_size=256))
    return bytes(data)


# Other formats under a PNG's or JPEG's name: Pillow has plug-ins for each (EPS would run
# Ghostscript); none may be decoded (content/rasters.py).
OTHER_FORMATS = [
    b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n{ } loop\n",
    b"\xc5\xd0\xd3\xc6" + b"\0" * 28,  # EPS with a binary header
    b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF",
    b"BM" + struct.pack("<IHHIIiiHH", 58, 0, 0, 54, 40, 1, 1, 1, 24) + b"\0" * 28,
    b"II*\0\x08\0\0\0" + b"\0" * 16,  # TIFF
    b"GIF89a\x01\0\x01\0\0\0\0;",
    b"RIFF\x1a\0\0\0WEBPVP8 " + b"\0" * 14,
    b"8BPS\0\x01" + b"\0" * 20,  # Photoshop
    b"\0\0\1\0\1\0\x10\x10" + b"\0" * 20,  # ICO
    b"P6\n1 1\n255\n\xff\0\0",  # PPM
    b"<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>",
]


@st.composite
def hostile_png(draw) -> bytes:
    """A PNG built with a header that may lie: huge, zero, odd depths and colour types."""
    width = draw(st.sampled_from([0, 1, 8, 65_535, 100_000, 2**31 - 1, 2**32 - 1]))
    height = draw(st.sampled_from([0, 1, 8, 65_535, 100_000, 2**31 - 1]))
    depth = draw(st.sampled_from([1, 2, 4, 8, 16, 0, 3, 255]))
    colour = draw(st.sampled_from([0, 2, 3, 4, 6, 1, 7, 255]))
    body = draw(st.one_of(st.none(), st.binary(max_size=64), st.just(zlib.compress(b"\0" * 10**5))))
    if draw(st.integers(0, 3)) == 0:  # now and then another format under the name
        return draw(st.sampled_from(OTHER_FORMATS))
    return png_with(width, height, depth, colour, body)


# --- SVG pictures: the converter's input ----------------------------------------------------

SVG_VALUES = [
    "0",
    "-1",
    "1e308",
    "-1e308",
    "nan",
    "inf",
    "1e-300",
    "50%",
    "1e6",
    "0.0001",
    "url(#nowhere)",
    "url(#p)",
    "url(#g)",
    "none",
    "currentColor",
    "inherit",
    "",
    "rotate(1e300)",
    "matrix(0 0 0 0 0 0)",
    "scale(0)",
    "translate(nan)",
    "M0 0 L1e308 1e308",
    "M",
    "M0 0 A 1e-300 1e300 0 1 1 5 5",
    "-0 -0 0 0",
    "objectBoundingBox",
    "userSpaceOnUse",
    "repeat",
    "reflect",
    "#" + "f" * 200,
]
SVG_KEYS = [
    "width",
    "height",
    "x",
    "y",
    "viewBox",
    "transform",
    "fill",
    "stroke",
    "opacity",
    "stroke-width",
    "stdDeviation",
    "patternTransform",
    "gradientTransform",
    "patternUnits",
    "spreadMethod",
    "mask",
    "clip-path",
    "filter",
    "d",
    "r",
    "offset",
    "font-size",
    "dx",
]
SVG_ELEMENTS = [
    '<pattern id="p" width="0.001" height="0.001"><rect width="1" height="1"/></pattern>'
    '<rect width="1e5" height="1e5" fill="url(#p)"/>',
    '<filter id="f"><feGaussianBlur stdDeviation="1e4"/></filter>'
    '<rect width="1e6" height="1e6" filter="url(#f)"/>',
    '<linearGradient id="g" x2="1e-9" spreadMethod="repeat"><stop offset="0"/>'
    '<stop offset="1" stop-color="red"/></linearGradient><rect width="1e6" height="9"'
    ' fill="url(#g)"/>',
    '<text font-size="1e9">x</text>',
    '<use href="#u"/><g id="u"><use href="#u"/></g>',
    '<image width="9" height="9" href="data:image/svg+xml;base64,PHN2Zz4="/>',
    '<mask id="m"><rect width="9" height="9" mask="url(#m)"/></mask>',
]


@st.composite
def edited_svg(draw, original: bytes) -> bytes:
    """An SVG picture with hostile attribute values and elements, parsed and written again
    (or left broken when it was not XML)."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(original)
    except ET.ParseError:
        return original
    elements = list(root.iter())
    for _ in range(draw(st.integers(1, 6))):
        element = draw(st.sampled_from(elements))
        element.set(draw(st.sampled_from(SVG_KEYS)), draw(st.sampled_from(SVG_VALUES)))
    text = ET.tostring(root, encoding="unicode")
    if draw(st.booleans()):
        text = text.replace(
            "</ns0:svg>",
            draw(st.sampled_from(SVG_ELEMENTS)).replace("<", "<ns0:").replace("<ns0:/", "</ns0:")
            + "</ns0:svg>",
        )
    return text.encode()


# --- expressions ----------------------------------------------------------------------------
# The sandbox's whole surface, as an expression may reach it: every public method of the
# values a context holds (texts, numbers, lists, mappings), every filter, test and global.
RECEIVERS = {
    "name": "text",
    "'ü'": "text",
    "copies": "number",
    "2.5": "number",
    "tags": "list",
    "[1, 'a', none]": "list",
    "row": "mapping",
    "{'a': 1}": "mapping",
}
METHODS = {
    kind: sorted(m for m in dir(sample) if not m.startswith("_"))
    for kind, sample in (("text", ""), ("number", 0), ("list", []), ("mapping", {}))
}
METHODS["number"] += sorted(m for m in dir(0.5) if not m.startswith("_"))
ARGUMENTS = [
    "0",
    "-1",
    "1",
    "10**9",
    "2**63",
    "1.5",
    "''",
    "'x'",
    "'utf-8'",
    "'bogus'",
    "'rot13'",
    "'strict'",
    "'nope'",
    "'{0}{1}'",
    "'%s%d'",
    "'\\\\ud800'",
    "'\\x00'",
    "none",
    "true",
    "[]",
    "[1, 2]",
    "{}",
    "name",
    "tags",
    "row",
    "range(3)",
]


def _arguments(draw) -> str:
    args = draw(st.lists(st.sampled_from(ARGUMENTS), max_size=3))
    return "(" + ", ".join(args) + ")"


@st.composite
def expressions(draw, filters: list[str], tests: list[str], globals_: list[str]) -> str:
    """`{{ … }}` reaching one to three of the sandbox's methods, filters, tests and globals,
    each given hostile arguments (or none, as a designer may forget them)."""
    receiver, kind = draw(st.sampled_from(sorted(RECEIVERS.items())))
    expr = receiver
    for _ in range(draw(st.integers(1, 3))):
        step = draw(st.sampled_from(("method", "filter", "test", "global")))
        called = draw(st.booleans())
        if step == "method":
            expr = f"({expr}).{draw(st.sampled_from(METHODS[kind]))}"
            expr += _arguments(draw) if called else ""
        elif step == "filter":
            expr = f"({expr}) | {draw(st.sampled_from(filters))}"
            expr += _arguments(draw) if called else ""
        elif step == "test":
            expr = f"({expr}) is {draw(st.sampled_from(tests))}"
        else:
            expr = f"{draw(st.sampled_from(globals_))}{_arguments(draw)}"
        kind = draw(st.sampled_from(sorted(METHODS)))  # what it gives is anyone's guess
    return "{{ " + expr + " }}"
