"""Bad input: one clear `path:line:col: message` per problem, exit 1, no traceback, and the
previous out/ left exactly as it was."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import DATA, pnp
from tests.hostile.projects import tree

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`

GAME = Path("content/muenchhausen")


def _edit(root: Path, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text()
    assert old in text, f"fixture edit does not apply: {old!r}"
    path.write_text(text.replace(old, new, 1))


def _fails(root: Path, pattern: str, *args: str) -> str:
    """Build over a good earlier build; the broken one must fail cleanly and change nothing."""
    before = tree(root / "out")
    result = pnp("build", "muenchhausen", *args, cwd=root)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert re.search(pattern, result.stderr, re.M), result.stderr
    assert tree(root / "out") == before
    return result.stderr


@pytest.fixture
def built(project_copy) -> Path:
    result = pnp("build", "muenchhausen", cwd=project_copy)
    assert result.returncode == 0, result.stderr
    assert (project_copy / "out/muenchhausen/number-cards.pdf").is_file()
    return project_copy


def test_broken_yaml(built):
    _edit(
        built,
        "content/muenchhausen/game.yaml",
        "players: {min: 3, max: 8}",
        "players: {min: 3, max: 8",
    )
    _fails(built, r"^content/muenchhausen/game\.yaml:\d+:\d+: broken YAML")


def test_wrong_type(built):
    _edit(built, "content/muenchhausen/game.yaml", "min: 3", "min: three")
    _fails(
        built,
        r"^content/muenchhausen/game\.yaml:5:16: 'min' must be a whole number,"
        r" got 'three'",
    )


def test_unknown_key_names_the_nearest(built):
    _edit(
        built,
        "content/muenchhausen/game.yaml",
        "    size: standard\n    face: muenchhausen/n",
        "    sise: standard\n    face: muenchhausen/n",
    )
    err = _fails(
        built,
        r"^content/muenchhausen/game\.yaml:\d+:5: unknown key 'sise' in"
        r" component 'number-cards'; did you mean 'size'\?",
    )
    assert "needs the key" not in err and err.count("\n") == 2  # one problem, one summary


def test_set_missing_a_value(built):
    _edit(
        built,
        "content/muenchhausen/game.yaml",
        "{set: gulden, each: {value: [1, 2, 3, 4,",
        "{set: gulden, each: {value: [1, 2, 4,",
    )
    err = _fails(
        built,
        r"^content/muenchhausen/game\.yaml:\d+:9: set 'gulden' of component"
        r" 'number-cards' has no value 3",
    )
    assert "has 63 items, but this check asks for exactly 64" in err


def test_duplicate_id(built):
    _edit(built, "content/muenchhausen/sets.yaml", "- {id: kreuzer,", "- {id: taler,")
    _fails(
        built,
        r"^content/muenchhausen/sets\.yaml:11:\d+: duplicate id 'taler' in table"
        r" 'sets' \(first at content/muenchhausen/sets\.yaml:4:\d+\)",
    )


def test_missing_image(built):
    _edit(
        built,
        "templates/muenchhausen/back.yaml",
        "boxes:\n",
        "boxes:\n  - {name: photo, painter: image, box: [0, 0, 10, 10], file: baron.jpg}\n",
    )
    _fails(built, r"^templates/muenchhausen/back\.yaml:\d+:\d+: image file not found: baron\.jpg")


def test_corrupt_image(built):
    shutil.copy(DATA / "fail_corrupt_image.png", built / GAME / "seal.png")
    _edit(
        built,
        "templates/muenchhausen/back.yaml",
        "boxes:\n",
        "boxes:\n  - {name: photo, painter: image, box: [0, 0, 10, 10], file: seal.png}\n",
    )
    _fails(built, r"^templates/muenchhausen/back\.yaml:\d+:\d+: image seal\.png is not a PNG")


def test_missing_font(built):
    _edit(
        built,
        "content/muenchhausen/game.yaml",
        "rules: rules.yaml\n",
        "rules: rules.yaml\nfonts:\n  bold: Baskerville-Bold.ttf\n",
    )
    _fails(
        built,
        r"^content/muenchhausen/game\.yaml:\d+:9: font file not found:"
        r" Baskerville-Bold\.ttf",
    )


@pytest.mark.parametrize(
    "old,new,what",
    [
        ("sets: sets.yaml", "sets: ../../../etc/passwd", "table file"),
        ("rules: rules.yaml", "rules: ../mytown/../../../rules.yaml", "rules file"),
    ],
)
def test_path_leaving_the_content_folder(built, old, new, what):
    _edit(built, "content/muenchhausen/game.yaml", old, new)
    _fails(
        built,
        rf"^content/muenchhausen/game\.yaml:\d+:\d+: {what} '.*' leaves the content"
        r" folder",
    )


def test_template_cannot_leave_its_sandbox(built):
    _edit(
        built,
        "templates/muenchhausen/number.yaml",
        'text: "{{ set.initial }}"',
        "text: \"{{ ''.__class__.__mro__[1].__subclasses__() }}\"",
    )
    _fails(
        built,
        r"^templates/muenchhausen/number\.yaml:\d+:\d+: in '.*': not allowed: access"
        r" to attribute '__class__'",
    )


def test_cheat_sheet_overflow_names_the_text(built):
    shutil.copy(DATA / "fail_overflowing_rules.yaml", built / GAME / "rules.yaml")
    _fails(
        built,
        r"^content/muenchhausen/rules\.yaml:8:16: cheat sheet \(de\): the rules do not"
        r" fit one page .*'Noch mehr 2'",
    )


def test_card_text_overflow_names_item_and_text(built):
    _edit(
        built,
        "content/muenchhausen/sets.yaml",
        "currency: Gulden,",
        "currency: Guldenguldenguldenguldengulden,",
    )
    _fails(
        built,
        # told at the cell that holds the text, naming the layout's box it overflowed
        r"^content/muenchhausen/sets\.yaml:5:27: item 'gulden-1' \(front\): the sets"
        r" currency 'Guldenguldenguldenguldengulden' does not fit even at .* pt in box"
        r" 'currency' \(29\.0 x 7\.0 mm\) of layout muenchhausen/number"
        r" \(templates/muenchhausen/number\.yaml:\d+:\d+\)",
    )


def test_every_problem_is_reported_at_once(built):
    _edit(
        built,
        "content/muenchhausen/game.yaml",
        "{set: gulden, each: {value: [1, 2, 3, 4,",
        "{set: gulden, each: {value: [1, 2, 4,",
    )
    _edit(built, "content/muenchhausen/sets.yaml", "initial: K,", "initial: T,")
    err = _fails(built, r"has no value 3")
    assert "initial 'T' appears twice" in err


def test_validate_lists_problems_and_exits_1(built):
    _edit(
        built,
        "content/muenchhausen/game.yaml",
        "{set: rubel, each: {value: [1, 2, 3, 4, 5, 6, 7, 8]}}",
        "{set: rubel, each: {value: [1, 2, 3, 4, 5, 6, 7, 7]}}",
    )
    result = pnp("validate", "muenchhausen", cwd=built)
    assert result.returncode == 1
    assert re.search(
        r"^content/muenchhausen/game\.yaml:\d+:9: set 'rubel' .* has no value 8",
        result.stderr,
        re.M,
    )
    assert "value 7 more than once" in result.stderr
    assert "Traceback" not in result.stderr


def test_validate_clean_content_exits_0(project_copy):
    result = pnp("validate", cwd=project_copy)
    assert result.returncode == 0, result.stderr
    assert "muenchhausen: ok" in result.stdout


def test_validate_finds_what_only_a_build_would(built):
    """A missing template is caught by validate too, at the line that names it."""
    _edit(
        built, "content/muenchhausen/game.yaml", "face: muenchhausen/aid", "face: muenchhausen/aide"
    )
    result = pnp("validate", "muenchhausen", cwd=built)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"^content/muenchhausen/game\.yaml:\d+:11: template 'muenchhausen/aide' not"
        r" found",
        result.stderr,
        re.M,
    ), result.stderr


def test_template_mistakes_are_reported_together(built):
    _edit(
        built,
        "templates/muenchhausen/back.yaml",
        'colour: "#c9a44c", step: 20}',
        'color: "#c9a44c", step: 20}',
    )
    _edit(
        built,
        "templates/muenchhausen/number.yaml",
        "{name: index, painter: text",
        "{name: index, text-kind: plain",
    )
    err = _fails(
        built,
        r"^templates/muenchhausen/back\.yaml:\d+:\d+: unknown key 'color' in box"
        r" 'lattice'; did you mean 'colour'\?",
    )
    assert re.search(
        r"number\.yaml:\d+:\d+: painter must be one of .* got nothing",
        err,
    )


def test_rules_file_of_the_wrong_shape(built):
    _edit(
        built,
        "content/muenchhausen/rules.yaml",
        "      rulebook: glauben-oder-zweifeln\n      text:",
        "      rulebook: glauben-oder-zweifeln\n      txt:",
    )
    _fails(
        built,
        r"^content/muenchhausen/rules\.yaml:\d+:7: unknown key 'txt' in a section of"
        r" the rules \(de\); did you mean 'text'\?",
    )


# Each: (file, old text, new text, the message expected at the start of a line).
CASES = {
    "painter_value_of_wrong_type": (
        "templates/muenchhausen/number.yaml",
        "font: bold,\n     size: 22,",
        "font: bold,\n     size: big,",
        r"^templates/muenchhausen/number\.yaml:\d+:\d+: item 'taler-1' \(front\): 'size' of box"
        r" 'index' must be a number, got 'big'",
    ),
    "colour_from_a_table": (
        "content/muenchhausen/sets.yaml",
        'colour: "#56B4E9"',
        'colour: "#56B4Ex"',
        # Told at the cell, by the check that the set colours stay apart.
        r"^content/muenchhausen/sets\.yaml:5:\d+: table 'sets': colour '#56B4Ex' is not a"
        r" colour",
    ),
    "colour_with_five_digits": (
        "templates/muenchhausen/number.yaml",
        'fill: "#fffdf6"}',
        'fill: "#fffdf"}',
        r"^templates/muenchhausen/number\.yaml:\d+:\d+: item 'taler-1' \(front\): 'fill' of"
        r" box 'panel' '#fffdf' is not a colour: write #rrggbb",
    ),
    "unclosed_markup": (
        "content/muenchhausen/game.yaml",
        '"<b>Bieten:</b> alle außer',
        '"<b>Bieten: alle außer',
        r"^templates/muenchhausen/aid\.yaml:\d+:\d+: item 'aid' \(front\): text markup is broken",
    ),
    "list_where_one_value_belongs": (
        "content/muenchhausen/game.yaml",
        "{set: livre, each:",
        "{set: [livre], each:",
        r"^content/muenchhausen/game\.yaml:\d+:9: in '\{\{ set \}\}-\{\{ value \}\}': a list"
        r" cannot be printed as text",
    ),
    "nested_list_in_each": (
        "content/muenchhausen/game.yaml",
        "{set: pfund, each: {value: [1, 2,",
        "{set: pfund, each: {value: [[1], 2,",
        r"^content/muenchhausen/game\.yaml:\d+:\d+: each\.value must be a non-empty list of"
        r" single values",
    ),
    "game_id_with_odd_characters": (
        "content/muenchhausen/game.yaml",
        "game: muenchhausen",
        "game: muench.hausen",
        r"^content/muenchhausen/game\.yaml:2:7: game id 'muench\.hausen' may hold only",
    ),
    "template_that_calls_itself": (
        "templates/muenchhausen/number.yaml",
        'text: "{{ set.initial }}"',
        'text: "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}"',
        r"^templates/muenchhausen/number\.yaml:\d+:\d+: in .*calls itself without end",
    ),
    "box_off_the_card": (
        "templates/muenchhausen/number.yaml",
        "box: [17, 8, 29, 7]",
        "box: [80, 8, 29, 7]",
        r"^templates/muenchhausen/number\.yaml:\d+:\d+: item 'taler-1' \(front\): box"
        r" 'currency' lies outside the 63\.0 x 88\.0 mm item",
    ),
    "text_in_the_cut_zone": (
        "templates/muenchhausen/number.yaml",
        "box: [17, 8, 29, 7]",
        "box: [17, 1, 29, 7]",
        r"^templates/muenchhausen/number\.yaml:\d+:\d+: item 'taler-1' \(front\): box"
        r" 'currency' holds text within 3 mm of the cut",
    ),
    "unknown_font_role": (
        "templates/muenchhausen/number.yaml",
        'text: "{{ set.currency }}",\n     font: bold',
        'text: "{{ set.currency }}",\n     font: heavy',
        r"^templates/muenchhausen/number\.yaml:\d+:\d+: no font 'heavy'; fonts: regular, bold",
    ),
    "variant_of_a_missing_component": (
        "content/muenchhausen/game.yaml",
        "    component: number-cards\n    field: value",
        "    component: numbre-cards\n    field: value",
        r"^content/muenchhausen/game\.yaml:\d+:\d+: variant 'large-groups' names component"
        r" 'numbre-cards', which does not exist",
    ),
    "languages_mixed_with_other_keys": (
        "content/muenchhausen/game.yaml",
        "title: {de: Eine Runde, en: One round}",
        "title: {de: Eine Runde, fr: Un tour}",
        r"^content/muenchhausen/game\.yaml:\d+:\d+: 'fr' stands among the languages de",
    ),
    "table_label_too_long": (
        "templates/muenchhausen/score.yaml",
        "{{ 'Gesamt' if lang == 'de' else 'Total' }}|=",
        "Gesamtpunktzahl aller Runden zusammen|=",
        r"^templates/muenchhausen/score\.yaml:\d+:\d+: item 'score' \(front\): table label"
        r" 'Gesamtpunktzahl aller Runden zusammen' .* does not fit its cell",
    ),
    "initial_not_of_the_currency": (
        "content/muenchhausen/sets.yaml",
        "initial: Z,",
        "initial: Q,",
        r"^content/muenchhausen/sets\.yaml:10:\d+: set 'zechine': initial 'Q' is not the first"
        r" letter of its currency 'Zechine'",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input(built, case):
    path, old, new, pattern = CASES[case]
    _edit(built, path, old, new)
    _fails(built, pattern)


@pytest.mark.parametrize(
    "args,message",
    [
        (("--bleed", "-3mm"), "must be from 0 to 10mm"),
        (("--margin", "50mm"), "must be from 0 to 30mm"),
        (("--back-offset", "50mm,0mm"), "within ±10mm"),
    ],
)
def test_option_ranges(built, args, message):
    result = pnp("build", "muenchhausen", *args, cwd=built)
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_unwritable_output_folder(project_copy):
    """A file where --out's folder goes: a usage error naming the option (tests/test_out_option.py
    has every other kind), before anything is written."""
    (project_copy / "blocker").write_text("a file where a folder should be")
    result = pnp("build", "muenchhausen", "--out", "blocker/out", cwd=project_copy)
    assert result.returncode == 2
    assert "Invalid value for '--out': 'blocker' is a file, not a folder" in result.stderr
    assert "Traceback" not in result.stderr
