"""What a kind is, it says once (content/kinds/): its defaults reach the content."""

from __future__ import annotations

import pytest

from bastelbogen.content.kinds import KINDS, kind_of
from bastelbogen.pipeline.build import Project
from tests.conftest import ROOT, pnp


def test_each_component_takes_its_kinds_defaults():
    for game in ("museo", "mytown", "muenchhausen", "minipilo"):
        for component in Project(ROOT).load(game).components:
            kind = kind_of(component)
            assert kind.name == component.kind
            own = (
                (ROOT / "content" / game / "game.yaml")
                .read_text()
                .split(f"id: {component.id}\n")[1]
                .split("\n  - id:")[0]
            )
            if "guides:" not in own and "marks:" not in own and not component.shape.nests:
                assert component.guides == kind.guides, component.id
            if "safe:" not in own:
                assert component.safe == kind.safe_zone, component.id


@pytest.mark.parametrize("kind", sorted(k for k, v in KINDS.items() if not v.takes_back))
def test_a_back_on_a_kind_without_one_is_told(project_copy, kind):
    game = project_copy / "content" / "muenchhausen" / "game.yaml"
    text = game.read_text()
    game.write_text(text.replace("    kind: sheet\n", f"    kind: {kind}\n    back: x/y\n", 1))
    result = pnp("validate", "muenchhausen", cwd=project_copy)
    assert result.returncode == 1
    assert f"a {kind} has no back; leave out 'back'" in result.stderr
