"""Debian tools the tests read our files back with: a test that needs one skips, and says
so, where it is missing – except in CI, which must run it (`.ci/run` installs them)."""

from __future__ import annotations

import os
import shutil

import pytest


def tools_here(*tools: str, packages: str) -> None:
    """Skip (fail under CI=true) unless every command in `tools` is installed; `packages`
    names the Debian packages that bring them."""
    lacking = [tool for tool in tools if shutil.which(tool) is None]
    if not lacking:
        return
    message = f"missing {', '.join(lacking)}: install the Debian packages {packages}"
    if os.environ.get("CI") == "true":
        pytest.fail(message + "; CI must run these tests (.ci/run installs them)")
    pytest.skip("SKIPPED, " + message)
