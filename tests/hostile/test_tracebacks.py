"""No traceback, ever: bytes that are not text, files that are folders or empty, values of
the wrong kind, broken fonts and pictures, odd command lines, an out/ that is not what it
should be – every failure a user can cause is a located message (exit 1) or a usage error
(exit 2), and whatever can be built is built."""

from __future__ import annotations

import re

import pytest

from tests.hostile.harness import (
    OUTSIDE,
    REPO,
    Case,
    Copy,
    Delete,
    Link,
    Mkdir,
    Replace,
    Write,
    damaged_png,
    run_case,
)

MU, MS, MT, MP = "muenchhausen", "museo", "mytown", "minipilo"
GAME = {g: f"content/{g}/game.yaml" for g in (MU, MS, MT, MP)}
USAGE = r"^Error: .*"
ANY = r"^{line}: "  # the place of the edit, any message


def place(path: str, needle: str, offset: int = 0) -> str:
    """`path:line:col` (as a pattern) of a character of the shipped file, counted as an
    editor counts: lines and characters from 1."""
    text = (REPO / path).read_text()
    at = text.index(needle) + offset
    line = text.count("\n", 0, at) + 1
    col = at - text.rfind("\n", 0, at)
    return f"{re.escape(path)}:{line}:{col}"


def bad_byte(cid: str, game: str, path: str, needle: str, offset: int, raw: bytes) -> Case:
    """The character at `needle`+`offset` replaced by a byte that is not UTF-8."""
    text = (REPO / path).read_text()
    start = text.index(needle)
    before = needle.encode()
    after = needle[:offset].encode() + raw + needle[offset + 1:].encode()
    assert text.count(needle) >= 1 and start >= 0
    return Case(cid, game, (Replace(path, before, after),),
                pattern=rf"^{place(path, needle, offset)}: .*(UTF-8|utf-8|decode|byte)")


def edit(cid: str, game: str, path: str, old: str, new: str, pattern: str = ANY,
         at: str | None = None, **kw) -> Case:
    return Case(cid, game, (Replace(path, old, new, at=at),), pattern=pattern, **kw)


def usage(cid: str, game: str, *args: str, edits=()) -> Case:
    return Case(cid, game, tuple(edits), args=args, expect_code=2, pattern=USAGE)


def font(cid: str, game: str, data, role: str = "bold") -> Case:
    """The game names a font file of its own, which is broken."""
    return Case(cid, game, (
        Replace(GAME[game], "rules: rules.yaml\n",
                f"rules: rules.yaml\nfonts:\n  {role}: own.ttf\n", at="own.ttf"),
        Write(f"content/{game}/own.ttf", data)), pattern=r"^{at}: .*(font|own\.ttf)")


def image_box(cid: str, game: str, layout: str, name: str, data, code=1) -> Case:
    edits = [Replace(f"templates/{game}/{layout}.yaml", "boxes:\n",
                     f"boxes:\n  - {{name: photo, painter: image, box: [5, 5, 10, 10],"
                     f" file: {name}}}\n", at="file:")]
    if isinstance(data, str) and data == "<dir>":
        edits.append(Mkdir(f"content/{game}/{name}"))
    else:
        edits.append(Write(f"content/{game}/{name}", data))
    return Case(cid, game, tuple(edits), expect_code=code,
                pattern=r"^{line}: .*(image|picture|folder)")


def picture_row(cid: str, name: str, data, code=1) -> Case:
    return Case(cid, MS, (
        Replace("content/museo/pictures.yaml", "{id: p05, style: concentric, seed: 35,",
                f"{{id: p05, image: {name},", at=name),
        Write(f"content/museo/{name}", data)), expect_code=code,
        pattern=r"^{at}: .*(image|picture)")


def theme_image(cid: str, name: str, data, code=1) -> Case:
    return Case(cid, MT, (
        Replace("content/mytown/themes/town.yaml", 'A: {motif: tree, colour: "#3f8f3a"}',
                f"A: {{image: {name}}}", at=name),
        Write(f"content/mytown/{name}", data)), expect_code=code,
        pattern=r"^{at}: .*(image|picture)")


def kit_replaced(cid: str, game: str, *edits) -> Case:
    """Something odd where the kit goes: the build must still succeed, replace it, and
    leave the outside folder alone."""
    return Case(cid, game, tuple(edits), expect_code=0)


SHEET = "templates/cheatsheet.j2"
EMPTY_SVG = b""
VERA_BOLD = REPO / "fonts" / "VeraBd.ttf"

CASES = [
    # --- bytes that are not text --------------------------------------------------------------
    bad_byte("muenchhausen-latin1-in-game-file", MU, GAME[MU], "Thomas Schneider", 4, b"\xe4"),
    bad_byte("museo-latin1-in-table", MS, "content/museo/pictures.yaml", '"Sternbilder"', 9,
             b"\xe9"),
    bad_byte("mytown-latin1-after-umlaut-in-rules", MT, "content/mytown/rules.yaml",
             "Legespiel", 4, b"\xfc"),
    bad_byte("minipilo-latin1-in-layout", MP, "templates/minipilo/card.yaml", "Glück", 2,
             b"\xfc"),
    bad_byte("museo-latin1-in-cheatsheet-template", MS, SHEET, "One block per line", 4,
             b"\xa0"),
    Case("muenchhausen-nul-in-table", MU, (
        Replace("content/muenchhausen/sets.yaml", b"currency: Taler,",
                b"currency: Ta\x00ler,"),),
        pattern=rf"^{place('content/muenchhausen/sets.yaml', 'Taler,', 2)}:"
                r" .*(U\+0000|NUL|control)"),
    Case("minipilo-nul-in-cheatsheet-template", MP, (
        Replace(SHEET, b"@title {{ rules.title }}", b"@title {{ rules.title }}\x00"),),
        pattern=r"^templates/cheatsheet\.j2:3:\d+: .*(U\+0000|NUL|control)"),
    Case("museo-raw-control-byte-in-table", MS, (
        Replace("content/museo/events.yaml", b"Nochmal!, en: Again!}",
                b"Noch\x01mal!, en: Again!}"),),
        pattern=rf"^{place('content/museo/events.yaml', 'Nochmal!', 4)}: .*(U\+0001|control)"),
    edit("mytown-lone-surrogate-escape", MT, "content/mytown/types.yaml",
         "name: {de: Baum, en: Tree}", 'name: {de: "Baum\\ud800", en: Tree}', at='"Baum',
         pattern=r"^{line}: .*(U\+D800|surrogate|character|Unicode|escape)"),
    edit("minipilo-control-escape-in-table", MP, "content/minipilo/symbols.yaml",
         "name: {de: Wissen,", 'name: {de: "Wis\\x07sen",', at='"Wis',
         pattern=r"^{at}: .*(U\+0007|control|character)"),
    Case("mytown-utf16-table", MT, (
        Write("content/mytown/types.yaml", lambda: (REPO / "content/mytown/types.yaml")
              .read_text().encode("utf-16")),),
        pattern=r"^content/mytown/types\.yaml:1:1: "),
    Case("muenchhausen-bom-builds", MU, (
        Write("content/muenchhausen/sets.yaml", lambda: b"\xef\xbb\xbf" + (
            REPO / "content/muenchhausen/sets.yaml").read_bytes()),), expect_code=0),
    edit("minipilo-tab-indentation", MP, GAME[MP], "rules: rules.yaml\n",
         "rules: rules.yaml\nplayers2:\n\tx: 1\n", at="\tx",
         pattern=r"^content/minipilo/game\.yaml:\d+:\d+: .*(YAML|tab)"),

    # --- files that are folders, empty, or of the wrong shape --------------------------------
    Case("muenchhausen-game-file-is-a-folder", MU, (
        Delete(GAME[MU]), Mkdir(GAME[MU])),
        pattern=r"^content/muenchhausen/game\.yaml(:\d+:\d+)?: .*(folder|directory)"),
    Case("museo-table-is-a-folder", MS, (
        Delete("content/museo/events.yaml"), Mkdir("content/museo/events.yaml")),
        pattern=rf"^{place(GAME[MS], 'events.yaml')}: .*(folder|directory)"),
    Case("mytown-rules-is-a-folder", MT, (
        Delete("content/mytown/rules.yaml"), Mkdir("content/mytown/rules.yaml")),
        pattern=rf"^{place(GAME[MT], 'rules.yaml')}: .*(folder|directory|not found)"),
    image_box("minipilo-image-is-a-folder", MP, "back", "pic.png", "<dir>"),
    Case("muenchhausen-font-is-a-folder", MU, (
        Replace(GAME[MU], "rules: rules.yaml\n", "rules: rules.yaml\nfonts:\n  bold: own.ttf\n",
                at="own.ttf"),
        Mkdir("content/muenchhausen/own.ttf")),
        pattern=r"^{at}: .*(folder|directory|not found)"),
    # (a layout the project lacks comes from the shipped templates: so a name of its own)
    Case("museo-layout-is-a-folder", MS, (
        Replace(GAME[MS], "face: museo/event", "face: museo/mine", at="museo/mine"),
        Mkdir("templates/museo/mine.yaml")), pattern=r"^{at}: .*(folder|directory|not found)"),
    Case("mytown-theme-is-a-folder", MT, (
        Delete("content/mytown/themes/animals.yaml"), Mkdir("content/mytown/themes/animals.yaml")),
        pattern=rf"^{place(GAME[MT], 'themes/animals.yaml')}: .*(folder|directory)"),
    Case("minipilo-cheatsheet-template-is-a-folder", MP, (
        Delete(SHEET), Mkdir(SHEET)), expect_code=(0, 1),
        pattern=r"^(templates/cheatsheet\.j2|content/minipilo/rules\.yaml):\d+:\d+: "),
    Case("museo-empty-game-file", MS, (Write(GAME[MS], ""),),
         pattern=r"^content/museo/game\.yaml:1:1: .*mapping"),
    # Named at the file, or where the game file names it – not at a check that misses it.
    Case("minipilo-empty-table", MP, (Write("content/minipilo/track.yaml", ""),),
         pattern=rf"^(content/minipilo/track\.yaml:1:1|{place(GAME[MP], 'track.yaml')}): "),
    Case("muenchhausen-empty-rules", MU, (Write("content/muenchhausen/rules.yaml", ""),),
         pattern=r"^content/muenchhausen/(rules|game)\.yaml:\d+:\d+: "),
    Case("mytown-empty-layout", MT, (Write("templates/mytown/tile.yaml", ""),),
         pattern=r"^(templates/mytown/tile\.yaml|content/mytown/game\.yaml):\d+:\d+: "),
    Case("muenchhausen-empty-cheatsheet-template", MU, (Write(SHEET, ""),), expect_code=(0, 1),
         pattern=r"^(templates/cheatsheet\.j2|content/muenchhausen/rules\.yaml):\d+:\d+: "),
    Case("minipilo-game-file-is-a-list", MP, (Write(GAME[MP], "- a\n- b\n"),),
         pattern=r"^content/minipilo/game\.yaml:1:1: .*mapping"),
    Case("mytown-game-file-is-a-scalar", MT, (Write(GAME[MT], "hello\n"),),
         pattern=r"^content/mytown/game\.yaml:1:1: .*mapping"),
    Case("muenchhausen-table-is-a-mapping", MU, (
        Write("content/muenchhausen/sets.yaml", "taler: {currency: Taler}\n"),),
        pattern=r"^content/muenchhausen/(sets|game)\.yaml:\d+:\d+: .*list"),
    Case("museo-rules-is-a-list", MS, (Write("content/museo/rules.yaml", "- de\n- en\n"),),
         pattern=r"^content/museo/rules\.yaml:\d+:\d+: .*mapping"),
    Case("museo-layout-is-a-list", MS, (Write("templates/museo/die.yaml", "- a\n"),),
         pattern=r"^(templates/museo/die\.yaml|content/museo/game\.yaml):\d+:\d+: .*mapping"),
    Case("museo-list-with-game-file-a-folder", MS, (
        Delete(GAME[MS]), Mkdir(GAME[MS])), args=("list",), expect_code=0, pattern=""),

    # --- nothing to print ---------------------------------------------------------------------
    edit("mytown-items-empty", MT, GAME[MT], "    items:\n      - id: score\n",
         "    items: []\n", at="[]", pattern=r"^{line}: .*(no items|empty|at least)"),
    edit("muenchhausen-items-empty", MU, GAME[MU], "    items:\n      - id: baron\n",
         "    items: []\n", at="[]", pattern=r"^{line}: .*(no items|empty|at least)"),
    Case("muenchhausen-variant-drops-everything", MU, (
        Replace(GAME[MU], "drop: [1, 2]", "drop: [1, 2, 3, 4, 5, 6, 7, 8]"),),
        args=("build", MU, "--variant", "large-groups"),
        pattern=r"^content/muenchhausen/game\.yaml:\d+:\d+: .*(drops every|nothing)"),
    Case("minipilo-variant-drops-a-deck", MP, (
        Replace(GAME[MP], "checks:\n",
                "variants:\n  - {id: none, component: a-cards, field: deck, drop: [A]}\n"
                "checks:\n", at="{id: none"),),
        args=("build", MP, "--variant", "none"), pattern=r"^{line}: .*(drops every|nothing)"),

    # --- the cheat-sheet template ---------------------------------------------------------------
    edit("mytown-cheatsheet-syntax-error", MT, SHEET, "@title {{ rules.title }}\n",
         "@title {{ rules.title }}\n{% for x in %}\n",
         pattern=r"^templates/cheatsheet\.j2:4:\d+: "),
    edit("muenchhausen-cheatsheet-unclosed-for", MU, SHEET, "{% endfor %}\n{% if rules.note",
         "{% if rules.note", pattern=r"^templates/cheatsheet\.j2:\d+:\d+: .*(end|for|block)"),
    edit("museo-cheatsheet-undefined-name", MS, SHEET, "@title {{ rules.title }}",
         "@title {{ rules.titel.upper() }}", pattern=r"^templates/cheatsheet\.j2:3:\d+: "),
    edit("minipilo-cheatsheet-calls-itself", MP, SHEET, "@title {{ rules.title }}",
         "{% macro f() %}{{ f() }}{% endmacro %}@title {{ f() }}",
         pattern=r"^templates/cheatsheet\.j2:\d+:\d+: .*(itself|recurs)"),

    # --- command lines ----------------------------------------------------------------------
    Case("museo-calibrate-out-below-a-file", MS, (Write("somefile", "a file\n"),),
         args=("calibrate", "--out", "somefile/calibrate.pdf"), expect_code=(1, 2),
         pattern=r"somefile"),
    usage("minipilo-unknown-variant", MP, "build", MP, "--variant", "nope"),
    usage("muenchhausen-validate-unknown-variant", MU, "validate", MU, "--variant", "nope"),
    usage("mytown-unknown-theme", MT, "build", MT, "--theme", "nope"),
    usage("museo-bleed-without-unit-kind", MS, "build", MS, "--bleed", "3furlongs"),
    usage("museo-bleed-nan", MS, "build", MS, "--bleed", "nanmm"),
    usage("mytown-paper-a3", MT, "build", MT, "--paper", "a3"),
    usage("minipilo-back-offset-one-value", MP, "build", MP, "--back-offset", "1mm"),
    usage("muenchhausen-margin-negative", MU, "build", MU, "--margin", "-1mm"),
    usage("minipilo-lang-fr", MP, "build", MP, "--lang", "fr"),
    Case("muenchhausen-out-is-a-file", MU, (Write("afile", "not a folder\n"),),
         args=("build", MU, "--out", "afile"), expect_code=(1, 2), pattern=r"afile"),
    Case("mytown-out-below-a-file", MT, (Write("afile", "not a folder\n"),),
         args=("build", MT, "--out", "afile/kits"), expect_code=(1, 2), pattern=r"afile"),
    Case("muenchhausen-lang-twice", MU, args=("build", MU, "--lang", "de", "--lang", "de"),
         expect_code=(0, 2), pattern=USAGE),

    # --- where the kit goes -----------------------------------------------------------------
    kit_replaced("mytown-out-game-is-a-file", MT,
                 Delete("out/mytown"), Write("out/mytown", "not a kit\n")),
    kit_replaced("minipilo-out-game-links-to-outside-folder", MP,
                 Delete("out/minipilo"), Link("out/minipilo", f"{OUTSIDE}/kit")),
    kit_replaced("muenchhausen-out-game-links-to-outside-file", MU,
                 Delete("out/muenchhausen"), Link("out/muenchhausen", f"{OUTSIDE}/secret.txt")),
    kit_replaced("museo-stale-staging-links-outside", MS,
                 Link("out/.museo.new-stale", f"{OUTSIDE}/kit")),
    kit_replaced("mytown-old-kit-holds-link-to-outside", MT,
                 Link("out/mytown/link", f"{OUTSIDE}/kit")),
    kit_replaced("minipilo-stale-staging-holds-link", MP,
                 Mkdir("out/.minipilo.new-old"), Link("out/.minipilo.new-old/l", f"{OUTSIDE}/kit")),

    # --- fonts and pictures that are broken ---------------------------------------------------
    font("mytown-font-garbage", MT, bytes(range(256)) * 64),
    font("minipilo-font-empty", MP, b""),
    font("museo-font-truncated", MS, lambda: VERA_BOLD.read_bytes()[:2000], role="regular"),
    font("muenchhausen-font-is-a-png", MU, lambda: damaged_png(), role="italic"),
    font("mytown-font-ttf-header-only", MT, b"\x00\x01\x00\x00\x00\x10" + b"\x00" * 200,
         role="regular"),
    image_box("muenchhausen-damaged-png-in-layout", MU, "back", "seal.png", damaged_png),
    picture_row("museo-damaged-png-in-row", "pictures/bad.png", damaged_png),
    picture_row("museo-truncated-jpeg-in-row", "pictures/bad.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF"),
    theme_image("mytown-empty-svg-theme", "empty.svg", EMPTY_SVG),
    image_box("minipilo-svg-without-size", MP, "back", "nosize.svg",
              '<svg xmlns="http://www.w3.org/2000/svg"/>'),
    theme_image("mytown-svg-that-is-html", "page.svg", "<html><body>hi</body></html>"),
    picture_row("museo-svg-astronomical-size", "pictures/big.svg",
                '<svg xmlns="http://www.w3.org/2000/svg" width="1e308" height="1e308">'
                '<rect width="10" height="10"/></svg>', code=(0, 1)),
    picture_row("museo-svg-negative-size", "pictures/neg.svg",
                '<svg xmlns="http://www.w3.org/2000/svg" width="-60" height="-90">'
                '<rect width="10" height="10"/></svg>', code=(0, 1)),

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
    edit("minipilo-emoji-in-card-paragraph", MP, "content/minipilo/problems.yaml",
         'text: {de: "Ich habe mich mit', 'text: {de: "🙈 Ich habe mich mit', at='"🙈',
         pattern=r"^(content/minipilo/problems\.yaml|templates/minipilo/action\.yaml):\d+:\d+: "
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
    edit("minipilo-font-tag-unknown-face", MP, "content/minipilo/problems.yaml",
         'text: {de: "Ich habe mich mit', "text: {de: \"<font face='Nope'>Ich</font> habe mich"
         " mit", pattern=r"^(content/minipilo/problems\.yaml|templates/minipilo/action\.yaml)"
                         r":\d+:\d+: "),
    edit("museo-font-tag-size-1e300", MS, "content/museo/events.yaml",
         "text: {de: Würfle sofort noch einmal.,",
         "text: {de: \"<font size='1e300'>Würfle</font> sofort\",",
         pattern=r"^(content/museo/events\.yaml|templates/museo/event\.yaml):\d+:\d+: "),
    edit("muenchhausen-link-tag-to-a-file", MU, GAME[MU], '"<b>Bieten:</b> in beliebiger',
         "\"<a href='file:///etc/passwd'>Bieten:</a> in beliebiger", expect_code=(0, 1),
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
