"""The import layers of the project: no import circles, and nothing imports upward.

games/ (pure rules) imports nothing of bot/ or storage/; storage/ nothing of bot/; the service
nothing of the front ends; the front ends use storage only through its package interface. Every
import counts, also those under `if TYPE_CHECKING:` and inside functions: a circle is a circle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "storage", "bot")
FRONT_ENDS = ("bot.console", "bot.telegram", "bot.discord", "bot.web")

# The service's capabilities, each over the kernel; the facade (core.py) builds them.
CAPABILITIES = tuple(
    f"bot.service.{name}"
    for name in (
        "challenges",
        "playing.play",
        "playing.results",
        "timing.correspondence",
        "people.identity",
        "history",
        "rated.ratings",
        "tournament.tournament_entries",
        "tournament.tournaments",
        "tournament.tournament_reports",
    )
)
FACADE = "bot.service.core"


Graph = dict[str, set[str]]


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(tree: ast.AST, module: str, is_package: bool) -> Iterator[str]:
    """The dotted names an imported module may have: `from a import b` gives a.b and a."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> Graph:
    """Each module of the packages under `root` with the modules of them it imports."""
    files = {
        module_name(root, path): path
        for package in packages
        for path in (root / package).rglob("*.py")
    }
    graph: Graph = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        targets = {name for name in imported_names(tree, module, is_package) if name in files}
        graph[module] = targets - {module}
    return graph


def cycles(graph: Graph) -> list[set[str]]:
    """The groups of modules that import each other, directly or around a circle (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph.get(module, ())):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


@pytest.fixture(scope="module")
def graph() -> Graph:
    return import_graph(ROOT)


def in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def imports_from(graph: Graph, importers: str, imported: str) -> list[str]:
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        if in_package(module, importers)
        for target in targets
        if in_package(target, imported)
    )


def test_no_module_imports_itself_back(graph: Graph) -> None:
    assert cycles(graph) == []


@pytest.mark.parametrize(
    ("importers", "imported"),
    [
        ("games", "bot"),
        ("games", "storage"),
        ("storage", "bot"),
        *(("bot.service", front) for front in FRONT_ENDS),
    ],
)
def test_nothing_imports_upward(graph: Graph, importers: str, imported: str) -> None:
    assert imports_from(graph, importers, imported) == []


@pytest.mark.parametrize("capability", CAPABILITIES)
def test_a_capability_uses_the_core_and_no_sibling(graph: Graph, capability: str) -> None:
    assert graph[capability] & {*CAPABILITIES, FACADE} == set()


def test_only_the_facade_imports_the_capabilities(graph: Graph) -> None:
    users = {module for module, targets in graph.items() if targets & set(CAPABILITIES)}
    assert users == {FACADE}


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_front_ends_use_storage_through_its_interface_only(graph: Graph, front_end: str) -> None:
    inside = [edge for edge in imports_from(graph, front_end, "storage") if "-> storage." in edge]
    assert inside == []


def test_a_circle_of_three_and_a_relative_import_are_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def later():\n    from pkg.sub import c\n")
    (package / "sub" / "__init__.py").write_text("from . import c\n")
    (package / "sub" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import thing\n"
    )
    (package / "d.py").write_text("import pkg.a\n")
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.sub"] == {"pkg.sub.c"}
    # b imports c through its package, whose __init__ runs first: the package is in the circle.
    assert cycles(graph) == [{"pkg.a", "pkg.b", "pkg.sub", "pkg.sub.c"}]


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_front_ends_never_reach_the_store_through_the_service(front_end: str) -> None:
    """A front end asks the service's capabilities, never its store (`service.store`)."""
    base = ROOT / Path(*front_end.split("."))
    paths = sorted(base.rglob("*.py")) if base.is_dir() else [base.with_suffix(".py")]
    reads = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in paths
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "store"
    ]
    assert reads == []


@pytest.mark.parametrize("pure", ["bot.service.rating", "bot.service.pairing"])
def test_the_pure_models_import_only_themselves_and_games(graph: Graph, pure: str) -> None:
    outside = [
        edge
        for edge in imports_from(graph, pure, "bot")
        if not edge.split(" -> ")[1].startswith(pure)
    ]
    assert outside == []
