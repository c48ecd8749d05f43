"""The documentation site (mkdocs.yml, sources in docs/): every page in its navigation and
every navigation entry a page, its reference written from the code as the code is now, every
file it shows a file that exists (the examples are the games the tests build), readable
without a network, and the README the short page a newcomer reads first. `make test` builds
the site in strict mode beside this (a broken link fails it)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bastelbogen.pipeline import plugins
from docs import tables
from tests.conftest import ROOT

DOCS = ROOT / "docs"
CONFIG = yaml.safe_load((ROOT / "mkdocs.yml").read_text())


def _nav(entries) -> list[str]:
    found = []
    for entry in entries:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        found += _nav(value) if isinstance(value, list) else [value]
    return found


def test_every_page_is_in_the_navigation_and_every_entry_is_a_page():
    nav = _nav(CONFIG["nav"])
    assert len(nav) == len(set(nav))
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert set(nav) == pages


@pytest.mark.parametrize("name", sorted(tables.TABLES))
def test_each_generated_table_is_what_the_code_writes_now(name):
    plugins.load()
    table, _page = tables.TABLES[name]
    assert tables.written(name) == table(), "run `make docs`"


def test_every_kind_painter_option_and_limit_has_its_row():
    from bastelbogen.content.kinds import KINDS
    from bastelbogen.content.options import OPTIONS
    from bastelbogen.content.painters import known
    from bastelbogen.core import limits

    plugins.load()
    for name in KINDS.names():
        assert f"| `{name}` |" in tables.written("kinds")
    for name in known():
        assert f"| `{name}` |" in tables.written("painters")
    for option in OPTIONS.values():
        assert f"| `--{option.name}` |" in tables.written("options")
    for name in dir(limits):
        if re.fullmatch(r"(MAX|MIN)_[A-Z0-9_]+", name) and isinstance(getattr(limits, name), int):
            assert f"| `{name}` |" in tables.written("limits"), name


SNIPPET = re.compile(r'^\s*--8<-- "([^"]+)"', re.M)


def test_every_file_the_pages_show_exists_and_belongs_to_a_game_the_tests_build():
    """What a page shows with `--8<--` is the file itself, of a shipped game (content/,
    templates/: every test of the kits builds them) or of an example (examples/: every one
    is built and validated by tests/test_example.py), or the tutorial's (tests/test_tutorial)."""
    shown = {m.group(1) for p in DOCS.rglob("*.md") for m in SNIPPET.finditer(p.read_text())}
    assert len(shown) >= 8
    for path in shown:
        assert (ROOT / path).is_file(), path
        parts = Path(path).parts
        if parts[0] == "examples":
            project, game = ROOT / "examples", parts[2]
        elif parts[0] in ("content", "templates"):
            project, game = ROOT, parts[1]
        else:
            assert parts[:2] == ("docs", "tutorial") or path.startswith("examples/"), path
            continue
        assert (project / "content" / game / "game.yaml").is_file(), path


def test_every_picture_a_page_shows_is_there():
    for page in DOCS.rglob("*.md"):
        for src in re.findall(r"!\[[^]]*\]\(([^)\s]+)\)", page.read_text()):
            assert (page.parent / src).resolve().is_file(), f"{page.name}: {src}"


def test_the_site_reads_without_a_network(tmp_path):
    """Built, it fetches nothing: no web font, script or style from elsewhere."""
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT,
        check=True,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
    )
    pages = list(site.rglob("*.html"))
    assert len(pages) >= len(_nav(CONFIG["nav"]))
    remote = re.compile(r'<(?:link|script|img)[^>]+(?:href|src)="(?:https?:)?//', re.I)
    for page in pages:
        assert not remote.search(page.read_text()), page.name
    assert "Tutorial: your first game" in (site / "tutorial.html").read_text()


def test_the_readme_is_the_short_page_a_newcomer_reads_first():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 250
    for needed in ("make test", "## Dependencies", "site/index.html", "pnp build"):
        assert needed in readme
    for line in readme.splitlines():
        if line.startswith("- **") and "Dependencies" in readme.split(line)[0][-3000:]:
            assert ":" in line  # each dependency with why
