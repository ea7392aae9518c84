"""Where a PDN pasted line by line starts and ends (bot/pasted_pdn.py): at its result, or at
a blank line after its moves; never inside a comment, never before its moves."""

from __future__ import annotations

import pytest

from bot.pasted_pdn import pdn_ends, starts_pdn


@pytest.mark.parametrize(
    ("line", "starts"),
    [
        ('[Event "Club night"]', True),
        ("  [GameType 26]", True),
        ("[", False),
        ("32-28", False),
        ("/review 12", False),
    ],
)
def test_a_pdn_starts_with_a_tag(line: str, starts: bool) -> None:
    assert starts_pdn(line) is starts


@pytest.mark.parametrize(
    ("pasted", "blank_line", "ends"),
    [
        ('[Event "x"]\n[Result "1-0"]', False, False),  # a result tag is no result token
        ('[Event "x"]\n', True, False),  # the blank line between the tags and the moves
        ('[Event "x"]\n1. c3-d4 d6-c5', False, False),
        ('[Event "x"]\n1. c3-d4 d6-c5', True, True),
        ('[Event "x"]\n1. c3-d4 d6-c5 2-0', False, True),
        ("1. c3-d4 {a quiet move, then *", False, False),  # inside a comment
        ("1. c3-d4 {a quiet move} *", False, True),
    ],
)
def test_a_pdn_ends_at_its_result_or_a_blank_line_after_its_moves(
    pasted: str, blank_line: bool, ends: bool
) -> None:
    assert pdn_ends(pasted, blank_line) is ends
