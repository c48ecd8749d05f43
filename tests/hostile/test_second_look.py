"""What a second attacker found after the first round: pictures that are PostScript under a
PNG name (Pillow would run Ghostscript), SVGs that reach out through '..' or a font path,
markup with two sources or tags reportlab treats as commands, colours that are nothing, ids
and output folders that would overwrite what is not theirs, a lock that is a link, and
expressions that grow through sum() or keyed format widths."""

from __future__ import annotations

import base64
import struct

import pytest

from bastelbogen.content.project import FONTS
from tests.hostile.builders import GAME, MP, MS, MT, MU, edit, picture_row, theme_image, usage
from tests.hostile.edits import OUTSIDE, Link, Replace, Write, png, svg
from tests.hostile.harness import Case, run_case

EPS = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nnewpath 0 0 moveto showpage\n"
REFUSED = r"(PNG|JPEG|damaged|not allowed|'\.\.'|font|only)"
AID = '"<b>Bieten:</b> alle außer'
AID_AT = r"^(content/muenchhausen/game\.yaml|templates/muenchhausen/aid\.yaml):\d+:\d+: "


def damaged_loca() -> bytes:
    """Vera with bytes of its glyph index ('loca') scrambled: it registers, and fails only
    when reportlab subsets it into the PDF (as a fuzzer found)."""
    data = bytearray((FONTS / "Vera.ttf").read_bytes())
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _sum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        if tag == b"loca":
            for at in range(offset + 22, offset + length - 200, 17):
                data[at] = 0xD5
    return bytes(data)


def aid_markup(cid: str, markup: str, pattern: str) -> Case:
    """Markup put before the first step of Münchhausen's player aid."""
    return Case(
        cid,
        MU,
        (edit(cid, MU, GAME[MU], AID, f'"{markup}{AID[1:]}').edits[0],),
        pattern=AID_AT + pattern,
    )


def layout_text(cid: str, expr: str) -> Case:
    return edit(
        cid,
        MU,
        "templates/muenchhausen/baron.yaml",
        'text: "Baron"',
        f'text: "{expr}"',
        pattern=r"^{line}: .*too large",
    )


CASES = [
    picture_row("museo-postscript-named-png", "pics/evil.png", EPS, r"^{line}: .*" + REFUSED),
    picture_row(
        "museo-svg-embeds-postscript",
        "pics/evil.svg",
        svg(
            '<image width="9" height="9" xlink:href="data:image/png;base64,'
            f'{base64.b64encode(EPS).decode()}"/>'
        ),
        r"^{line}: .*" + REFUSED,
    ),
    picture_row(
        "museo-svg-embeds-a-huge-png",
        "pics/big.svg",
        svg(
            '<image width="9" height="9" xlink:href="data:image/png;base64,'
            f'{base64.b64encode(png(9000, 9000, b"")).decode()}"/>'
        ),
        r"^{line}: .*(pixels|damaged)",
    ),
    theme_image(
        "mytown-svg-dotdot",
        "pics/a.svg",
        svg('<image width="9" height="9" xlink:href="sub/../../../x.png"/>'),
        r"^{line}: .*'sub/\.\./\.\./\.\./x\.png', which leaves the game folder",
    ),
    theme_image(
        "mytown-svg-font-path",
        "pics/f.svg",
        svg(f'<text font-family="{OUTSIDE}/secret">x</text>'),
        r"^{line}: .*font",
    ),
    aid_markup(
        "muenchhausen-img-two-sources", f"<img src='seal.png' src='{OUTSIDE}/x.png'/>", r".*img"
    ),
    aid_markup("muenchhausen-para-tag", "<para>x</para>", r".*<para>"),
    aid_markup("muenchhausen-ondraw-tag", "<onDraw name='x'/>", r".*<onDraw>"),
    edit(
        "minipilo-rules-internal-link",
        MP,
        "content/minipilo/rules.yaml",
        "- heading: ",
        "- heading: <a href='#q'>x</a> ",
        pattern=r"^content/minipilo/rules\.yaml:\d+:\d+: .*<a>",
    ),
    edit(
        "muenchhausen-ink-is-nothing",
        MU,
        "content/muenchhausen/sets.yaml",
        'ink: "#8a5a00"',
        "ink: ~",
        pattern=r"^templates/muenchhausen/number\.yaml:\d+:\d+: "
        r".*colour",
    ),
    edit(
        "museo-rules-colour-is-a-number",
        MS,
        "content/museo/rules.yaml",
        "colour:",
        "colour: 12\nold-colour:",
        pattern=r"^content/museo/rules\.yaml:\d+:\d+: ",
    ),
    edit(
        "muenchhausen-component-called-rules",
        MU,
        GAME[MU],
        "  - id: score-sheet",
        "  - id: rules",
        pattern=r"^{line}: .*rules",
    ),
    # Refused as a usage error before anything is written (it was exit 1, "not a kit").
    usage("muenchhausen-out-into-content", MU, "build", MU, "--out", "content"),
    Case(
        "mytown-game-file-links-outside",
        MT,
        (Link("content/mytown/game.yaml", f"{OUTSIDE}/secret.txt"),),
        pattern=r"^content/mytown/game\.yaml: .*outside",
    ),
    Case(
        "minipilo-lock-is-a-link",
        MP,
        (Link("out/.minipilo.lock", f"{OUTSIDE}/created-by-lock"),),
        pattern=r"cannot write",
    ),
    layout_text("muenchhausen-sum-of-lists", "{{ ([[0]*100000]*1000)|sum(start=[])|length }}"),
    layout_text("muenchhausen-keyed-format-width", "{{ '%(a)999999999d'|format(a=1) }}"),
    # Values where a single one belongs: lists cannot be compared or counted.
    edit(
        "museo-picture-image-is-a-list",
        MS,
        "content/museo/pictures.yaml",
        "{id: p05, style: concentric, seed: 130,",
        "{id: p05, image: [pics/a.png],",
        pattern=r"^content/museo/pictures\.yaml:\d+:\d+: ",
    ),
    edit(
        "muenchhausen-check-value-is-a-list",
        MU,
        GAME[MU],
        "values: [1, 2, 3, 4, 5, 6, 7, 8]}",
        "values: [1, 2, 3, 4, 5, 6, 7, [8]]}",
        pattern=r"^{line}: .*single",
    ),
    edit(
        "minipilo-languages-field-is-a-list",
        MP,
        GAME[MP],
        "fields: [text], languages: [de, en]}",
        "fields: [[text]], languages: [de, ~]}",
        pattern=r"^{line}: 'fields' must be text, got a list",
    ),
    edit(
        "minipilo-star-colour-is-a-list",
        MP,
        "content/minipilo/star.yaml",
        "{id: s01, colour: red,",
        "{id: s01, colour: [red],",
        pattern=r"^content/minipilo/star\.yaml:\d+:\d+: ",
    ),
    edit(
        "mytown-theme-back-motif-is-a-list",
        MT,
        "content/mytown/themes/town.yaml",
        "back: {motif: rooftops,",
        "back: {motif: [rooftops],",
        pattern=r"^{line}: .*motif",
    ),
    Case(
        "muenchhausen-font-with-damaged-glyph-index",
        MU,
        (
            Replace(
                GAME[MU], "rules: rules.yaml\n", "rules: rules.yaml\nfonts:\n  regular: bad.ttf\n"
            ),
            Write("content/muenchhausen/bad.ttf", damaged_loca),
        ),
        pattern=r"^content/muenchhausen/game\.yaml:\d+:\d+: .*font",
    ),
    edit(
        "mytown-jinja-if-nested-deep",
        MT,
        "templates/mytown/bench.yaml",
        'text: "{{ game.title }}"',
        'text: "' + "{% if 1 %}" * 120 + "x" + "{% endif %}" * 120 + '"',
        pattern=r"^{line}: .*(deep|nest)",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_second_look(case, tmp_path, hostile_kits):
    run_case(case, tmp_path, hostile_kits)
