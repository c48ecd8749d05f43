"""No traceback, ever: bytes that are not text, files that are folders or empty, nothing
to print, a broken cheat-sheet template, odd command lines, an out/ that is not what it
should be – every failure a user can cause is a located message (exit 1) or a usage error
(exit 2), and whatever can be built is built. (Values of the wrong kind, broken fonts and
pictures: test_values.py.)"""

from __future__ import annotations

import re

import pytest

from tests.hostile.builders import (
    FOLDER,
    GAME,
    MP,
    MS,
    MT,
    MU,
    PICTURE_BOX,
    SHEET,
    USAGE,
    edit,
    image_box,
    shipped,
    usage,
)
from tests.hostile.edits import OUTSIDE, Delete, Link, Mkdir, Replace, Write
from tests.hostile.harness import Case, run_case
from tests.hostile.projects import REPO


def place(path: str, needle: str, offset: int = 0) -> str:
    """`path:line:col` (as a pattern) of a character of the shipped file, counted as an
    editor counts: lines and characters from 1."""
    text = shipped(path)
    at = text.index(needle) + offset
    line = text.count("\n", 0, at) + 1
    col = at - text.rfind("\n", 0, at)
    return f"{re.escape(path)}:{line}:{col}"


def line_of(path: str, needle: str) -> int:
    """The line (from 1) of the shipped file where `needle` stands."""
    text = shipped(path)
    return text.count("\n", 0, text.index(needle)) + 1


TITLE = line_of(SHEET, "@title")  # the cheat-sheet template's first block


def bad_byte(cid: str, game: str, path: str, needle: str, offset: int, raw: bytes) -> Case:
    """The character at `needle`+`offset` replaced by a byte that is not UTF-8."""
    text = shipped(path)
    start = text.index(needle)
    before = needle.encode()
    after = needle[:offset].encode() + raw + needle[offset + 1 :].encode()
    assert text.count(needle) >= 1 and start >= 0
    return Case(
        cid,
        game,
        (Replace(path, before, after),),
        pattern=rf"^{place(path, needle, offset)}: .*(UTF-8|utf-8|decode|byte)",
    )


def kit_replaced(cid: str, game: str, *edits) -> Case:
    """Something odd where the kit goes: the build must still succeed, replace it, and
    leave the outside folder alone."""
    return Case(cid, game, tuple(edits), expect_code=0)


# Whatever a method or filter reachable in the sandbox raises, and whatever value it gives
# that is not text (bytes, a method, a range), is told at the expression.
RAISING = {
    "unknown-codec": "{{ 'x'.encode('bogus') }}",
    "text-to-text-codec": "{{ game.title.encode('rot13') }}",
    "unknown-error-handler": "{{ 'ü'.encode('ascii', 'nope') }}",
    "char-out-of-range": "{{ '%c' % 10**9 }}",
    "bytes-printed": "{{ 'x'.encode('utf-8') }}",
    "method-printed": "{{ game.title.upper }}",
    "range-printed": "{{ range(3) }}",
    "bad-format-spec": "{{ '{:Z}'.format(1) }}",
    "round-with-a-text": "{{ 1.5 | round(2, 'sideways') }}",
    "dict-of-a-number": "{{ dict(3) }}",
}

CASES = [
    *(
        Case(
            f"muenchhausen-expression-{name}",
            MU,
            (
                Replace(
                    "templates/muenchhausen/score.yaml",
                    'text: "{{ game.title }} – ',  # the score sheet's title
                    f'text: "{expr} – ',
                    at=expr[:12],
                ),
            ),
            pattern=r"^{line}: in '",
        )
        for name, expr in RAISING.items()
    ),
    # --- bytes that are not text --------------------------------------------------------------
    bad_byte("muenchhausen-latin1-in-game-file", MU, GAME[MU], "Thomas Schneider", 4, b"\xe4"),
    bad_byte(
        "museo-latin1-in-table", MS, "content/museo/pictures.yaml", '"Sternbilder"', 9, b"\xe9"
    ),
    bad_byte(
        "mytown-latin1-after-umlaut-in-rules",
        MT,
        "content/mytown/rules.yaml",
        "Legespiel",
        4,
        b"\xfc",
    ),
    bad_byte("minipilo-latin1-in-layout", MP, "templates/minipilo/card.yaml", "Glück", 2, b"\xfc"),
    bad_byte("museo-latin1-in-cheatsheet-template", MS, SHEET, "One block per line", 4, b"\xa0"),
    Case(
        "muenchhausen-nul-in-table",
        MU,
        (Replace("content/muenchhausen/sets.yaml", b"currency: Taler,", b"currency: Ta\x00ler,"),),
        pattern=rf"^{place('content/muenchhausen/sets.yaml', 'Taler,', 2)}:"
        r" .*(U\+0000|NUL|control)",
    ),
    Case(
        "minipilo-nul-in-cheatsheet-template",
        MP,
        (Replace(SHEET, b"@title {{ rules.title }}", b"@title {{ rules.title }}\x00"),),
        pattern=rf"^templates/cheatsheet\.j2:{TITLE}:\d+: .*(U\+0000|NUL|control)",
    ),
    Case(
        "museo-raw-control-byte-in-table",
        MS,
        (
            Replace(
                "content/museo/events.yaml", b"Nochmal!, en: Again!}", b"Noch\x01mal!, en: Again!}"
            ),
        ),
        pattern=rf"^{place('content/museo/events.yaml', 'Nochmal!', 4)}: .*(U\+0001|control)",
    ),
    edit(
        "mytown-lone-surrogate-escape",
        MT,
        "content/mytown/types.yaml",
        "name: {de: Baum, en: Tree}",
        'name: {de: "Baum\\ud800", en: Tree}',
        at='"Baum',
        pattern=r"^{line}: .*(U\+D800|surrogate|character|Unicode|escape)",
    ),
    edit(
        "minipilo-control-escape-in-table",
        MP,
        "content/minipilo/symbols.yaml",
        "name: {de: Wissen,",
        'name: {de: "Wis\\x07sen",',
        at='"Wis',
        pattern=r"^{at}: .*(U\+0007|control|character)",
    ),
    Case(
        "mytown-utf16-table",
        MT,
        (
            Write(
                "content/mytown/types.yaml",
                lambda: shipped("content/mytown/types.yaml").encode("utf-16"),
            ),
        ),
        pattern=r"^content/mytown/types\.yaml:1:1: ",
    ),
    Case(
        "muenchhausen-bom-builds",
        MU,
        (
            Write(
                "content/muenchhausen/sets.yaml",
                lambda: b"\xef\xbb\xbf" + (REPO / "content/muenchhausen/sets.yaml").read_bytes(),
            ),
        ),
        expect_code=0,
    ),
    edit(
        "minipilo-tab-indentation",
        MP,
        GAME[MP],
        "rules: rules.yaml\n",
        "rules: rules.yaml\nplayers2:\n\tx: 1\n",
        at="\tx",
        pattern=r"^content/minipilo/game\.yaml:\d+:\d+: .*(YAML|tab)",
    ),
    # --- files that are folders, empty, or of the wrong shape --------------------------------
    Case(
        "muenchhausen-game-file-is-a-folder",
        MU,
        (Delete(GAME[MU]), Mkdir(GAME[MU])),
        pattern=r"^content/muenchhausen/game\.yaml(:\d+:\d+)?: .*(folder|directory)",
    ),
    Case(
        "museo-table-is-a-folder",
        MS,
        (Delete("content/museo/events.yaml"), Mkdir("content/museo/events.yaml")),
        pattern=rf"^{place(GAME[MS], 'events.yaml')}: .*(folder|directory)",
    ),
    Case(
        "mytown-rules-is-a-folder",
        MT,
        (Delete("content/mytown/rules.yaml"), Mkdir("content/mytown/rules.yaml")),
        pattern=rf"^{place(GAME[MT], 'rules.yaml')}: .*(folder|directory|not found)",
    ),
    image_box("minipilo-image-is-a-folder", MP, "back", "pic.png", FOLDER, PICTURE_BOX),
    Case(
        "muenchhausen-font-is-a-folder",
        MU,
        (
            Replace(
                GAME[MU],
                "rules: rules.yaml\n",
                "rules: rules.yaml\nfonts:\n  bold: own.ttf\n",
                at="own.ttf",
            ),
            Mkdir("content/muenchhausen/own.ttf"),
        ),
        pattern=r"^{at}: .*(folder|directory|not found)",
    ),
    # (a layout the project lacks comes from the shipped templates: so a name of its own)
    Case(
        "museo-layout-is-a-folder",
        MS,
        (
            Replace(GAME[MS], "face: museo/event", "face: museo/mine", at="museo/mine"),
            Mkdir("templates/museo/mine.yaml"),
        ),
        pattern=r"^{at}: .*(folder|directory|not found)",
    ),
    Case(
        "mytown-theme-is-a-folder",
        MT,
        (Delete("content/mytown/themes/animals.yaml"), Mkdir("content/mytown/themes/animals.yaml")),
        pattern=rf"^{place(GAME[MT], 'themes/animals.yaml')}: .*(folder|directory)",
    ),
    Case(
        "minipilo-cheatsheet-template-is-a-folder",
        MP,
        (Delete(SHEET), Mkdir(SHEET)),
        expect_code=(0, 1),
        pattern=r"^(templates/cheatsheet\.j2|content/minipilo/rules\.yaml):\d+:\d+: ",
    ),
    Case(
        "museo-empty-game-file",
        MS,
        (Write(GAME[MS], ""),),
        pattern=r"^content/museo/game\.yaml:1:1: .*mapping",
    ),
    # Named at the file, or where the game file names it – not at a check that misses it.
    Case(
        "minipilo-empty-table",
        MP,
        (Write("content/minipilo/track.yaml", ""),),
        pattern=rf"^(content/minipilo/track\.yaml:1:1|{place(GAME[MP], 'track.yaml')}): ",
    ),
    Case(
        "muenchhausen-empty-rules",
        MU,
        (Write("content/muenchhausen/rules.yaml", ""),),
        pattern=r"^content/muenchhausen/(rules|game)\.yaml:\d+:\d+: ",
    ),
    Case(
        "mytown-empty-layout",
        MT,
        (Write("templates/mytown/tile.yaml", ""),),
        pattern=r"^(templates/mytown/tile\.yaml|content/mytown/game\.yaml):\d+:\d+: ",
    ),
    Case(
        "muenchhausen-empty-cheatsheet-template",
        MU,
        (Write(SHEET, ""),),
        expect_code=(0, 1),
        pattern=r"^(templates/cheatsheet\.j2|content/muenchhausen/rules\.yaml):\d+:\d+: ",
    ),
    Case(
        "minipilo-game-file-is-a-list",
        MP,
        (Write(GAME[MP], "- a\n- b\n"),),
        pattern=r"^content/minipilo/game\.yaml:1:1: .*mapping",
    ),
    Case(
        "mytown-game-file-is-a-scalar",
        MT,
        (Write(GAME[MT], "hello\n"),),
        pattern=r"^content/mytown/game\.yaml:1:1: .*mapping",
    ),
    Case(
        "muenchhausen-table-is-a-mapping",
        MU,
        (Write("content/muenchhausen/sets.yaml", "taler: {currency: Taler}\n"),),
        pattern=r"^content/muenchhausen/(sets|game)\.yaml:\d+:\d+: .*list",
    ),
    Case(
        "museo-rules-is-a-list",
        MS,
        (Write("content/museo/rules.yaml", "- de\n- en\n"),),
        pattern=r"^content/museo/rules\.yaml:\d+:\d+: .*mapping",
    ),
    Case(
        "museo-layout-is-a-list",
        MS,
        (Write("templates/museo/die.yaml", "- a\n"),),
        pattern=r"^(templates/museo/die\.yaml|content/museo/game\.yaml):\d+:\d+: .*mapping",
    ),
    Case(
        "museo-list-with-game-file-a-folder",
        MS,
        (Delete(GAME[MS]), Mkdir(GAME[MS])),
        args=("list",),
        expect_code=0,
        pattern="",
    ),
    # --- nothing to print ---------------------------------------------------------------------
    edit(
        "mytown-items-empty",
        MT,
        GAME[MT],
        "    items:\n      - id: score\n",
        "    items: []\n",
        at="[]",
        pattern=r"^{line}: .*(no items|empty|at least)",
    ),
    edit(
        "muenchhausen-items-empty",
        MU,
        GAME[MU],
        "    items:\n      - id: baron\n",
        "    items: []\n",
        at="[]",
        pattern=r"^{line}: .*(no items|empty|at least)",
    ),
    Case(
        "muenchhausen-variant-drops-everything",
        MU,
        (Replace(GAME[MU], "drop: [1, 2]", "drop: [1, 2, 3, 4, 5, 6, 7, 8]"),),
        args=("build", MU, "--variant", "large-groups"),
        pattern=(
            r"^content/muenchhausen/game\.yaml:\d+:\d+: .*(drops every|nothing|asks for exactly)"
        ),
    ),
    Case(
        "minipilo-variant-drops-a-deck",
        MP,
        (
            Replace(
                GAME[MP],
                "checks:\n",
                "variants:\n  - {id: none, component: a-cards, field: deck, drop: [A]}\nchecks:\n",
                at="{id: none",
            ),
        ),
        args=("build", MP, "--variant", "none"),
        pattern=r"^{line}: .*(drops every|nothing)",
    ),
    # --- the cheat-sheet template ---------------------------------------------------------------
    edit(
        "mytown-cheatsheet-syntax-error",
        MT,
        SHEET,
        "@title {{ rules.title }}\n",
        "@title {{ rules.title }}\n{% for x in %}\n",
        pattern=rf"^templates/cheatsheet\.j2:{TITLE + 1}:\d+: ",
    ),
    edit(
        "muenchhausen-cheatsheet-unclosed-for",
        MU,
        SHEET,
        "{% endfor %}\n{% if rules.note",
        "{% if rules.note",
        pattern=r"^templates/cheatsheet\.j2:\d+:\d+: .*(end|for|block)",
    ),
    edit(
        "museo-cheatsheet-undefined-name",
        MS,
        SHEET,
        "@title {{ rules.title }}",
        "@title {{ rules.titel.upper() }}",
        pattern=rf"^templates/cheatsheet\.j2:{TITLE}:\d+: ",
    ),
    edit(
        "minipilo-cheatsheet-calls-itself",
        MP,
        SHEET,
        "@title {{ rules.title }}",
        "{% macro f() %}{{ f() }}{% endmacro %}@title {{ f() }}",
        pattern=r"^templates/cheatsheet\.j2:\d+:\d+: .*(itself|recurs)",
    ),
    # --- command lines ----------------------------------------------------------------------
    Case(
        "museo-calibrate-out-below-a-file",
        MS,
        (Write("somefile", "a file\n"),),
        args=("calibrate", "--out", "somefile/calibrate.pdf"),
        expect_code=2,
        pattern=r"^Error: Invalid value for '--out': 'somefile' is a file",
    ),
    usage("minipilo-unknown-variant", MP, "build", MP, "--variant", "nope"),
    usage("muenchhausen-validate-unknown-variant", MU, "validate", MU, "--variant", "nope"),
    usage("mytown-unknown-theme", MT, "build", MT, "--theme", "nope"),
    usage("museo-bleed-without-unit-kind", MS, "build", MS, "--bleed", "3furlongs"),
    usage("museo-bleed-nan", MS, "build", MS, "--bleed", "nanmm"),
    usage("mytown-paper-a3", MT, "build", MT, "--paper", "a3"),
    usage("minipilo-back-offset-one-value", MP, "build", MP, "--back-offset", "1mm"),
    usage("muenchhausen-margin-negative", MU, "build", MU, "--margin", "-1mm"),
    usage("minipilo-lang-fr", MP, "build", MP, "--lang", "fr"),
    Case(
        "muenchhausen-out-is-a-file",
        MU,
        (Write("afile", "not a folder\n"),),
        args=("build", MU, "--out", "afile"),
        expect_code=2,
        pattern=r"^Error: Invalid value for '--out': 'afile' is a file",
    ),
    Case(
        "mytown-out-below-a-file",
        MT,
        (Write("afile", "not a folder\n"),),
        args=("build", MT, "--out", "afile/kits"),
        expect_code=2,
        pattern=r"^Error: Invalid value for '--out': 'afile' is a file",
    ),
    # 2,000 folders deep: "File name too long" (or pathlib's RecursionError), exit 1, no
    # option named; now a usage error, and not one folder of it made.
    usage("muenchhausen-out-2000-deep", MU, "build", MU, "--out", "/".join(["a"] * 2000)),
    usage("museo-calibrate-out-2000-deep", MS, "calibrate", "--out", "a/" * 2000 + "c.pdf"),
    usage("mytown-out-name-past-name-max", MT, "build", MT, "--out", "n" * 300),
    usage("minipilo-out-inside-its-game", MP, "build", MP, "--out", "content/minipilo/kits"),
    usage("museo-calibrate-over-its-game-file", MS, "calibrate", "--out", GAME[MS]),
    Case(
        "muenchhausen-lang-twice",
        MU,
        args=("build", MU, "--lang", "de", "--lang", "de"),
        expect_code=(0, 2),
        pattern=USAGE,
    ),
    # --- where the kit goes -----------------------------------------------------------------
    kit_replaced(
        "mytown-out-game-is-a-file", MT, Delete("out/mytown"), Write("out/mytown", "not a kit\n")
    ),
    kit_replaced(
        "minipilo-out-game-links-to-outside-folder",
        MP,
        Delete("out/minipilo"),
        Link("out/minipilo", f"{OUTSIDE}/kit"),
    ),
    kit_replaced(
        "muenchhausen-out-game-links-to-outside-file",
        MU,
        Delete("out/muenchhausen"),
        Link("out/muenchhausen", f"{OUTSIDE}/secret.txt"),
    ),
    kit_replaced(
        "museo-stale-staging-links-outside", MS, Link("out/.museo.new-stale", f"{OUTSIDE}/kit")
    ),
    kit_replaced(
        "mytown-old-kit-holds-link-to-outside", MT, Link("out/mytown/link", f"{OUTSIDE}/kit")
    ),
    kit_replaced(
        "minipilo-stale-staging-holds-link",
        MP,
        Mkdir("out/.minipilo.new-old"),
        Link("out/.minipilo.new-old/l", f"{OUTSIDE}/kit"),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_no_traceback(case, tmp_path, hostile_kits):
    run_case(case, tmp_path, hostile_kits)
