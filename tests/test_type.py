"""Type and contrast (issue 26): text stands 4.5:1 (WCAG 2.x) or more against what is painted
under it, told as a warning for a game's own layouts (never an error, even with --strict);
list numbers are followed by one space and their lines hang aligned; a wrapped heading never
leaves one word alone; a corner index that turned reads as another value is underlined."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont

from bastelbogen.checks.colours import contrast
from bastelbogen.checks.grounds import worst_contrast
from bastelbogen.checks.preflight import Preflight
from bastelbogen.core.errors import Loc
from bastelbogen.core.units import mm
from bastelbogen.layout.layouts import Box
from bastelbogen.render.text import UNDERLINE, reads_turned
from tests.conftest import ROOT, pnp, printed
from tests.pdfread import read

GAMES = ["museo", "mytown", "muenchhausen", "minipilo"]
LOC = Loc("face.yaml", 1, 1)


def _box(name: str, painter: str, rect, **params) -> Box:
    return Box(name, painter, rect, tuple(sorted(params.items())), LOC)


def test_the_contrast_ratio_is_wcag_s():
    assert contrast((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert contrast((1, 1, 1), (1, 1, 1)) == pytest.approx(1.0)
    # #777777 on white is the textbook 4.48:1, just under AA
    grey = (0x77 / 255,) * 3
    assert contrast(grey, (1, 1, 1)) == pytest.approx(4.48, abs=0.01)


def test_the_ground_is_the_fill_painted_last_under_the_lettering():
    panel = _box("panel", "shape", (0, 0, 100, 100), fill="#fffdf6")
    badge = _box("badge", "shape", (10, 10, 20, 20), shape="ellipse", fill="#0072b2")
    white = (1.0, 1.0, 1.0)
    # White lettering in the middle of the badge stands on the badge, not on the panel
    # round it (the badge's box corners are panel).
    on_badge = worst_contrast(white, (15, 15, 25, 25), (panel, badge))
    assert on_badge is not None and on_badge[0] == pytest.approx(
        contrast(white, (0, 0x72 / 255, 0xB2 / 255))
    )
    assert "badge" in on_badge[1]
    # Lettering that runs off the badge onto the pale panel is judged at its worst.
    off = worst_contrast(white, (15, 15, 60, 25), (panel, badge))
    assert off is not None and off[0] < 1.1 and "panel" in off[1]
    # Nothing beneath: the paper; a motif beneath: not known, so not judged.
    assert worst_contrast(white, (0, 0, 5, 5), ())[1] == "the paper"
    art = _box("art", "art", (0, 0, 100, 100), motif="coin")
    assert worst_contrast(white, (15, 15, 25, 25), (panel, art)) is None


def test_low_contrast_is_advice_that_strict_leaves_a_warning():
    found = Preflight()
    box = _box("label", "text", (0, 0, mm(20), mm(5)), colour="#e69f00")
    found.contrast(box, "#e69f00", (0, 0, 10, 5), (), "item 'x'")
    (problem,) = found.problems()
    amber = (0xE6 / 255, 0x9F / 255, 0)
    assert f"{contrast(amber, (1, 1, 1)):.1f}:1 against the paper" in problem.message
    assert found.problems(strict=True) == []


@pytest.mark.slow
@pytest.mark.heavy
@pytest.mark.parametrize("game", GAMES)
def test_shipped_kits_have_no_text_under_4_5_to_1(game):
    """Every theme, language, variant and the braille build (validate builds them all)."""
    result = pnp("validate", game, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "contrast" not in result.stderr, result.stderr


@pytest.mark.heavy
def test_minipilo_s_old_labels_are_told_and_the_build_goes_on_even_strictly(tmp_path, project_copy):
    """The deck label in the symbol's own colour (as before issue 26): Humor's amber on the
    pale panel is 2.2:1. It is told at the box, and the kit builds, with --strict too."""
    face = project_copy / "templates/minipilo/card.yaml"
    text = face.read_text()
    assert 'colour: "{{ symbol.ink }}"' in text
    face.write_text(text.replace('colour: "{{ symbol.ink }}"', 'colour: "{{ symbol.colour }}"'))
    lines = face.read_text().splitlines()
    line = next(n for n, t in enumerate(lines, 1) if "leading" in t and "symbol.colour" in t)
    for strict in ((), ("--strict",)):
        result = pnp("build", "minipilo", *strict, "--out", str(tmp_path), cwd=project_copy)
        assert result.returncode == 0, result.stderr
        found = re.findall(
            rf"card\.yaml:{line}:\d+: warning: preflight: text in box 'deck' \(#[0-9a-f]{{6}}\)"
            r" has a contrast of (\d\.\d):1 against box 'panel' \(#fffdf6\)",
            result.stderr,
        )
        assert found and float(found[0]) < 4.5, result.stderr
        assert printed(tmp_path / "minipilo", "p-cards.pdf").is_file()


# --- the cheat sheets, read back: list numbers, hanging indents, headings -------------

H_OVER_P = 11.5 / 9  # a heading's size over body text's (cheatsheet.BASE)


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("kits")
    for game in GAMES:
        result = pnp("build", game, "--out", str(out), cwd=ROOT)
        assert result.returncode == 0, result.stderr
    return {game: out / game for game in GAMES}  # each kit: de/rules.pdf, en/rules.pdf


def _widths():
    """Vera's widths, as the kits set them (reportlab's own measure)."""
    for name in ("Vera", "VeraBd"):
        if f"t-{name}" not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(f"t-{name}", str(ROOT / "fonts" / f"{name}.ttf")))
    return lambda text, bold, size: stringWidth(text, "t-VeraBd" if bold else "t-Vera", size)


def _runs(path: Path, page: int) -> list[tuple[float, float, str, float, bool]]:
    """Every piece of text drawn: (x, y of its origin, text, size, bold)."""
    found = []

    def seen(text, cm, tm, font, size):
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            bold = "Bold" in str(font.get("/BaseFont", "")) if font else False
            found.append((x, y, text.rstrip("\n"), float(size) * tm[0], bold))

    PdfReader(str(path)).pages[page].extract_text(visitor_text=seen)
    return found


def _lines(runs) -> list[list]:
    """The runs grouped into lines: one column (left or right of the page's middle) and
    one baseline, top to bottom, each line's runs left to right."""
    middle = 595.0 / 2
    lines: dict[tuple[bool, float], list] = {}
    for run in runs:
        lines.setdefault((run[0] > middle, round(run[1], 1)), []).append(run)
    return [sorted(lines[k]) for k in sorted(lines, key=lambda k: (k[0], -k[1]))]


def _items(lines):
    """Each list item: its bullet's run, the run its text starts with, and its further
    lines (those after it in its column that start right of the bullet)."""
    for n, line in enumerate(lines):
        first = line[0]
        if not re.fullmatch(r"\d+\.|•", first[2]) or len(line) < 2:
            continue
        more, y = [], first[1]
        for later in lines[n + 1 :]:
            if (
                (later[0][0] > 297.5) != (first[0] > 297.5)
                or later[0][0] <= first[0] + 0.5
                or y - later[0][1] > 1.5 * first[3]  # a gap: the next block
                or re.fullmatch(r"\d+\.|•", later[0][2])  # the next list's own mark
            ):
                break
            more.append(later[0])
            y = later[0][1]
        yield first, line[1], more


@pytest.mark.heavy
def test_list_numbers_are_followed_by_one_space_and_their_lines_hang_aligned(sheets):
    width = _widths()
    counted = 0
    for game, path in sheets.items():
        for page in ("de", "en"):  # one cheat sheet in each language's folder
            for bullet, text, more in _items(_lines(_runs(path / page / "rules.pdf", 0))):
                x, _y, mark, size, _bold = bullet
                gap = text[0] - (x + width(mark, True, size))
                space = width(" ", False, size)
                assert abs(gap - space) < 0.2, (game, page, mark, text[2], gap, space)
                for line in more:
                    assert abs(line[0] - text[0]) < 0.05, (game, page, text[2], line[2])
                counted += 1 + len(more)
    assert counted > 40  # every kit's steps and points were found


def test_numbers_of_a_list_end_where_the_widest_ends():
    """Steps 1 to 10: the numbers stand right-aligned, the texts at one indent."""
    from bastelbogen.render.rules.cheatsheet import _bullets

    blocks = [("h", "x")] + [("step", f"s{n}") for n in range(10)] + [("h", "y"), ("step", "z")]
    bullets = _bullets(blocks)
    assert bullets[1] == ("1.", "10.") and bullets[10] == ("10.", "10.")
    assert bullets[0] is None and bullets[12] == ("1.", "1.")


@pytest.mark.heavy
def test_no_heading_leaves_one_word_alone_on_its_last_line(sheets):
    wrapped = 0
    for game, path in sheets.items():
        for page in ("de", "en"):  # one cheat sheet in each language's folder
            runs = _runs(path / page / "rules.pdf", 0)
            sizes = [r[3] for r in runs]
            body = max(set(sizes), key=sizes.count)
            heads = [r for r in runs if r[4] and abs(r[3] - body * H_OVER_P) < 0.05]
            lines = _lines(heads)
            for n, line in enumerate(lines):
                text = "".join(r[2] for r in line)
                after = lines[n + 1] if n + 1 < len(lines) else None
                # the next heading line one leading below in the same column: one heading
                if after and abs(line[0][1] - after[0][1] - line[0][3] * 1.28) < 0.5:
                    if after[0][0] == line[0][0]:
                        wrapped += 1
                        tail = "".join(r[2] for r in after)
                        assert len(tail.split()) >= 2, (game, page, text, tail)
    assert wrapped >= 2  # MiniPilo's and Münchhausen's long headings do wrap


# --- values that turned read as others --------------------------------------------------


@pytest.mark.parametrize(
    "text,marked",
    [
        ("6", True),
        ("9", True),
        ("16", True),
        ("68", True),
        ("8", False),
        ("69", False),
        ("1", False),
        ("10", False),
        ("7", False),
        ("6a", False),
        ("", False),
    ],
)
def test_a_value_is_marked_when_turned_it_reads_as_another(text, marked):
    assert reads_turned(text) is marked


@pytest.mark.heavy
def test_muenchhausen_s_sixes_are_underlined_in_both_corners_and_the_middle(tmp_path):
    """Each set's 6 (8 sets) carries three rules, each as long as its 6 is wide and as
    thick as the mark says; no other card carries one."""
    result = pnp("build", "muenchhausen", "--out", str(tmp_path), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    _reader, pages = read(tmp_path / "muenchhausen" / "number-cards.pdf", forms=True)
    width = _widths()
    found = {22: 0, 60: 0}
    for page in pages:
        for line in page.lines:
            for size in found:
                if abs(line.width - size * UNDERLINE[1]) < 0.01:  # in a form or not
                    length = math.dist((line.x1, line.y1), (line.x2, line.y2))
                    assert length == pytest.approx(width("6", True, size), abs=0.01)
                    found[size] += 1
    assert found == {22: 2 * 8, 60: 8}


@pytest.mark.parametrize("game", GAMES)
def test_the_cheat_sheet_s_colours_stand_4_5_to_1(game):
    """The rules' colour is the headings' ink on the paper and the header band under white
    lettering; body text is #1d1d1d on the paper and on the tint of notes and tables."""
    from bastelbogen.core.source import load_yaml
    from bastelbogen.render.rules.lookup import TINT

    def rgb(text: str) -> tuple[float, float, float]:
        return tuple(int(text[k : k + 2], 16) / 255 for k in (1, 3, 5))

    accent = rgb(str(load_yaml(ROOT / "content" / game / "rules.yaml")["colour"]))
    white, ink = (1.0, 1.0, 1.0), rgb("#1d1d1d")
    assert contrast(accent, white) >= 4.5
    assert contrast(ink, (TINT.red, TINT.green, TINT.blue)) >= 4.5


def test_a_table_s_labels_are_judged_on_its_stripes_too():
    """Score tables paint their own stripes under their labels: a dark grey label on white
    paper passes, the same on a dark stripe is told, naming the stripe."""
    from types import SimpleNamespace

    from bastelbogen.render.shapes import _Grid, _judged

    def told(stripe: str) -> list[str]:
        box = _box(
            "score", "table", (0, 0, 200, 100), header=("a", "b"), rows=("x", "y"),
            colour="#444444", stripe=stripe,
        )  # fmt: skip
        ctx = SimpleNamespace(
            preflight=Preflight(), beneath=(), item_label="item 's'", component="score-pads"
        )
        _judged(box, _Grid(box, ["a", "b"], ["x", "y"]), ctx.preflight, ctx)
        return [p.message for p in ctx.preflight.problems()]

    assert told("#ffffff") == []
    (message,) = told("#999999")
    assert "box 'score stripe' (#999999)" in message


@pytest.mark.parametrize("width_mm", [40, 60, 90])
def test_a_turn_s_boxes_never_break_a_word_between_two_letters(width_mm):
    """A box narrower than its longest word sets every box smaller, at one size, rather
    than break "Mitspieler" into "Mitspiel" and "er"."""
    from reportlab.lib.styles import ParagraphStyle

    from bastelbogen.core.errors import Loc
    from bastelbogen.core.units import mm
    from bastelbogen.render.paragraphs import paragraph
    from bastelbogen.render.rules.lookup import Cycle

    texts = ["Mitspieler bieten", "Karte verdeckt ablegen", "Baron <b>glaubt</b>", "Baron geht"]
    style = ParagraphStyle("p", fontName="Helvetica", fontSize=9)
    cycle = Cycle(texts, style, mm(width_mm), lambda t, s: paragraph(t, s, Loc("r.yaml", 1, 1)))
    cycle.wrap(mm(width_mm), 1000)
    sizes = {step.style.fontSize for step in cycle.steps}
    assert len(sizes) == 1 and 0 < sizes.pop() <= 9
    for text, step in zip(texts, cycle.steps, strict=True):
        laid = [w.strip() for line in step.blPara.lines for w in _words_of(line)]
        assert laid == re.sub(r"<[^>]*>", "", text).split(), (width_mm, laid)


def _words_of(line) -> list[str]:
    """A laid line's words: plain lines hold strings, lines with markup hold fragments."""
    words = line[1] if isinstance(line, tuple) else line.words
    return [w if isinstance(w, str) else w.text for w in words]
