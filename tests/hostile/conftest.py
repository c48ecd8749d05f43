from __future__ import annotations

import pytest

from tests.hostile.harness import run_cli
from tests.hostile.projects import Kits


def pytest_collection_modifyitems(items):
    """Every hostile case is slow in sum: `make quick` leaves them out, `make test` and CI
    run them all."""
    for item in items:
        if "tests/hostile/" in str(item.fspath):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def hostile_kits(tmp_path_factory) -> Kits:
    """Each game's real kit, built once per session, to stand as the previous out/."""
    return Kits(tmp_path_factory.mktemp("hostile-kits"), run_cli)
