"""Every kit's bytes over the option matrix equal those stored in tests/pins.json; a
change of output is made deliberate by `make pins` and shows in that file's diff."""

from __future__ import annotations

import pytest

from tests import pins

SLOW = pytest.mark.slow


@pytest.mark.parametrize(
    "game,name",
    [
        pytest.param(
            game, name, id=pins.case_id(game, name), marks=() if name == "default" else SLOW
        )
        for game, name in pins.CASES
    ],
)
def test_output_is_pinned(game, name, tmp_path):
    want = pins.stored()[pins.case_id(game, name)]
    got = pins.hashes(pins.build_case(game, name, tmp_path))
    assert sorted(got) == sorted(want), "the kit's files changed; review, then `make pins`"
    changed = [path for path in want if got[path] != want[path]]
    assert not changed, f"bytes changed: {changed}; review, then `make pins`"
