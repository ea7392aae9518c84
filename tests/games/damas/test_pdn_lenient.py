"""PDN as real files write it (games/damas/pdn.py, pdn_replay.py): padded square numbers,
short captures resolved by the moves that follow, nested comments, a lone dash, the soffio
as a comment, and records that cannot be read costing only themselves."""

from pathlib import Path

import pytest

from games.damas.__main__ import main
from games.damas.pdn import PdnError, PdnGame, UnreadRecord, read_games, stream_records
from games.damas.pdn_replay import replay_game
from games.damas.pdn_write import write_game

PDN_DIR = Path(__file__).parents[2] / "data" / "pdn"


def test_padded_square_numbers_read_as_moves() -> None:
    games = read_games((PDN_DIR / "lenient-padded-squares.pdn").read_text())
    assert games[0].moves == ("32-28", "19-23", "28x19", "14x23", "31-26")
    assert games[1].moves == ("21-17", "10-13", "17x10", "5x14")
    assert all(replay_game(game).problem is None for game in games)


def test_a_short_capture_is_resolved_by_the_move_that_follows() -> None:
    resolved, _ = read_games((PDN_DIR / "lenient-ambiguous-capture.pdn").read_text())
    replay = replay_game(resolved)
    assert replay.problem is None
    assert replay.warnings == ()
    assert replay.played == 2
    # Only the route over 18 and 29 leaves Black's man on 28 to play 28-32.
    assert replay.position is not None
    assert 28 not in replay.position.pieces()
    assert 32 in replay.position.pieces()
    # The moves as replayed: the short capture as the route taken.
    assert replay.moves == ("36x18x29x15", "28-32")


def test_a_short_capture_that_both_routes_fit_takes_the_first_and_warns() -> None:
    _, open_ended = read_games((PDN_DIR / "lenient-ambiguous-capture.pdn").read_text())
    replay = replay_game(open_ended)
    assert replay.problem is None
    assert replay.warnings == (
        "move 1. 36x15: the record replays with each of 36x22x33x15, 36x18x29x15; took 36x22x33x15",
    )
    assert replay.moves == ("36x22x33x15",)


def test_nested_comments_and_a_lone_dash_are_read_with_warnings() -> None:
    game = read_games((PDN_DIR / "lenient-comments-and-huff.pdn").read_text())[0]
    assert game.moves == ("32-28", "19-23", "28x19", "14x23")
    assert game.warnings == (
        "line 7: a comment inside a comment, read as one",
        "line 7: a lone - is not a move; skipped",
    )


def test_the_soffio_is_read_from_a_comment_and_written_as_one() -> None:
    game = read_games((PDN_DIR / "lenient-comments-and-huff.pdn").read_text())[1]
    assert game.moves == ("28-24", "soffio 22", "1-5")
    assert replay_game(game).problem is None
    written = write_game(game)
    assert "1. 28-24 {soffio 22} 1... 1-5 *" in written
    assert read_games(written)[0].moves == game.moves


def test_a_record_that_is_not_pdn_costs_only_itself() -> None:
    text = (PDN_DIR / "unreadable" / "one-broken-record.pdn").read_text()
    records = list(stream_records([text]))
    games = [record for record in records if isinstance(record, PdnGame)]
    unread = [record for record in records if isinstance(record, UnreadRecord)]
    assert [game.tags["Event"] for game in games] == ["Readable", "Readable again"]
    assert [record.line for record in unread] == [9]
    assert "line 15: 'Nonsense' is not a move" in unread[0].reason


def test_check_pdn_counts_unread_records_and_warns_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    broken = PDN_DIR / "unreadable" / "one-broken-record.pdn"
    lenient = PDN_DIR / "lenient-comments-and-huff.pdn"
    status = main(["check-pdn", str(broken), str(lenient)])
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert status == 1
    assert out[0].startswith(f"{broken}: line 9: not readable as PDN: line 15:")
    assert out[-1] == "games=4 moves=10 illegal=0 unread=1"
    assert "warning: line 7: a lone - is not a move; skipped" in captured.err


@pytest.mark.parametrize(
    "movetext",
    [
        "1. 32- 28 19-23 2. 28x 19 14x 23 *",
        "1. 32 -28 19 - 23 2. 28 x19 14 x 23 *",
        "1.32- 28 19-23 2.28x 19 14x23 *",
    ],
)
def test_every_padding_of_square_numbers_reads(movetext: str) -> None:
    (game,) = read_games(f'[GameType "20"]\n{movetext}\n')
    assert game.moves == ("32-28", "19-23", "28x19", "14x23")
    assert game.warnings == ()


def test_a_move_number_without_its_dot_is_read_with_a_warning() -> None:
    (game,) = read_games('[GameType "20"]\n1. 32-28 19-23 2 28x19 *\n')
    assert game.moves == ("32-28", "19-23", "28x19")
    assert game.warnings == ("line 2: '2' alone is read as a move number",)


def test_a_move_cut_at_the_end_of_the_record_is_an_error() -> None:
    with pytest.raises(PdnError, match="'28x' is not a whole move"):
        read_games('[GameType "20"]\n1. 32-28 19-23 2. 28x\n')


def test_square_names_run_together_are_a_move() -> None:
    (game,) = read_games("1.a3b4 *\n", "brazilian")
    assert game.moves == ("a3b4",)
    assert replay_game(game).problem is None
