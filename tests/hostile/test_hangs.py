"""Nothing hangs or eats the machine: alias bombs, deep nesting, millions of items, absurd
font sizes, expressions that loop or build huge values, pictures of huge pixel counts, huge
boards and patterns, oversized files – each ends within seconds, exit 1, with a place."""

from __future__ import annotations

import pytest

from bastelbogen.core import limits
from tests.hostile.builders import (
    GAME,
    MP,
    MS,
    MT,
    MU,
    SHEET,
    image_box,
    picture_row,
    shipped,
    theme_image,
)
from tests.hostile.edits import Replace, Write, alias_bomb, huge_png, svg
from tests.hostile.harness import Case, run_case

ALIAS = r"(alias|expand|values|itself|never)"
TOO_BIG = r"(at most|too (large|big|long|many)|limit|more than|larger|exceed)"
LOOP = r"(finish|loop|time|long|seconds|too large|at most|limit|range|memory)"
NESTING = r"(nest|deep|levels)"


# What a runaway expression may cost a build by design: all its expressions together, the
# search for its other faults, and start-up. A case at the expressions' budget (a value too
# large for memory, built again on every item on a busy machine) stays within it; a hang
# is far past it.
EXPRESSION_BOUND = limits.BUILD_EXPRESSION_SECONDS + limits.FAULT_SEARCH_SECONDS + 3.0


def nums(n: int) -> str:
    return "[" + ", ".join(str(i) for i in range(n)) + "]"


def layout_expr(
    cid: str,
    game: str,
    path: str,
    old: str,
    expr: str,
    limit: float = EXPRESSION_BOUND,
    pattern: str = LOOP,
    at: str | None = None,
) -> Case:
    """A layout value replaced by a runaway jinja2 expression; named in the layout."""
    return Case(
        cid,
        game,
        (Replace(path, old, expr, at=at or expr[:12]),),
        pattern=rf"^{{line}}: .*{pattern}",
        limit=limit,
    )


def sheet_expr(cid: str, game: str, expr: str, limit: float = EXPRESSION_BOUND) -> Case:
    """The same kinds of expression in the shared cheat-sheet template; named in it."""
    return Case(
        cid,
        game,
        (Replace(SHEET, "@title {{ rules.title }}", "@title {{ rules.title }}" + expr),),
        pattern=rf"^templates/cheatsheet\.j2:\d+:\d+: .*{LOOP}",
        limit=limit,
    )


def big_file(size: int, tail: str) -> str:
    """About `size` bytes of YAML comment lines, then `tail`."""
    line = "# " + "padding " * 12 + "\n"
    return line * (size // len(line) + 1) + tail


# Three levels, 10**12 turns: two (10**8) finish in two to four CPU seconds, a race with
# the three-second deadline that a fast core wins (the build then succeeds, exit 0).
NESTED = (
    "{% for i in range(10000) %}{% for j in range(10000) %}{% for k in range(10000) %}"
    "{% endfor %}{% endfor %}{% endfor %}x"
)
DOUBLING = (
    "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}"
    "{% endfor %}{{ ns.s | length }}"
)
SQUARING = (
    "{% set ns = namespace(n=9**999) %}{% for i in range(10000) %}"
    "{% set ns.n = ns.n * ns.n %}{% endfor %}{{ ns.n > 0 }}"
)

CASES = [
    # --- YAML: alias bombs, self-reference, nesting -------------------------------------------
    Case(
        "muenchhausen-alias-bomb-game-file",
        MU,
        (Replace(GAME[MU], "rules: rules.yaml\n", "rules: rules.yaml\nbomb:\n" + alias_bomb()),),
        pattern=rf"^content/muenchhausen/game\.yaml:\d+:\d+: .*{ALIAS}",
    ),
    Case(
        "museo-alias-bomb-table",
        MS,
        (
            Replace(
                "content/museo/events.yaml",
                "- {id: e20,",
                "- id: e99\n  bomb:\n" + alias_bomb(indent="    ") + "- {id: e20,",
            ),
        ),
        pattern=rf"^content/museo/events\.yaml:\d+:\d+: .*{ALIAS}",
    ),
    Case(
        "minipilo-alias-bomb-rules",
        MP,
        (
            Replace(
                "content/minipilo/rules.yaml",
                'colour: "#1f6f5e"\n',
                'colour: "#1f6f5e"\nbomb:\n' + alias_bomb(),
            ),
        ),
        pattern=rf"^content/minipilo/rules\.yaml:\d+:\d+: .*{ALIAS}",
    ),
    Case(
        "mytown-alias-bomb-layout",
        MT,
        (Replace("templates/mytown/tile.yaml", "boxes:\n", "bomb:\n" + alias_bomb() + "boxes:\n"),),
        pattern=rf"^templates/mytown/tile\.yaml:\d+:\d+: .*{ALIAS}",
    ),
    Case(
        "mytown-recursive-alias-table",
        MT,
        (
            Replace(
                "content/mytown/types.yaml",
                "- {id: A, kind: single,",
                "- {id: Z, kind: single, name: &a [*a]}\n- {id: A, kind: single,",
                at="&a",
            ),
        ),
        pattern=rf"^{{line}}: .*{ALIAS}",
    ),
    Case(
        "muenchhausen-recursive-alias-mapping",
        MU,
        (Replace(GAME[MU], "rules: rules.yaml\n", "rules: rules.yaml\nx: &a {b: *a}\n", at="&a"),),
        pattern=rf"^{{line}}: .*{ALIAS}",
    ),
    Case(
        "minipilo-nesting-5000-flow",
        MP,
        (
            Replace(
                GAME[MP],
                "rules: rules.yaml\n",
                "rules: rules.yaml\ndeep: " + "[" * 5000 + "]" * 5000 + "\n",
                at="[[",
            ),
        ),
        pattern=rf"^{{line}}: .*{NESTING}",
    ),
    Case(
        "museo-nesting-5000-block",
        MS,
        (
            Replace(
                GAME[MS],
                "rules: rules.yaml\n",
                "rules: rules.yaml\ndeep:\n" + "- " * 5000 + "x\n",
                at="- - ",
            ),
        ),
        pattern=rf"^{{line}}: .*{NESTING}",
    ),
    Case(
        "museo-nesting-5000-table-row",
        MS,
        (
            Replace(
                "content/museo/events.yaml",
                "- {id: e20,",
                "- {id: e99, deep: " + "{a: " * 5000 + "1" + "}" * 5000 + "}\n- {id: e20,",
                at="{a: {a:",
            ),
        ),
        pattern=rf"^{{line}}: .*{NESTING}",
    ),
    Case(
        "mytown-nesting-5000-theme",
        MT,
        (
            Replace(
                "content/mytown/themes/town.yaml",
                "motifs:\n",
                "deep: " + "[" * 5000 + "]" * 5000 + "\nmotifs:\n",
                at="[[",
            ),
        ),
        pattern=rf"^{{line}}: .*{NESTING}",
    ),
    Case(
        "museo-two-million-values",
        MS,
        (
            Replace(
                GAME[MS],
                "rules: rules.yaml\n",
                "rules: rules.yaml\njunk: [" + "0," * 2_100_000 + "0]\n",
                at="junk",
            ),
        ),
        pattern=r"^content/museo/game\.yaml:\d+:\d+: ",
    ),
    # --- items by the million -------------------------------------------------------------
    Case(
        "muenchhausen-count-ten-million",
        MU,
        (
            Replace(
                GAME[MU],
                "      - id: aid\n        count: 8",
                "      - id: aid\n        count: 10000000",
                at="10000000",
            ),
        ),
        pattern=rf"^content/muenchhausen/game\.yaml:\d+:\d+: .*{TOO_BIG}",
    ),
    Case(
        "mytown-count-ten-million",
        MT,
        (
            Replace(
                GAME[MT],
                "{type: A, parts: 1, part: 1, count: 5}",
                "{type: A, parts: 1, part: 1, count: 10000000}",
            ),
        ),
        pattern=rf"^{{line}}: .*{TOO_BIG}",
    ),
    Case(
        "minipilo-each-multiplies-to-millions",
        MP,
        (
            Replace(
                GAME[MP],
                "with: {deck: A}}",
                f"with: {{deck: A}}, each: {{x: {nums(300)}, y: {nums(300)}}}}}",
            ),
        ),
        pattern=rf"^{{line}}: .*{TOO_BIG}",
    ),
    Case(
        "museo-each-multiplies-to-millions",
        MS,
        (
            Replace(
                GAME[MS],
                "{picture: p01, each: {piece: [1, 2, 3, 4, 5, 6]}}",
                f"{{picture: p01, each: {{piece: [1, 2, 3, 4, 5, 6], a: {nums(1000)},"
                f" b: {nums(1000)}}}}}",
            ),
        ),
        pattern=rf"^{{line}}: .*{TOO_BIG}",
    ),
    Case(
        "muenchhausen-each-times-count",
        MU,
        (
            Replace(
                GAME[MU],
                "{set: taler, each: {value: [1, 2, 3, 4, 5, 6, 7, 8]}}",
                f"{{set: taler, count: 10000, each: {{value: {nums(1000)}}}}}",
            ),
        ),
        pattern=rf"^{{line}}: .*{TOO_BIG}",
    ),
    Case(
        "mytown-parts-a-billion",
        MT,
        (
            Replace(
                GAME[MT],
                "{type: E, parts: 2, each: {part: [1, 2]}, count: 3}",
                "{type: E, parts: 1000000000, each: {part: [1, 2]}, count: 3}",
            ),
        ),
        pattern=r"^{line}: ",
    ),
    # --- font sizes of 1e300 --------------------------------------------------------------
    layout_expr(
        "muenchhausen-text-size-1e300",
        MU,
        "templates/muenchhausen/number.yaml",
        'text: "{{ value }}", font: bold,\n     size: 60,',
        'text: "{{ value }}", font: bold,\n     size: 1.0e+300,',
        pattern=TOO_BIG,
        at="size: 1.0e+300",
    ),
    Case(
        "mytown-text-min-size-1e300",
        MT,
        (
            Replace(
                "templates/mytown/tile.yaml",
                "    size: 10\n",
                "    size: 10\n    min-size: 1.0e+300\n",
                at="min-size",
            ),
        ),
        pattern=rf"^{{line}}: .*{TOO_BIG}|^templates/mytown/tile\.yaml:\d+:\d+: .*fit",
    ),
    Case(
        "museo-paragraph-size-1e300",
        MS,
        (
            Replace(
                "templates/museo/event.yaml",
                "size: 7.5, min-size: 5.5",
                "size: 1.0e+300, min-size: 5.5",
                at="size",
            ),
        ),
        pattern=rf"^{{line}}: .*{TOO_BIG}",
    ),
    Case(
        "minipilo-paragraph-min-size-1e300",
        MP,
        (
            Replace(
                "templates/minipilo/action.yaml",
                "size: 11, min-size: 7",
                "size: 11, min-size: 1.0e+300",
                at="min-size",
            ),
        ),
        pattern=rf"^{{line}}: .*{TOO_BIG}",
    ),
    Case(
        "muenchhausen-table-size-1e300",
        MU,
        (
            Replace(
                "templates/muenchhausen/score.yaml",
                "    first: 30\n    size: 9\n",
                "    first: 30\n    size: 1.0e+300\n",
                at="size",
            ),
        ),
        pattern=rf"^{{line}}: .*{TOO_BIG}",
    ),
    Case(
        "minipilo-text-size-infinite",
        MP,
        (
            Replace(
                "templates/minipilo/card.yaml",
                "size: 13, min-size: 7",
                "size: .inf, min-size: 7",
                at="size",
            ),
        ),
        pattern=r"^{line}: .*(finite|number|at most)",
    ),
    # --- jinja2 in layouts ------------------------------------------------------------------
    layout_expr(
        "mytown-layout-range-1e9",
        MT,
        "templates/mytown/tile.yaml",
        'text: "{{ type.id }}{% if parts > 1 %} {{ part }}/{{ parts }}{% endif %}"',
        'text: "{{ range(10**9) | list | length }}"',
    ),
    layout_expr(
        "minipilo-layout-nested-range",
        MP,
        "templates/minipilo/card.yaml",
        'rotate: 180, text: "{{ symbol.deck }}"',
        f'rotate: 180, text: "{NESTED}"',
    ),
    layout_expr(
        "muenchhausen-layout-string-repeat",
        MU,
        "templates/muenchhausen/baron.yaml",
        'text: "Baron"',
        "text: \"{{ 'x' * 10**10 }}\"",
    ),
    layout_expr(
        "museo-layout-printf-width",
        MS,
        "templates/museo/back.yaml",
        'text: "{{ picture.codes[piece - 1] }}"',
        "text: \"{{ '%0999999999d' % 1 }}\"",
    ),
    layout_expr(
        "mytown-layout-format-width",
        MT,
        "templates/mytown/bench.yaml",
        'text: "{{ game.title }}"',
        "text: \"{{ '{:>999999999}'.format(1) }}\"",
    ),
    layout_expr(
        "minipilo-layout-center",
        MP,
        "templates/minipilo/action.yaml",
        'text: "{{ problem.text }}"',
        "text: \"{{ 'a' | center(10**9) }}\"",
    ),
    layout_expr(
        "muenchhausen-layout-namespace-doubling",
        MU,
        "templates/muenchhausen/aid.yaml",
        'text: "{{ title }}"',
        f'text: "{DOUBLING}"',
    ),
    layout_expr(
        "museo-layout-format-repeats-argument",
        MS,
        "templates/museo/event.yaml",
        'text: "{{ event.title }}"',
        "text: \"{{ ('{0}' * 300000).format('x' * 999999) }}\"",
    ),
    layout_expr(
        "mytown-layout-join-huge-separator",
        MT,
        "templates/mytown/bench.yaml",
        'text: "{{ game.title }}"',
        "text: \"{{ range(9999) | join('x' * 999999) }}\"",
    ),
    layout_expr(
        "minipilo-layout-integer-squaring",
        MP,
        "templates/minipilo/action.yaml",
        'text: "{{ problem.text }}"',
        f'text: "{SQUARING}"',
    ),
    layout_expr(
        "museo-layout-box-power",
        MS,
        "templates/museo/board.yaml",
        '"{{ width + 6 }}"',
        '"{{ 9 ** 9 ** 9 }}"',
    ),
    layout_expr(
        "muenchhausen-layout-deep-parentheses",
        MU,
        "templates/muenchhausen/number.yaml",
        'text: "{{ value }}", font: bold,\n     size: 60,',
        'text: "{{ ' + "(" * 5000 + "1" + ")" * 5000 + ' }}", font: bold,\n     size: 60,',
        pattern=r"(nest|deep|itself|recurs|too|limit|long)",
    ),
    Case(
        "museo-item-id-nested-loops",
        MS,
        (
            Replace(
                GAME[MS],
                'item-id: "{{ picture }}-{{ piece }}"',
                f'item-id: "{NESTED}{{{{ picture }}}}-{{{{ piece }}}}"',
                at="{% for",
            ),
        ),
        pattern=rf"^{{line}}: .*{LOOP}",
    ),
    # Each allocation a gigabyte or two: possible on a large machine, so checked before.
    layout_expr(
        "muenchhausen-layout-format-gigabyte",
        MU,
        "templates/muenchhausen/baron.yaml",
        'text: "Baron"',
        "text: \"{{ ('{0}' * 5000).format('x' * 199999) }}\"",
    ),
    layout_expr(
        "museo-layout-printf-repeats",
        MS,
        "templates/museo/event.yaml",
        'text: "{{ event.title }}"',
        "text: \"{{ ('%s' * 5000) % (('x' * 199999,) * 5000) }}\"",
    ),
    layout_expr(
        "mytown-layout-join-a-generator",
        MT,
        "templates/mytown/bench.yaml",
        'text: "{{ game.title }}"',
        "text: \"{{ ('x' * 199999).join(range(9999) | map('string')) }}\"",
    ),
    layout_expr(
        "minipilo-layout-many-long-values",
        MP,
        "templates/minipilo/action.yaml",
        'text: "{{ problem.text }}"',
        "text: \"{{ range(9999) | map('string') | map('center', 199999) | list | length }}\"",
    ),
    # --- jinja2 in the cheat-sheet template -----------------------------------------------
    sheet_expr("muenchhausen-sheet-range-1e9", MU, "{{ range(10**9) | list | length }}"),
    sheet_expr("museo-sheet-nested-range", MS, NESTED),
    sheet_expr("mytown-sheet-string-repeat", MT, "{{ 'x' * 10**10 }}"),
    sheet_expr("minipilo-sheet-printf-width", MP, "{{ '%0999999999d' % 1 }}"),
    sheet_expr("muenchhausen-sheet-format-width", MU, "{{ '{:>999999999}'.format(1) }}"),
    sheet_expr("museo-sheet-center", MS, "{{ 'a' | center(10**9) }}"),
    sheet_expr("mytown-sheet-namespace-doubling", MT, DOUBLING),
    sheet_expr(
        "minipilo-sheet-output-flood",
        MP,
        "{% for i in range(10000) %}{{ 'x' * 999999 }}{% endfor %}",
    ),
    # --- pictures of huge pixel counts: named where content names them ----------------------
    picture_row(
        "museo-huge-png-in-table-row",
        "pictures/huge.png",
        huge_png,
        r"^{at}: .*(pixel|large|megapixel)",
    ),
    theme_image("mytown-huge-png-in-theme", "huge.png", huge_png, r"^{at}: .*(pixel|large)"),
    image_box(
        "muenchhausen-huge-png-in-layout",
        MU,
        "baron",
        "huge.png",
        huge_png,
        r"^{line}: .*(pixel|large)",
    ),
    Case(
        "minipilo-huge-png-in-rules-markup",
        MP,
        (
            Replace(
                "content/minipilo/rules.yaml",
                "      text: Die oder der Jüngste",
                "      text: <img src='huge.png' width='10' height='10'/> Die oder der Jüngste",
                at="<img",
            ),
            Write("content/minipilo/huge.png", huge_png),
        ),
        pattern=r"^{line}: .*(pixel|large)",
    ),
    picture_row(
        "museo-svg-use-bomb",
        "pictures/bomb.svg",
        svg(
            '<defs><rect id="g0" width="1" height="1"/>'
            + "".join(
                f'<g id="g{n}">' + f'<use href="#g{n - 1}"/>' * 10 + "</g>" for n in range(1, 10)
            )
            + '</defs><use href="#g9"/>'
        ),
        rf"^{{at}}: .*(use|element|expand|{TOO_BIG})",
    ),
    theme_image(
        "mytown-svg-entity-bomb",
        "lol.svg",
        svg(
            "<text>&l9;</text>",
            '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY l0 "lol">'
            + "".join(f'<!ENTITY l{n} "' + f"&l{n - 1};" * 10 + '">' for n in range(1, 10))
            + "]>\n",
        ),
        r"^{at}: ",
    ),
    # --- huge boards, items and patterns ----------------------------------------------------
    Case(
        "museo-board-100-metres",
        MS,
        (Replace(GAME[MS], "size: [540mm, 348mm]", "size: [100000mm, 100000mm]", at="[100000mm"),),
        pattern=rf"^{{at}}: .*{TOO_BIG}",
    ),
    Case(
        "minipilo-board-100-metres",
        MP,
        (Replace(GAME[MP], "size: [520mm, 510mm]", "size: [100000mm, 100000mm]", at="[100000mm"),),
        pattern=rf"^{{at}}: .*{TOO_BIG}",
    ),
    Case(
        "mytown-tile-100-metres-tall",
        MT,
        (Replace(GAME[MT], "size: [20mm, 50mm]", "size: [20mm, 100000mm]", at="[20mm"),),
        pattern=rf"^{{at}}: .*{TOO_BIG}",
    ),
    layout_expr(
        "muenchhausen-lattice-step-tiny",
        MU,
        "templates/muenchhausen/back.yaml",
        "step: 20}",
        "step: 0.00001}",
        pattern=r"(step|at least|small)",
    ),
    layout_expr(
        "museo-lattice-step-tiny",
        MS,
        "templates/museo/back.yaml",
        "step: 14}",
        "step: 0.00001}",
        pattern=r"(step|at least|small)",
    ),
    layout_expr(
        "minipilo-lattice-step-tiny",
        MP,
        "templates/minipilo/back.yaml",
        "step: 12}",
        "step: 0.00001}",
        pattern=r"(step|at least|small)",
    ),
    Case(
        "museo-blocks-a-million",
        MS,
        (Replace(GAME[MS], "blocks: [2, 3]", "blocks: [1000000, 1000000]", at="[1000000"),),
        expect_code=(0, 1),
        pattern=r"^content/museo/game\.yaml:\d+:\d+: ",
    ),
    Case(
        "mytown-bench-holds-a-million",
        MT,
        (
            Replace(
                GAME[MT],
                "holds: {component: tiles, count: 10, clearance: 1mm}",
                "holds: {component: tiles, count: 1000000, clearance: 1mm}",
                at="count",
            ),
        ),
        pattern=r"^content/mytown/game\.yaml:\d+:\d+: ",
    ),
    # --- oversized files and texts ------------------------------------------------------------
    Case(
        "muenchhausen-17-megabyte-table",
        MU,
        (
            Write(
                "content/muenchhausen/sets.yaml",
                lambda: big_file(17 * 1024 * 1024, shipped("content/muenchhausen/sets.yaml")),
            ),
        ),
        pattern=rf"^content/muenchhausen/(game|sets)\.yaml:\d+:\d+: .*(bytes|{TOO_BIG})",
    ),
    Case(
        "mytown-17-megabyte-theme",
        MT,
        (
            Write(
                "content/mytown/themes/town.yaml",
                lambda: big_file(17 * 1024 * 1024, shipped("content/mytown/themes/town.yaml")),
            ),
        ),
        pattern=rf"^content/mytown/(game|themes/town)\.yaml:\d+:\d+: .*(bytes|{TOO_BIG})",
    ),
    Case(
        "museo-text-of-a-megabyte",
        MS,
        (
            Replace(
                "content/museo/events.yaml",
                "title: {de: Nochmal!,",
                "title: {de: " + "Nochmal" * 150_000 + ",",
                at="NochmalNochmal",
            ),
        ),
        pattern=rf"^{{at}}: .*(characters|{TOO_BIG})",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_nothing_hangs(case, tmp_path, hostile_kits):
    run_case(case, tmp_path, hostile_kits)
