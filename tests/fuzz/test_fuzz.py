"""The fuzzer's targets. Each mutates one file of a copy of the shipped games (content/ and
their templates/) or of the examples, runs `pnp validate` of that game in a forked child
(runner.py) and holds it to the promise: it passes, or exits 1 with every problem located
inside the project, or 2 for an option; never a traceback, a native crash or a hang.

With FUZZ_PROFILE=long (`make fuzz`) a finding is written to FUZZ_REPORT and the run goes
on, so one run counts them all; otherwise the first finding fails the test, shrunk to its
smallest example by hypothesis."""

from __future__ import annotations

import io
import json
import os
import shutil
import warnings
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bastelbogen.content.project import FONTS, TEMPLATES, Project
from bastelbogen.pipeline import plugins
from bastelbogen.pipeline.build import BuildOptions, build_game, check_game, prepare
from tests.fuzz import conftest, mutate
from tests.fuzz.known import known
from tests.fuzz.runner import Outcome, judge, run_isolated

REPO = Path(__file__).resolve().parents[2]
SHIPPED = ("muenchhausen", "mytown", "minipilo", "museo")
EXAMPLES = ("vogelquartett", "bienenstock", "rollwrite", "squib-tutorial", "wappen")
COLLECT = conftest.PROFILE == "long"
# How far a run goes: "validate" is what `pnp validate` does (every theme and braille drawn,
# a second or more a game); "draw" one dry build (the default variant, faces drawn, nothing
# written); "prepare" loads, settles and checks the content (a tenth of a second). The
# bounded run in `make test` prepares for content edits and draws the examples for layouts
# and pictures; `make fuzz` validates.
DEPTHS = ("prepare", "draw", "validate")
DEPTH = os.environ.get("FUZZ_DEPTH", "validate" if COLLECT else "prepare")


def _files(base: Path, game: str, suffixes: tuple[str, ...]) -> list[str]:
    """The game's own files of these kinds, relative to its project's root."""
    found = []
    for top in (base / "content" / game, base / "templates" / game):
        found += [
            str(p.relative_to(base))
            for p in sorted(top.rglob("*"))
            if p.is_file() and p.suffix.lower() in suffixes
        ]
    return found


def _seeds(suffixes: tuple[str, ...], where: str = "") -> list[tuple[str, str, str]]:
    """(project, game, file) for every file of these kinds; `where`: under content/ or
    templates/ only."""
    seeds = []
    for project, games, base in (
        ("shipped", SHIPPED, REPO),
        ("examples", EXAMPLES, REPO / "examples"),
    ):
        for game in games:
            files = _files(base if project == "examples" else REPO, game, suffixes)
            if project == "shipped" and ".yaml" in suffixes:  # their layouts: the package's
                files = [f for f in files if not f.startswith("templates/")] + [
                    f"templates/{p.relative_to(TEMPLATES)}"
                    for p in sorted((TEMPLATES / game).glob("*.yaml"))
                ]
            seeds += [(project, game, f) for f in files if f.startswith(where)]
    return seeds


YAML_SEEDS = _seeds((".yaml",))
CONTENT_SEEDS = _seeds((".yaml",), "content/")
LAYOUT_SEEDS = [
    s for s in _seeds((".yaml",), "templates/") if COLLECT or s[0] == "examples"
]  # drawing a shipped game takes seconds: `make fuzz` draws them
CSV_SEEDS = _seeds((".csv",))
OTHER_SEEDS = _seeds((".csv", ".xlsx", ".svg", ".yaml"))


def _original(project: str, rel: str) -> bytes:
    if project == "shipped" and rel.startswith("templates/"):
        return (TEMPLATES / rel.removeprefix("templates/")).read_bytes()
    return ((REPO / "examples" if project == "examples" else REPO) / rel).read_bytes()


@pytest.fixture(scope="module")
def roots(tmp_path_factory) -> dict[str, Path]:
    """One copy of each project for the module: a run mutates one file and puts it back."""
    plugins.load()
    base = tmp_path_factory.mktemp("fuzz")
    shipped = base / "shipped"
    for game in SHIPPED:
        shutil.copytree(REPO / "content" / game, shipped / "content" / game)
    shutil.copytree(TEMPLATES, shipped / "templates")
    examples = base / "examples"
    shutil.copytree(REPO / "examples", examples)
    return {"shipped": shipped, "examples": examples}


def _checked(root: Path, game: str, depth: str) -> None:
    project = Project(root)
    if depth == "export":  # built, its faces rasterised by PDFium (as --export png does)
        options = BuildOptions.of(export=("png",), dpi=72, langs=("en",))
        build_game(project, game, root / "out", options)
    elif depth == "validate":
        check_game(project, game, BuildOptions())
    elif depth == "draw":
        build_game(project, game, Path(), BuildOptions(dry=True))
    else:
        prepare(project, game, BuildOptions(dry=True))


def validate(root: Path, game: str, depth: str = "validate") -> Outcome:
    """`pnp validate GAME` in ROOT (or its first steps, by `depth`), in a child, judged."""
    # FUZZ_DEPTH goes deeper, never less deep; an export is a build of its own
    deepest = depth if depth == "export" else max(DEPTH, depth, key=DEPTHS.index)
    outcome = run_isolated(lambda: _checked(root, game, deepest))
    return judge(outcome, root, (TEMPLATES, FONTS))


def with_file(
    root: Path, rel: str, data: str | bytes, game: str, depth: str = "prepare"
) -> Outcome:
    """Validate GAME with the file REL holding DATA; the file is put back afterwards."""
    path = root / rel
    saved = path.read_bytes()
    path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    try:
        return validate(root, game, depth)
    finally:
        path.write_bytes(saved)


def told(target: str, outcome: Outcome, game: str, rel: str, data: str | bytes) -> None:
    """Counts the run; a finding fails the test, or (collecting) goes to the report."""
    conftest.RUNS[target] += 1
    conftest.ENDS[f"{target}: {outcome.kind}"] += 1
    if not outcome.finding:
        return
    conftest.FINDINGS[outcome.signature()] += 1
    shown = data if isinstance(data, str) else data.decode("latin-1")
    if COLLECT or known(outcome.signature()):
        report = os.environ.get("FUZZ_REPORT")
        if report:
            with open(report, "a") as f:
                record = {
                    "target": target,
                    "game": game,
                    "file": rel,
                    "kind": outcome.kind,
                    "signature": outcome.signature(),
                    "detail": outcome.detail[-3000:],
                    "data": shown[:20_000],
                    "binary": not isinstance(data, str),
                }
                f.write(json.dumps(record) + "\n")
        if not COLLECT:  # told once per kind in the run's warnings, and the run goes on
            what = f"known finding ({known(outcome.signature())}): {outcome.signature()}"
            warnings.warn(what, stacklevel=2)
        return
    pytest.fail(
        f"{outcome.kind} validating {game} with {rel} mutated:\n{outcome.detail[-3000:]}"
        f"\n--- {rel} ---\n{shown[:3000]}",
        pytrace=False,
    )


def weighted(weight: float):
    """This target's share of the profile's runs."""
    return settings(max_examples=max(1, int(settings.default.max_examples * weight)))


@weighted(2)
@given(st.sampled_from(CONTENT_SEEDS), st.data())
def test_game_files(roots, seed, data):
    """Structural edits of a game file's data: keys dropped, duplicated, renamed and
    retyped, hostile values, lists for scalars, deep nesting."""
    project, game, rel = seed
    original = yaml.safe_load(_original(project, rel))
    text = mutate.dumped(data.draw(mutate.edited_data(original), label="data"))
    told("game-files", with_file(roots[project], rel, text, game), game, rel, text)


@weighted(2)
@given(st.sampled_from(YAML_SEEDS), st.data())
def test_yaml_text(roots, seed, data):
    """Edits of a YAML file's text: anchors and aliases, merge keys, tags, template syntax,
    duplicated lines, truncation, control characters and bytes that are no UTF-8."""
    project, game, rel = seed
    original = _original(project, rel).decode("utf-8")
    text = data.draw(mutate.edited_text(original), label="text")
    told("yaml-text", with_file(roots[project], rel, text, game), game, rel, text)


@weighted(0.75)
@given(st.sampled_from(LAYOUT_SEEDS), st.data())
def test_layouts(roots, seed, data):
    """Structural edits of a layout: boxes, painters and their keys."""
    project, game, rel = seed
    original = yaml.safe_load(_original(project, rel))
    text = mutate.dumped(data.draw(mutate.edited_data(original), label="layout"))
    told("layouts", with_file(roots[project], rel, text, game, "draw"), game, rel, text)


@weighted(1)
@given(st.sampled_from(CSV_SEEDS), st.data())
def test_tables(roots, seed, data):
    """Hostile cells, headers, columns and rows in the games' CSV tables."""
    project, game, rel = seed
    rows = mutate.csv_rows(_original(project, rel).decode("utf-8"))
    text = mutate.csv_text(data.draw(mutate.edited_rows(rows), label="rows"))
    told("tables", with_file(roots[project], rel, text, game), game, rel, text)


def _workbook_cells(data: bytes) -> list[list]:
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data))
    return [[c.value for c in row] for row in book.worksheets[0].iter_rows()]


@weighted(0.5)
@given(st.data())
def test_workbook(roots, data):
    """Hostile cells in the example's spreadsheet (read in the reader's own child)."""
    from openpyxl import load_workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    rel = "content/vogelquartett/birds.xlsx"
    book = load_workbook(io.BytesIO(_original("examples", rel)))
    sheet = book.worksheets[0]
    edits = []
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        row = data.draw(st.integers(1, sheet.max_row), label="row")
        col = data.draw(st.integers(1, sheet.max_column + 1), label="col")
        value = data.draw(
            st.one_of(mutate.CELLS, st.sampled_from(mutate.HOSTILE_NUMBERS), st.none()),
            label="cell",
        )
        if isinstance(value, str):  # characters no workbook can hold: openpyxl refuses them
            value = ILLEGAL_CHARACTERS_RE.sub("", value)
        sheet.cell(row=row, column=col).value = value
        edits.append(f"{sheet.cell(row=row, column=col).coordinate} = {value!r}")
    out = io.BytesIO()
    book.save(out)
    outcome = with_file(roots["examples"], rel, out.getvalue(), "vogelquartett")
    told("workbook", outcome, "vogelquartett", rel, "\n".join(edits))


@weighted(1)
@given(st.sampled_from(OTHER_SEEDS), st.data())
def test_damaged_files(roots, seed, data):
    """Any of a game's files damaged as bytes: tables, workbooks, die lines, YAML."""
    project, game, rel = seed
    damaged = data.draw(mutate.damaged_bytes(_original(project, rel)), label="bytes")
    told("damaged-files", with_file(roots[project], rel, damaged, game), game, rel, damaged)


PICTURE_BOX = "  - {name: %s, painter: image, box: [5, 5, 20, 20], file: %s}\n"


def _pictures() -> dict[str, bytes]:
    from PIL import Image

    pictures = {}
    for name, kind in (("pic.png", "PNG"), ("pic.jpg", "JPEG")):
        image = Image.new("RGB", (24, 16), (200, 120, 40))
        for x in range(24):
            image.putpixel((x, x % 16), (x * 10, 0, 255 - x * 10))
        out = io.BytesIO()
        image.save(out, kind)
        pictures[name] = out.getvalue()
    return pictures


@pytest.fixture(scope="module")
def picture_game(tmp_path_factory) -> Path:
    """The example deck whose back shows a user's picture (PNG and JPEG): both pass."""
    root = tmp_path_factory.mktemp("fuzz-pictures") / "examples"
    shutil.copytree(REPO / "examples", root)
    layout = root / "templates" / "vogelquartett" / "back.yaml"
    boxes = "".join(PICTURE_BOX % (name.replace(".", "-"), name) for name in _pictures())
    layout.write_text(layout.read_text() + boxes)  # the last boxes: drawn over the others
    for name, data in _pictures().items():
        (root / "content" / "vogelquartett" / name).write_bytes(data)
    outcome = validate(root, "vogelquartett", "draw")
    assert outcome.kind == "ok", f"the pictures must pass unmutated: {outcome}"
    return root


@pytest.mark.slow
@weighted(0.75)
@given(st.sampled_from(sorted(_pictures())), st.data())
def test_pictures(picture_game, name, data):
    """A user's PNG or JPEG damaged, or a PNG whose header lies, read by Pillow where a
    layout's image box draws it."""
    original = _pictures()[name]
    picture = data.draw(
        st.one_of(mutate.damaged_bytes(original), mutate.hostile_png()), label="picture"
    )
    rel = f"content/vogelquartett/{name}"
    outcome = with_file(picture_game, rel, picture, "vogelquartett", "draw")
    told("pictures", outcome, "vogelquartett", rel, picture)


@weighted(0.25)
@given(st.sampled_from(sorted(_pictures())), st.data())
def test_exported_pictures(picture_game, name, data):
    """A damaged picture that Pillow still reads, built into the kit and its faces exported
    as PNG: reportlab embeds it, PDFium rasterises the PDF we made of it."""
    original = _pictures()[name]
    picture = data.draw(mutate.damaged_bytes(original), label="picture")
    rel = f"content/vogelquartett/{name}"
    outcome = with_file(picture_game, rel, picture, "vogelquartett", "export")
    told("exported-pictures", outcome, "vogelquartett", rel, picture)


SVG_SEEDS = [s for s in OTHER_SEEDS if s[1] == "wappen" and s[2].endswith(".svg")]


@pytest.mark.slow
@weighted(0.5)
@given(st.sampled_from(SVG_SEEDS), st.data())
def test_svg_pictures(roots, seed, data):
    """A designer's SVG picture with hostile sizes, transforms, references, filters that
    ask for billions of pixels, patterns of a billion tiles, gradients that repeat without
    end: sealed, converted in a bounded child (render/vector.py), drawn on the sheets."""
    project, game, rel = seed
    edited = data.draw(mutate.edited_svg(_original(project, rel)), label="svg")
    told("svg-pictures", with_file(roots[project], rel, edited, game, "draw"), game, rel, edited)


def _surface() -> tuple[list[str], list[str], list[str]]:
    """The sandbox's filters, tests and globals, as the expressions' environment has them."""
    from bastelbogen.core.templating import _env

    env = _env()
    return sorted(env.filters), sorted(env.tests), sorted(env.globals)


CONTEXT = {
    "name": "Fuchs",
    "copies": 3,
    "tags": ["rot", "blau"],
    "row": {"id": "fox", "power": 3, "name": {"de": "Fuchs", "en": "Fox"}},
}


def _expanded(expression: str) -> None:
    from bastelbogen.core.errors import Loc
    from bastelbogen.core.templating import expand, reset

    reset()
    text = expand(expression, dict(CONTEXT), Loc("/fuzz/layout.yaml", 1, 1))
    assert isinstance(text, str), f"an expression gave {type(text).__name__}, not text"


@weighted(1)
@given(st.data())
def test_expressions(data):
    """Expressions from the sandbox's whole surface (every method of a text, number, list
    and mapping, every filter, test and global, with hostile arguments): each gives text or
    a located error, never a traceback, a crash or a hang (core/templating.py)."""
    expression = data.draw(mutate.expressions(*_surface()), label="expression")
    outcome = run_isolated(lambda: _expanded(expression), cpu_seconds=10)
    outcome = judge(outcome, Path("/fuzz"))
    told("expressions", outcome, "-", "layout.yaml", expression)
