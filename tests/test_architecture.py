"""The house's rules, checked on the code itself: the folders are the pipeline's stages
(bastelbogen.STAGES gives their order) and a module calls only its own stage and the ones
before it; no import cycle between packages; the engine never names a shipped game; at most
five modules loose at the top; no module over 400 formatted lines (functions are held small
by ruff's rules)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import bastelbogen

PACKAGE = Path(bastelbogen.__file__).resolve().parent
ORDER = list(bastelbogen.STAGES)
TOP = "top"  # the loose modules: the command line over everything
GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists())


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def layer(module: str) -> str:
    """A module's stage is the folder it sits in."""
    top = module.split(".")[0]
    return top if top in ORDER else TOP


def imports(module: str) -> set[str]:
    """The package's modules `module` imports, at module level or inside functions."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name.removeprefix("bastelbogen.") for a in node.names}
            continue
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.split(".") if package else []
            base = base[: len(base) - (node.level - 1)]
            target = ".".join([*base, *([node.module] if node.module else [])])
        elif node.module and node.module.split(".")[0] == "bastelbogen":
            target = node.module.removeprefix("bastelbogen").removeprefix(".")
        else:
            continue
        for alias in node.names:
            name = f"{target}.{alias.name}".strip(".")
            out.add(name if name in MODULES else target)
    return {m for m in out if m in MODULES}


def test_every_folder_is_a_stage_and_few_modules_are_loose():
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert folders == set(ORDER)
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(loose) <= 5, loose


def _named(path: Path) -> list[str]:
    """The names and strings of a module's code (not its comments or docstrings)."""
    tree = ast.parse(path.read_text())
    docs = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            out.append(node.value)
        elif isinstance(node, ast.Name | ast.alias):
            out.append(getattr(node, "id", None) or node.name)
    return out


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) != "games"))
def test_the_engine_names_no_game(module):
    words = set(re.findall(r"[a-z]+", " ".join(_named(MODULES[module])).lower()))
    assert not words & set(GAMES), f"{module} names {sorted(words & set(GAMES))}"
    # the games package may be imported whole, to find what registers itself; no game's own
    assert not any(m.startswith("games.") for m in imports(module)), module


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m))
def test_layers_call_only_downward(module):
    rank = {**{name: n for n, name in enumerate(ORDER)}, TOP: len(ORDER)}
    up = [(m, layer(m)) for m in imports(module) if rank[layer(m)] > rank[layer(module)]]
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
def test_modules_stay_small(module):
    """A module is one idea: 400 formatted lines at most. Functions are held small by rule
    (ruff's C901 complexity <= 10 and PLR0915 statements <= 40, see pyproject.toml)."""
    assert len(MODULES[module].read_text().splitlines()) <= 400, f"{module} is over 400 lines"


def test_the_readme_module_map_is_the_code():
    from docs import modules
    from docs.tables import written

    assert written("modules") == modules.table(), "run `make docs`"


LIMIT_NAME = re.compile(r"^(MAX|MIN)_[A-Z0-9_]+$|^[A-Z0-9_]+_(MAX|MIN|LIMIT)$|^LIMIT_[A-Z0-9_]+$")


def _limit_names(path: Path) -> list[str]:
    """Every name a module binds that reads as a limit (MAX_..., ..._LIMIT), wherever it
    is bound: at the top, in a class, unpacked from a tuple."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign | ast.AugAssign)
            else []
        )
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name) and LIMIT_NAME.match(name.id):
                    names.append(f"{name.id} (line {name.lineno})")
    return names


def test_the_scan_sees_a_limit(tmp_path):
    """The scan itself: a limit bound every way a module binds one is found."""
    path = tmp_path / "probe.py"
    path.write_text(
        "MAX_A = 1\nB_LIMIT: int = 2\nMIN_C, D = 3, 4\nclass K:\n    MAX_E = 5\nOK = 6\n"
    )
    assert [n.split()[0] for n in _limit_names(path)] == ["MAX_A", "B_LIMIT", "MIN_C", "MAX_E"]


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m != "core.limits"))
def test_every_limit_lives_in_core_limits(module):
    """Content runs into numbers in one module: core/limits.py, each with the largest
    shipped value beside it. A module keeping its own MAX_ was how 60 and 40 megapixels
    came to be two limits of one picture."""
    assert _limit_names(MODULES[module]) == []
