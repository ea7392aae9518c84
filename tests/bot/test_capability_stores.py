"""Each part of the service reaches storage through the narrow stores it names
(`self.games: GameStore = kernel.store`), so that mypy proves it calls nothing else of the
`Store`; only the kernel, which hands the store out, holds the whole of it. docs/service.md's
table of who uses which narrow store is the one read here."""

from __future__ import annotations

import ast
import re
from abc import ABC
from pathlib import Path

import storage
from storage import Store

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "bot" / "service"
# The kernel: it gets the whole store, hands it to the capabilities, and commits moves and ends
# games with it (kernel/kernel.py); the facade builds it (game_service.py); the game states it
# keeps read games, clocks, vacations and ratings (kernel/states.py).
KERNEL = {
    SERVICE / "kernel" / "kernel.py",
    SERVICE / "game_service.py",
    SERVICE / "kernel" / "states.py",
}
NARROW = {base.__name__ for base in Store.__bases__ if base is not ABC}
TABLE_ROW = re.compile(r"^\| `(\w+)`[^|]*\|([^|]*)\|", re.MULTILINE)


def service_modules() -> list[Path]:
    return sorted(path for path in SERVICE.rglob("*.py") if path not in KERNEL)


def parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def store_reads(tree: ast.AST) -> list[tuple[ast.Attribute, str | None]]:
    """Each `.store` read, with the narrow store it is assigned to (None: read otherwise)."""
    parent = parents(tree)
    found: list[tuple[ast.Attribute, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "store":
            assignment = parent[node]
            narrow = None
            if isinstance(assignment, ast.AnnAssign) and isinstance(
                assignment.annotation, ast.Name
            ):
                narrow = assignment.annotation.id if assignment.annotation.id in NARROW else None
            found.append((node, narrow))
    return found


def owner(node: ast.AST, parent: dict[ast.AST, ast.AST], module: str) -> str:
    """The class around `node`, else its module's name (a helper function's stores)."""
    while node in parent:
        node = parent[node]
        if isinstance(node, ast.ClassDef):
            return node.name
    return module


def narrow_stores_in_code() -> dict[str, set[str]]:
    """Which narrow stores each class (or module of functions) of the service names."""
    found: dict[str, set[str]] = {}
    for path in service_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parent = parents(tree)
        for read, narrow in store_reads(tree):
            if narrow is not None:
                found.setdefault(owner(read, parent, path.stem), set()).add(narrow)
    return found


def narrow_stores_in_docs() -> dict[str, set[str]]:
    docs = (ROOT / "docs" / "service.md").read_text(encoding="utf-8")
    section = docs.split("### Who uses which narrow store", 1)[1].split("\n#", 1)[0]
    return {
        user: set(re.findall(r"`(\w+)`", stores)) for user, stores in TABLE_ROW.findall(section)
    }


def test_the_service_reads_the_store_only_into_a_narrow_store() -> None:
    """Every `.store` outside the kernel is assigned at once to a name typed with one narrow
    store: a call of any other method of the store then fails mypy."""
    loose = [
        f"{path.relative_to(ROOT)}:{read.lineno}"
        for path in service_modules()
        for read, narrow in store_reads(ast.parse(path.read_text(encoding="utf-8")))
        if narrow is None
    ]
    assert loose == []


def test_a_read_of_the_whole_store_is_found() -> None:
    source = (
        "class Sneaky:\n"
        "    def __init__(self, kernel):\n"
        "        self.games: GameStore = kernel.store\n"
        "        self.everything: Store = kernel.store\n"
        "    def go(self):\n"
        "        return self.kernel.store.get_player(1)\n"
    )
    reads = store_reads(ast.parse(source))
    assert sorted((read.lineno, narrow or "") for read, narrow in reads) == [
        (3, "GameStore"),
        (4, ""),
        (6, ""),
    ]


def test_the_whole_store_is_named_by_the_core_only() -> None:
    named = []
    for path in service_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named += [
            f"{path.relative_to(ROOT)}:{node.lineno}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Name) and node.id == "Store"
        ]
    assert named == []


def test_the_docs_name_the_narrow_stores_each_capability_uses() -> None:
    assert narrow_stores_in_docs() == narrow_stores_in_code()


def test_every_narrow_store_is_exported_by_storage() -> None:
    assert NARROW - set(storage.__all__) == set()
