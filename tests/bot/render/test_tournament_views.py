"""Tournament views refuse what cannot be drawn, and the drawing code writes no words.

Every word on a tournament picture comes in the view, already in the reader's language; a
word written into the drawing code would show in English to every reader, so the drawing
modules may hold only symbols, digits and Pillow's own codes.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bot.render
from bot.render.tournament_views import BracketView, EntryView, MatchView, RoundView
from tests.bot.render.tournaments import entry

DRAWING_MODULES = ["bracket.py", "standings.py", "_grid.py", "_tournament_paint.py"]
# Pillow's text anchors (left-middle, middle-middle) and image mode: codes, not words.
PILLOW_CODES = {"lm", "mm", "RGB"}


def test_an_entry_is_one_player_or_a_team_of_two() -> None:
    with pytest.raises(ValueError, match="entry 4 has 3 names"):
        EntryView(4, ("a", "b", "c"))
    with pytest.raises(ValueError, match="entry 4 has 0 names"):
        EntryView(4, ())


def test_a_match_names_its_winner_and_white_among_its_entries() -> None:
    with pytest.raises(ValueError, match="the winner 3 does not play at this table"):
        MatchView(entry(1), entry(2), winner=3)
    with pytest.raises(ValueError, match="the white 5 does not play at this table"):
        MatchView(entry(1), entry(2), white=5)
    with pytest.raises(ValueError, match="entry 1 cannot play itself"):
        MatchView(entry(1), entry(1))


def test_only_an_entry_without_an_opponent_passes() -> None:
    with pytest.raises(ValueError, match="only an entry without an opponent"):
        MatchView(entry(1), entry(2), passes="passa")


def test_a_bracket_has_rounds_and_every_round_tables() -> None:
    with pytest.raises(ValueError, match="at least one round"):
        BracketView("", ())
    with pytest.raises(ValueError, match="the round 'R1' has no tables"):
        RoundView("R1", ())


def _words_in(path: Path) -> list[str]:
    """The string literals of a module that hold letters, docstrings aside (a string that
    stands alone as a statement, as docstrings of modules, functions and fields do)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and any(character.isalpha() for character in node.value)
    ]


@pytest.mark.parametrize("module", DRAWING_MODULES)
def test_the_drawing_code_writes_no_words_of_its_own(module: str) -> None:
    path = Path(bot.render.__file__).parent / module
    assert set(_words_in(path)) <= PILLOW_CODES


def test_the_word_check_finds_a_word() -> None:
    assert _words_in(Path(bot.render.__file__).parent / "tournament_views.py")
