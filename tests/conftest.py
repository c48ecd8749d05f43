from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bastelbogen.content.options import OPTIONS
from bastelbogen.content.optiontypes import Measure, Offset
from bastelbogen.content.project import FONTS, TEMPLATES
from bastelbogen.core import limits
from bastelbogen.core.units import mm
from bastelbogen.layout.imposition import PrintSettings
from bastelbogen.pipeline import plugins
from bastelbogen.pipeline.build import BuildOptions, Project, build_game
from tests import forked

plugins.load()  # as a build does first: painters and motifs registered
# Tests build in one process (--jobs 1), builds they start included, unless they test
# parallelism and say --jobs themselves.
os.environ["PNP_JOBS"] = "1"
# The command line caps its own process's address space (limits.cap_memory) for the one build
# it runs. A test worker runs the command line in-process hundreds of times beside servers,
# browsers and pools: capped, it later fails to start a thread ("can't start new thread")
# in whatever test comes next. The cap itself is tested where it belongs, in the commands
# the hostile tests start as processes of their own.
limits.cap_memory = lambda: None
ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def pytest_sessionfinish(session, exitstatus):
    forked.stop()


def build(game: str, out: Path, project: Path = ROOT, **values) -> Path:
    """Build with the declared defaults unless told otherwise: options as a user types
    them (bleed="6mm", a bare number is millimetres; offset for back-offset); `project`
    is the folder holding content/ (the examples have their own)."""
    if "bleed" in values and not isinstance(values["bleed"], str):
        values["bleed"] = f"{values['bleed']}mm"
    if "offset" in values:
        values["back-offset"] = values.pop("offset")
    parsed = {}
    for name, value in values.items():
        option = OPTIONS.get(name)
        parsed[option.key if option else name] = (
            option.parse(value) if option and isinstance(option.type, Measure | Offset) else value
        )
    return build_game(Project(project), game, out, BuildOptions.of(**parsed))


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text())


def printed(kit: Path, name: str, lang: str | None = None) -> Path:
    """A printed file of the kit by its name ("parts.pdf"), as the manifest lists it: in
    the folder of the build's first language (or `lang`) when it is printed per language,
    else at the kit's top."""
    m = manifest(kit)
    want = lang or m["options"]["lang"][0]
    paths = {f["path"] for f in m["files"]}
    return kit / (f"{want}/{name}" if f"{want}/{name}" in paths else name)


def holding(kit: Path, component: str, lang: str | None = None) -> list[dict]:
    """The manifest entries of the PDFs that hold a component's items: its own file and
    the shared parts sheets, in the build's first language (or `lang`)."""
    m = manifest(kit)
    want = lang or m["options"]["lang"][0]
    return [
        f
        for f in m["files"]
        if f["path"].endswith(".pdf")
        and f.get("lang", want) == want
        and any(i.get("component") == component for p in f["pages"] for i in p["items"])
    ]


def sides(kit: Path, component: str, lang: str | None = None) -> list[tuple]:
    """Each placed front of a component read from the PDFs, with the back behind it (the
    same item's k-th placement on the page after) or None: (front, back, file, page index,
    manifest item)."""
    from tests.pdfread import read

    out = []
    for f in holding(kit, component, lang):
        _, pages = read(kit / f["path"])
        mine = []
        for page, info in zip(pages, f["pages"], strict=True):
            mine.append(
                [
                    (placed, item)
                    for placed, item in zip(page.placed, info["items"], strict=True)
                    if item["component"] == component
                ]
            )
        for n, placed in enumerate(mine):
            fronts = [(p, i) for p, i in placed if i["side"] == "front"]
            later = (
                [(p, i) for p, i in mine[n + 1] if i["side"] == "back"] if n + 1 < len(mine) else []
            )
            for k, (p, item) in enumerate(fronts):
                back = later[k][0] if len(later) == len(fronts) else None
                out.append((p, back, f["path"], n, item))
    return out


@pytest.fixture(scope="session")
def kits(tmp_path_factory):
    """Builds shared across tests, made once per set of options."""
    cache: dict = {}

    def get(game: str, **options) -> Path:
        key = (game, tuple(sorted(options.items())))
        if key not in cache:
            out = tmp_path_factory.mktemp("out")
            cache[key] = build(game, out, **options)
        return cache[key]

    return get


@pytest.fixture
def project_copy(tmp_path) -> Path:
    """A writable copy of the project's content, templates and fonts, to break on purpose."""
    shutil.copytree(ROOT / "content", tmp_path / "content")
    shutil.copytree(TEMPLATES, tmp_path / "templates")
    shutil.copytree(FONTS, tmp_path / "fonts")
    return tmp_path


def pnp(*args, cwd: Path) -> subprocess.CompletedProcess:
    """Run the real command line in a fresh process, as a user would: forked from a warm
    server (tests/forked.py), so that each run costs its own work, not Python's start-up."""
    return forked.pnp(*args, cwd=cwd, timeout=120)


def modules_a_build_loads(game: str, out: Path, root: Path = ROOT) -> set[str]:
    """The modules `pnp --root ROOT build GAME --jobs 1 --out OUT` loads, in a fresh process
    (not one forked from the warm server, which has loaded them all: what is imported is
    asked)."""
    code = (
        "import sys; from bastelbogen.cli import main\n"
        f"sys.argv = ['pnp', '--root', {str(root)!r}, 'build', {game!r}, '--jobs', '1',"
        f" '--out', {str(out)!r}]\n"
        "try: main()\nexcept SystemExit: pass\n"
        "print('MODULES', *sorted(sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("MODULES "))
    return set(line.split()[1:])


def validate_fails(root: Path, game: str, case: tuple) -> None:
    """Break one file of a project copy as `case` says – (file, old text or pattern, new
    text, message pattern) – and check that validate names the mistake, cleanly."""
    import re

    path, old, new, pattern = case
    target = root / path
    text = target.read_text()
    changed = (
        old.sub(new, text, count=1) if isinstance(old, re.Pattern) else text.replace(old, new, 1)
    )
    assert changed != text, f"the case does not apply to {path}"
    target.write_text(changed)
    result = pnp("validate", game, cwd=root)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(pattern, result.stderr, re.M), result.stderr


def board_sheets_line_up(kit: Path, size_mm: tuple, paper: str) -> int:
    """Cut each board sheet at its trim, lay it on its neighbour's glue line, and check the
    board drawn on both lands in one place (0.1 mm). Returns the joins checked."""
    import pytest

    from bastelbogen.layout import boards
    from tests.pdfread import PT_PER_MM, read

    def inverse(m):
        a, b, c, d, e, f = m
        det = a * d - b * c
        return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)

    def apply(m, x, y):
        a, b, c, d, e, f = m
        return a * x + c * y + e, b * x + d * y + f

    board = printed(kit, "board.pdf")
    listed = next(f for f in manifest(kit)["files"] if kit / f["path"] == board)
    _, pages = read(board)
    plan = boards.plan((mm(size_mm[0]), mm(size_mm[1])), PrintSettings(paper=paper))
    sheets = [
        (p.placed[0].matrix, info["items"][0]["trim_mm"])
        for p, info in zip(pages[1:], listed["pages"][1:], strict=True)
    ]
    assert len(sheets) == plan.sheets >= 2
    assert not listed["pages"][0]["items"]  # the assembly plan comes first
    joins = 0
    for row in range(plan.rows):
        for col in range(plan.cols):
            ma, ta = sheets[row * plan.cols + col]
            ax, ay, aw, ah = (v * PT_PER_MM for v in ta)
            for dr, dc in ((0, 1), (1, 0)):
                if row + dr >= plan.rows or col + dc >= plan.cols:
                    continue
                mb, tb = sheets[(row + dr) * plan.cols + col + dc]
                bx, by, _bw, bh = (v * PT_PER_MM for v in tb)
                if dc:  # B's left edge on A's right edge, tops level
                    shift, probe = (ax + aw - bx, ay + ah - by - bh), (ax + aw + mm(5), ay + ah / 2)
                else:  # B's top edge on A's bottom edge, left sides level
                    shift, probe = (ax - bx, ay - by - bh), (ax + aw / 2, ay - mm(5))
                seen = apply(mb, *apply(inverse(ma), *probe))
                for got, want in zip((seen[0] + shift[0], seen[1] + shift[1]), probe, strict=True):
                    assert got / PT_PER_MM == pytest.approx(want / PT_PER_MM, abs=0.1)
                joins += 1
    assert joins == plan.rows * (plan.cols - 1) + plan.cols * (plan.rows - 1)
    return joins


def serving(root: Path, game: str, watch: bool = True):
    """A game's live preview on a free port, built; rebuilt as its files change when
    `watch`. The caller sets the event and shuts the server down."""
    from bastelbogen.preview.command import _watch
    from bastelbogen.preview.server import serve
    from bastelbogen.preview.state import Preview

    preview = Preview(Project(root), game, BuildOptions())
    preview.rebuild()
    server = serve(preview, "127.0.0.1", 0)
    stop = threading.Event()
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
    ).start()
    if watch:
        threading.Thread(
            target=_watch, args=(preview.project, game, preview, stop), daemon=True
        ).start()
        time.sleep(0.5)  # the watcher is watching
    return server, stop


@pytest.fixture
def live(project_copy):
    """Münchhausen's live preview on a free port, rebuilt as its files change."""
    server, stop = serving(project_copy, "muenchhausen")
    yield project_copy, server
    stop.set()
    server.shutdown()
    server.server_close()
