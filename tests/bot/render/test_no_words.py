"""bot/render draws what it is given: no words of its own reach a picture or a text board.

Every word people read is a message of bot/i18n, translated before it is handed to a
renderer; an English word written in bot/render would escape the catalogues. This scan
finds text that bot/render builds for output: f-strings and string literals that are
returned, appended, joined or chosen, outside error messages (`raise`, which are for
programmers) and docstrings.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import bot.render

RENDER = Path(bot.render.__file__).parent
WORD = re.compile(r"[A-Za-z]{3,}")
# Literals that are no words for people: image modes, text anchors, option values.
TECHNICAL = re.compile(r"^(RGBA?|[lmrs][tmbs]|alphanumeric|numeric|both|curve)$")


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _for_programmers(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Inside a `raise`, or given to a `_check_...` helper that raises with it."""
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.Raise):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id.startswith("_check")
        ):
            return True
    return False


def words_built_for_output(source: str) -> list[tuple[int, str]]:
    tree = ast.parse(source)
    parents = _parents(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            literals = [part.value for part in node.values if isinstance(part, ast.Constant)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            parent = parents.get(node)
            added = isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add)
            output = (
                added
                or isinstance(parent, ast.Return | ast.IfExp)
                or (
                    isinstance(parent, ast.Call)
                    and isinstance(parent.func, ast.Attribute)
                    and parent.func.attr in ("append", "join", "text", "extend")
                )
            )
            literals = [node.value] if output else []
        else:
            continue
        for literal in literals:
            if _for_programmers(node, parents):
                continue
            if any(not TECHNICAL.match(word) for word in WORD.findall(str(literal))):
                found.append((node.lineno, str(literal)))
    return found


def test_the_renderers_write_no_words_of_their_own() -> None:
    found = {
        f"{path.name}:{line}": literal
        for path in sorted(RENDER.glob("*.py"))
        for line, literal in words_built_for_output(path.read_text(encoding="utf-8"))
    }
    assert found == {}


def test_the_scan_finds_words_in_text_boards() -> None:
    source = (
        "def board(die):\n"
        "    lines = []\n"
        "    lines.append(f'die: {die}')\n"
        "    return 'done' if die else 'yard'\n"
        "def bad(x):\n"
        "    _check_die(x, f'the die {x}')\n"
        "    raise ValueError(f'not a die: {x}')\n"
    )
    assert [literal for _, literal in words_built_for_output(source)] == [
        "die: ",
        "done",
        "yard",
    ]
