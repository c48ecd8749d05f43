"""How soon `pnp serve` shows the first picture: from starting the command, in a process of
its own as a designer starts it, to the page served, and to the first picture of the
preview's page (the first face of the Faces tab, the tab it opens on) served over HTTP and,
in a headless Chromium, drawn on the page. For every shipped game (content/), with
`--examples` every example too (examples/, served with `--root examples`), and a synthetic
deck of `--cards` cards (bench/decks.py; 0 leaves it out).

Run from the repo root:

    .venv/bin/python bench/first_paint.py [--runs 5] [--cards 2000] [--examples]
        [--games museo ...] [--against DIR] [--no-browser]

Two ways of measuring, each in a fresh server of its own, so neither fetches a picture the
other would then find drawn:

- http: poll /state.json as the page loads it until a build lists a face, then ask for the
  first face's picture (`/img/<key>.png`, what the page's first <img> loads) until it
  answers 200 with a PNG;
- browser: Debian's Chromium through Selenium loads the page again until it is served, and
  waits until a picture in the Faces tab has loaded (`browser any`: the first the browser
  got), then until the first face's, top left, has (`browser 1st`); left out when Chromium
  or Selenium is missing, or with `--no-browser`.

`--against DIR` runs another checkout's code (e.g. `git archive HEAD~1 | tar -x -C DIR`)
beside ours on the same games: paired runs, ours then theirs, game by game, `--runs` times;
medians. Wall-clock seconds on a shared machine: compare only runs side by side. Nothing is
asserted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.decks import write  # noqa: E402

SHIPPED = ("muenchhausen", "mytown", "museo", "minipilo")
GIVE_UP = 60.0  # seconds: a server that shows no picture by then is told so
POLL = 0.01  # seconds between looks

# In the browser, the Faces tab (grid.js draws a face as a figure.face holding its <img>):
# whether any face's picture has loaded, and the first face's (the top left one).
LOADED = "return Boolean(img && img.complete && img.naturalWidth > 0);"
ANY = "const img = [...document.querySelectorAll('#faces figure.face img')].find("
ANY += "(i) => i.complete && i.naturalWidth > 0);" + LOADED
FIRST = "const img = document.querySelector('#faces figure.face img');" + LOADED


@dataclass(frozen=True)
class Target:
    label: str
    root: Path  # the project folder: --root
    game: str


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _get(port: int, path: str) -> tuple[int, str, bytes] | None:
    """Status, content type and body of a GET, None while nothing answers."""
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.getheader("content-type", ""), answer.read()
    except OSError:
        return None


def first_picture(state: dict[str, Any]) -> str | None:
    """The URL of the first picture the page's Faces tab loads: the first face of the
    first component that has one, as grid.js draws them; None before a build lists one."""
    for component in state.get("components") or []:
        for face in component["faces"].values():
            return f"/img/{face['image']}.png"
    return None


def _until(check: Callable[[], object], start: float) -> tuple[float, object]:
    """Seconds from `start` until `check` gives something true (and what it gave)."""
    while True:
        got = check()
        if got:
            return time.perf_counter() - start, got
        if time.perf_counter() - start > GIVE_UP:
            raise TimeoutError
        time.sleep(POLL)


def _state_picture(port: int) -> str | None:
    got = _get(port, "/state.json")
    return first_picture(json.loads(got[2])) if got and got[0] == 200 else None


def _png(port: int, url: str) -> bool:
    got = _get(port, url)
    return bool(got and got[0] == 200 and got[1] == "image/png" and got[2][:4] == b"\x89PNG")


def once(code: Path, target: Target, driver: Any) -> tuple[float, ...]:
    """Seconds from starting `pnp serve` to the page served and to its first picture:
    over HTTP (driver None), or in the browser to any face's and to the first face's."""
    port = _free_port()
    # PYTHONPATH and the working folder name the code measured: `-m` puts the working
    # folder first on sys.path.
    env = {**os.environ, "PYTHONPATH": str(code)}
    argv = [sys.executable, "-m", "bastelbogen", "--root", str(target.root), "serve"]
    told = tempfile.TemporaryFile()
    start = time.perf_counter()
    process = subprocess.Popen(
        [*argv, target.game, "--port", str(port)],
        cwd=code,
        env=env,
        stdout=told,
        stderr=subprocess.STDOUT,
    )
    try:
        served, _ = _until(lambda: (_get(port, "/") or (0,))[0] == 200, start)
        if driver is None:
            _, url = _until(lambda: _state_picture(port), start)
            shown, _ = _until(lambda: _png(port, str(url)), start)
            return served, shown
        driver.get(f"http://127.0.0.1:{port}/")
        anyone, _ = _until(lambda: driver.execute_script(ANY), start)
        first, _ = _until(lambda: driver.execute_script(FIRST), start)
        return served, anyone, first
    except TimeoutError:
        told.seek(0)
        sys.exit(
            f"{target.label}: no picture in {GIVE_UP:g} s; pnp serve said:\n{told.read().decode()}"
        )
    finally:
        process.terminate()
        process.wait()
        told.close()


def _browser() -> Any:
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        return None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or ""
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    options.add_argument("--window-size=1400,1000")
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def targets(args: argparse.Namespace, tmp: Path) -> list[Target]:
    found = [Target(game, ROOT, game) for game in args.games]
    if args.examples:
        examples = ROOT / "examples"
        games = sorted(p.parent.name for p in (examples / "content").glob("*/game.yaml"))
        found += [Target(f"examples/{game}", examples, game) for game in games]
    if args.cards:
        found.append(Target(f"deck ({args.cards:,})", write(tmp, "table", args.cards), "deck"))
    return found


COLUMNS = {"http": ("http pic",), "browser": ("browser any", "browser 1st")}


def _median(times: list[tuple[float, ...]], which: int) -> str:
    return f"{statistics.median(t[which] for t in times):.2f}" if times else "–"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", nargs="*", default=list(SHIPPED))
    parser.add_argument("--examples", action="store_true", help="every example too")
    parser.add_argument("--cards", type=int, default=2000, help="a synthetic deck; 0: none")
    parser.add_argument("--against", type=Path, help="another checkout, run beside ours")
    parser.add_argument("--no-browser", action="store_true", help="over HTTP only")
    args = parser.parse_args()
    sides = {"ours": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    driver = None if args.no_browser else _browser()
    ways = {"http": None} | ({"browser": driver} if driver is not None else {})
    if driver is None:
        print("no headless Chromium: over HTTP only", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        games = targets(args, Path(tmp))
        times: dict[tuple[str, str, str], list[tuple[float, ...]]] = {}
        try:
            for run in range(args.runs):
                for target in games:
                    for side, code in sides.items():
                        for way, browser in ways.items():
                            got = once(code, target, browser)
                            times.setdefault((target.label, side, way), []).append(got)
                            told = " ".join(f"{t:.2f}" for t in got)
                            print(
                                f"run {run + 1}: {target.label} {side} {way}: {told}",
                                file=sys.stderr,
                            )
        finally:
            if driver is not None:
                driver.quit()
    print(f"seconds from starting `pnp serve` to ..., medians of {args.runs} runs")
    header = ["game", "side", "served", *(c for w in ways for c in COLUMNS[w])]
    print(" | ".join(header))
    for target in games:
        for side in sides:
            row = [target.label, side]
            row.append(_median([t for w in ways for t in times[(target.label, side, w)]], 0))
            for way in ways:
                got = times[(target.label, side, way)]
                row += [_median(got, n + 1) for n in range(len(COLUMNS[way]))]
            print(" | ".join(row))


if __name__ == "__main__":
    main()
