"""Knockout matches: replays of drawn games with colours swapped, micro-matches and their
tie-breaks, forfeits and the organiser's settlement."""

from __future__ import annotations

import pytest

from competition.pairing.errors import PairingError
from competition.pairing.match import MatchRule, MatchTiebreak, match_winner
from competition.pairing.results import GameResult, Outcome
from competition.pairing.tournament import Format, Game, Setup, Tournament

WHITE, BLACK, DRAW = (GameResult(outcome) for outcome in Outcome)
SINGLE = MatchRule()


def test_a_single_game_is_replayed_while_drawn() -> None:
    assert match_winner(SINGLE, [], coin=0) is None
    assert match_winner(SINGLE, [DRAW, DRAW], coin=0) is None
    # Game 2 has the first side White again; Black wins it: the second side goes through.
    assert match_winner(SINGLE, [DRAW, DRAW, BLACK], coin=0) == 1
    # Game 1 has the second side White.
    assert match_winner(SINGLE, [DRAW, WHITE], coin=0) == 1


def test_a_forfeit_ends_the_match() -> None:
    assert match_winner(SINGLE, [GameResult(Outcome.BLACK, forfeit=True)], coin=0) == 1
    micro = MatchRule(games=2)
    assert match_winner(micro, [GameResult(Outcome.WHITE, forfeit=True)], coin=1) == 0


@pytest.mark.parametrize("tiebreak", list(MatchTiebreak))
def test_a_micro_match_won_on_points_needs_no_tiebreak(tiebreak: MatchTiebreak) -> None:
    rule = MatchRule(games=2, tiebreak=tiebreak)
    assert match_winner(rule, [WHITE], coin=1) is None
    # Win with White, draw with Black: 1.5 to 0.5.
    assert match_winner(rule, [WHITE, DRAW], coin=1) == 0


def test_a_level_micro_match_by_extra_pairs() -> None:
    rule = MatchRule(games=2, tiebreak=MatchTiebreak.EXTRA_PAIR)
    assert match_winner(rule, [WHITE, WHITE], coin=0) is None
    assert match_winner(rule, [WHITE, WHITE, DRAW], coin=0) is None
    assert match_winner(rule, [WHITE, WHITE, DRAW, DRAW], coin=0) is None
    # Third pair: the first side draws with White and wins with Black.
    assert match_winner(rule, [WHITE, WHITE, DRAW, DRAW, DRAW, BLACK], coin=1) == 0


def test_a_level_micro_match_by_single_deciders() -> None:
    rule = MatchRule(games=2, tiebreak=MatchTiebreak.DECIDER)
    assert match_winner(rule, [DRAW, DRAW, DRAW], coin=0) is None
    # The fourth game has the second side White; it wins.
    assert match_winner(rule, [DRAW, DRAW, DRAW, WHITE], coin=0) == 1


def test_a_level_micro_match_by_the_coin() -> None:
    rule = MatchRule(games=2, tiebreak=MatchTiebreak.COIN)
    assert match_winner(rule, [BLACK, BLACK], coin=0) == 0
    assert match_winner(rule, [DRAW, DRAW], coin=1) == 1


def test_a_match_is_one_or_two_games() -> None:
    with pytest.raises(PairingError) as error:
        MatchRule(games=3)
    assert error.value.key == "pairing.bad_match_games"


def knockout(rule: MatchRule = SINGLE) -> Setup:
    return Setup(Format.KNOCKOUT, ("a", "b", "c", "d"), bytes(32), match=rule)


def test_a_drawn_table_gets_a_replay_with_colours_swapped() -> None:
    state = Tournament(knockout(), {(1, 1): [DRAW]})
    first, *_ = state.games_to_play()
    table = state.rounds[0].tables[0]
    assert first == Game(1, 1, 1, table.second, table.first)


def test_the_organiser_settles_a_match_mid_replay() -> None:
    table = Tournament(knockout()).rounds[0].tables[0]
    state = Tournament(knockout(), {(1, 1): [DRAW, DRAW]}, {(1, 1): table.second})
    assert [game.table for game in state.games_to_play()] == [2]
    decided = Tournament(
        knockout(), {(1, 1): [DRAW, DRAW], (1, 2): [WHITE]}, {(1, 1): table.second}
    )
    assert table.second in {decided.rounds[1].tables[0].first, decided.rounds[1].tables[0].second}


def test_only_a_side_of_the_table_can_be_settled_the_winner() -> None:
    with pytest.raises(PairingError) as error:
        Tournament(knockout(), {}, {(1, 1): "zz"})
    assert error.value.key == "pairing.settled_outsider"


def test_a_result_after_the_match_is_decided_is_refused() -> None:
    with pytest.raises(PairingError) as error:
        Tournament(knockout(), {(1, 1): [WHITE, WHITE]})
    assert error.value.key == "pairing.extra_result"


def test_a_micro_match_table_plays_its_second_game_with_colours_swapped() -> None:
    state = Tournament(knockout(MatchRule(games=2)), {(1, 1): [WHITE]})
    table = state.rounds[0].tables[0]
    assert state.games_to_play()[0] == Game(1, 1, 1, table.second, table.first)
    assert not state.round_complete(1)
