"""The rating package stays pure: no I/O, no asyncio, nothing from storage or the service."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import competition.rating

PACKAGE = Path(competition.rating.__file__).parent
ALLOWED_OUTSIDE = {"openskill"}
FORBIDDEN_STANDARD = {"asyncio", "io", "os", "pathlib", "socket", "sqlite3", "subprocess"}


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_package_imports_only_itself_the_standard_library_and_openskill() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        for name in _imported(path):
            top = name.split(".")[0]
            if name.startswith("bot."):
                assert name.startswith("competition.rating"), f"{path.name} imports {name}"
            elif top not in ALLOWED_OUTSIDE:
                assert top in sys.stdlib_module_names, f"{path.name} imports {name}"
                assert top not in FORBIDDEN_STANDARD, f"{path.name} imports {name}"
