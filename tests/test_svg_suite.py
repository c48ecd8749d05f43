"""resvg's SVG conformance suite, where it is at hand (RESVG_SUITE: its crates/resvg/tests
folder): every case `make bench-svg` found printing as drawn (tests/data/svgsuite_passing.txt)
still does, by the same measure (bench/svgsuite.py). Without the suite the test says so and
is skipped; tests/test_svg_fidelity.py draws each feature in every run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bench import svgsuite
from tests.conftest import ROOT

PASSING = ROOT / "tests" / "data" / "svgsuite_passing.txt"
SUITE = Path(os.environ.get("RESVG_SUITE", ROOT.parent / "resvg" / "crates" / "resvg" / "tests"))

pytestmark = pytest.mark.slow


def _names() -> list[str]:
    return PASSING.read_text().split()


def test_the_list_is_a_list_of_cases():
    names = _names()
    assert len(names) > 1000 and names == sorted(set(names))
    assert all(n.split("/")[0] in svgsuite.CATEGORIES for n in names)


@pytest.mark.skipif(not (SUITE / "tests").is_dir(), reason=f"resvg's suite is not at {SUITE}")
def test_every_case_that_passed_still_passes():
    names = _names()
    failed = []
    for name in names:
        _, row = svgsuite.one((SUITE / "tests" / f"{name}.svg", SUITE, ()))
        if not row["ours"]:
            failed.append((name, row.get("ours-error", "")))
    assert not failed, f"{len(failed)} of {len(names)} no longer print as drawn: {failed[:20]}"
