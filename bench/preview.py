"""How fast the live preview shows a saved edit, and its memory after many edits.

Run from the repo root: `.venv/bin/python bench/preview.py [--edits N]`. For Münchhausen and
Museo, in a copy of the project: the server and its file watcher run in this process, a
headless Chromium (Debian's, through Selenium) shows the page, and each edit renames one set
(or picture title) in the content; the time is from writing the file to the page's build
number changing (median of N edits). Then 100 edits to Münchhausen, and the process's
resident memory before and after. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bastelbogen.content.project import FONTS, TEMPLATES, Project  # noqa: E402
from bastelbogen.pipeline.build import BuildOptions  # noqa: E402
from bastelbogen.preview.command import _watch  # noqa: E402
from bastelbogen.preview.server import serve  # noqa: E402
from bastelbogen.preview.state import Preview  # noqa: E402

EDITS = {
    "muenchhausen": ("sets.yaml", "currency: Rubel,", "currency: Rubl{n},"),
    "museo": ("game.yaml", "name: {de: Würfel, en: Die}", "name: {{de: Würfel{n}, en: Die}}"),
}


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 1e6


def _start(folder: Path, game: str):
    preview = Preview(Project(folder), game, BuildOptions())
    preview.rebuild()
    server = serve(preview, "127.0.0.1", 0)
    stop = threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Thread(
        target=_watch, args=(preview.project, game, preview, stop), daemon=True
    ).start()
    time.sleep(0.5)
    return preview, server, stop


def _browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def _edit_times(folder: Path, game: str, edits: int, driver) -> list[float]:
    name, old, new = EDITS[game]
    preview, server, stop = _start(folder, game)
    driver.get(f"http://127.0.0.1:{server.server_address[1]}/")
    time.sleep(3)
    path = folder / "content" / game / name
    original, times = path.read_text(), []
    for n in range(edits):
        version = int(driver.execute_script("return document.body.dataset.version"))
        start = time.perf_counter()
        path.write_text(original.replace(old, new.format(n=n)))
        while int(driver.execute_script("return document.body.dataset.version")) <= version:
            time.sleep(0.02)
        times.append(time.perf_counter() - start)
        time.sleep(0.5)
    stop.set()
    server.shutdown()
    return times


def _memory(folder: Path, edits: int) -> tuple[float, float]:
    """Rebuilt directly, without a watcher (whose debounce would merge the edits)."""
    name, old, new = EDITS["muenchhausen"]
    preview = Preview(Project(folder), "muenchhausen", BuildOptions())
    preview.rebuild()
    path = folder / "content/muenchhausen" / name
    original = path.read_text()
    before = _rss_mb()
    for n in range(edits):
        path.write_text(original.replace(old, new.format(n=n)))
        preview.rebuild()
    return before, _rss_mb()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=5)
    edits = parser.parse_args().edits
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(ROOT / "content", folder / "content")
        shutil.copytree(TEMPLATES, folder / "templates")
        shutil.copytree(FONTS, folder / "fonts")
        driver = _browser()
        try:
            for game in EDITS:
                times = _edit_times(folder, game, edits, driver)
                print(
                    f"{game:14} save -> page: median {statistics.median(times):.2f} s"
                    f" (min {min(times):.2f}, max {max(times):.2f}, {edits} edits)"
                )
        finally:
            driver.quit()
        before, after = _memory(folder, 100)
        print(f"memory (resident): {before:.0f} MB before, {after:.0f} MB after 100 edits")


if __name__ == "__main__":
    main()
