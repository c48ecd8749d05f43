"""How fast the live preview shows a saved edit, and its memory after many edits.

Run from the repo root: `.venv/bin/python bench/preview.py [--edits N] [--memory N]`. For every
shipped game (content/) and a 2,000-card CSV deck (bench/decks.py), in a copy of the project:
the server and its file watcher run in this process, a headless Chromium (Debian's, through
Selenium) shows the page, and each edit changes one card's text. The time is from writing the
file to the page showing the new build with every face picture loaded (median and maximum of
N edits). Then N edits to Münchhausen through the same watcher and page: the server's
resident memory (this process) and the tab's (Chromium's JavaScript heap, by the DevTools
protocol) before and after. Nothing is asserted.
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
from bench import decks  # noqa: E402

# game: (file, text, its replacement with the edit's number): one card's text, as shown
# (the preview shows the first language)
EDITS = {
    "muenchhausen": ("game.yaml", "{de: Eine Runde,", "{{de: Eine Runde {n},"),
    "museo": ("events.yaml", "{de: Taschendieb,", "{{de: Taschendieb {n},"),
    "mytown": ("game.yaml", '"Klebefläche – innen', '"Klebefläche {n} – innen'),
    "minipilo": ("projects.yaml", '"Gemeinschaftsgarten"', '"Gemeinschaftsgarten {n}"'),
    "deck": ("cards.csv", "c00000,Card 1,", "c00000,Card 1 x{n},"),
}
DECK = 2000
GIVE_UP = 30.0  # seconds: an edit not on screen by then is counted as this long

# The page is on screen when its build number is the new one and every face's picture
# has come (a picture still loading is not on the screen yet).
SHOWN = """const v = Number(document.body.dataset.version || 0);
if (v <= arguments[0]) return false;
return [...document.querySelectorAll('#faces img')]
  .every((i) => i.complete && i.naturalWidth > 0);"""


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
    options.add_argument("--window-size=1400,1000")
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def _tab_mb(driver) -> float:
    driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    metrics = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return {m["name"]: m["value"] for m in metrics}["JSHeapUsedSize"] / 1e6


def _edits(folder: Path, game: str, edits: int, driver, pause: float = 0.5):
    """Each edit's seconds from save to screen, the faces it drew, and the memory
    (server, tab) before and after the edits."""
    name, old, new = EDITS[game]
    preview, server, stop = _start(folder, game)
    driver.execute_cdp_cmd("Performance.enable", {})
    driver.get(f"http://127.0.0.1:{server.server_address[1]}/")
    time.sleep(2)
    while not driver.execute_script(SHOWN, 0):
        time.sleep(0.1)
    path = folder / "content" / game / name
    original, times, drawn, builds = path.read_text(), [], [], []
    assert old in original, (game, old)
    memory = [(_rss_mb(), _tab_mb(driver))]
    for n in range(edits):
        version = int(driver.execute_script("return document.body.dataset.version"))
        start = time.perf_counter()
        path.write_text(original.replace(old, new.format(n=n), 1))
        while not driver.execute_script(SHOWN, version):
            if time.perf_counter() - start > GIVE_UP:  # a picture that never came
                break
            time.sleep(0.01)
        times.append(time.perf_counter() - start)
        drawn.append(preview.snapshot.drawn)
        builds.append(preview.snapshot.seconds)
        time.sleep(pause)  # the next save is another burst for the watcher
    memory.append((_rss_mb(), _tab_mb(driver)))
    path.write_text(original)
    stop.set()
    server.shutdown()
    server.server_close()
    return times, drawn, memory, builds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=9)
    parser.add_argument("--memory", type=int, default=100)
    parser.add_argument("--games", nargs="*", default=list(EDITS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(ROOT / "content", folder / "content")
        shutil.copytree(TEMPLATES, folder / "templates")
        shutil.copytree(FONTS, folder / "fonts")
        decks.write(folder, "table", DECK)
        driver = _browser()
        try:
            for game in args.games:
                times, drawn, _, builds = _edits(folder, game, args.edits, driver)
                label = f"deck ({DECK:,})" if game == "deck" else game
                print(
                    f"{label:14} save -> screen: median {statistics.median(times):.2f} s,"
                    f" max {max(times):.2f} s ({len(times)} edits,"
                    f" faces drawn {statistics.median(drawn):g} each;"
                    f" the build itself: median {statistics.median(builds):.2f} s)",
                    flush=True,
                )
            if args.memory:
                _, _, memory, _ = _edits(folder, "muenchhausen", args.memory, driver, 0.3)
                (server0, tab0), (server1, tab1) = memory
                print(
                    f"memory after {args.memory} edits (muenchhausen): server {server0:.0f} ->"
                    f" {server1:.0f} MB resident, tab JS heap {tab0:.1f} -> {tab1:.1f} MB"
                )
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
