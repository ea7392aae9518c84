"""The registry and the shared errors of games/base.py."""

from typing import NoReturn

import pytest

from games import base
from games.base import GameKind, IllegalMove, Outcome, _fold, find_game, game_kinds, register


def test_fold_ignores_case_accents_and_separators() -> None:
    assert _fold("  Dama_Itáliana ") == "dama-italiana"
    assert _fold("Damas brasileiras") == "damas-brasileiras"


def test_a_name_cannot_name_two_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*_: object) -> NoReturn:
        raise AssertionError

    # The test's kinds are registered in copies: no later test meets them among the games.
    game_kinds()
    monkeypatch.setattr(base, "_KINDS", dict(base._KINDS))
    monkeypatch.setattr(base, "_NAMES", dict(base._NAMES))

    register(GameKind("test-kind-a", ("test-shared-name",), range(2, 3), never, never))
    with pytest.raises(ValueError, match="already names"):
        register(GameKind("test-kind-b", ("test-shared-name",), range(2, 3), never, never))


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known games"):
        find_game("chess")


def test_outcome_without_winners_is_a_draw() -> None:
    assert Outcome(frozenset(), "agreement").is_draw
    assert not Outcome(frozenset({1}), "no_moves").is_draw


def test_illegal_move_keeps_its_choices() -> None:
    error = IllegalMove("23-18 is not legal: a capture is compulsory", ["22x13", "22x15"])
    assert error.choices == ("22x13", "22x15")
    assert "compulsory" in str(error)
