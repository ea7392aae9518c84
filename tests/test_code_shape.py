"""The shape of the code a newcomer reads: no function of bot/ or storage/ runs over 80 lines
(one that does does several things, and its parts deserve names)."""

from __future__ import annotations

import ast

import pytest

from tests.processes import ROOT

LONGEST = 80


def functions_over(limit: int, source: str) -> list[tuple[str, int]]:
    """Each function (or method) of `source` longer than `limit` lines, with its length."""
    return [
        (node.name, length)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (length := (node.end_lineno or node.lineno) - node.lineno + 1) > limit
    ]


@pytest.mark.parametrize("package", ["bot", "storage"])
def test_no_function_is_longer_than_80_lines(package: str) -> None:
    long = [
        f"{path.relative_to(ROOT)}: {name} ({length} lines)"
        for path in sorted((ROOT / package).rglob("*.py"))
        for name, length in functions_over(LONGEST, path.read_text(encoding="utf-8"))
    ]
    assert long == []


def test_a_long_function_is_found() -> None:
    lines = [f"    x{line} = {line}\n" for line in range(LONGEST)]
    assert functions_over(LONGEST, "def long():\n" + "".join(lines)) == [("long", LONGEST + 1)]
    assert functions_over(LONGEST, "def short():\n" + "".join(lines[1:])) == []
