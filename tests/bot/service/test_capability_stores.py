"""Each capability of the service reaches storage through the narrow stores it is handed (a
parameter of its constructor typed with each, which the facade fills), so that mypy proves it
calls nothing else of the `Store`; only the kernel's parts and the facade hold the whole of it,
and nothing outside them reads the kernel's store. docs/service.md's table of who uses which
narrow store is the one read here."""

from __future__ import annotations

import ast
import re
from abc import ABC
from pathlib import Path

import storage
from storage import Store
from tests.processes import ROOT

SERVICE = ROOT / "bot" / "service"
# The kernel gets the whole store, and its parts commit moves, end games and read them with it
# (bot/service/kernel/); the facade opens the kernel on it and hands out the narrow stores.
WHOLE = (SERVICE / "kernel", SERVICE / "game_service.py")
NARROW = {base.__name__ for base in Store.__bases__ if base is not ABC}
TABLE_ROW = re.compile(r"^\| `(\w+)`[^|]*\|([^|]*)\|", re.MULTILINE)


def outside_the_kernel() -> list[Path]:
    return sorted(
        path
        for path in SERVICE.rglob("*.py")
        if not any(path == whole or whole in path.parents for whole in WHOLE)
    )


def store_reads(tree: ast.AST) -> list[int]:
    """The lines that read an attribute named `store` (the kernel's whole store)."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "store"
    ]


def narrow_parameters(tree: ast.AST, module: str) -> dict[str, set[str]]:
    """Which narrow stores each class's constructor (or each module function) takes."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        functions: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]] = []
        if isinstance(node, ast.ClassDef):
            functions = [
                (node.name, item)
                for item in node.body
                if isinstance(item, ast.FunctionDef) and item.name == "__init__"
            ]
        elif isinstance(node, ast.Module):
            functions = [
                (module, item)
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            ]
        for owner, function in functions:
            for argument in function.args.args + function.args.kwonlyargs:
                annotation = argument.annotation
                if isinstance(annotation, ast.Name) and annotation.id in NARROW:
                    found.setdefault(owner, set()).add(annotation.id)
    return found


def narrow_stores_in_code() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in outside_the_kernel():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for owner, stores in narrow_parameters(tree, path.stem).items():
            found.setdefault(owner, set()).update(stores)
    return found


def narrow_stores_in_docs() -> dict[str, set[str]]:
    docs = (ROOT / "docs" / "service.md").read_text(encoding="utf-8")
    section = docs.split("### Who uses which narrow store", 1)[1].split("\n#", 1)[0]
    return {
        user: set(re.findall(r"`(\w+)`", stores)) for user, stores in TABLE_ROW.findall(section)
    }


def test_nothing_outside_the_kernel_and_the_facade_reads_the_whole_store() -> None:
    reads = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in outside_the_kernel()
        for line in store_reads(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert reads == []


def test_a_read_of_the_whole_store_and_a_narrow_parameter_are_found() -> None:
    source = (
        "class Sneaky:\n"
        "    def __init__(self, kernel, games: GameStore, other: int):\n"
        "        self.games = games\n"
        "    def go(self):\n"
        "        return self.kernel.store.get_player(1)\n"
        "async def pick(kernel, tournaments: TournamentStore):\n"
        "    pass\n"
    )
    tree = ast.parse(source)
    assert store_reads(tree) == [5]
    assert narrow_parameters(tree, "lookup") == {
        "Sneaky": {"GameStore"},
        "lookup": {"TournamentStore"},
    }


def test_the_whole_store_is_named_by_the_kernel_and_the_facade_only() -> None:
    named = []
    for path in outside_the_kernel():
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
