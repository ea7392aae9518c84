"""The import layers of the project: no import circles, and nothing imports upward.

games/ (pure rules) and competition/ (pure pairings and ratings) import nothing of bot/ or
storage/ and do no I/O; storage/ imports nothing of bot/; inside the service each folder is a
layer (the kernel, the capabilities, the facade, the command table) and none imports one above
it, nor a capability its sibling; the service imports nothing of the front ends; the front ends
use storage only through its package interface. Every import counts, also those under `if
TYPE_CHECKING:` and inside functions: a circle is a circle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.processes import ROOT

PACKAGES = ("games", "competition", "storage", "bot")
# The pure packages: rules and competition logic, no I/O (nothing asyncio, files or network);
# only a package's command line (its __main__.py) reads and writes files.
PURE = ("games", "competition")
INPUT_OUTPUT = (
    *("asyncio", "io", "os", "pathlib", "socket", "sqlite3", "subprocess"),
    *("aiosqlite", "asyncpg", "aiohttp"),
)
FRONT_ENDS = ("bot.console", "bot.telegram", "bot.discord", "bot.web")
# What the front ends share, between them and the service: the showing of events by platform
# and their bounded memory. Neither imports a front end, nor the service either of them.
SHARED_BY_FRONT_ENDS = ("bot.showing", "bot.recent", "bot.paced_edits", "bot.standings_boards")

# The service's folders are its layers (docs/service.md): the kernel at the bottom; above it
# the capabilities, one folder each (every other folder); above them the modules at the
# service's root (the facade, game_service.py, and what front ends read beside it); the
# command table on top. Each may import only what lies below it, and a capability only the
# kernel and its own folder.
SERVICE = ROOT / "bot" / "service"
KERNEL = "bot.service.kernel"
COMMAND_TABLE = "bot.service.command_table"
CAPABILITIES = tuple(
    f"bot.service.{folder.name}"
    for folder in sorted(SERVICE.iterdir())
    if (folder / "__init__.py").exists()
    and f"bot.service.{folder.name}" not in (KERNEL, COMMAND_TABLE)
)
ROOT_MODULES = tuple(
    f"bot.service.{path.stem}" for path in sorted(SERVICE.glob("*.py")) if path.stem != "__init__"
)


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
        ("games", "competition"),
        ("storage", "bot"),
        ("storage", "competition"),
        *(("bot.service", front) for front in FRONT_ENDS),
        *((shared, front) for shared in SHARED_BY_FRONT_ENDS for front in FRONT_ENDS),
        *(("bot.service", shared) for shared in SHARED_BY_FRONT_ENDS),
    ],
)
def test_nothing_imports_upward(graph: Graph, importers: str, imported: str) -> None:
    assert imports_from(graph, importers, imported) == []


def service_layer(module: str) -> int | None:
    """The layer of a module of the service, from its folder; None outside the service."""
    if in_package(module, KERNEL):
        return 0
    if any(in_package(module, capability) for capability in CAPABILITIES):
        return 1
    if module in ROOT_MODULES:
        return 2
    if in_package(module, COMMAND_TABLE):
        return 3
    return None


def test_every_module_of_the_service_has_a_layer(graph: Graph) -> None:
    unplaced = [
        module
        for module in graph
        if in_package(module, "bot.service") and service_layer(module) is None
    ]
    assert unplaced == []
    assert len(CAPABILITIES) >= 10, "the capabilities were not found from the folders"


def test_nothing_in_the_service_imports_a_layer_above_its_own(graph: Graph) -> None:
    upward = [
        f"{module} -> {target}"
        for module, targets in graph.items()
        if (layer := service_layer(module)) is not None
        for target in targets
        if (above := service_layer(target)) is not None and above > layer
    ]
    assert upward == []


@pytest.mark.parametrize("capability", CAPABILITIES)
def test_a_capability_imports_the_kernel_and_no_sibling(graph: Graph, capability: str) -> None:
    siblings = [
        edge
        for edge in imports_from(graph, capability, "bot.service")
        if not in_package(edge.split(" -> ")[1], KERNEL)
        and not in_package(edge.split(" -> ")[1], capability)
    ]
    assert siblings == []


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


@pytest.mark.parametrize("pure", PURE)
def test_the_pure_packages_import_nothing_of_the_rest_and_do_no_io(graph: Graph, pure: str) -> None:
    assert imports_from(graph, pure, "bot") + imports_from(graph, pure, "storage") == []
    input_output = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / pure).rglob("*.py"))
        if path.name != "__main__.py"
        for name in imported_names(ast.parse(path.read_text(encoding="utf-8")), pure, False)
        if name.split(".")[0] in INPUT_OUTPUT
    ]
    assert input_output == []
