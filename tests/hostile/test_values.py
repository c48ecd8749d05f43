"""No traceback, ever, from values: broken fonts and pictures, YAML that is not plain
data, numbers that are not numbers and sizes that are not sizes, characters the font cannot
draw, and what the code trusts – each is a located message (exit 1), and whatever can be
built is built."""

from __future__ import annotations

import pytest

from generator.project import FONTS
from tests.hostile.builders import (
    GAME,
    MP,
    MS,
    MT,
    MU,
    PICTURE_BOX,
    edit,
    image_box,
    picture_row,
    theme_image,
)
from tests.hostile.edits import Copy, Replace, Write, damaged_png
from tests.hostile.harness import Case, run_case

PICTURE = r"^{at}: .*(image|picture)"  # a picture content names, at its name
EMPTY_SVG = b""
VERA_BOLD = FONTS / "VeraBd.ttf"


def font(cid: str, game: str, data, role: str = "bold") -> Case:
    """The game names a font file of its own, which is broken."""
    return Case(cid, game, (
        Replace(GAME[game], "rules: rules.yaml\n",
                f"rules: rules.yaml\nfonts:\n  {role}: own.ttf\n", at="own.ttf"),
        Write(f"content/{game}/own.ttf", data)), pattern=r"^{at}: .*(font|own\.ttf)")


CASES = [
    # --- fonts and pictures that are broken ---------------------------------------------------
    font("mytown-font-garbage", MT, bytes(range(256)) * 64),
    font("minipilo-font-empty", MP, b""),
    font("museo-font-truncated", MS, lambda: VERA_BOLD.read_bytes()[:2000], role="regular"),
    font("muenchhausen-font-is-a-png", MU, lambda: damaged_png(), role="italic"),
    font("mytown-font-ttf-header-only", MT, b"\x00\x01\x00\x00\x00\x10" + b"\x00" * 200,
         role="regular"),
    image_box("muenchhausen-damaged-png-in-layout", MU, "back", "seal.png", damaged_png,
              PICTURE_BOX),
    picture_row("museo-damaged-png-in-row", "pictures/bad.png", damaged_png, PICTURE),
    picture_row("museo-truncated-jpeg-in-row", "pictures/bad.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF",
                PICTURE),
    theme_image("mytown-empty-svg-theme", "empty.svg", EMPTY_SVG, PICTURE),
    image_box("minipilo-svg-without-size", MP, "back", "nosize.svg",
              '<svg xmlns="http://www.w3.org/2000/svg"/>', PICTURE_BOX),
    theme_image("mytown-svg-that-is-html", "page.svg", "<html><body>hi</body></html>", PICTURE),
    picture_row("museo-svg-astronomical-size", "pictures/big.svg",
                '<svg xmlns="http://www.w3.org/2000/svg" width="1e308" height="1e308">'
                '<rect width="10" height="10"/></svg>', PICTURE, code=(0, 1)),
    picture_row("museo-svg-negative-size", "pictures/neg.svg",
                '<svg xmlns="http://www.w3.org/2000/svg" width="-60" height="-90">'
                '<rect width="10" height="10"/></svg>', PICTURE, code=(0, 1)),

    # --- YAML that is not plain data ----------------------------------------------------------
    edit("museo-python-object-tag", MS, GAME[MS], 'author: "Museo',
         'author: !!python/object/apply:os.system ["touch pwned"]\nx: "Museo', at="!!python",
         pattern=r"^{line}: .*(YAML|tag|constructor)"),
    edit("muenchhausen-python-name-tag", MU, "content/muenchhausen/sets.yaml",
         "currency: Taler,", "currency: !!python/name:os.system,", at="!!python",
         pattern=r"^{line}: .*(YAML|tag|constructor)"),
    edit("mytown-binary-value", MT, "content/mytown/types.yaml", "name: {de: Baum, en: Tree}",
         "name: {de: !!binary aGVsbG8=, en: Tree}", at="!!binary", expect_code=(0, 1),
         pattern=r"^{line}: "),
    edit("muenchhausen-date-as-author", MU, GAME[MU], "author: Thomas Schneider Axmann",
         "author: 2024-01-01", at="2024", pattern=r"^{at}: .*text"),
    edit("mytown-date-as-title", MT, GAME[MT], "title: {de: My Town, en: My Town}",
         "title: 2024-01-01", at="2024", pattern=r"^{at}: .*text"),
    edit("museo-date-as-colour", MS, GAME[MS], '{id: pawn-1, colour: "#d55e00",',
         "{id: pawn-1, colour: 2024-01-01,", at="2024",
         pattern=r"^(content/museo/game\.yaml|templates/museo/pawn\.yaml):\d+:\d+: .*colou?r"),
    edit("minipilo-date-as-card-name", MP, "content/minipilo/symbols.yaml",
         "name: {de: Wissen,", "name: {de: 2024-01-01,", at="2024", expect_code=(0, 1),
         pattern=r"^{line}: "),
    edit("minipilo-list-as-key", MP, GAME[MP], "rules: rules.yaml\n",
         "rules: rules.yaml\n[1, 2]: x\n", at="[1, 2]", pattern=r"^{at}: .*key"),
    edit("museo-mapping-as-key", MS, "content/museo/events.yaml", "- {id: e20,",
         "- ? {a: 1}\n  : x\n- {id: e20,", at="{a: 1}", pattern=r"^{at}: .*key"),
    edit("muenchhausen-null-key", MU, GAME[MU], "rules: rules.yaml\n",
         "rules: rules.yaml\n~: x\n", at="~", pattern=r"^{at}: .*key"),
    edit("mytown-merge-of-a-list", MT, GAME[MT], "players: {min: 2, max: 4}",
         "players: {<<: [1, 2], min: 2, max: 4}", at="{<<", pattern=r"^{line}: "),

    # --- numbers that are not numbers, sizes that are not sizes -------------------------------
    edit("mytown-text-size-nan", MT, "templates/mytown/tile.yaml", "    size: 10\n",
         "    size: .nan\n", at=".nan", pattern=r"^{at}: .*(finite|number)"),
    edit("museo-box-x-nan", MS, "templates/museo/back.yaml", "box: [8, 15.5, 24, 7]",
         "box: [.nan, 15.5, 24, 7]", at="[.nan", pattern=r"^{at}: .*(box|number|finite)"),
    edit("museo-box-height-infinite", MS, "templates/museo/event.yaml", "box: [12, 17, 16, 0.4]",
         "box: [12, 17, 16, .inf]", at="[12", pattern=r"^{at}: .*(box|number|finite)"),
    edit("muenchhausen-players-infinite", MU, GAME[MU], "players: {min: 3, max: 8}",
         "players: {min: .inf, max: 8}", at=".inf", pattern=r"^{at}: .*whole number"),
    edit("minipilo-table-first-infinite", MP, "templates/minipilo/score.yaml", "first: 34",
         "first: .inf", at=".inf", pattern=r"^{at}: .*(finite|number)"),
    edit("mytown-tile-width-zero", MT, GAME[MT], "size: [20mm, 50mm]", "size: [0mm, 50mm]",
         at="[0mm", pattern=r"^{at}: .*size"),
    edit("muenchhausen-card-width-negative", MU, GAME[MU], "    size: standard\n",
         "    size: [-63mm, 88mm]\n", at="[-63mm", pattern=r"^{at}: .*size"),
    edit("minipilo-standee-base-negative", MP, GAME[MP], "base: 12mm", "base: -5mm",
         at="-5mm", pattern=r"^{at}: .*base"),
    edit("mytown-clearance-negative", MT, GAME[MT], "clearance: 1mm", "clearance: -1mm",
         at="-1mm", pattern=r"^{line}: .*clearance"),
    edit("museo-line-negative", MS, "templates/museo/back.yaml", "line: 0.6}", "line: -1}",
         at="-1", pattern=r"^{at}: .*line"),
    edit("muenchhausen-box-width-zero", MU, "templates/muenchhausen/number.yaml",
         "box: [17, 8, 29, 7]", "box: [17, 8, 0, 7]", at="[17", pattern=r"^{at}: .*box"),
    edit("minipilo-gap-negative", MP, "templates/minipilo/action.yaml", "size: 11, min-size: 7",
         "size: 11, min-size: 7, gap: -1", at="-1", pattern=r"^{at}: .*gap"),
    edit("museo-radius-negative", MS, "templates/museo/back.yaml", "radius: 1,", "radius: -2,",
         at="-2", pattern=r"^{at}: .*radius"),
    edit("muenchhausen-count-zero", MU, GAME[MU], "        count: 8", "        count: 0",
         at="0", pattern=r"^{at}: .*count"),
    edit("museo-count-negative", MS, GAME[MS], "        count: 6", "        count: -1",
         at="-1", pattern=r"^{at}: .*count"),
    edit("mytown-count-true", MT, GAME[MT], "        count: 4", "        count: true",
         at="true", pattern=r"^{at}: .*count"),
    edit("minipilo-count-fraction", MP, GAME[MP], "{symbol: wissen, deck: P, count: 6}",
         "{symbol: wissen, deck: P, count: 1.5}", at="1.5", pattern=r"^{at}: .*count"),
    edit("muenchhausen-rotate-45", MU, "templates/muenchhausen/number.yaml", "rotate: 180}",
         "rotate: 45}", at="45", pattern=r"^{at}: .*rotate"),
    edit("museo-colour-zzz", MS, GAME[MS], '{id: pawn-1, colour: "#d55e00",',
         '{id: pawn-1, colour: "#zzz",', at='"#zzz"',
         pattern=r"^(content/museo/game\.yaml|templates/museo/pawn\.yaml):\d+:\d+: .*colou?r"),
    edit("minipilo-colour-five-digits", MP, "content/minipilo/symbols.yaml",
         'colour: "#0072b2"}', 'colour: "#12345"}', at='"#12345"',
         pattern=r"^(content/minipilo/symbols\.yaml|templates/minipilo/\w+\.yaml):\d+:\d+: "
                 r".*colou?r"),
    edit("mytown-theme-colour-ggg", MT, "content/mytown/themes/town.yaml",
         'A: {motif: tree, colour: "#3f8f3a"}', 'A: {motif: tree, colour: "#ggg"}', at='"#ggg"',
         pattern=r"^(content/mytown/themes/town\.yaml|templates/mytown/tile\.yaml):\d+:\d+: "
                 r".*colou?r"),

    # --- characters the font cannot draw ----------------------------------------------------
    edit("museo-emoji-in-card-title", MS, "content/museo/events.yaml",
         "title: {de: Nochmal!,", 'title: {de: "Nochmal! 🎲",', at='"Nochmal',
         pattern=r"^(content/museo/events\.yaml|templates/museo/event\.yaml):\d+:\d+: .*glyph"),
    edit("minipilo-emoji-in-card-paragraph", MP, "content/minipilo/problems.csv",
         "a01,wissen;humor,Ich habe mich mit", "a01,wissen;humor,🙈 Ich habe mich mit", at="🙈",
         pattern=r"^(content/minipilo/problems\.csv|templates/minipilo/action\.yaml):\d+:\d+: "
                 r".*glyph"),
    edit("muenchhausen-emoji-in-rules", MU, "content/muenchhausen/rules.yaml",
         "  tagline: Das Bluffspiel", "  tagline: 🃏 Das Bluffspiel", at="🃏",
         pattern=r"^content/muenchhausen/rules\.yaml:\d+:\d+: .*glyph"),

    # --- own ideas: what the code trusts ------------------------------------------------------
    edit("muenchhausen-refs-missing-table", MU, GAME[MU], "refs: {set: sets}",
         "refs: {set: nope}", pattern=r"^content/muenchhausen/game\.yaml:\d+:\d+: .*nope"),
    edit("mytown-stand-holds-itself", MT, GAME[MT], "holds: {component: tiles,",
         "holds: {component: benches,", pattern=r"^content/mytown/game\.yaml:\d+:\d+: "),
    edit("mytown-stand-holds-nothing-known", MT, GAME[MT], "holds: {component: tiles,",
         "holds: {component: nope,", pattern=r"^content/mytown/game\.yaml:\d+:\d+: .*nope"),
    edit("mytown-extends-itself", MT, "templates/mytown/back.yaml", "boxes:\n",
         "extends: mytown/back\nboxes:\n", at="mytown/back", pattern=r"^{at}: .*itself"),
    Case("museo-extends-in-a-circle", MS, (
        Replace("templates/museo/back.yaml", "boxes:\n", "extends: museo/event\nboxes:\n",
                at="museo/event"),
        Replace("templates/museo/event.yaml", "boxes:\n", "extends: museo/back\nboxes:\n")),
        pattern=r"^templates/museo/(back|event)\.yaml:\d+:\d+: .*(itself|circle|cycle)"),
    edit("museo-with-names-a-text", MS, "templates/museo/pawn.yaml", "with: item}",
         "with: item.colour}", at="item.colour", pattern=r"^{at}: .*mapping"),
    edit("mytown-slice-outside-the-grid", MT, "templates/mytown/tile.yaml",
         'slice: ["{{ part - 1 }}", 0,', 'slice: ["{{ part + 5 }}", 0,', at="[",
         pattern=r"^{line}: .*(grid|slice)"),
    edit("minipilo-when-undefined", MP, "templates/minipilo/runner.yaml", "with: item}",
         'with: item, when: "{{ nope.x }}"}', at='"{{ nope', pattern=r"^{at}: .*nope"),
    edit("minipilo-font-tag-unknown-face", MP, "content/minipilo/problems.csv",
         "a01,wissen;humor,Ich habe mich mit", "a01,wissen;humor,<font face='Nope'>Ich</font>"
         " habe mich mit",
         pattern=r"^(content/minipilo/problems\.csv|templates/minipilo/action\.yaml):\d+:\d+: "),
    edit("museo-font-tag-size-1e300", MS, "content/museo/events.yaml",
         "text: {de: Würfle sofort noch einmal.,",
         "text: {de: \"<font size='1e300'>Würfle</font> sofort\",",
         pattern=r"^(content/museo/events\.yaml|templates/museo/event\.yaml):\d+:\d+: "),
    edit("muenchhausen-link-tag-to-a-file", MU, GAME[MU], '"<b>Bieten:</b> alle außer',
         "\"<a href='file:///etc/passwd'>Bieten:</a> alle außer", expect_code=(0, 1),
         pattern=r"^(content/muenchhausen/game\.yaml|templates/muenchhausen/aid\.yaml)"
                 r":\d+:\d+: "),
    edit("museo-title-a-list", MS, GAME[MS], "title: {de: Dein Zug, en: Your turn}",
         "title: {de: [Dein, Zug], en: Your turn}", at="[Dein",
         pattern=r"^({line}|templates/museo/reference\.yaml:\d+:\d+): .*list"),
    edit("mytown-players-huge", MT, GAME[MT], "players: {min: 2, max: 4}",
         "players: {min: 2, max: 99999999999999999999999999}", expect_code=(0, 1),
         pattern=r"^content/mytown/game\.yaml:\d+:\d+: "),
    edit("muenchhausen-complete-sets-values-not-a-list", MU, GAME[MU],
         "     values: [1, 2, 3, 4, 5, 6, 7, 8]}", "     values: 8}", at="8}",
         pattern=r"^{line}: .*values"),
    edit("minipilo-members-of-missing-table", MP, GAME[MP],
         "{check: members, table: problems, field: symbols, of: symbols,",
         "{check: members, table: problems, field: symbols, of: nope,",
         pattern=r"^content/minipilo/game\.yaml:\d+:\d+: .*nope"),
    edit("minipilo-sequence-values-a-text", MP, GAME[MP],
         '{check: sequence, table: sides, field: id, values: ["1", "2", "3", "4", "5", "6"]}',
         "{check: sequence, table: sides, field: id, values: abc}",
         pattern=r"^content/minipilo/game\.yaml:\d+:\d+: .*values"),
    edit("mytown-where-holds-a-list", MT, GAME[MT], "where: {kind: single}",
         "where: {kind: [single]}", expect_code=(0, 1),
         pattern=r"^content/mytown/game\.yaml:\d+:\d+: "),
    Case("museo-table-row-id-a-list", MS, (
        Replace("content/museo/events.yaml", "- {id: e20,", "- {id: [e20],", at="[e20]"),),
        pattern=r"^{line}: .*id"),
    Case("muenchhausen-game-folder-copied-under-other-name", MU, (
        Copy("content/muenchhausen", "content/baron"),), args=("build", "baron"),
        pattern=r"^content/baron/game\.yaml:\d+:\d+: .*(match|folder)"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_no_traceback(case, tmp_path, hostile_kits):
    run_case(case, tmp_path, hostile_kits)
