"""A headless Chromium for the browser tests (Debian's chromium and chromium-driver, driven
by Selenium), made one way for all of them. Without a browser a test is skipped, saying
why; on CI (CI=true) that is a failure."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def chromium(folder: Path, scale: float = 1):
    """A new headless Chromium with its own profile in `folder`, at a device pixel ratio
    of `scale`; the caller quits it."""
    if not (CHROMIUM and DRIVER):
        why = "no chromium and chromedriver here (apt-get install chromium chromium-driver)"
        if os.environ.get("CI") == "true":
            pytest.fail(why + ": on CI the browser tests must run")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1400,1000",
        f"--force-device-scale-factor={scale}",
        f"--user-data-dir={folder}",
    ):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def until(driver, script, limit=30.0):
    """Wait until the page's script returns something true; return it. The limit sits far
    above a normal run (a busy two-core machine included): it only ends a hang."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"the page never had: {script}")
