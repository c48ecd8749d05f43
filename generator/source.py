"""Safe YAML loading that remembers where every key and value stands."""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import ContentError, Loc, Problem


class YMap(dict):
    """A mapping from YAML; `loc` is where it starts, `key_loc`/`value_loc` where its parts are."""

    loc: Loc
    key_locs: dict
    value_locs: dict

    def key_loc(self, key) -> Loc:
        return self.key_locs.get(key, self.loc)

    def value_loc(self, key) -> Loc:
        return self.value_locs.get(key, self.loc)


class YList(list):
    loc: Loc
    item_locs: list

    def item_loc(self, index: int) -> Loc:
        return self.item_locs[index] if index < len(self.item_locs) else self.loc


def loc_of(node, file: str) -> Loc:
    mark = node.start_mark
    return Loc(file, mark.line + 1, mark.column + 1)


class _Loader(yaml.SafeLoader):
    """SafeLoader that builds YMap/YList and refuses duplicate keys."""

    def __init__(self, stream, file: str):
        super().__init__(stream)
        self.file = file

    def construct_ymap(self, node):
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
                raise ContentError(Problem(
                    loc_of(key_node, self.file),
                    f"key '{key}' appears twice in this mapping (first at line "
                    f"{result.key_locs[key].line})"))
            result[key] = self.construct_object(value_node, deep=True)
            result.key_locs[key] = loc_of(key_node, self.file)
            result.value_locs[key] = loc_of(value_node, self.file)

    def construct_ylist(self, node):
        result = YList()
        result.loc = loc_of(node, self.file)
        result.item_locs = [loc_of(child, self.file) for child in node.value]
        yield result
        result.extend(self.construct_object(child, deep=True) for child in node.value)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _Loader.construct_ymap)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _Loader.construct_ylist)


def load_yaml(path: Path, loc: Loc | None = None):
    """Parse one YAML file; a broken file or a missing one is a user mistake with a place."""
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(Problem(loc or Loc(file), f"file not found: {path}")) from None
    except UnicodeDecodeError as exc:
        raise ContentError(Problem(Loc(file), f"not UTF-8 text: {exc.reason}")) from None
    loader = _Loader(text, file)
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Loc(file, mark.line + 1, mark.column + 1) if mark else Loc(file)
        what = exc.problem or exc.context or "broken YAML"
        raise ContentError(Problem(where, f"broken YAML: {what}")) from None
    except yaml.YAMLError as exc:
        raise ContentError(Problem(Loc(file), f"broken YAML: {exc}")) from None
    finally:
        loader.dispose()
    return data
