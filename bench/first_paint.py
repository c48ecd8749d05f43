"""How soon `pnp serve` shows a page: from starting the command to the page served and to
the page drawn in a browser (its status no longer "connecting…": "building…" while the
first build runs, or the build itself), on a synthetic deck (bench/decks.py).

Run from the repo root: `.venv/bin/python bench/first_paint.py [--cards 2000] [--runs 3]`.
`pnp serve` runs in a process of its own, as a designer starts it; a headless Chromium
(Debian's, through Selenium) loads the page again until it is served. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import http.client
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.decks import write  # noqa: E402

DRAWN = (
    "const s = document.getElementById('status');"
    " const b = document.body.classList.contains('building') ? ' + building…' : '';"
    " return s && s.textContent !== 'connecting…' ? s.textContent + b : ''"
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _served(port: int) -> bool:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
        conn.request("GET", "/")
        return conn.getresponse().status == 200
    except OSError:
        return False


def _browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def once(folder: Path, driver) -> tuple[float, float, str]:
    port = _free_port()
    pnp = [sys.executable, "-m", "bastelbogen", "--root", str(folder), "serve", "deck"]
    start = time.perf_counter()
    process = subprocess.Popen(
        [*pnp, "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while not _served(port):
            time.sleep(0.02)
        served = time.perf_counter() - start
        driver.get(f"http://127.0.0.1:{port}/")
        shown = ""
        while not shown:
            shown = driver.execute_script(DRAWN)
            time.sleep(0.02)
        return served, time.perf_counter() - start, shown
    finally:
        process.terminate()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = write(Path(tmp), "table", args.cards)
        driver = _browser()
        try:
            results = [once(folder, driver) for _ in range(args.runs)]
        finally:
            driver.quit()
    for served, painted, shown in results:
        print(f"served {served:.2f} s, painted {painted:.2f} s: {shown!r}")
    print(
        f"{args.cards} cards: page served after {statistics.median(r[0] for r in results):.2f} s,"
        f" first paint after {statistics.median(r[1] for r in results):.2f} s (medians)"
    )


if __name__ == "__main__":
    main()
