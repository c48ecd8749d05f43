"""One registry mechanism for what registers itself where it is written: kinds, painters,
motifs, checks (the games' own too), writers and table readers.

A registry holds entries by name, refuses a second entry of a name already taken (two
modules claiming one name is a mistake, not an override), gives its entries in a stable
order whichever module was imported first, and finds the modules that register into it:
every module of the packages it is told of (`discover`: the engine's own), and the
plug-ins of its entry-point group (core/entrypoints.py: other distributions', and the
shipped games'). A new entry is a new module, and nothing else changes.

The packages and plug-ins are walked when they are needed, not when they are named: when
all entries are asked for, or one that is not there. A build asks by name for the few
painters, motifs and kinds its game uses, and remembers (core/remembered.py, by the code's
digest, the installed distributions among it) which module registered each, or that none
does; a rebuild imports those modules alone instead of every
module of render/ and of every plug-in (a twelfth of a small build), and reads no entry
point unless a remembered module is a plug-in's (to make sure it still is). A remembered
module that does not register the name, or none remembered, walks everything, as before."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import chain
from types import FrameType
from typing import Any, Generic, TypeVar

from bastelbogen.core.entrypoints import (
    Plugin,
    PluginError,
    failed,
    owner,
    plugins,
)
from bastelbogen.core.errors import Loc, Problem
from bastelbogen.core.remembered import REMEMBERED, digest

T = TypeVar("T")
_WALKED: set[str] = set()  # packages whose modules are all imported (shared by registries)
_PLUGGED: set[str] = set()  # entry-point groups whose plug-ins are all imported
_REGISTRIES: list[Registry[Any]] = []  # every registry, to take back what a failed import added


class DuplicateName(ValueError):
    """Two registrations of one name in one registry: by module `first`, then by `second`
    at `place` (`first_place`: where the first was, as far as it is known)."""

    def __init__(
        self,
        what: str,
        name: str,
        first: str | None = None,
        second: str | None = None,
        places: tuple[Loc | None, Loc | None] = (None, None),
    ) -> None:
        by = f" (first by {first})" if first else ""
        super().__init__(f"{what} '{name}' is registered twice{by}")
        self.what, self.name, self.first, self.second = what, name, first, second
        self.first_place, self.place = places


def import_all(package_name: str, path: Iterable[str]) -> None:
    """Every module of the package and of its subpackages, imported; a subpackage that
    says `REGISTERS = False` holds nothing that registers, and its modules are left to be
    loaded when they are used (the cheat sheet's typesetting by a build without one)."""
    for info in pkgutil.iter_modules(path, prefix=f"{package_name}."):
        module = importlib.import_module(info.name)
        if info.ispkg and getattr(module, "REGISTERS", True):
            import_all(info.name, module.__path__)


class Registry(Generic[T]):
    """Entries by name. `what` names an entry in messages ("painter"); `order` sorts the
    entries (by default their names), so the order never depends on import order; `group`
    is the entry-point group whose plug-ins register here."""

    def __init__(
        self, what: str, order: Callable[[str, T], Any] | None = None, group: str | None = None
    ) -> None:
        self.what = what
        self.group = group
        self._order = order or (lambda name, _entry: name)
        self._entries: dict[str, T] = {}
        self._sorted: list[str] | None = None
        self._packages: list[str] = []  # told of by `discover`
        self._pending: list[str] = []  # of them, not walked yet
        self._origins: dict[str, str] = {}  # entry -> the module that registered it
        self._places: dict[str, Loc] = {}  # entry -> where it was registered
        self._told: set[str] = set()  # names asked for in this build (`_asked`)
        REMEMBERED.on_forget(self._told.clear)  # another build remembers them anew
        _REGISTRIES.append(self)

    def add(self, name: str, entry: T) -> T:
        frame = _registering_frame()
        if name in self._entries:
            raise DuplicateName(
                self.what,
                name,
                self._origins.get(name),
                _module_of(frame),
                (self._places.get(name), _place(frame, exact=True) if frame else None),
            )
        self._entries[name] = entry
        self._sorted = None
        module = _module_of(frame)
        if frame is not None and module is not None:
            self._origins[name] = module
            self._places[name] = _place(frame)
        return entry

    def remove(self, name: str) -> None:
        """An entry taken out again (a test's own painter, once the test is done)."""
        del self._entries[name]
        self._origins.pop(name, None)
        self._places.pop(name, None)
        self._sorted = None

    def origin(self, name: str) -> str | None:
        """The module that registered `name`, if it is known."""
        return self._origins.get(name)

    def register(self, name: str) -> Callable[[T], T]:
        """A decorator registering what it decorates under `name`."""

        def add(entry: T) -> T:
            return self.add(name, entry)

        return add

    def discover(self, *packages: str) -> None:
        """The packages (dotted names) whose modules register here, walked when they are
        needed (`_walk`, `_find`)."""
        for name in packages:
            if name not in self._packages:
                self._packages.append(name)
                self._pending.append(name)
                self._told.clear()  # a name not found before may be found now

    def _walk(self) -> None:
        """Every module of the packages and every plug-in imported, so that each registers;
        one walked once (for this registry or another: render/ holds painters and motifs)
        is not walked again. The packages first: a plug-in taking an engine's name is told."""
        self._walk_packages()
        if self.group is not None and self.group not in _PLUGGED:
            _plug(self.group)
            _PLUGGED.add(self.group)
        elif self.group is not None:  # walked for an earlier kit: this kit remembers it too
            _plugless(self.group)

    def _walk_packages(self) -> None:
        # Pending until walked to the end: a thread asking meanwhile (the preview's) walks
        # too, waiting on each module another is importing, so it never finds one half done.
        for name in list(self._pending):
            if name not in _WALKED:
                with _blaming(None):
                    package = importlib.import_module(name)
                    import_all(package.__name__, package.__path__)
                _WALKED.add(name)
        self._pending = [name for name in self._pending if name not in _WALKED]

    def _complete(self) -> bool:
        """Whether every module that registers here is imported."""
        return not self._pending and (self.group is None or self.group in _PLUGGED)

    def _asked(self, name: object) -> None:
        """A name asked for the first time in this build: found if it is not here yet
        (`_find`), and the module that registered it (or that none does) remembered for the
        kit built now."""
        if not (self._packages or self.group) or not isinstance(name, str) or name in self._told:
            return
        key = digest("registered", self.what, name)
        if name not in self._entries:
            self._find(name, REMEMBERED.get(key))
        origin = self._origins.get(name)
        REMEMBERED.put(key, [origin if origin is not None and self._ours(origin) else None])
        self._told.add(name)  # last: another thread takes it as found only once it is

    def _find(self, name: str, found: list[object] | None) -> None:
        """`name` registered, if a module of the packages or a plug-in registers it: the
        module remembered for it (`found`), else one named for it, else every module of the
        packages, then a plug-in named for it, then a module named for it in a plug-in's
        package (Münchhausen's motif `baron` in bastelbogen.games.muenchhausen.baron), then
        every plug-in; none if it is remembered that none does. The packages come first, so
        that a plug-in taking an engine's name is told."""
        if found == [None] or self._complete():
            return
        self._import(self._module_for(name, found))
        if name in self._entries:
            return
        self._walk_packages()
        if name in self._entries or self.group is None or self.group in _PLUGGED:
            return
        every = plugins(self.group)
        named = (p.module for p in every if p.name == name)
        for module in chain(named, (p.named(name) for p in every)):
            self._import(module)
            if name in self._entries:
                return
        self._walk()

    def _module_for(self, name: str, found: list[object] | None) -> str | None:
        """The module remembered for `name` when it is one of ours that exists, else the
        packages' module named for it, if there is one."""
        module = found[0] if found and len(found) == 1 and isinstance(found[0], str) else None
        if module is None or not self._ours(module) or not _is_module(module):
            # (a name planted in the file that is none: looked for as if none were)
            module = next((m for p in self._pending if _is_module(m := f"{p}.{name}")), None)
        return module

    def _import(self, module: str | None) -> None:
        """A module imported, if one is named; a plug-in's failure told as its own."""
        if module is not None:
            with _blaming(self._plugin_of(module)):
                importlib.import_module(module)

    def _engine(self, module: str) -> bool:
        """Whether a module is one of the packages'."""
        return any(module.startswith(f"{p}.") for p in self._packages)

    def _plugin_of(self, module: str) -> Plugin | None:
        """The plug-in of this registry's group that `module` is part of, if any."""
        if self.group is None or self._engine(module):
            return None
        return next((p for p in plugins(self.group) if p.covers(module)), None)

    def _ours(self, module: str) -> bool:
        """Whether a module is one of the packages' or of the plug-ins' (a remembered name
        is nothing else)."""
        return self._engine(module) or self._plugin_of(module) is not None

    def names(self) -> list[str]:
        self._walk()
        if self._sorted is None:
            self._sorted = sorted(self._entries, key=lambda n: self._order(n, self._entries[n]))
        return self._sorted

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def keys(self) -> list[str]:
        return self.names()

    def values(self) -> list[T]:
        return [self._entries[n] for n in self.names()]

    def items(self) -> list[tuple[str, T]]:
        return [(n, self._entries[n]) for n in self.names()]

    # Asked for by every box of every card: a name asked before in this build costs one
    # look in `_told`, no call.
    def __getitem__(self, name: str) -> T:
        if name not in self._told:
            self._asked(name)
        return self._entries[name]

    def get(self, name: object, default: T | None = None) -> T | None:
        # Content names entries: a list or a mapping written where a name belongs is no
        # entry, not a TypeError (a dict cannot look up what it cannot hash).
        if not isinstance(name, str):
            return default
        if name not in self._told:
            self._asked(name)
        return self._entries.get(name, default)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if name not in self._told:
            self._asked(name)
        return name in self._entries

    def __len__(self) -> int:
        self._walk()
        return len(self._entries)


def _plugless(group: str) -> None:
    """That a group has no plug-ins, remembered for the kit built now: whichever process
    walked it first (one building every kit, or a worker building one), each kit's
    remembered file says the same."""
    if not plugins(group):
        REMEMBERED.put(digest("plug-ins", group), [None])


def _plug(group: str) -> None:
    """Every plug-in of the group imported (a package named: all its modules). That a group
    has none is remembered like a name none registers: a rebuild reads no entry point for
    it (the installed distributions are part of what it is remembered under)."""
    key = digest("plug-ins", group)
    if REMEMBERED.get(key) == [None]:
        return
    found = plugins(group)
    if not found:
        REMEMBERED.put(key, [None])
    for plugin in found:
        if plugin.module in _WALKED:
            continue
        if plugin.module != plugin.value:
            raise PluginError(
                Problem(
                    plugin.declaration(),
                    f"{plugin} names an object; a plug-in's entry point names a module",
                )
            )
        with _blaming(plugin):
            module = importlib.import_module(plugin.module)
            if hasattr(module, "__path__"):
                import_all(module.__name__, module.__path__)
        _WALKED.add(plugin.module)


@contextmanager
def _blaming(plugin: Plugin | None) -> Iterator[None]:
    """Importing what registers: a plug-in that fails to import, or takes a name another
    module has, told as a PluginError naming it; any other failure is the engine's own."""
    try:
        yield
    except DuplicateName as exc:
        _orphans()
        raise _blamed(exc) from None
    except PluginError:
        _orphans()
        raise  # a plug-in it imports in turn, told already
    except Exception as exc:
        _orphans()
        if plugin is None:
            raise
        raise failed(plugin, exc) from None


def _orphans() -> None:
    """What the modules whose import failed had registered, taken out again (Python forgets
    such a module): asked again, they fail again the same way, not on their own names."""
    for registry in _REGISTRIES:
        for name, module in list(registry._origins.items()):
            if module not in sys.modules:
                registry.remove(name)


def _blamed(exc: DuplicateName) -> Exception:
    """A name taken twice, told at the plug-in that took it: the one registering it now,
    else the one that did first (an engine's module then came after it). Two of the
    engine's own modules: a bug, raised as it is."""
    second = owner(exc.second) if exc.second else None
    first = owner(exc.first) if exc.first else None
    culprit, place, other = (
        (second, exc.place, exc.first) if second else (first, exc.first_place, exc.second)
    )
    if culprit is None:
        return exc
    holder = owner(other) if other else None
    told = f"{other or 'another module'}" + (f" ({holder})" if holder is not None else "")
    return PluginError(
        Problem(
            place or culprit.declaration(),
            f"{culprit} registers {exc.what} '{exc.name}', which {told} registers too",
        )
    )


def _is_module(name: str) -> bool:
    """Whether `name` (its package imported) is a module there, without importing it."""
    if not all(part.isidentifier() for part in name.split(".")):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _registering_frame() -> FrameType | None:
    """The frame of the module whose import is registering an entry now: the nearest
    module-level code under the registry's call (a decorator's, a registry's `add`)."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None and frame.f_code.co_name != "<module>":
        frame = frame.f_back
    return frame


def _module_of(frame: FrameType | None) -> str | None:
    return None if frame is None else frame.f_globals.get("__name__")


def _place(frame: FrameType, exact: bool = False) -> Loc:
    """Where in its module `frame` registers: the line, and with `exact` (a mistake to
    tell) the column of the call."""
    column = 1
    if exact and frame.f_lasti >= 0:
        positions = list(frame.f_code.co_positions())
        column = (positions[frame.f_lasti // 2][2] or 0) + 1
    return Loc(frame.f_code.co_filename, frame.f_lineno or 0, column)
