"""The house's rules, checked on the code itself: layers call only downward (content ->
checks -> layout -> render -> output), no import cycle between packages, no module over
300 lines, no function over 60."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
# Each module's layer, by its dotted name's first match (most specific first).
LAYERS = [
    ("base", ("errors", "limits", "units", "geometry", "shapes", "names", "paths", "source",
              "sandbox", "templating", "params", "options", "braille", "pictures", "modules",
              "workers")),
    ("content", ("models", "schema", "kinds", "tables", "components", "rows", "rules",
                 "loader", "words", "project", "expand", "painters", "dielines", "profiles")),
    ("checks", ("checks",)),
    ("layout", ("layouts", "faces", "pieces", "imposition", "nesting", "packing", "parts",
                "boards", "kit", "arts", "preflight", "registration")),
    ("render", ("render", "art")),
    ("output", ("writers", "plugins", "publish", "assemble", "build", "calibrate", "scaffold",
                "preview", "cli",
                "__main__")),
]
ORDER = [name for name, _ in LAYERS]


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def layer(module: str) -> str:
    top = module.split(".")[0]
    return next(name for name, tops in LAYERS if top in tops)


def imports(module: str) -> set[str]:
    """The package's modules `module` imports, at module level or inside functions."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".") if package else []
            base = base[:len(base) - (node.level - 1)]
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                name = f"{target}.{alias.name}".strip(".")
                out.add(name if name in MODULES else target)
    return {m for m in out if m in MODULES}


def test_every_module_has_a_layer():
    assert all(layer(m) for m in MODULES if m)


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m))
def test_layers_call_only_downward(module):
    up = [(m, layer(m)) for m in imports(module)
          if ORDER.index(layer(m)) > ORDER.index(layer(module))]
    assert not up, f"{module} ({layer(module)}) imports from a later stage: {up}"


def test_no_import_cycle_between_packages():
    graph = {m: imports(m) for m in MODULES if m}
    index, low, stack, on, sccs = {}, {}, [], set(), []

    def visit(v):  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on.discard(w)
                component.add(w)
                if w == v:
                    break
            sccs.append(component)

    for v in graph:
        if v not in index:
            visit(v)
    # A package and its own modules may import each other (they register themselves).
    crossing = [c for c in sccs if len({m.split(".")[0] for m in c}) > 1]
    assert not crossing, f"import cycles across packages: {crossing}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_modules_and_functions_stay_small(module):
    source = MODULES[module].read_text()
    assert len(source.splitlines()) <= 300, f"{module} has more than 300 lines"
    long = [f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno - node.lineno + 1 > 60]
    assert not long, f"{module}: functions over 60 lines: {long}"


def test_the_readme_module_map_is_the_code():
    import re

    readme = (PACKAGE.parent / "README.md").read_text()
    block = readme.split("<!-- modules:")[1].split("<!-- /modules -->")[0]
    listed = set(re.findall(r"`([\w/]+\.py)`", block))
    actual = {str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")}
    assert listed == actual, (f"missing from the map: {sorted(actual - listed)};"
                              f" gone from the code: {sorted(listed - actual)}")
    rows = dict(re.findall(r"^\| (\w+) \| (.*) \|$", block, re.M))
    for path in actual:  # and each under the layer the layering test gives it
        module = path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        if module not in ("__init__", "__main__"):
            assert f"`{path}`" in rows[layer(module)], f"{path} is not under {layer(module)}"
