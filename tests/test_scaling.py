"""A deck's cost grows linearly with its cards, shown without a clock: every function call
of a build counted (cProfile's count does not depend on the machine's speed or load)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bastelbogen.content.project import Project
from bastelbogen.core.errors import ContentError
from bastelbogen.pipeline.build import BuildOptions, build_game, check_game
from bench import decks
from tests.conftest import ROOT

# Each count in a process of its own, after a build of a small deck of the same form: the
# imports and first-use caches (a font read, a dictionary) are out of the count, and no
# cache holds what a build of another size made (card 1 is the same text in every size: a
# bigger deck counted after a smaller one found its first cards drawn, and looked to grow
# faster than it does).
_COUNT = """
import cProfile, pstats, sys
from pathlib import Path
from bench import decks
from bastelbogen.content.project import Project
from bastelbogen.pipeline.build import BuildOptions, build_game, check_game
form, n, what, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3], Path(sys.argv[4])
def run(root):
    if what == "validate":
        check_game(Project(root), "deck", BuildOptions(jobs=1))
    else:
        build_game(Project(root), "deck", root / "out", BuildOptions(jobs=1))
run(decks.write(folder / "warm", form, 20))
root = decks.write(folder / "deck", form, n)
Project(root).load("deck")
if what == "again":  # the same build again, unchanged, is counted
    run(root)
profile = cProfile.Profile()
profile.enable()
run(root)
profile.disable()
print(pstats.Stats(profile).total_calls)
"""


def _calls(folder: Path, form: str, n: int, what: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", _COUNT, form, str(n), what, str(folder / f"{form}-{n}")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.split()[-1])


@pytest.mark.slow
@pytest.mark.parametrize(
    "form,what",
    [(form, "build") for form in decks.FORMS] + [("inline", "validate"), ("prose", "again")],
    ids=[f"build-{form}" for form in decks.FORMS] + ["validate", "unchanged-prose"],
)
def test_work_grows_linearly_with_the_cards(tmp_path, form, what):
    """Going from 250 to 500 cards and from 500 to 1,000 adds work in proportion (a build
    from nothing, validate, and a build again unchanged): linear work adds twice as much
    the second time, a quadratic path four times."""
    small, middle, large = (_calls(tmp_path, form, n, what) for n in (250, 500, 1000))
    first, second = middle - small, large - middle
    assert first > 0
    print(f"{form} {what}: {small} -> {middle} -> {large} calls")
    assert second / first < 2.25, f"{form}: {small} -> {middle} -> {large} calls"


def test_a_paragraph_is_laid_out_about_twice_from_the_size_its_width_suggests(
    tmp_path, monkeypatch
):
    """A deck's paragraphs are tried at the size their width suggests and one beside it, not
    at every size bisection would try (three of the prose deck's seven): counted, not timed.
    Half of them shrink to fit, a few below 6 pt (bench/decks.py)."""
    from bastelbogen.render import paragraphs

    root = decks.write(tmp_path, "prose", 200)
    tried = []
    style = paragraphs.paragraph_style
    monkeypatch.setattr(
        paragraphs, "paragraph_style", lambda *a: (tried.append(a[2]), style(*a))[1]
    )
    build_game(Project(root), "deck", root / "out", BuildOptions(jobs=1))
    assert len(set(tried)) >= 4  # the texts are set at several sizes
    assert len(tried) <= 2 * 200


def test_validate_draws_every_variant_but_writes_no_pdf(monkeypatch):
    """validate lays out and draws every theme, language and braille variant (text fitted,
    glyphs and pictures checked) and saves each PDF into nothing (fonts are subset there):
    no file is written; each face is drawn once however many variants show it."""
    from bastelbogen.render import paint, pdf
    from bastelbogen.render.rules import columns
    from tests.conftest import ROOT

    targets = []
    save, write = pdf.Canvas.save, columns.write
    monkeypatch.setattr(
        pdf.Canvas, "save", lambda self: (targets.append(self._filename), save(self))[1]
    )
    monkeypatch.setattr(
        columns, "write", lambda path, *a: (targets.append(path), write(path, *a))[1]
    )
    drawn = []
    place = paint.Forms.place

    def placing(self, art, *a, **k):
        # the sheets' faces; the rulebook draws its own pictures of them into each book
        if "rulebook" not in sys._getframe(1).f_code.co_filename:
            drawn.append(art)
        return place(self, art, *a, **k)

    monkeypatch.setattr(paint.Forms, "place", placing)
    check_game(Project(ROOT), "mytown", BuildOptions(jobs=1))  # two themes and braille
    assert targets and all(t is pdf.DISCARD for t in targets)
    every = list(drawn)
    assert len(every) == len(set(every)) > 20  # each distinct face drawn once
    drawn.clear()
    build_game(Project(ROOT), "mytown", Path(), BuildOptions(jobs=1, dry=True))
    plain = set(drawn)
    assert plain < set(every)  # the other theme's and the braille faces besides


def _composite_to_nowhere(font: Path, char: str) -> bytes:
    """The font with `char`'s glyph made a composite of glyph 60,000, which does not exist:
    the font registers and measures, and fails only when it is subset into a PDF."""
    import struct

    from reportlab.pdfbase.ttfonts import TTFontFile

    parsed = TTFontFile(str(font))
    data = bytearray(font.read_bytes())
    at = parsed.get_table_pos("glyf")[0] + parsed.glyphPos[parsed.charToGlyph[ord(char)]]
    struct.pack_into(">h", data, at, -1)  # a composite glyph; its box stays
    struct.pack_into(">HHbb", data, at + 10, 0x0002, 60000, 0, 0)  # one part, x/y offsets
    return bytes(data)


def test_validate_finds_a_font_that_fails_only_when_saved(tmp_path):
    """`pnp validate` (a fresh process, as a user runs it) names a font that registers
    and measures but cannot be embedded: its PDFs are saved, into nothing."""
    from bastelbogen.content.project import FONTS
    from tests.conftest import pnp

    root = decks.write(tmp_path, "inline", 3)
    game = root / "content" / "deck"
    (game / "broken.ttf").write_bytes(_composite_to_nowhere(FONTS / "Vera.ttf", "e"))
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(
        text.replace("players:", "fonts: {regular: broken.ttf}\nplayers:")
    )
    run = pnp("--root", str(root), "validate", "deck", cwd=tmp_path)
    assert run.returncode == 1 and "cannot be embedded" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    assert not list(root.rglob("*.pdf"))


def _deck_with_values(tmp_path: Path, values: list[str]) -> Path:
    import re

    root = decks.write(tmp_path, "inline", len(values))
    game = root / "content" / "deck" / "game.yaml"
    lines = game.read_text().splitlines()
    items = [n for n, line in enumerate(lines) if "value:" in line]
    for n, value in zip(items, values, strict=True):
        lines[n] = re.sub(r"value: [^,]+", f"value: {value}", lines[n])
    game.write_text("\n".join(lines) + "\n")
    return root


def test_faces_equal_in_python_but_not_in_print_stay_apart(tmp_path):
    """1, 1.0 and true are equal as Python values but print as 1, 1.0 and True: each card
    shows its own (a face is shared only when what it prints from is the same)."""
    from pypdf import PdfReader

    root = _deck_with_values(tmp_path, ["1", "1.0", "true", "0", "false"])
    build_game(Project(root), "deck", root / "out", BuildOptions(jobs=1))
    text = PdfReader(root / "out" / "deck" / "cards.pdf").pages[0].extract_text()
    for shown in ("1.0", "True", "False"):
        assert shown in text


def test_a_value_no_key_can_hold_is_told_at_its_place(tmp_path):
    """A YAML set (no face's key could hold it) is not read at all: YAML's core schema has
    none, and it would print as Python's {…} (source.py); told where it is written."""
    root = _deck_with_values(tmp_path, ["!!set {x, y}", "2"])
    with pytest.raises(ContentError, match=r"game\.yaml:\d+:\d+: the tag !!set is not read"):
        build_game(Project(root), "deck", root / "out", BuildOptions(jobs=1))
    assert not (root / "out").exists()


def test_the_manifest_holds_each_slot_s_numbers_once(tmp_path, monkeypatch):
    """A slot's trim and outline, repeated on every page, are one list each (30,000 cards
    would hold 60,000 copies of them): as many lists as slots (9 on a sheet of fronts, 9 on
    one of backs), not as placements."""
    from bastelbogen import output
    from bastelbogen.output import sheets

    made: list[dict] = []

    def keep(*args):
        made.append(output.listed(*args))
        return made[-1]

    monkeypatch.setattr(sheets, "listed", keep)
    root = decks.write(tmp_path, "inline", 45)  # 5 pages of fronts, 5 of backs
    build_game(Project(root), "deck", root / "out", BuildOptions(jobs=1))
    items = [i for entry in made for page in entry["pages"] for i in page["items"]]
    assert len(items) == 90
    for key in ("trim_mm", "outline_mm"):
        assert len({id(i[key]) for i in items}) <= 18 < len(items) // 4
