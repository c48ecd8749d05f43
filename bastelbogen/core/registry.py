"""One registry mechanism for what registers itself where it is written: kinds, painters,
motifs, checks (the games' own too), writers and table readers.

A registry holds entries by name, refuses a second entry of a name already taken (two
modules claiming one name is a mistake, not an override), gives its entries in a stable
order whichever module was imported first, and finds the modules that register into it by
importing every module of the packages it is told of: a new entry is a new module, and
nothing else changes.

The packages are walked when they are needed, not when they are named: when all entries
are asked for, or one that is not there. A build asks by name for the few painters, motifs
and kinds its game uses, and remembers (core/remembered.py, by the code's digest) which
module registered each, or that none does; a rebuild imports those modules alone instead
of every module of render/ and games/ (a twelfth of a small build). A remembered module
that does not register the name, or none remembered, walks everything, as before."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from collections.abc import Callable, Iterable, Iterator
from types import FrameType
from typing import Any, Generic, TypeVar

from bastelbogen.core.remembered import REMEMBERED, digest

T = TypeVar("T")
_WALKED: set[str] = set()  # packages whose modules are all imported (shared by registries)


class DuplicateName(ValueError):
    """Two registrations of one name in one registry."""


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
    entries (by default their names), so the order never depends on import order."""

    def __init__(self, what: str, order: Callable[[str, T], Any] | None = None) -> None:
        self.what = what
        self._order = order or (lambda name, _entry: name)
        self._entries: dict[str, T] = {}
        self._sorted: list[str] | None = None
        self._packages: list[str] = []  # told of by `discover`
        self._pending: list[str] = []  # of them, not walked yet
        self._origins: dict[str, str] = {}  # entry -> the module that registered it
        self._told: set[str] = set()  # names asked for in this build (`_asked`)
        REMEMBERED.on_forget(self._told.clear)  # another build remembers them anew

    def add(self, name: str, entry: T) -> T:
        if name in self._entries:
            raise DuplicateName(f"{self.what} '{name}' is registered twice")
        self._entries[name] = entry
        self._sorted = None
        module = _registering_module()
        if module is not None:
            self._origins[name] = module
        return entry

    def remove(self, name: str) -> None:
        """An entry taken out again (a test's own painter, once the test is done)."""
        del self._entries[name]
        self._sorted = None

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

    def _walk(self) -> None:
        """Every module of the packages imported, so that each registers; a package walked
        once (for this registry or another: render/ holds painters and motifs) is not walked
        again."""
        # Pending until walked to the end: a thread asking meanwhile (the preview's) walks
        # too, waiting on each module another is importing, so it never finds one half done.
        for name in list(self._pending):
            if name not in _WALKED:
                package = importlib.import_module(name)
                import_all(package.__name__, package.__path__)
                _WALKED.add(name)
        self._pending = [name for name in self._pending if name not in _WALKED]

    def _asked(self, name: object) -> None:
        """A name asked for the first time in this build: found if it is not here yet
        (`_find`), and the module that registered it (or that none does) remembered for the
        kit built now."""
        if not self._packages or not isinstance(name, str) or name in self._told:
            return
        key = digest("registered", self.what, name)
        if name not in self._entries:
            self._find(name, REMEMBERED.get(key))
        origin = self._origins.get(name)
        REMEMBERED.put(key, [origin if origin is not None and self._ours(origin) else None])
        self._told.add(name)  # last: another thread takes it as found only once it is

    def _find(self, name: str, found: list | None) -> None:
        """`name` registered, if a module of the packages registers it: the one remembered
        for it (`found`), else all of them; none if it is remembered that none does."""
        if not self._pending or found == [None]:
            return
        module = found[0] if found and len(found) == 1 and isinstance(found[0], str) else None
        if module is None:  # none remembered: a module named for the entry (kinds/card.py)
            module = next((m for p in self._pending if _is_module(m := f"{p}.{name}")), None)
        if module is not None and self._ours(module) and _is_module(module):
            importlib.import_module(module)  # (a name planted in the file that is none: walked)
        if name not in self._entries:
            self._walk()

    def _ours(self, module: str) -> bool:
        """Whether a module is one of the packages' (a remembered name is nothing else)."""
        return any(module.startswith(f"{p}.") for p in self._packages)

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


def _is_module(name: str) -> bool:
    """Whether `name` (its package imported) is a module there, without importing it."""
    if not all(part.isidentifier() for part in name.split(".")):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _registering_module() -> str | None:
    """The module whose import is registering an entry now: the nearest module-level code
    under the registry's call (a decorator's, a registry's `add`)."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None and frame.f_code.co_name != "<module>":
        frame = frame.f_back
    return None if frame is None else frame.f_globals.get("__name__")
