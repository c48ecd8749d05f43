"""A registry walks its packages when it must, not when it is told of them: a name asked for
imports the module remembered for it alone, or, not remembered or remembered wrong, every
module; a listing imports every module; a name no module registers is remembered as such.
What a kit imports, built from nothing or again, is what its game uses: none of another
game's modules."""

from __future__ import annotations

import sys
import textwrap
import threading

import pytest

from bastelbogen.core import registry as registry_module
from bastelbogen.core.registry import Registry
from bastelbogen.core.remembered import Remembered, digest
from tests.conftest import modules_a_build_loads


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """A package `lazyplug` of four modules registering into `lazyplug.REG`: a, b and c in
    modules named otherwise, d in the module `d`; a fresh remembered store."""
    package = tmp_path / "lazyplug"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from bastelbogen.core.registry import Registry\nREG = Registry('plug')\n"
        "REG.discover(__name__)\n"
    )
    for module, name in (("first", "a"), ("second", "b"), ("third", "c"), ("d", "d")):
        (package / f"{module}.py").write_text(
            textwrap.dedent(f"""
                from lazyplug import REG
                REG.add({name!r}, {module!r})
            """)
        )
    monkeypatch.syspath_prepend(str(tmp_path))
    memory = Remembered()
    monkeypatch.setattr(registry_module, "REMEMBERED", memory)
    monkeypatch.setattr(registry_module, "_WALKED", set())
    yield memory
    for name in [m for m in sys.modules if m == "lazyplug" or m.startswith("lazyplug.")]:
        del sys.modules[name]


def loaded() -> set[str]:
    return {m.rpartition(".")[2] for m in sys.modules if m.startswith("lazyplug.")}


def key(name: str) -> str:
    return digest("registered", "plug", name)


def test_nothing_is_walked_until_asked(plugins):
    import lazyplug

    assert loaded() == set()
    assert lazyplug.REG["b"] == "second"  # nothing remembered: every module walked
    assert loaded() == {"first", "second", "third", "d"}
    assert plugins.get(key("b")) == ["lazyplug.second"]  # and the one it took remembered


def test_a_remembered_module_is_the_only_one_imported(plugins):
    plugins.put(key("b"), ["lazyplug.second"])
    import lazyplug

    assert lazyplug.REG.get("b") == "second" and "b" in lazyplug.REG
    assert loaded() == {"second"}


def test_a_wrong_module_remembered_walks_everything(plugins):
    plugins.put(key("c"), ["lazyplug.first"])  # planted: first does not register c
    import lazyplug

    assert lazyplug.REG["c"] == "third"
    assert loaded() == {"first", "second", "third", "d"}
    assert plugins.get(key("c")) == ["lazyplug.third"]


def test_a_remembered_module_that_is_none_walks_everything(plugins):
    plugins.put(key("a"), ["lazyplug.nothere"])
    import lazyplug

    assert lazyplug.REG["a"] == "first"
    assert loaded() == {"first", "second", "third", "d"}


def test_a_module_outside_the_packages_is_never_imported(plugins):
    plugins.put(key("a"), ["tests.conftest_not_a_module"])
    import lazyplug

    assert lazyplug.REG["a"] == "first"  # the planted name passed by: walked instead
    assert "tests.conftest_not_a_module" not in sys.modules


def test_a_name_none_registers_is_remembered_so(plugins):
    import lazyplug

    assert lazyplug.REG.get("zebra") is None and "zebra" not in lazyplug.REG
    assert plugins.get(key("zebra")) == [None]
    for name in list(sys.modules):  # a new process, with the same remembered file
        if name.startswith("lazyplug"):
            del sys.modules[name]
    registry_module._WALKED.clear()
    import lazyplug as again

    assert again.REG.get("zebra") is None and loaded() == set()  # not walked for it


def test_a_listing_has_every_entry(plugins):
    plugins.put(key("a"), ["lazyplug.first"])
    import lazyplug

    assert lazyplug.REG["a"] == "first"
    assert list(lazyplug.REG) == ["a", "b", "c", "d"] and len(lazyplug.REG) == 4


def test_a_module_named_for_the_entry_is_tried_first(plugins):
    import lazyplug

    assert lazyplug.REG["d"] == "d" and loaded() == {"d"}


def test_a_kit_rebuilt_loads_only_its_game_s_plugins(tmp_path):
    def games() -> list[str]:
        loaded = modules_a_build_loads("muenchhausen", tmp_path)
        return sorted({m.split(".")[2] for m in loaded if m.startswith("bastelbogen.games.")})

    # The first finds its game's motifs in the modules named for them, its rules by the
    # game's name; the second imports what the first used.
    assert games() == ["muenchhausen"]
    assert games() == ["muenchhausen"]


def test_the_registry_is_one_for_all(plugins):
    """Entries added by hand (a test's own painter) are found like the walked ones."""
    own = Registry("own")
    own.add("x", 1)
    assert own["x"] == 1 and own.get("y") is None and list(own) == ["x"]


def test_threads_asking_at_once_all_find_the_entry(plugins, tmp_path):
    """The preview asks from several threads: one walking the packages, the others wait
    for the modules it is importing, never finding a name missing half-way."""
    slow = tmp_path / "lazyplug" / "second.py"
    slow.write_text("import time\ntime.sleep(0.3)\n" + slow.read_text())
    import lazyplug

    found: list = []
    errors: list = []

    def ask() -> None:
        try:
            found.append(lazyplug.REG["b"])
        except KeyError as exc:
            errors.append(exc)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)  # far above the 0.3 s the import sleeps
    assert errors == [] and found == ["second"] * 4
