"""Nothing leaves its folder: ids that become file names are slugs, games on the command
line are names, and every file the game file names – tables, rules, themes, fonts, layouts –
resolves inside the game's folder or the shipped templates and fonts. (What pictures,
markup and the cheat-sheet template name: test_pictures.py.)"""

from __future__ import annotations

import pytest

from tests.hostile.builders import GAME, LEAVES, MP, MS, MT, MU, usage
from tests.hostile.edits import OUTSIDE, Copy, Delete, Link, Mkdir, Replace
from tests.hostile.harness import Case, run_case
from tests.hostile.projects import UP_FROM_GAME, UP_FROM_TEMPLATES

SLUG = r"(slug|may (only )?hold|lower-case|letters|characters)"


def slug(cid: str, game: str, old: str, new: str, at: str, *more, args=None) -> Case:
    return Case(
        cid,
        game,
        (Replace(GAME[game], old, new, at=at), *more),
        args=args,
        pattern=rf"^{{line}}: .*{SLUG}",
    )


def pattern_slug(cid: str, game: str, old: str, new: str, at: str) -> Case:
    """An `item-id` pattern that makes bad ids: named at the items it makes them for."""
    return Case(
        cid,
        game,
        (Replace(GAME[game], old, new, at=at),),
        pattern=rf"^content/{game}/game\.yaml:\d+:\d+: .*{SLUG}",
    )


CASES = [
    # --- ids that become file names ---------------------------------------------------------
    # A component id is the name of its PDF and cut files: this one would write outside.
    slug(
        "muenchhausen-component-id-writes-outside",
        MU,
        "  - id: baron\n",
        "  - id: ../../../outside/evil\n",
        "../../../outside/evil",
        args=("build", MU, "--svg"),
    ),
    slug("museo-component-id-slash", MS, "  - id: die\n", "  - id: a/b\n", "a/b"),
    slug("mytown-component-id-upper", MT, "  - id: score-pad\n", "  - id: Score\n", "Score"),
    slug("minipilo-component-id-hidden", MP, "  - id: die\n", "  - id: .hidden\n", ".hidden"),
    slug(
        "museo-component-id-200-chars",
        MS,
        "  - id: reference\n",
        "  - id: " + "r" * 200 + "\n",
        "r" * 200,
    ),
    slug("minipilo-component-id-empty", MP, "  - id: board\n", '  - id: ""\n', '""'),
    slug(
        "muenchhausen-component-id-space",
        MU,
        "  - id: score-sheet\n",
        '  - id: "score sheet"\n',
        '"score sheet"',
    ),
    # Item ids (they name pages in the manifest and may name files).
    slug(
        "muenchhausen-item-id-dotdot", MU, "      - id: baron\n", "      - id: ../../x\n", "../../x"
    ),
    slug("museo-item-id-absolute", MS, "      - {id: pawn-1,", "      - {id: /etc/x,", "/etc/x"),
    slug(
        "mytown-item-id-space", MT, "      - id: bench\n", '      - id: "my bench"\n', '"my bench"'
    ),
    slug("minipilo-item-id-empty", MP, "      - {id: die}", '      - {id: ""}', '""'),
    slug("minipilo-item-id-hidden", MP, "      - {id: owl,", "      - {id: .owl,", ".owl"),
    # `item-id` patterns and `each` values that make non-slug ids.
    pattern_slug(
        "museo-item-id-pattern-dotdot",
        MS,
        'item-id: "{{ picture }}-{{ piece }}"',
        'item-id: "../{{ picture }}-{{ piece }}"',
        "../",
    ),
    pattern_slug(
        "mytown-item-id-pattern-slash",
        MT,
        'item-id: "{{ type }}{% if',
        'item-id: "{{ type }}/{% if',
        "{{ type }}/",
    ),
    pattern_slug(
        "muenchhausen-item-id-pattern-dot",
        MU,
        'item-id: "{{ set }}-{{ value }}"',
        'item-id: ".{{ set }}-{{ value }}"',
        ".",
    ),
    pattern_slug(
        "minipilo-item-id-pattern-space",
        MP,
        'item-id: "{{ symbol }}"',
        'item-id: "{{ symbol }} {{ deck }}"',
        "{{ symbol }} ",
    ),
    slug(
        "museo-each-value-path",
        MS,
        "each: {event: [e01, e02,",
        'each: {event: ["../e01", e02,',
        '"../e01"',
    ),
    Case(
        "minipilo-table-id-space",
        MP,
        (
            Replace(
                "content/minipilo/problems.csv",
                "a01,wissen;humor,",
                "a 01,wissen;humor,",
                at="a 01",
            ),
        ),
        pattern=rf"^{{line}}: .*{SLUG}",
    ),
    slug(
        "mytown-each-value-path",
        MT,
        "{type: E, parts: 2, each: {part: [1, 2]}",
        '{type: E, parts: 2, each: {part: ["/1", 2]}',
        "{type: E",
    ),
    # --- games named on the command line are names, never paths -----------------------------
    usage("name-dotdot", MU, "build", "../x"),
    usage("name-absolute", MS, "build", "/etc"),
    usage("name-content-path", MT, "build", "content/mytown"),
    usage("name-upper", MP, "build", "MINIPILO"),
    usage("name-glob", MS, "validate", "mus*"),
    usage("name-dot-slash", MP, "build", "./minipilo"),
    # A game beside the project, reached by a path: it would be read from outside and its
    # kit written over the outside folder itself.
    usage(
        "name-path-to-outside-game",
        MU,
        "build",
        "../../outside/evil",
        edits=(
            Copy("content/muenchhausen", "../outside/evil"),
            Replace("../outside/evil/game.yaml", "game: muenchhausen", "game: evil"),
        ),
    ),
    usage("root-missing", MS, "--root", "nowhere", "build", MS),
    usage("root-without-content", MT, "--root", "empty", "build", MT, edits=(Mkdir("empty"),)),
    usage("root-outside-without-content", MU, "--root", "../outside", "validate", MU),
    # --- files the game file names ----------------------------------------------------------
    Case(
        "muenchhausen-table-absolute",
        MU,
        (Replace(GAME[MU], "sets: sets.yaml", "sets: /etc/passwd", at="/etc/passwd"),),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "museo-table-dotdot",
        MS,
        (
            Replace(
                GAME[MS], "events: events.yaml", f"events: {UP_FROM_GAME}/x.yaml", at=UP_FROM_GAME
            ),
        ),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "minipilo-rules-absolute",
        MP,
        (Replace(GAME[MP], "rules: rules.yaml", f"rules: {OUTSIDE}/secret.txt", at=OUTSIDE),),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "mytown-theme-dotdot",
        MT,
        (
            Replace(
                GAME[MT], "town: themes/town.yaml", f"town: {UP_FROM_GAME}/x.yaml", at=UP_FROM_GAME
            ),
        ),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "mytown-theme-symlink-out",
        MT,
        (
            Copy("content/mytown/themes/town.yaml", "../outside/town.yaml"),
            Link("content/mytown/themes/town.yaml", f"{OUTSIDE}/town.yaml"),
        ),
        pattern=rf"^content/mytown/game\.yaml:\d+:\d+: .*{LEAVES}",
    ),
    Case(
        "museo-table-symlink-out",
        MS,
        (
            Copy("content/museo/pictures.yaml", "../outside/pictures.yaml"),
            Link("content/museo/pictures.yaml", f"{OUTSIDE}/pictures.yaml"),
        ),
        pattern=rf"^content/museo/game\.yaml:\d+:\d+: .*{LEAVES}",
    ),
    Case(
        "muenchhausen-rules-symlink-out",
        MU,
        (
            Copy("content/muenchhausen/rules.yaml", "../outside/rules.yaml"),
            Link("content/muenchhausen/rules.yaml", f"{OUTSIDE}/rules.yaml"),
        ),
        pattern=rf"^content/muenchhausen/game\.yaml:\d+:\d+: .*{LEAVES}",
    ),
    Case(
        "minipilo-font-dotdot",
        MP,
        (
            Replace(
                GAME[MP],
                "rules: rules.yaml\n",
                f"rules: rules.yaml\nfonts:\n  bold: {UP_FROM_GAME}/VeraBd.ttf\n",
                at=UP_FROM_GAME,
            ),
        ),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "museo-font-absolute",
        MS,
        (
            Replace(
                GAME[MS],
                "rules: rules.yaml\n",
                f"rules: rules.yaml\nfonts:\n  regular: {OUTSIDE}/VeraBd.ttf\n",
                at=OUTSIDE,
            ),
        ),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "mytown-font-symlink-out",
        MT,
        (
            Replace(
                GAME[MT],
                "rules: rules.yaml\n",
                "rules: rules.yaml\nfonts:\n  bold: Own.ttf\n",
                at="Own.ttf",
            ),
            Link("content/mytown/Own.ttf", f"{OUTSIDE}/VeraBd.ttf"),
        ),
        pattern=rf"^{{at}}: .*({LEAVES}|not found)",
    ),
    Case(
        "muenchhausen-font-via-shared-fonts-dotdot",
        MU,
        (
            Replace(
                GAME[MU],
                "rules: rules.yaml\n",
                f"rules: rules.yaml\nfonts:\n  italic: {UP_FROM_TEMPLATES}/VeraBd.ttf\n",
                at=UP_FROM_TEMPLATES,
            ),
        ),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "museo-face-dotdot",
        MS,
        (
            Replace(
                GAME[MS],
                "face: museo/die",
                f"face: museo/../{UP_FROM_TEMPLATES}/layout",
                at="museo/..",
            ),
        ),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "minipilo-face-absolute",
        MP,
        (Replace(GAME[MP], "face: minipilo/runner", f"face: {OUTSIDE}/layout", at=OUTSIDE),),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "muenchhausen-face-symlink-out",
        MU,
        (
            Copy("templates/muenchhausen/aid.yaml", "../outside/aid.yaml"),
            Link("templates/muenchhausen/aid.yaml", f"{OUTSIDE}/aid.yaml"),
        ),
        pattern=r"^(content/muenchhausen/game\.yaml|templates/muenchhausen/aid\.yaml)"
        rf":\d+:\d+: .*{LEAVES}",
    ),
    Case(
        "mytown-extends-dotdot",
        MT,
        (
            Replace(
                "templates/mytown/back.yaml",
                "boxes:\n",
                f"extends: {UP_FROM_TEMPLATES}/layout\nboxes:\n",
                at=UP_FROM_TEMPLATES,
            ),
        ),
        pattern=rf"^{{at}}: .*{LEAVES}",
    ),
    Case(
        "minipilo-back-symlink-dir-out",
        MP,
        (
            Copy("templates/minipilo", "../outside/tpl"),
            Delete("templates/minipilo"),
            Link("templates/minipilo", f"{OUTSIDE}/tpl"),
        ),
        pattern=rf"^content/minipilo/game\.yaml:\d+:\d+: .*{LEAVES}",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_nothing_leaves_its_folder(case, tmp_path, hostile_kits):
    run_case(case, tmp_path, hostile_kits)
