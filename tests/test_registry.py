"""Painters and motifs are registered once; the layout check, the README and the drawing
all read the one registry."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen import canvas

from bastelbogen.content.painters import (
    MOTIFS,
    PAINTERS,
    completed,
    known,
    motif_problems,
    painter,
    table,
)
from bastelbogen.core.errors import Loc
from bastelbogen.core.params import COLOUR
from bastelbogen.core.registry import DuplicateName, Registry
from bastelbogen.layout.layouts import Box
from bastelbogen.render.paint import PaintContext, draw_face
from bastelbogen.render.style import Fonts
from tests.conftest import ROOT, pnp

known()
CONTEXTUAL = ("minipilo-board", "museum-board", "stand-profile")  # drawn from game tables


def test_readme_lists_the_registered_painters_and_motifs():
    from docs.tables import written

    assert written("painters") == table()
    assert set(PAINTERS) == {
        "shape",
        "text",
        "paragraph",
        "art",
        "braille",
        "image",
        "table",
        "cells",
    }


@pytest.mark.parametrize("name", sorted(set(MOTIFS) - set(CONTEXTUAL)))
def test_every_registered_motif_draws_with_only_its_required_keys(name):
    """What is registered is what is drawn: each motif, given nothing but its name and its
    required keys (a painting no seed), draws into a form and paints the page."""
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(120, 160))
    ctx = PaintContext(Fonts({}, Loc("x"), {}), Path("."))
    params = (("motif", name),)
    assert not MOTIFS[name].required, "a motif that needs more is drawn from its game"
    draw_face(c, (Box("m", "art", (0, 0, 120, 160), params, Loc("x")),), ctx)
    assert len(ctx.pictures) == 1, "the motif was drawn as a form"
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(out.getvalue())[0]
    image = page.render(scale=0.5).to_pil().convert("L")
    painted, total = sum(image.histogram()[:250]), image.width * image.height
    assert painted > total // 50, f"it painted {painted} of {total} pixels"


def test_a_painting_without_a_seed_takes_one_from_its_items_id():
    """The same id paints the same picture; another id another one."""
    params = {"motif": "hills"}
    one = completed(params, {"item": {"id": "a-1"}})["seed"]
    assert one == completed(params, {"item": {"id": "a-1"}})["seed"]
    assert one != completed(params, {"item": {"id": "a-2"}})["seed"]
    assert completed({**params, "seed": 3}, {"item": {"id": "a-1"}})["seed"] == 3
    assert "seed" not in completed({"motif": "coin"}, {"item": {"id": "a-1"}})


def test_motif_keys_are_checked_from_the_registry():
    assert motif_problems({"motif": "coin", "colour": "#123456"}) == []
    wrong = motif_problems({"motif": "coin", "colur": "red"})
    assert wrong and "has no parameter 'colur'; it takes colour" in wrong[0][2]
    assert "must be one of" in motif_problems({"motif": "visitor", "symbol": "x"})[0][2]


@pytest.mark.slow
@pytest.mark.parametrize("painter", sorted(PAINTERS))
def test_layout_check_takes_each_painters_keys_and_no_other(tmp_path, project_copy, painter):
    """A box naming a key its painter does not register is told, with what it takes."""
    face = project_copy / "templates" / "muenchhausen" / "number.yaml"
    face.write_text(
        face.read_text() + f"  - {{name: probe, painter: {painter}, box: [20, 30,"
        " 10, 10], zzz: 1}\n"
    )
    result = pnp("validate", "muenchhausen", cwd=project_copy)
    assert result.returncode == 1
    keys = ", ".join(PAINTERS[painter].keys)
    assert f"unknown key 'zzz' in box 'probe'; a {painter} box takes {keys}" in result.stderr


def test_every_registry_is_one_mechanism_and_finds_its_modules():
    """Kinds, painters, motifs, game checks, writers and table readers are each a Registry,
    filled by the modules that register into it; the shipped games' checks are found."""
    from bastelbogen.checks import GAME_RULES
    from bastelbogen.content.kinds import KINDS
    from bastelbogen.content.tables import READERS
    from bastelbogen.output import WRITERS

    for registry in (KINDS, PAINTERS, MOTIFS, GAME_RULES, WRITERS, READERS):
        assert isinstance(registry, Registry) and len(registry) > 0, registry.what
    shipped = {p.name for p in (ROOT / "bastelbogen" / "games").iterdir() if p.is_dir()}
    shipped = {g for g in shipped if (ROOT / "bastelbogen" / "games" / g / "checks.py").exists()}
    assert shipped and shipped <= set(GAME_RULES)
    assert {"card", "tile", "die"} <= set(KINDS) and {".csv", ".xlsx"} <= set(READERS)
    orders = [(w.order, w.name) for w in WRITERS.values()]
    assert orders == sorted(orders) and WRITERS.values()[-1].name == "manifest"


def test_a_name_registered_twice_is_refused_and_the_order_is_the_names():
    with pytest.raises(DuplicateName, match="painter 'text' is registered twice"):
        painter("text", "a second text", {})(lambda c, box, ctx: None)
    registry: Registry[int] = Registry("number")
    for name in ("b", "c", "a"):
        registry.add(name, len(name))
    assert list(registry) == ["a", "b", "c"] and registry.values() == [1, 1, 1]
    registry.remove("b")
    assert registry.keys() == ["a", "c"] and "b" not in registry


def test_the_pieces_of_one_painting_share_the_seed_they_take():
    """Cut across items, a painting without a seed is one picture: each piece takes the
    seed of the whole, not of its own item."""
    piece = {"motif": "hills", "slice": (0, 0, 2, 1), "piece": (0, 0, 10, 10)}
    other = {**piece, "slice": (1, 0, 2, 1)}
    one = completed(piece, {"item": {"id": "p-1"}})["seed"]
    assert one == completed(other, {"item": {"id": "p-2"}})["seed"]
    assert one != completed({**piece, "motif": "waves"}, {"item": {"id": "p-1"}})["seed"]


def _drawn(name: str, params: tuple) -> bytes:
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(60, 80), invariant=1)
    ctx = PaintContext(Fonts({}, Loc("x"), {}), Path("."))
    draw_face(c, (Box("m", "art", (0, 0, 60, 80), params, Loc("x")),), ctx)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(out.getvalue())[0]
    return page.render(scale=1).to_pil().convert("RGB").tobytes()


DEFAULTED = sorted(
    name
    for name, m in MOTIFS.items()
    if name not in CONTEXTUAL and m.keys and any(k.default is not None for k in m.keys.values())
)


@pytest.mark.parametrize("name", DEFAULTED)
def test_a_motifs_declared_defaults_are_what_it_draws(name):
    """Left out, a key is its declared default: the picture is the one with every default
    written out, and another colour changes it."""
    keys = MOTIFS[name].keys
    written = {k: spec.default for k, spec in keys.items() if spec.default is not None}
    bare = _drawn(name, (("motif", name),))
    assert bare == _drawn(name, tuple(sorted({"motif": name, **written}.items())))
    colour = next((k for k, spec in keys.items() if spec.check is COLOUR and k in written), None)
    if colour is not None:
        other = {**written, colour: "#ff00ff" if written[colour] != "#ff00ff" else "#00ff00"}
        assert bare != _drawn(name, tuple(sorted({"motif": name, **other}.items())))
