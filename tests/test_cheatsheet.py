from __future__ import annotations

from generator.render.cheatsheet import _blocks, _flowables, _styles, _Together
from generator.render.style import Fonts
from tests.conftest import ROOT


def _fonts():
    return Fonts({k: ROOT / "fonts" / f for k, f in (("regular", "Vera.ttf"),
                                                     ("bold", "VeraBd.ttf"),
                                                     ("italic", "VeraIt.ttf"))}, None)


def test_template_lines_become_blocks():
    assert _blocks("x\n@h Ziel\n@p Viel <b>Glück</b>\n@zzz no\n") == [
        ("h", "Ziel"), ("p", "Viel <b>Glück</b>")]


def test_a_heading_travels_with_its_first_block():
    styles = _styles(_fonts(), 1.0, None)
    flow = _flowables([("h", "A"), ("p", "one"), ("p", "two"), ("h", "B"), ("li", "x")], styles,
                      (("one", None),), ROOT / "content/muenchhausen")
    kinds = [type(f).__name__ for f, _ in flow]
    assert kinds == ["_Together", "Paragraph", "_Together"]
    together = flow[0][0]
    assert isinstance(together, _Together)
    w, h = together.wrap(200, 500)
    assert h > together.heading.wrap(200, 500)[1] + together.block.wrap(200, 500)[1]
