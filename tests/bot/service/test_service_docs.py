"""docs/service.md names, for every command, the module and method that do its work and the
service call that reaches them: the table must stay true as the code moves."""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import pytest

from bot.i18n.commands import CONSOLE_COMMANDS
from bot.service.command_table.table import TABLE
from bot.service.game_service import GameService
from tests.processes import ROOT

DOCS = ROOT / "docs" / "service.md"
HEADER = "| command | module | method | service call |"


def rows() -> list[list[str]]:
    lines = DOCS.read_text(encoding="utf-8").splitlines()
    start = lines.index(HEADER) + 2
    table = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        table.append([cell.strip() for cell in line.strip("|").split("|")])
    return table


def command_of(cell: str) -> str:
    return cell.split()[0].removeprefix("/")


def function_at(module_path: str, dotted: str) -> Any:
    found: Any = importlib.import_module(module_path.removesuffix(".py").replace("/", "."))
    for name in dotted.split("."):
        found = getattr(found, name)
    return found


def test_every_command_has_a_row() -> None:
    documented = {command_of(row[0]) for row in rows()}
    commands = {command.name for command in TABLE} | (set(CONSOLE_COMMANDS) - {"quit"})
    assert documented == commands


@pytest.mark.parametrize("row", rows(), ids=lambda row: row[0])
def test_the_row_names_the_code_that_does_the_work(row: list[str], service: GameService) -> None:
    _, module, method, call = row
    function = function_at(module, method)
    assert inspect.isfunction(function), f"{module}: {method}"
    if call == "-":
        return
    target: Any = service
    for name in call.removeprefix("service.").split("."):
        target = getattr(target, name)
    assert callable(target)
    if module.startswith("bot/service/") and not module.startswith("bot/service/command_table/"):
        assert getattr(target, "__func__", None) is function, f"{call} is not {method}"
