"""The Ludo rule set and its options, snapshots, the renderer's view, and the registry."""

from collections.abc import Callable

import pytest

from games.base import CHANCE, BadSnapshot, find_game, replay, start
from games.ludo import Leave, LudoPosition, LudoRules, Roll, Step, track_square
from games.ludo.board import COLOURS, FINISH, LAST_TRACK, TRACK, square_name

Board = Callable[..., LudoPosition]


def test_the_default_rules_are_four_players_without_options() -> None:
    assert LudoRules.from_options({}) == LudoRules(4, False, False, False, 0)


def test_every_rule_set_round_trips_through_its_options() -> None:
    for rules in (
        LudoRules(),
        LudoRules(players=2, three_sixes=True, first_seat=1),
        LudoRules(players=3, towers_block=True, first_seat=2),
        LudoRules(teams=True, three_sixes=True, towers_block=True, first_seat=3),
    ):
        assert LudoRules.from_options(rules.to_options()) == rules


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5}, "2, 3 or 4 players"),
        ({"players": "4"}, "2, 3 or 4 players"),
        ({"players": True}, "2, 3 or 4 players"),
        ({"teams": True, "players": 3}, "teams need 4 players"),
        ({"three_sixes": "yes"}, "three_sixes is true or false"),
        ({"first_seat": 2, "players": 2}, "first_seat is a seat 0..1"),
        ({"colours": 4}, "unknown Ludo option colours; the options are players"),
    ],
)
def test_bad_options_say_what_is_wrong(options: dict[str, object], message: str) -> None:
    with pytest.raises(BadSnapshot, match=message):
        LudoRules.from_options(options)


def test_the_game_kind_is_registered_with_its_aliases_and_seats() -> None:
    kind = find_game("Ludo Brasileiro")
    assert kind.key == "ludo" == find_game("ludo-brazilian").key
    assert kind.seats == range(2, 5)
    game = start("ludo", {"players": 3})
    assert game.seat_count() == 3
    assert game.to_move() == CHANCE
    assert [game.notation(m) for m in game.legal_moves()] == [f"roll {n}" for n in range(1, 7)]


def test_replay_rebuilds_a_game_with_a_leave_in_its_log() -> None:
    log = ["roll 6", "p1", "roll 3", "p1", "leave 3", "roll 1", "p1 yard-c14", "roll 5"]
    game = replay("ludo", {"first_seat": 0}, log)
    # Blue (4) cannot use the 5, so red (1) rolls next: yellow (3) is skipped.
    assert game.snapshot() == "3,-1,-1,-1/0,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 - 0 3"


def test_a_snapshot_restores_turn_roll_sixes_and_left_players(board: Board) -> None:
    position = board({0: ["c5", "c5", "h2"], 1: ["c14"]}, roll=6, sixes=2)
    position = position.play(position.leave(3))
    text = position.snapshot()
    assert text == "4,4,52,-1/0,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 6 2 4"
    restored = find_game("ludo").from_snapshot(text, {})
    assert restored == position
    assert hash(restored) == hash(position)
    assert restored.legal_moves() == position.legal_moves()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-1,-1,-1,-1 1 - 0 -", "4-player snapshot has 4 groups"),
        ("0,0,0/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 - 0 -", "groups of 4 pawns"),
        ("57,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 - 0 -", "progress is -1"),
        ("0,0,0,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 - 0 -", "c1 holds 3 pawns"),
        ("13,-1,-1,-1/0,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 - 0 -", "of 2 colours"),
        ("-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 5 - 0 -", "player 5 cannot"),
        ("-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 2 - 0 2", "player 2 cannot"),
        ("-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 7 0 -", "roll is - or 1..6"),
        ("-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 - -1 -", "0 or more, not -1"),
        ("-1,-1,-1,-1/5,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 - 0 2", "who left are off"),
        ("-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 3 0 -", "has no legal move"),
        ("-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 one - 0 -", "not a number"),
        ("-1,-1,-1,-1 1 - 0", "has 5 fields"),
    ],
)
def test_bad_snapshots_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BadSnapshot, match=message):
        LudoPosition.from_snapshot(text, LudoRules())


def test_with_three_sixes_a_snapshot_has_at_most_two_sixes_in_a_row() -> None:
    text = "0,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 - 3 -"
    assert LudoPosition.from_snapshot(text, LudoRules()).sixes == 3
    with pytest.raises(BadSnapshot, match=r"0\.\.2 with three_sixes, not 3"):
        LudoPosition.from_snapshot(text, LudoRules(three_sixes=True))


def test_the_view_gives_each_seat_its_colour_and_pawn_progress(board: Board) -> None:
    position = board({1: ["c27", "h2"]}, players=2, roll=4, turn=1)
    position = position.play(position.parse("p1"))
    view = position.view()
    assert [(s.seat, s.colour, s.left) for s in view.seats] == [(0, 1, False), (1, 3, False)]
    assert view.seats[1].pawns == (4, 52, -1, -1)
    assert view.to_move == CHANCE
    assert view.roll is None
    assert view.last_move == Step(1, 0, 0, 4)
    assert track_square(3, 4) == 30
    gone = position.play(position.leave(0)).view()
    assert [s.left for s in gone.seats] == [True, False]
    assert gone.last_move == Leave(0)


def test_track_squares_follow_each_colour_from_its_start() -> None:
    assert [track_square(colour, 0) for colour in COLOURS] == [0, 13, 26, 39]
    assert track_square(2, LAST_TRACK) == 11
    assert TRACK[4][13] == 0
    with pytest.raises(ValueError, match="not on the shared track"):
        track_square(1, LAST_TRACK + 1)
    assert [square_name(1, p) for p in (-1, 0, 50, 51, 55, FINISH)] == [
        "yard",
        "c1",
        "c51",
        "h1",
        "h5",
        "home",
    ]


def test_a_position_is_immutable(board: Board) -> None:
    position = board({0: ["c5"]})
    with pytest.raises(AttributeError, match="immutable"):
        position.turn = 2


def test_equal_positions_are_equal_whatever_the_last_move(board: Board) -> None:
    through_a_roll = board({}, turn=1)
    passed = board({}).play(Roll(2))
    assert passed == through_a_roll
    assert passed.last_move == Roll(2)
    assert through_a_roll.last_move is None
    assert len({passed, through_a_roll}) == 1
