from __future__ import annotations

import pytest

from tests.hostile.harness import run_cli
from tests.hostile.projects import Kits


@pytest.fixture(scope="session")
def hostile_kits(tmp_path_factory) -> Kits:
    """Each game's real kit, built once per session, to stand as the previous out/."""
    return Kits(tmp_path_factory.mktemp("hostile-kits"), run_cli)
