"""One guard for every SVG (content/svg.py): a picture an item names and a die line a
component's shape names are refused for the same hostile files, each at the place that
names the file, before any drawing or die-line library reads them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bastelbogen.checks import validate
from bastelbogen.content.loader import load_game
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError
from tests.conftest import ROOT

GAME = """game: deck
title: {de: Deck, en: Deck}
players: {min: 2, max: 4}
components:
  - id: cards
    name: {de: Karten, en: Cards}
    kind: card
    size: [40mm, 50mm]
    face: deck/card
    SHAPE
    items:
      - {id: a, picture: PICTURE}
"""
SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
    ' width="100" height="100">'
)
CUT = '<path id="cut" d="M 0 0 H 100 V 100 H 0 Z"/>'
BILLION = (
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {chr(98 + k)} "' + f"&{chr(97 + k)};" * 10 + '">' for k in range(8))
    + f"]>{SVG}{CUT}<text>&i;</text></svg>"
)
XXE = (
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    f"{SVG}{CUT}<text>&x;</text></svg>"
)
# Ten copies of ten copies … of one shape: a hundred million shapes for a parser that copies.
USES = (
    f'{SVG}<defs><g id="l0">{CUT}</g>'
    + "".join(f'<g id="l{k + 1}">' + f'<use xlink:href="#l{k}"/>' * 10 + "</g>" for k in range(8))
    + '</defs><use xlink:href="#l8"/></svg>'
)
HOSTILE = {
    "billion-laughs": (BILLION, r"declares XML entities, which are not allowed"),
    "external-entity": (XXE, r"declares XML entities, which are not allowed"),
    "external-href": (
        f'{SVG}{CUT}<image href="http://example.com/x.png" width="9" height="9"/></svg>',
        r"refers to 'http://example\.com/x\.png'; pictures are never fetched",
    ),
    "file-href": (
        f'{SVG}{CUT}<image xlink:href="file:///etc/passwd" width="9" height="9"/></svg>',
        r"refers to 'file:///etc/passwd'; pictures are never fetched",
    ),
    "outside-href": (
        f'{SVG}{CUT}<image href="../../x.png" width="9" height="9"/></svg>',
        r"<image> refers to '\.\./\.\./x\.png', which leaves the game folder",
    ),
    "css-url": (
        f'{SVG}<path id="cut" d="M 0 0 H 9 V 9 Z" style="fill:url(http://x/y)"/></svg>',
        r"refers to url\(http://x/y\); only url\(#id\)",
    ),
    "use-bomb": (USES, r"expands through <use> to over 20,000 elements"),
    "malformed": (f"{SVG}<path id='cut' d='M 0 0", r"is not well-formed XML \("),
    "not-svg": (
        "<html><body/></html>",
        r"is not an SVG picture \(its outermost element is <html>\)",
    ),
    "oversize": (None, rf"is larger than {limits.MAX_SVG_BYTES >> 20} MiB"),
}


def _write(folder: Path, text: str | None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if text is None:  # one byte past the limit, the rest a valid drawing
        body = f"{SVG}{CUT}<!--"
        tail = "--></svg>"
        text = body + " " * (limits.MAX_SVG_BYTES + 1 - len(body) - len(tail)) + tail
    (folder / "bad.svg").write_text(text)
    (folder / "good.svg").write_text(f"{SVG}{CUT}</svg>")


def _problems(tmp_path: Path, shape: str, picture: str) -> tuple[list, str]:
    folder = tmp_path / "content" / "deck"
    game = GAME.replace("SHAPE", shape).replace("PICTURE", picture)
    (folder / "game.yaml").write_text(game)
    try:
        validate(load_game(folder, ROOT / "fonts"))
    except ContentError as exc:
        return exc.problems, game
    return [], game


def _at(game: str, text: str) -> tuple[int, int]:
    """Line and column (from 1) where `text` stands in the game file."""
    for n, line in enumerate(game.splitlines(), start=1):
        if text in line:
            return n, line.index(text) + 1
    raise AssertionError(text)


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_picture_is_refused_where_it_is_named(tmp_path, case):
    text, message = HOSTILE[case]
    _write(tmp_path / "content" / "deck", text)
    problems, game = _problems(tmp_path, "", "bad.svg")
    assert len(problems) == 1, [p.message for p in problems]
    (p,) = problems
    assert (p.loc.line, p.loc.col) == _at(game, "bad.svg")
    assert p.loc.file.endswith("game.yaml")
    assert re.fullmatch(rf"image bad\.svg {message}.*", p.message), p.message


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_die_line_is_refused_where_it_is_named(tmp_path, case):
    text, message = HOSTILE[case]
    _write(tmp_path / "content" / "deck", text)
    problems, game = _problems(tmp_path, "shape: {path: bad.svg}", "good.svg")
    assert len(problems) == 1, [p.message for p in problems]
    (p,) = problems
    assert (p.loc.line, p.loc.col) == _at(game, "{path: bad.svg}")
    assert re.fullmatch(rf"shape: die line 'bad\.svg' {message}.*", p.message), p.message


DOCTYPE = (
    '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"'
    ' "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">'
)


@pytest.mark.parametrize("head", ["", DOCTYPE], ids=["plain", "doctype"])
def test_the_same_file_passes_both(tmp_path, head):
    """The guard refuses nothing a plain drawing holds, the document type drawing programs
    write included (it is never fetched): the good file is a picture and a die line (its
    outline 100 px = 26.46 mm, inside the card)."""
    _write(tmp_path / "content" / "deck", f"{SVG}{CUT}</svg>")
    (tmp_path / "content" / "deck" / "good.svg").write_text(f"{head}{SVG}{CUT}</svg>")
    problems, _game = _problems(tmp_path, "shape: {path: good.svg}", "good.svg")
    assert problems == []
    game = load_game(tmp_path / "content" / "deck", ROOT / "fonts")
    xs = sorted({round(x, 2) for x, _y in game.components[0].shape.points})
    assert xs == [0.0, round(100 * 25.4 / 96, 2)]
