"""Safe YAML loading that remembers where every key and value stands.

Content is a stranger's, so reading it is bounded: files by size, documents by nesting
depth and by their size with every alias expanded (an alias bomb), texts by length and by
the characters they may hold. Every refusal names its place.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import ReaderError
from yaml.resolver import Resolver

from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.yamlerrors import broken

try:  # libyaml parses far faster; the composer stays ours, so depth and size are counted
    from yaml._yaml import CParser as _Parser
except ImportError:  # pragma: no cover - a pyyaml built without libyaml
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    # mypy takes the libyaml parser above as the name's one definition; this stands in for it
    class _Parser(Reader, Scanner, Parser):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)


# Keys are texts, numbers or true/false (the loader refuses others); values anything YAML
# holds. Both stay Any until layout/ and games/ check what they read (issue 48).
class YMap(dict[Any, Any]):
    """A mapping from YAML; `loc` is where it starts, `key_loc`/`value_loc` where its parts are."""

    __slots__ = ("loc", "key_locs", "value_locs")  # no __dict__ for each of many maps
    loc: Loc
    key_locs: dict[Any, Loc]  # keyed as the map is
    value_locs: dict[Any, Loc]

    def key_loc(self, key: object) -> Loc:
        return self.key_locs.get(key, self.loc)

    def value_loc(self, key: object) -> Loc:
        return self.value_locs.get(key, self.loc)


class YList(list[Any]):
    __slots__ = ("loc", "item_locs")
    loc: Loc
    item_locs: list[Loc]

    def item_loc(self, index: int) -> Loc:
        return self.item_locs[index] if index < len(self.item_locs) else self.loc


class _Mark(Protocol):
    """Where a YAML event or node starts (pyyaml's and libyaml's marks alike)."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


def loc_of(node: Node, file: str) -> Loc:
    mark = node.start_mark
    return Loc(file, mark.line + 1, mark.column + 1)


# Characters no text of a game needs and that break PDF and JSON writers: C0 controls but
# tab and newline, DEL and C1 controls, and lone surrogates (from "\\ud800" escapes).
_BAD_CHARS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")

_RAW_BAD = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


_NODE_KINDS: dict[type[Node], str] = {yaml.SequenceNode: "a list", yaml.MappingNode: "a mapping"}


# YAML's core schema (YAML 1.2, 10.3): what a game file may hold. pyyaml reads YAML 1.1's
# types too; `!!binary`, `!!set`, `!!omap`, `!!pairs` and `!!timestamp` have no meaning in a
# game and would reach a card as Python's inner form. Merge keys (`<<`) stay: they are
# resolved into their mapping before anything is constructed.
_CORE_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "seq", "map")
)


class _CoreResolver(Resolver):
    """pyyaml's resolver without YAML 1.1's dates: `2024-05-01` is the text it reads as,
    not a date (the core schema has none; a date printed on a card is a text)."""


_CoreResolver.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in found if tag != "tag:yaml.org,2002:timestamp"]
    for first, found in Resolver.yaml_implicit_resolvers.items()
}


class _Loader(_Parser, Composer, SafeConstructor, _CoreResolver):
    """Safe loading to YMap/YList with places; refuses duplicate keys, deep nesting, alias
    bombs, overlong texts and control characters."""

    def __init__(self, text: str, file: str) -> None:
        _Parser.__init__(self, text)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        _CoreResolver.__init__(self)
        self.file = file
        self.depth = 0
        self.nodes = 0
        self.sizes: dict[int, int] = {}  # id(node) -> nodes it stands for, aliases expanded

    # The composer is the Python one even over libyaml: it alone sees every node.
    get_single_node = Composer.get_single_node
    compose_document = Composer.compose_document
    check_node = Composer.check_node
    get_node = Composer.get_node

    def _at(self, mark: _Mark | None) -> Loc:
        if mark is None:  # libyaml marks every event; a place is told all the same
            return Loc(self.file)
        return Loc(self.file, mark.line + 1, mark.column + 1)

    def _count(self, n: int, mark: _Mark | None) -> None:
        self.nodes += n
        if self.nodes > limits.MAX_YAML_NODES:
            raise ContentError(
                Problem(
                    self._at(mark),
                    "this file expands to more than"
                    f" {limits.MAX_YAML_NODES:,} values (aliases repeated"
                    " inside aliases?); a game needs far fewer",
                )
            )

    def _next_mark(self) -> _Mark | None:
        event = self.peek_event()
        return event.start_mark if event is not None else None

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        if self.check_event(AliasEvent):
            event = self.peek_event()
            assert isinstance(event, AliasEvent)  # check_event said so
            node = self.anchors.get(event.anchor)
            if node is not None:
                size = self.sizes.get(id(node))
                if size is None:
                    raise ContentError(
                        Problem(
                            self._at(event.start_mark),
                            f"alias"
                            f" *{event.anchor} stands inside the value it"
                            " names, which would never end",
                        )
                    )
                self._count(size, event.start_mark)
            return Composer.compose_node(self, parent, index)
        self.depth += 1
        if self.depth > limits.MAX_YAML_DEPTH:
            raise ContentError(
                Problem(
                    self._at(self._next_mark()),
                    f"values nest more than {limits.MAX_YAML_DEPTH} levels deep",
                )
            )
        before = self.nodes
        node = Composer.compose_node(self, parent, index)
        assert node is not None  # the composer makes a node of every event it is at
        self.depth -= 1
        self._count(1, node.start_mark)
        self.sizes[id(node)] = self.nodes - before
        return node

    def construct_scalar(self, node: ScalarNode | MappingNode) -> str:
        value = SafeConstructor.construct_scalar(self, node)
        if isinstance(value, str):
            if len(value) > limits.MAX_TEXT_CHARS:
                raise ContentError(
                    Problem(
                        loc_of(node, self.file),
                        f"a text of {len(value):,}"
                        f" characters; at most {limits.MAX_TEXT_CHARS:,}"
                        " are allowed",
                    )
                )
            bad = _BAD_CHARS.search(value)
            if bad:
                raise ContentError(
                    Problem(
                        loc_of(node, self.file),
                        f"the text holds the control character U+{ord(bad.group()):04X}; remove it",
                    )
                )
        return value

    def construct_yaml_int(self, node: ScalarNode) -> int:
        # A whole number is read to its end: 5,000 digits pass Python's own limit on
        # reading them, 400 no float can hold (every length and size becomes one). No
        # count, size or value of a game needs more than a few digits.
        digits = len(str(node.value).replace("_", "").lstrip("+-"))
        if digits > limits.MAX_NUMBER_DIGITS:
            raise ContentError(
                Problem(
                    loc_of(node, self.file),
                    f"a number of {digits:,} digits; at most {limits.MAX_NUMBER_DIGITS} are read",
                )
            )
        return SafeConstructor.construct_yaml_int(self, node)

    def construct_object(self, node: Node, deep: bool = False) -> object:
        if node.tag not in _CORE_TAGS:  # `!!binary` would print as b'…', `!!set` as {…}
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise ContentError(
                Problem(
                    loc_of(node, self.file),
                    f"the tag {tag[:40]} is not read: a game's files hold texts, numbers,"
                    " true/false, lists and mappings only; write the value without the tag",
                )
            )
        # An explicit tag the value does not fit (`!!float .nan-`, `!!int abc`, `!!bool x`,
        # `!!timestamp 2001-13-45`, `!!map [1]`): pyyaml's constructors raise what Python
        # does; told at the value.
        try:
            return SafeConstructor.construct_object(self, node, deep)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError):
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            what = _NODE_KINDS.get(type(node)) or f"'{str(node.value)[:40]}'"
            raise ContentError(
                Problem(
                    loc_of(node, self.file),
                    f"{what} cannot be read as {tag}; write the value without the tag",
                )
            ) from None

    def construct_ymap(self, node: MappingNode) -> Iterator[YMap]:
        self.flatten_mapping(node)
        result = YMap()
        result.loc = loc_of(node, self.file)
        result.key_locs, result.value_locs = {}, {}
        yield result
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            if not isinstance(key, str | int | float | bool):
                raise ContentError(Problem(loc_of(key_node, self.file), "a key must be plain text"))
            if key in result:
                raise ContentError(
                    Problem(
                        loc_of(key_node, self.file),
                        f"key '{key}' appears twice in this mapping (first at line "
                        f"{result.key_locs[key].line})",
                    )
                )
            result[key] = self.construct_object(value_node, deep=True)
            result.key_locs[key] = loc_of(key_node, self.file)
            result.value_locs[key] = loc_of(value_node, self.file)

    def construct_ylist(self, node: SequenceNode) -> Iterator[YList]:
        result = YList()
        result.loc = loc_of(node, self.file)
        result.item_locs = [loc_of(child, self.file) for child in node.value]
        yield result
        result.extend(self.construct_object(child, deep=True) for child in node.value)


# The stubs accept only pyyaml's own loader classes here, not a subclass of their parts.
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _Loader.construct_ymap)  # type: ignore[type-var]
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _Loader.construct_ylist)  # type: ignore[type-var]
_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)  # type: ignore[type-var]


def read_bytes(
    path: Path, loc: Loc | None = None, limit: int = limits.MAX_FILE_BYTES, what: str = "file"
) -> bytes:
    """A file's bytes; a missing file, a folder, an unreadable or an oversized one is the
    content's mistake, reported at `loc` (where the file was named) or at the file."""
    where = loc or Loc(str(path))
    try:
        if not path.is_file():
            state = "is a folder, not a file" if path.is_dir() else "not found"
            raise ContentError(Problem(where, f"{what} {state}: {path.name}"))
        size = path.stat().st_size
        if size > limit:
            raise ContentError(
                Problem(where, f"{what} {path.name} has {size:,} bytes; at most {limit:,} are read")
            )
        return path.read_bytes()
    except OSError as exc:
        raise ContentError(
            Problem(where, f"{what} {path.name} cannot be read: {exc.strerror or exc}")
        ) from None


def read_text(path: Path, loc: Loc | None = None, what: str = "file") -> str:
    """A text file as UTF-8 (a byte-order mark is allowed); a bad byte is named by its
    line and column."""
    data = read_bytes(path, loc, what=what)
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        head = body[: exc.start]
        line = head.count(b"\n") + 1
        col = len(head[head.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        raise ContentError(
            Problem(
                Loc(str(path), line, col),
                f"not UTF-8 text: byte"
                f" 0x{body[exc.start]:02x} cannot be decoded; save the file"
                " as UTF-8",
            )
        ) from None


def check_controls(text: str, file: str) -> None:
    """Control characters have no place in a text file (YAML and templates alike); the
    first is named with its place, which parsers would not give."""
    bad = _RAW_BAD.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        col = bad.start() - text.rfind("\n", 0, bad.start())
        raise ContentError(
            Problem(
                Loc(file, line, col),
                f"the file holds the control character U+{ord(bad.group()):04X}; remove it",
            )
        )


def _place_of(text: str, file: str, char: str) -> Loc:
    """Where `char` first stands: the reader's own position counts bytes of UTF-8."""
    at = text.find(char)
    if at < 0:
        return Loc(file, 1, 1)
    return Loc(file, text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))


def _refused(exc: ReaderError) -> str:
    return (
        f"the file holds the character U+{exc.character:04X}, which YAML does not allow; remove it"
    )


def _count_events(text: str, file: str) -> None:
    """Count the file's values in the fast parser before composing any: a file of millions
    of values is refused in a second, not after a minute of building them."""
    parser = _Parser(text)
    try:
        n = 0
        while parser.check_event():
            event = parser.get_event()
            n += 1
            if n > limits.MAX_YAML_NODES:
                # check_event said there is one, and the parser marks where each starts
                assert event is not None and event.start_mark is not None
                raise ContentError(
                    Problem(
                        Loc(file, event.start_mark.line + 1, event.start_mark.column + 1),
                        f"this file holds more than {limits.MAX_YAML_NODES:,}"
                        " values; a game needs far fewer",
                    )
                )
    finally:
        parser.dispose()


def load_yaml(path: Path, loc: Loc | None = None) -> object:
    """Parse one YAML file; a broken, missing or oversized file is a located mistake."""
    return parse_yaml(read_text(path, loc, what="file"), str(path))


def parse_yaml(text: str, file: str) -> object:
    """Parse YAML text read from `file` (a rulebook's block is padded to its lines there)."""
    check_controls(text, file)
    loader = _Loader(text, file)
    try:
        _count_events(text, file)
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        raise ContentError(broken(exc, file)) from None
    except ReaderError as exc:  # a character YAML refuses (U+0080, U+FFFE)
        where = _place_of(text, file, chr(exc.character))
        raise ContentError(Problem(where, _refused(exc))) from None
    except yaml.YAMLError as exc:
        raise ContentError(Problem(Loc(file), f"broken YAML: {exc}")) from None
    finally:
        loader.dispose()
    return data
