"""The one cache (core/remembered.py): what is made again found by all it was made of, in a
region that lives as long as what it serves: a document's forms and drawings written again,
a layout box's boxes resolved for items, a kit's results between builds (those:
tests/test_remembered.py, tests/test_rebuild.py). What comes from the cache is what would
have been made without it."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

from reportlab.pdfgen.canvas import Canvas

from bastelbogen.core.errors import Loc
from bastelbogen.core.remembered import (
    BOXES,
    DRAWINGS,
    FORMS,
    Cache,
    Remembered,
    recorded,
    replayed,
)
from bastelbogen.core.units import mm
from bastelbogen.layout.faces import Art
from bastelbogen.layout.layouts import Box, Layouts, resolve
from bastelbogen.render.paint import Forms, PaintContext, draw_face
from bastelbogen.render.style import Fonts

LOC = Loc("x.yaml")
IDENTITY = (1, 0, 0, 1, 0, 0)
SHAPE = Box("s", "shape", (0.0, 0.0, 20.0, 10.0), (("fill", "#aa2200"),), LOC)


def _ctx() -> PaintContext:
    return PaintContext(Fonts({}, LOC, {}), Path("."))


def test_a_full_region_is_emptied_and_an_unbounded_one_keeps_every_entry():
    small: Cache[str, int] = Cache(2)
    assert small.put("a", 1) == 1
    small.put("b", 2)
    small.put("c", 3)
    assert dict(small) == {"c": 3}
    every: Cache[int, int] = Cache()
    for n in range(5000):
        every.put(n, n)
    assert len(every) == 5000


def test_a_region_is_held_by_its_owner_alone():
    one, two = SimpleNamespace(), SimpleNamespace()
    assert DRAWINGS.of(one) is DRAWINGS.of(one)
    assert DRAWINGS.of(one) is not DRAWINGS.of(two)
    assert DRAWINGS.of(one) is not FORMS.of(one)
    assert FORMS.of(one).bound == 0  # a form's name is used by every placement after it


def test_a_kit_s_results_are_a_region_that_tells_what_is_new():
    memory = Remembered()
    memory.merge({"a" * 64: [1]})
    memory.put("a" * 64, [1])
    assert memory.get("a" * 64) == [1] and memory.fresh() == {"a" * 64: [1]}
    memory.forget()
    assert memory.get("a" * 64) is None and not memory.fresh()


def _drawn(c: Canvas, face: tuple[Box, ...]) -> list[str]:
    start = len(c._code)
    draw_face(c, face, _ctx())
    return c._code[start:]


def test_a_box_drawn_again_writes_what_drawing_it_anew_writes():
    c = Canvas(io.BytesIO())
    first = _drawn(c, (SHAPE,))
    assert first and len(DRAWINGS.of(c)) == 1
    assert _drawn(c, (SHAPE,)) == first  # written again from the cache
    DRAWINGS.of(c).clear()
    assert _drawn(c, (SHAPE,)) == first  # drawn anew by reportlab


def test_a_drawing_that_names_a_resource_of_its_page_is_not_kept():
    c = Canvas(io.BytesIO())
    with recorded(c, "see-through"):
        c.setFillAlpha(0.5)  # a graphics state of this page's resources
        c.rect(0, 0, 10, 10, stroke=0, fill=1)
    with recorded(c, "page"):
        c.rect(0, 0, 10, 10)
        c.showPage()  # the block ended its page
    assert not replayed(c, "see-through") and not replayed(c, "page")
    with recorded(c, "plain"):
        c.rect(0, 0, 10, 10)
    assert replayed(c, "plain")


def test_a_document_s_forms_are_its_own():
    art = Art(((IDENTITY, (SHAPE,)),), (0.0, 0.0, 20.0, 10.0))
    c, other = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    Forms(c, _ctx()).place(art, IDENTITY, "a")
    Forms(c, _ctx()).place(art, IDENTITY, "a")  # another writer of the same document
    Forms(other, _ctx()).place(art, IDENTITY, "a")
    assert FORMS.of(c) == FORMS.of(other) == {art: "F0"}
    for canvas in (c, other):  # every form placed is one its document holds
        canvas.showPage()
        canvas.save()


def test_a_box_is_resolved_once_for_the_items_that_read_the_same_values(tmp_path):
    (tmp_path / "card.yaml").write_text(
        "boxes:\n  - {name: ground, painter: shape, box: [0, 0, 20, 30], fill: '{{ c }}'}\n"
        "  - {name: value, painter: text, box: [2, 2, 10, 5], text: '{{ v }}'}\n"
    )
    layout = Layouts([tmp_path]).get("card", LOC)
    size = (mm(20), mm(30))
    one = resolve(layout, {"c": "#ffffff", "v": 1}, size)
    two = resolve(layout, {"c": "#ffffff", "v": 1.0}, size)  # 1.0 prints apart from 1
    assert one[0] is two[0] and one[1] != two[1]
    assert resolve(layout, {"c": "#ffffff", "v": 1}, size) == one
    assert resolve(layout, {"c": "#ffffff", "v": 1}, (mm(21), mm(30)))[0] is not one[0]
    for n in range(300):  # a region full is emptied: it never holds more than its bound
        resolve(layout, {"c": "#ffffff", "v": n}, size)
    assert 0 < len(BOXES.of(layout.boxes[1])) <= BOXES.bound
