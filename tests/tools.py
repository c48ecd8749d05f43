"""The Debian tools a test runs to read our files back (PDF engines, pngcheck, GDAL): a test
whose tools are missing is skipped on a developer's machine and fails under CI=true, where
.ci/run installs them."""

from __future__ import annotations

import os
import shutil

import pytest


def tools_here(tools: dict[str, str]) -> None:
    """Skip (or under CI fail) unless every command of `tools` (command: its Debian
    package) is on the PATH."""
    lacking = {command: package for command, package in tools.items() if not shutil.which(command)}
    if not lacking:
        return
    message = (
        f"the tools {', '.join(lacking)} are missing: install the Debian packages"
        f" {' '.join(dict.fromkeys(lacking.values()))}"
    )
    if os.environ.get("CI") == "true":
        pytest.fail(message + "; CI must run these tests (.ci/run installs them)")
    pytest.skip("SKIPPED, " + message)
