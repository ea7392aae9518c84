"""What a clone and an install need beyond the code: every package the program imports is
declared as its dependency (not only as a test's), and no two files differ only in the case
of their names (one file on macOS's and Windows' file systems: a clone there is broken)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions

from tests.processes import ROOT

PACKAGES = ("bot", "competition", "storage", "games")


def _imported_modules() -> set[str]:
    """The top-level modules the program's packages import."""
    found = set()
    for package in PACKAGES:
        for source in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    found |= {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - set(PACKAGES)


# A requirement's distribution name: what comes before its version or marker (PEP 508).
DISTRIBUTION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _normalised(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def test_every_package_the_program_imports_is_a_declared_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {
        _normalised(found[0])
        for line in project["dependencies"]
        if (found := DISTRIBUTION_NAME.match(line))
    }
    distributions = packages_distributions()
    undeclared = {
        module: distributions.get(module)
        for module in _imported_modules()
        if not {_normalised(name) for name in distributions.get(module, [module])} & declared
    }
    assert undeclared == {}, "imported by the program, not in [project] dependencies"


def test_no_two_files_differ_only_in_the_case_of_their_names() -> None:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    by_folded: dict[str, list[str]] = {}
    for path in filter(None, listed):
        by_folded.setdefault(path.casefold(), []).append(path)
    assert [paths for paths in by_folded.values() if len(paths) > 1] == []
