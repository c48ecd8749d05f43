"""One registry mechanism for what registers itself where it is written: kinds, painters,
motifs, checks (the games' own too), writers and table readers.

A registry holds entries by name, refuses a second entry of a name already taken (two
modules claiming one name is a mistake, not an override), gives its entries in a stable
order whichever module was imported first, and finds the modules that register into it by
importing every module of the packages it is told of: a new entry is a new module, and
nothing else changes."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar

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

    def add(self, name: str, entry: T) -> T:
        if name in self._entries:
            raise DuplicateName(f"{self.what} '{name}' is registered twice")
        self._entries[name] = entry
        self._sorted = None
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
        """Import every module of each package (a dotted name), so that each registers; a
        package walked once (for this registry or another: render/ holds painters and
        motifs) is not walked again."""
        for name in packages:
            if name in _WALKED:
                continue
            package = importlib.import_module(name)
            import_all(package.__name__, package.__path__)
            _WALKED.add(name)

    def names(self) -> list[str]:
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

    def __getitem__(self, name: str) -> T:
        return self._entries[name]

    def get(self, name: object, default: T | None = None) -> T | None:
        # Content names entries: a list or a mapping written where a name belongs is no
        # entry, not a TypeError (a dict cannot look up what it cannot hash).
        return self._entries.get(name, default) if isinstance(name, str) else default

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._entries

    def __len__(self) -> int:
        return len(self._entries)
