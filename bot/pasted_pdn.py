"""A PDN pasted at the console, which arrives line by line: where one starts, and where it
ends (its result, or a blank line after its moves), so that the console reads it whole.

The chats need none of this: a message keeps its lines together."""

from __future__ import annotations

import re

from games.damas.pdn import RESULTS

# A PDN tag opens a line: `[Event "Club night"]` (or `[GameType 26]`, as people type it).
_TAG = re.compile(r"\s*\[\s*[A-Za-z][A-Za-z0-9_]*\s+\S")
# What is not movetext: tags, comments, and the lines that start with `%` (escapes).
_NOT_MOVES = re.compile(r"\[[^\]]*\]|\{[^}]*\}|\([^)]*\)|^%.*$", re.MULTILINE)


def starts_pdn(words: str) -> bool:
    """Whether text (a pasted line, or what follows /review) begins a PDN with its tags."""
    return _TAG.match(words) is not None


def _open_comment(pasted: str) -> bool:
    return pasted.rfind("{") > pasted.rfind("}")


def moves_of(pasted: str) -> list[str]:
    """The words of the movetext pasted so far (tags and comments left out)."""
    return _NOT_MOVES.sub(" ", pasted).split()


def pdn_ends(pasted: str, blank_line: bool = False) -> bool:
    """Whether the PDN pasted so far is whole: it ends with its result, or a blank line came
    after its moves; never inside a comment or before any move."""
    if _open_comment(pasted):
        return False
    moves = moves_of(pasted)
    return bool(moves) and (blank_line or moves[-1] in RESULTS)
