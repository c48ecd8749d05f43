"""The plug-in boundary (core/entrypoints.py, docs/plugins.md): a new kind, painter, motif,
check, writer, table reader or game's rules is one module of another distribution that
registers itself, declared as an entry point; nothing of Bastelbogen changes. A plug-in
that does not load, or takes a name already taken, is told at its place, naming its
distribution and entry point, and the command exits 1 without a traceback.

The plug-ins here are installed the way an installer leaves them (a package and its
.dist-info with entry_points.txt on the import path), in this process; tests/test_plugin_
install.py installs one with pip into a fresh virtual environment."""

from __future__ import annotations

import hashlib
import importlib
import shutil
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

import bastelbogen
import bastelbogen.cli
from bastelbogen.checks import GAME_RULES
from bastelbogen.checks.values import CHECKS
from bastelbogen.content.kinds import KINDS
from bastelbogen.content.painters import MOTIFS, PAINTERS
from bastelbogen.content.tables import READERS
from bastelbogen.core import entrypoints, remembered
from bastelbogen.core import registry as registry_module
from bastelbogen.core.errors import ContentError
from bastelbogen.core.remembered import Remembered
from bastelbogen.output import WRITERS
from tests.conftest import DATA, build, manifest

PACKAGE = Path(bastelbogen.__file__).resolve().parent
EVERY = (KINDS, PAINTERS, MOTIFS, CHECKS, GAME_RULES, WRITERS, READERS)
ARCH_ENTRIES = """\
[bastelbogen.kinds]
archplug = archplug.coaster

[bastelbogen.painters]
archplug = archplug.stamp

[bastelbogen.motifs]
archplug = archplug.sun

[bastelbogen.checks]
archplug = archplug.even

[bastelbogen.writers]
archplug = archplug.probe

[bastelbogen.table_readers]
archplug = archplug.pipes

[bastelbogen.game_rules]
arch = archplug.rules
"""
GAME = """\
game: arch
title: Arch
players: {min: 1, max: 4}
tables:
  mats: {file: mats.pipes, columns: {n: int}}
components:
  - id: mats
    name: Mats
    kind: arch-coaster
    size: [60mm, 60mm]
    face: arch/mat
    items: {from: mats}
checks:
  - {check: arch-even, table: mats, field: n}
"""
FACE = """\
boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#ffffff"}
  - {name: sun, painter: art, box: [5, 5, 20, 20], motif: arch-sun}
  - {name: seal, painter: arch-stamp, box: [30, 30, 20, 20], colour: "#0000ff"}
"""


class Installer:
    """Distributions installed for one test: a folder on the import path holding each
    one's modules and its .dist-info, read as pip leaves them; all gone afterwards."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.tops: list[str] = []

    def install(self, name: str, modules: dict[str, str], entries: str) -> Path:
        """`modules`: file (within the site) -> its text, or a folder to copy."""
        for path, text in modules.items():
            target = self.site / path
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(text, Path):
                shutil.copytree(text, target, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                target.write_text(text)
            self.tops.append(Path(path).parts[0].removesuffix(".py"))
        info = self.site / f"{name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(entries)
        _forget()
        return info / "entry_points.txt"


def _forget() -> None:
    """The installed distributions read anew, as a new process reads them."""
    entrypoints.forget()
    remembered.code_digest.cache_clear()  # what is remembered is keyed by them too
    importlib.invalidate_caches()


@pytest.fixture
def installer(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.setattr(registry_module, "_WALKED", set(registry_module._WALKED))
    monkeypatch.setattr(registry_module, "_PLUGGED", set())
    sys.path.insert(0, str(site))
    done = Installer(site)
    yield done
    sys.path.remove(str(site))
    _forget()
    for registry in EVERY:  # what the plug-ins registered, taken out again
        for name, module in list(registry._origins.items()):
            if module.split(".")[0] in done.tops:
                registry.remove(name)
    for name in [m for m in sys.modules if m.split(".")[0] in done.tops]:
        del sys.modules[name]


def _project(root: Path, rows: str) -> Path:
    game = root / "content" / "arch"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    (game / "mats.pipes").write_text(rows)
    (root / "templates" / "arch").mkdir(parents=True)
    (root / "templates" / "arch" / "mat.yaml").write_text(FACE)
    return root


def _package_files() -> dict[str, str]:
    return {
        str(p.relative_to(PACKAGE)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(PACKAGE.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def _pixel(pdf: Path, trim: list[float], at: tuple[float, float]) -> tuple[int, int, int]:
    """The colour `at` mm right of and below the top-left of a placed item's trim (as the
    manifest gives it: from the page's bottom-left)."""
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=1).to_pil().convert("RGB")
    x, y, _w, h = trim
    pt = 72 / 25.4
    return image.getpixel((int((x + at[0]) * pt), int(page.get_height() - (y + h - at[1]) * pt)))


def test_a_new_kind_painter_motif_check_writer_reader_and_rules_are_one_module_each(
    installer, tmp_path
):
    """Each took effect in a build of a game that uses it, and Bastelbogen's own files
    are as they were: the plug-in is all there is of it."""
    before = _package_files()
    installer.install("archplug", {"archplug": DATA / "archplug"}, ARCH_ENTRIES)
    root = _project(tmp_path / "project", "id|n\nm1|2\nm2|4\n")
    kit = build("arch", tmp_path / "out", project=root, langs=("en",))
    files = manifest(kit)["files"]
    assert [f["path"] for f in files] == ["mats.pdf", "probe-mats.txt"]  # the writer
    assert (kit / "probe-mats.txt").read_text() == "arch-coaster: 2 items\n"  # the reader
    placed = files[0]["pages"][0]["items"]
    assert [i["id"] for i in placed] == ["m1", "m2"]
    assert {(i["kind"], i["side"]) for i in placed} == {("arch-coaster", "front")}  # the kind
    trim = placed[0]["trim_mm"]
    assert _pixel(kit / "mats.pdf", trim, (15, 15)) == (255, 204, 0)  # the motif
    assert _pixel(kit / "mats.pdf", trim, (40, 40)) == (0, 0, 255)  # the painter
    for registry, name in (
        (KINDS, "arch-coaster"),
        (PAINTERS, "arch-stamp"),
        (MOTIFS, "arch-sun"),
        (CHECKS, "arch-even"),
        (GAME_RULES, "arch"),
        (WRITERS, "arch-probe"),
        (READERS, ".pipes"),
    ):
        assert registry.origin(name).startswith("archplug."), (registry.what, name)
    (root / "content" / "arch" / "mats.pipes").write_text("id|n\nm1|2\nm2|3\nm3|13\n")
    with pytest.raises(ContentError) as broken:
        build("arch", tmp_path / "out", project=root, langs=("en",))
    told = [str(p) for p in broken.value.problems]
    table = root / "content" / "arch" / "mats.pipes"
    assert f"{table}:3:2: table 'mats': n 3 is odd; arch-even wants it even" in told  # check
    assert any("mat 'm3' is numbered 13; the game allows no 13" in t for t in told)  # rules
    assert _package_files() == before


PLAIN = """\
game: plain
title: Plain
players: {min: 1, max: 2}
components:
  - id: cards
    name: Cards
    kind: KIND
    size: standard
    face: plain/face
    items:
      - {id: c, count: 1}
"""
BROKEN = '''"""A plug-in whose import fails: it needs a library that is not installed."""

from bastelbogen.content.painters import painter  # noqa: F401

import not_installed_anywhere  # noqa: F401
'''
GREEDY = '''"""A plug-in that takes a name Bastelbogen has: the text painter."""

from bastelbogen.content.painters import painter


@painter("text", "mine", {})
def text(c, box, ctx):
    pass
'''


def _plain(root: Path, kind: str = "card", painter: str = "shape") -> Path:
    """A game of one card of `kind`, its face one box drawn by `painter`."""
    (root / "content" / "plain").mkdir(parents=True)
    (root / "content" / "plain" / "game.yaml").write_text(PLAIN.replace("KIND", kind))
    (root / "templates" / "plain").mkdir(parents=True)
    (root / "templates" / "plain" / "face.yaml").write_text(
        f"boxes:\n  - {{name: ground, painter: {painter}, box: bleed}}\n"
    )
    return root


def _pnp(*args: str, capsys) -> tuple[int, str]:
    """`pnp ARGS` in this process (where the plug-ins are installed): exit code, stderr."""
    try:
        bastelbogen.cli.main(list(args), prog_name="pnp", standalone_mode=True)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


def test_a_plugin_that_does_not_import_is_told_where_naming_it(installer, tmp_path, capsys):
    entries = "[bastelbogen.painters]\nx = brokenplug\n"
    installer.install("brokenplug", {"brokenplug.py": BROKEN}, entries)
    root = _plain(tmp_path / "project", painter="x")
    code, err = _pnp("--root", str(root), "build", "--jobs", "1", capsys=capsys)
    assert code == 1 and "Traceback" not in err, err
    plugin = installer.site / "brokenplug.py"
    assert (
        f"{plugin}:5:1: entry point 'x = brokenplug' in group bastelbogen.painters of"
        " distribution brokenplug 1.0 does not load: ModuleNotFoundError: No module named"
        " 'not_installed_anywhere'"
    ) in err
    assert not (root / "out" / "plain").exists()


def test_a_plugin_that_is_not_there_is_told_at_its_entry_point(installer, tmp_path, capsys):
    entries = "[bastelbogen.kinds]\n\nghost = ghostplug.kinds\n"
    declared = installer.install("ghostplug", {}, entries)
    root = _plain(tmp_path / "project", kind="ghost")
    code, err = _pnp("--root", str(root), "validate", "plain", capsys=capsys)
    assert code == 1 and "Traceback" not in err, err
    assert (
        f"{declared}:3:1: entry point 'ghost = ghostplug.kinds' in group bastelbogen.kinds of"
        " distribution ghostplug 1.0 does not load: ModuleNotFoundError"
    ) in err


def test_a_plugin_taking_a_name_already_taken_is_told_at_its_registration(
    installer, tmp_path, capsys
):
    entries = "[bastelbogen.painters]\ng = greedyplug\n"
    installer.install("greedyplug", {"greedyplug.py": GREEDY}, entries)
    root = _plain(tmp_path / "project", painter="g")
    code, err = _pnp("--root", str(root), "build", "--jobs", "1", capsys=capsys)
    assert code == 1 and "Traceback" not in err, err
    plugin = installer.site / "greedyplug.py"
    assert (
        f"{plugin}:6:2: entry point 'g = greedyplug' in group bastelbogen.painters of"
        " distribution greedyplug 1.0 registers painter 'text', which"
        " bastelbogen.render.text registers too"
    ) in err
    assert "text" in PAINTERS and PAINTERS.origin("text") == "bastelbogen.render.text"


def test_a_plugin_that_took_an_engine_name_first_is_the_one_told(installer, monkeypatch):
    """Imported for another registry before the engine's package was walked, the plug-in
    holds the name when the engine's module comes to register it: the plug-in is told,
    and told the same way when asked again."""
    monkeypatch.setattr(registry_module, "REMEMBERED", Remembered())
    engine = (
        "from bastelbogen.core.registry import Registry\n"
        "REG = Registry('thing', group='bastelbogen.test_things')\n"
        "OTHER = Registry('other', group='bastelbogen.test_others')\n"
        "REG.discover(__name__)\n"
    )
    plugin = "from engpkg import OTHER, REG\nOTHER.add('o', 1)\nREG.add('a', 'plug')\n"
    installer.install(
        "firstplug",
        {
            "engpkg/__init__.py": engine,
            "engpkg/later.py": "from engpkg import REG\nREG.add('a', 'engine')\n",
            "firstplug.py": plugin,
        },
        "[bastelbogen.test_others]\nfirst = firstplug\n",
    )
    import engpkg

    assert engpkg.OTHER["o"] == 1 and engpkg.REG["a"] == "plug"  # the engine not walked yet
    told = []
    for _ in range(2):
        with pytest.raises(ContentError) as error:
            list(engpkg.REG)
        told.append(str(error.value))
    assert (
        told
        == [
            f"{installer.site / 'firstplug.py'}:3:1: entry point 'first = firstplug' in group"
            " bastelbogen.test_others of distribution firstplug 1.0 registers thing 'a', which"
            " engpkg.later registers too"
        ]
        * 2
    )


def test_an_entry_point_naming_an_object_is_refused(installer):
    entries = "[bastelbogen.writers]\no = objplug:thing\n"
    declared = installer.install("objplug", {"objplug.py": ""}, entries)
    with pytest.raises(ContentError) as told:
        WRITERS.names()
    assert str(told.value) == (
        f"{declared}:2:1: entry point 'o = objplug:thing' in group bastelbogen.writers of"
        " distribution objplug 1.0 names an object; a plug-in's entry point names a module"
    )


def test_the_shipped_games_are_plugins_of_bastelbogen_itself():
    """Declared in pyproject.toml, found through the installed metadata like any other's:
    every game package, and each game's checks by the game's id."""
    games = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists())
    motifs = {p.name: p.value for p in entrypoints.plugins("bastelbogen.motifs")}
    rules = {p.name: p.value for p in entrypoints.plugins("bastelbogen.game_rules")}
    assert motifs == {g: f"bastelbogen.games.{g}" for g in games}
    assert rules == {g: f"bastelbogen.games.{g}.checks" for g in games}
    assert {GAME_RULES.origin(g) for g in games if g in GAME_RULES} == set(rules.values())
    shipped = entrypoints.plugins("bastelbogen.motifs") + entrypoints.plugins(
        "bastelbogen.game_rules"
    )
    assert {p.distribution for p in shipped} == {"bastelbogen"}


def test_the_entry_points_are_read_as_importlib_metadata_reads_them(installer):
    """core/entrypoints.py reads the installed distributions' entry points without
    importlib.metadata: each plug-in as it finds it, with its distribution, version and the
    file declaring it."""
    from importlib.metadata import entry_points

    installer.install("archplug", {"archplug": DATA / "archplug"}, ARCH_ENTRIES)
    every = entry_points()
    expected = {
        (e.group, e.name, e.value, e.dist.name, e.dist.version, str(e.dist._path))
        for group in every.groups
        if group.startswith("bastelbogen.")
        for e in every.select(group=group)
    }
    read = {
        (p.group, p.name, p.value, p.distribution, p.version, str(Path(p.declared).parent))
        for every in entrypoints._installed().values()
        for p in every
    }
    assert read == expected and any(p[3] == "archplug" for p in read)


def test_an_entry_is_found_in_the_module_named_for_it_in_a_plugins_package(installer, monkeypatch):
    """As a game's motif is found in its game's module named for it: the module imported
    alone, and no other plug-in's package (its code runs only once it is needed)."""
    monkeypatch.setattr(registry_module, "REMEMBERED", Remembered())
    engine = (
        "from bastelbogen.core.registry import Registry\n"
        "REG = Registry('thing', group='bastelbogen.test_named')\n"
    )
    installer.install(
        "namedplug",
        {
            "namedeng/__init__.py": engine,
            "alpha/__init__.py": "",
            "alpha/a.py": "from namedeng import REG\nREG.add('a', 'alpha')\n",
            "beta/__init__.py": "",
            "beta/b.py": "from namedeng import REG\nREG.add('b', 'beta')\n",
        },
        "[bastelbogen.test_named]\nalpha = alpha\nbeta = beta\n",
    )
    import namedeng

    assert namedeng.REG["b"] == "beta"
    assert "beta.b" in sys.modules and "alpha" not in sys.modules
    assert namedeng.REG.get("c") is None  # none named for it: every plug-in walked
    assert "alpha.a" in sys.modules
