"""One named test per rule of Ludo (RULES.md and docs/rules-applied.md), from positions built
by hand.

Four players unless said: seat 0 red starts on c1, seat 1 green on c14, seat 2 yellow on c27,
seat 3 blue on c40.
"""

from collections.abc import Callable

import pytest

from games.base import CHANCE, IllegalMove, Outcome
from games.ludo import LudoPosition, Roll
from games.ludo.board import FINISH, YARD

Board = Callable[..., LudoPosition]


def choices(position: LudoPosition) -> list[str]:
    return [position.notation(move) for move in position.legal_moves()]


def play(position: LudoPosition, *moves: str) -> LudoPosition:
    for text in moves:
        position = position.play(position.parse(text))
    return position


# -- entering, the extra roll, passing ---------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 6])
def test_a_one_or_a_six_brings_a_pawn_from_the_yard_onto_its_start_square(
    board: Board, roll: int
) -> None:
    position = board({}).play(Roll(roll))
    assert choices(position) == ["p1 yard-c1"]
    after = play(position, "p1")
    assert after.pawns[0] == (0, YARD, YARD, YARD)


@pytest.mark.parametrize("roll", [2, 3, 4, 5])
def test_other_rolls_leave_the_yard_shut_and_the_turn_passes(board: Board, roll: int) -> None:
    after = board({}).play(Roll(roll))
    assert after.to_move() == CHANCE
    assert after.turn == 1
    assert after.pawns == board({}).pawns
    assert after.last_move == Roll(roll)


def test_a_six_gives_the_same_player_another_roll(board: Board) -> None:
    after = play(board({0: ["c5"]}), "roll 6", "p1")
    assert after.pawns[0][0] == 10
    assert (after.to_move(), after.turn, after.sixes) == (CHANCE, 0, 1)


def test_after_a_six_with_no_legal_move_the_same_player_rolls_again(board: Board) -> None:
    # h3 with a 6 goes in and bounces back to h3: that is no move at all.
    position = board({0: ["h3", "home", "home", "home"]})
    after = position.play(Roll(6))
    assert (after.to_move(), after.turn, after.pawns) == (CHANCE, 0, position.pawns)


def test_a_roll_other_than_six_ends_the_turn(board: Board) -> None:
    after = play(board({0: ["c5"]}), "roll 4", "p1")
    assert (after.to_move(), after.turn, after.sixes) == (CHANCE, 1, 0)


def test_the_turn_order_skips_no_one_and_wraps_around(board: Board) -> None:
    position = board({}, turn=3)
    assert position.play(Roll(2)).turn == 0


def test_two_players_take_opposite_colours(board: Board) -> None:
    position = board({1: ["c27"]}, players=2)
    assert position.rules.colours == (1, 3)
    assert position.pawns[1][0] == 0


def test_the_first_seat_is_an_option_the_service_draws(board: Board) -> None:
    position = LudoPosition.start(board({}, first_seat=2).rules)
    assert position.turn == 2
    assert position.play(Roll(3)).turn == 3


# -- the finish --------------------------------------------------------------------------------


def test_the_finish_takes_the_exact_count(board: Board) -> None:
    position = board({0: ["h2"]}, roll=4)
    assert choices(position) == ["p1 h2-home"]
    assert play(position, "p1").pawns[0][0] == FINISH


def test_a_larger_roll_goes_in_and_bounces_back_by_the_excess(board: Board) -> None:
    position = board({0: ["h4"]}, roll=5)
    assert choices(position) == ["p1 h4-h3"]


def test_the_last_track_square_leads_into_the_home_column(board: Board) -> None:
    # Red's last track square is c51: red never steps on c52, the square before c1.
    finished = ["home", "home", "home"]
    assert choices(board({0: ["c51", *finished]}, roll=1)) == ["p1 c51-h1"]
    assert choices(board({0: ["c49", *finished]}, roll=6)) == ["p1 c49-h4"]


def test_a_finished_pawn_never_moves(board: Board) -> None:
    position = board({0: ["home", "c5"]}, roll=3)
    assert choices(position) == ["p2 c5-c8"]


def test_pawns_in_the_home_column_may_share_a_square(board: Board) -> None:
    position = board({0: ["h3", "h1", "h3"]}, roll=2)
    assert choices(position) == ["p1 h3-h5", "p2 h1-h3"]
    after = play(position, "p2")
    assert after.pawns[0][:3] == (53, 53, 53)


def test_the_first_player_with_four_pawns_home_wins(board: Board) -> None:
    position = board({0: ["home", "home", "home", "h5"], 1: ["c20"]}, roll=1)
    after = play(position, "p4")
    assert after.outcome() == Outcome(frozenset({0}), "all_home")
    assert after.legal_moves() == ()
    with pytest.raises(IllegalMove, match="over"):
        after.play(Roll(3))


# -- captures and the protected start square ---------------------------------------------------


def test_landing_on_a_single_enemy_pawn_sends_it_to_its_yard(board: Board) -> None:
    position = board({0: ["c5"], 1: ["c8", "c20"]}, roll=3)
    assert choices(position) == ["p1 c5xc8"]
    after = play(position, "p1")
    assert after.pawns[1] == board({1: ["yard", "c20"]}).pawns[1]


def test_capturing_is_not_compulsory(board: Board) -> None:
    position = board({0: ["c5", "c30"], 1: ["c8"]}, roll=3)
    assert choices(position) == ["p1 c5xc8", "p2 c30-c33"]


def test_a_pawn_on_its_own_start_square_is_safe_and_closes_it(board: Board) -> None:
    position = board({0: ["c10"], 1: ["c14"]}, roll=4)
    assert choices(position) == []


def test_a_safe_pawn_on_its_start_square_may_be_passed(board: Board) -> None:
    position = board({0: ["c10"], 1: ["c14"]}, roll=5)
    assert choices(position) == ["p1 c10-c15"]


def test_an_enemy_pawn_on_someone_elses_start_square_is_not_safe(board: Board) -> None:
    # Green on yellow's start square c27 can be taken by red.
    position = board({0: ["c24"], 1: ["c27"]}, roll=3)
    assert choices(position) == ["p1 c24xc27"]


def test_entering_captures_a_single_enemy_pawn_on_the_start_square(board: Board) -> None:
    position = board({1: ["c1"]}, roll=6)
    assert choices(position) == ["p1 yardxc1"]
    assert play(position, "p1").pawns[1] == (YARD,) * 4


def test_entering_onto_an_enemy_tower_is_not_allowed(board: Board) -> None:
    assert choices(board({1: ["c1", "c1"]}, roll=1)) == []


def test_a_capture_sends_home_only_the_pawn_taken(board: Board) -> None:
    position = board({0: ["c5"], 1: ["c8", "c9"], 2: ["c30"]}, roll=3)
    after = play(position, "p1")
    assert after.pawns[1] == board({1: ["yard", "c9"]}).pawns[1]
    assert after.pawns[2] == position.pawns[2]


# -- towers ------------------------------------------------------------------------------------


def test_two_pawns_of_one_colour_on_a_square_form_a_tower(board: Board) -> None:
    position = board({0: ["c3", "c5"]}, roll=2)
    after = play(position, "p1 c3-c5")
    assert after.pawns[0][:2] == (4, 4)


def test_a_tower_never_takes_a_third_pawn(board: Board) -> None:
    position = board({0: ["c5", "c5", "c3"]}, roll=2)
    assert "p3 c3-c5" not in choices(position)


def test_a_third_pawn_cannot_enter_onto_its_own_tower(board: Board) -> None:
    assert choices(board({0: ["c1", "c1"]}, roll=1)) == ["p1 c1-c2"]


def test_no_single_pawn_may_land_on_an_enemy_tower(board: Board) -> None:
    assert choices(board({0: ["c5"], 1: ["c8", "c8"]}, roll=3)) == []


def test_pawns_may_pass_a_tower(board: Board) -> None:
    assert choices(board({0: ["c5"], 1: ["c8", "c8"]}, roll=5)) == ["p1 c5-c10"]


def test_a_tower_moves_as_one_onto_an_enemy_tower_and_takes_both_pawns(board: Board) -> None:
    position = board({0: ["c5", "c5"], 1: ["c8", "c8", "c20"]}, roll=3)
    assert choices(position) == ["p1+p2 c5xc8"]
    after = play(position, "p1+p2")
    assert after.pawns[0][:2] == (7, 7)
    assert after.pawns[1] == (YARD, YARD, 6, YARD)


def test_otherwise_a_roll_moves_one_pawn_of_a_tower(board: Board) -> None:
    position = board({0: ["c5", "c5"], 1: ["c20"]}, roll=2)
    assert choices(position) == ["p1 c5-c7"]
    assert play(position, "p1").pawns[0][:2] == (6, 4)


def test_a_tower_on_its_own_start_square_cannot_be_taken(board: Board) -> None:
    assert choices(board({0: ["c11", "c11"], 1: ["c14", "c14"]}, roll=3)) == []


def test_the_moving_player_chooses_between_splitting_and_taking_a_tower(board: Board) -> None:
    position = board({0: ["c5", "c5", "c4"], 1: ["c8", "c8"]}, roll=3)
    assert choices(position) == ["p1+p2 c5xc8", "p3 c4-c7"]


# -- the options -------------------------------------------------------------------------------


def test_without_the_option_a_third_six_is_played(board: Board) -> None:
    position = board({0: ["c5"]}, sixes=2)
    after = position.play(Roll(6))
    assert (after.to_move(), after.roll, after.sixes) == (0, 6, 3)


def test_three_sixes_end_the_turn_and_the_third_is_not_played(board: Board) -> None:
    position = board({0: ["c5"]}, sixes=2, three_sixes=True)
    after = position.play(Roll(6))
    assert (after.to_move(), after.turn, after.sixes) == (CHANCE, 1, 0)
    assert after.pawns == position.pawns


def test_three_sixes_count_only_sixes_in_a_row(board: Board) -> None:
    position = play(board({0: ["c5"]}, three_sixes=True), "roll 6", "p1", "roll 6", "p1")
    assert position.sixes == 2
    after = play(position, "roll 6")
    assert after.turn == 1
    position = play(board({0: ["c5"]}, three_sixes=True), "roll 6", "p1", "roll 2", "p1")
    assert (position.turn, position.sixes) == (1, 0)


def test_towers_that_block_stop_enemy_pawns_passing(board: Board) -> None:
    enemy_tower = {0: ["c5"], 1: ["c8", "c8"]}
    assert choices(board(enemy_tower, roll=5, towers_block=True)) == []
    assert choices(board(enemy_tower, roll=5)) == ["p1 c5-c10"]


def test_towers_that_block_let_their_own_colour_pass(board: Board) -> None:
    position = board({0: ["c5", "c7", "c7"]}, roll=5, towers_block=True)
    assert "p1 c5-c10" in choices(position)


def test_towers_that_block_stop_a_tower_behind_another_enemy_tower(board: Board) -> None:
    pawns = {0: ["c5", "c5"], 1: ["c7", "c7"], 2: ["c9", "c9"]}
    assert "p1+p2 c5xc9" not in choices(board(pawns, roll=4, towers_block=True))
    assert "p1+p2 c5xc9" in choices(board(pawns, roll=4))
    assert "p1+p2 c5xc7" in choices(board(pawns, roll=2, towers_block=True))


def test_in_teams_partners_never_capture_each_other_nor_share_a_square(board: Board) -> None:
    # Red (seat 0) and yellow (seat 2) are partners.
    position = board({0: ["c5"], 2: ["c8"]}, roll=3, teams=True)
    assert choices(position) == []
    assert choices(board({0: ["c5"], 2: ["c8"]}, roll=3)) == ["p1 c5xc8"]


def test_in_teams_a_partners_tower_does_not_block(board: Board) -> None:
    position = board({0: ["c5"], 2: ["c8", "c8"]}, roll=5, teams=True, towers_block=True)
    assert choices(position) == ["p1 c5-c10"]


def test_in_teams_a_player_with_all_pawns_home_moves_the_partners(board: Board) -> None:
    position = board({0: ["home"] * 4, 2: ["c30"]}, roll=2, teams=True)
    assert choices(position) == ["p1 c30-c32"]
    after = play(position, "p1")
    assert after.pawns[2][0] == 5
    assert after.outcome() is None


def test_in_teams_one_finished_player_does_not_end_the_game(board: Board) -> None:
    position = board({0: ["home", "home", "home", "h5"], 2: ["c30"]}, roll=1, teams=True)
    assert play(position, "p4").outcome() is None


def test_in_teams_the_team_wins_when_both_partners_finish(board: Board) -> None:
    position = board({0: ["home"] * 4, 2: ["home", "home", "home", "h5"]}, roll=1, teams=True)
    assert play(position, "p4").outcome() == Outcome(frozenset({0, 2}), "team_home")


# -- leaving -----------------------------------------------------------------------------------


def test_a_player_who_leaves_takes_their_pawns_off_and_loses_their_turns(board: Board) -> None:
    position = board({0: ["c5"], 1: ["c8"]})
    after = play(position, "leave 2")
    assert after.pawns[1] == (YARD,) * 4
    assert after.left == frozenset({1})
    assert play(after, "roll 2", "p1").turn == 2
    assert choices(after.play(Roll(3))) == ["p1 c5-c8"]


def test_leaving_on_ones_own_turn_passes_it(board: Board) -> None:
    after = play(board({0: ["c5"]}, roll=3), "leave 1")
    assert (after.to_move(), after.turn) == (CHANCE, 1)


def test_leaving_changes_the_pending_moves_of_the_player_to_move(board: Board) -> None:
    position = board({0: ["c5"], 1: ["c8"]}, roll=3)
    assert choices(play(position, "leave 2")) == ["p1 c5-c8"]


def test_the_last_player_left_wins(board: Board) -> None:
    position = play(board({}, players=3), "leave 1", "leave 3")
    assert position.outcome() == Outcome(frozenset({1}), "others_left")


def test_in_teams_a_player_who_leaves_loses_the_game_for_the_team(board: Board) -> None:
    position = play(board({}, teams=True), "leave 4")
    assert position.outcome() == Outcome(frozenset({0, 2}), "team_left")


def test_only_a_player_still_playing_can_leave(board: Board) -> None:
    position = play(board({}), "leave 2")
    with pytest.raises(IllegalMove, match="not playing") as error:
        position.parse("leave 2")
    assert error.value.choices == ("leave 1", "leave 3", "leave 4")
    with pytest.raises(IllegalMove, match="not playing"):
        position.leave(7)
