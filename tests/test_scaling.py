"""A deck's cost grows linearly with its cards, shown without a clock: every function call
of a build counted (cProfile's count does not depend on the machine's speed or load)."""

from __future__ import annotations

import cProfile
import pstats
from pathlib import Path

import pytest

from bench import decks
from generator.build import BuildOptions, build_game, check_game
from generator.project import Project


def _calls(folder: Path, form: str, n: int, what) -> int:
    root = decks.write(folder / f"{form}-{n}", form, n)
    project = Project(root)
    project.load("deck")  # imports and first-use caches out of the count
    profile = cProfile.Profile()
    profile.enable()
    what(project, root)
    profile.disable()
    return pstats.Stats(profile).total_calls


def _build(project: Project, root: Path) -> None:
    build_game(project, "deck", root / "out", BuildOptions(jobs=1))


def _validate(project: Project, root: Path) -> None:
    check_game(project, "deck", BuildOptions(jobs=1))


@pytest.mark.slow
@pytest.mark.parametrize("form,what", [(form, _build) for form in decks.FORMS]
                         + [("inline", _validate)],
                         ids=[f"build-{form}" for form in decks.FORMS] + ["validate"])
def test_work_grows_linearly_with_the_cards(tmp_path, form, what):
    """Going from 250 to 500 cards and from 500 to 1,000 adds work in proportion: linear
    work adds twice as much the second time, a quadratic path four times."""
    small, middle, large = (_calls(tmp_path, form, n, what) for n in (250, 500, 1000))
    first, second = middle - small, large - middle
    assert first > 0
    print(f"{form} {what.__name__}: {small} -> {middle} -> {large} calls")
    assert second / first < 2.25, f"{form}: {small} -> {middle} -> {large} calls"


def test_validate_draws_every_variant_but_writes_no_pdf(monkeypatch):
    """validate lays out and draws every theme, language and braille variant (text fitted,
    glyphs and pictures checked) but never serialises a PDF: reportlab's save is never
    reached, the cheat sheet's page never written; each face is drawn once however many
    variants show it."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.render import columns, paint
    from tests.conftest import ROOT

    def refuse(*_args, **_kwargs):
        raise AssertionError("validate wrote a PDF")

    monkeypatch.setattr(Canvas, "save", refuse)
    monkeypatch.setattr(columns, "write", refuse)
    drawn = []
    place = paint.Forms.place
    monkeypatch.setattr(paint.Forms, "place", lambda self, art, *a, **k: (
        drawn.append(art), place(self, art, *a, **k))[1])
    check_game(Project(ROOT), "mytown", BuildOptions(jobs=1))  # two themes and braille
    every = list(drawn)
    assert len(every) == len(set(every)) > 20  # each distinct face drawn once
    drawn.clear()
    build_game(Project(ROOT), "mytown", Path(), BuildOptions(jobs=1, dry=True))
    plain = set(drawn)
    assert plain < set(every)  # the other theme's and the braille faces besides
