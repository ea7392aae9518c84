"""Every case of the rules text on the knockout ("chave", docs/RULES.md "Tournaments"): tables by
number, the odd entry goes through and meets the winner of table 1, three entries 1 v 2 then
the winner v 3, above three the odd one plays the winner of the first game of the stage."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from competition.pairing.errors import PairingError
from competition.pairing.results import GameResult, Outcome
from competition.pairing.tournament import Format, Game, Setup, Tournament

from .conftest import Entries, lower_number_wins, play_out

SEED = bytes(range(32))

Shape = list[tuple[list[set[int]], int | None]]


def shape(state: Tournament) -> Shape:
    """Each round as its tables (the two entry numbers of each, in table order) and bye."""
    number = {entry: index + 1 for index, entry in enumerate(state.setup.entries)}
    return [
        (
            [{number[table.first], number[table.second]} for table in paired.tables],
            None if paired.bye is None else number[paired.bye],
        )
        for paired in state.rounds
    ]


def knockout(entries: Callable[[int], tuple[str, ...]], n: int) -> Setup:
    return Setup(Format.KNOCKOUT, entries(n), SEED)


def test_two_entries_play_one_table(entries: Entries) -> None:
    state = play_out(setup := knockout(entries, 2), lower_number_wins(setup))
    assert shape(state) == [([{1, 2}], None)]
    assert state.winner == "e1"


def test_three_entries_one_v_two_then_the_winner_v_three(entries: Entries) -> None:
    state = play_out(setup := knockout(entries, 3), lower_number_wins(setup))
    assert shape(state) == [([{1, 2}], 3), ([{3, 1}], None)]
    assert state.winner == "e1"


def test_four_entries_no_bye(entries: Entries) -> None:
    state = play_out(setup := knockout(entries, 4), lower_number_wins(setup))
    assert shape(state) == [([{1, 2}, {3, 4}], None), ([{1, 3}], None)]


def test_five_entries_the_odd_one_plays_table_one_and_the_next_odd_one_waits(
    entries: Entries,
) -> None:
    state = play_out(setup := knockout(entries, 5), lower_number_wins(setup))
    assert shape(state) == [
        ([{1, 2}, {3, 4}], 5),
        ([{5, 1}], 3),
        # Above three: 3 passed and plays the winner of the first game of the stage before.
        ([{3, 1}], None),
    ]


def test_the_odd_entry_meets_the_winner_of_table_one_whoever_wins_it(entries: Entries) -> None:
    setup = knockout(entries, 5)
    number = {entry: index for index, entry in enumerate(setup.entries)}

    def higher_number_wins(game: Game) -> GameResult:
        white_better = number[game.white] > number[game.black]
        return GameResult(Outcome.WHITE if white_better else Outcome.BLACK)

    state = play_out(setup, higher_number_wins)
    assert shape(state) == [([{1, 2}, {3, 4}], 5), ([{5, 2}], 4), ([{4, 5}], None)]
    assert state.winner == "e5"


def test_six_entries_an_odd_field_only_from_the_second_round(entries: Entries) -> None:
    state = play_out(setup := knockout(entries, 6), lower_number_wins(setup))
    assert shape(state) == [([{1, 2}, {3, 4}, {5, 6}], None), ([{1, 3}], 5), ([{5, 1}], None)]


def test_seven_entries(entries: Entries) -> None:
    state = play_out(setup := knockout(entries, 7), lower_number_wins(setup))
    assert shape(state) == [
        ([{1, 2}, {3, 4}, {5, 6}], 7),
        ([{7, 1}, {3, 5}], None),
        ([{1, 3}], None),
    ]


def test_nine_entries_an_odd_field_in_three_rounds_never_the_same_bye(entries: Entries) -> None:
    state = play_out(setup := knockout(entries, 9), lower_number_wins(setup))
    assert shape(state) == [
        ([{1, 2}, {3, 4}, {5, 6}, {7, 8}], 9),
        ([{9, 1}, {3, 5}], 7),
        ([{7, 1}], 3),
        ([{3, 1}], None),
    ]


def test_thirteen_entries(entries: Entries) -> None:
    state = play_out(setup := knockout(entries, 13), lower_number_wins(setup))
    assert shape(state) == [
        ([{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}], 13),
        ([{13, 1}, {3, 5}, {7, 9}], 11),
        ([{11, 1}, {3, 7}], None),
        ([{1, 3}], None),
    ]
    assert state.winner == "e1"


def test_a_tournament_needs_two_entries(entries: Entries) -> None:
    with pytest.raises(PairingError) as error:
        knockout(entries, 1)
    assert error.value.key == "pairing.too_few_entries"


def test_the_coin_gives_white_to_either_side(entries: Entries) -> None:
    state = Tournament(knockout(entries, 64))
    firsts = [int(table.first[1:]) % 2 for table in state.rounds[0].tables]
    # 32 tosses: the lower-numbered (odd) side is not always White, nor never.
    assert 0 < sum(firsts) < 32
