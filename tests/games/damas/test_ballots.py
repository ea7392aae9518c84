"""The ballot lists: every ballot is a legal opening of its variant, played from the start, and
reaches the position its source publishes; each list has the published count."""

from __future__ import annotations

import pytest

from games.base import GameError
from games.damas import Position
from games.damas.ballots import BALLOT_LISTS, IDF_64_BASIC, Ballot, BallotList, read_table

# The count each list's source publishes (its data module's docstring cites it).
PUBLISHED_COUNTS = {"idf-64-basic": 150}


def _pieces(fen: str) -> tuple[str, frozenset[str], frozenset[str]]:
    """A FEN's side to move and the squares of each side, whatever their order."""
    side, white, black = fen.split(":")
    return side, frozenset(white[1:].split(",")), frozenset(black[1:].split(","))


@pytest.mark.parametrize("ballots", list(BALLOT_LISTS.values()), ids=lambda b: b.key)
def test_every_ballot_is_a_legal_opening_reaching_the_published_position(
    ballots: BallotList,
) -> None:
    assert len(ballots.ballots) == PUBLISHED_COUNTS[ballots.key]
    assert len({ballot.code for ballot in ballots.ballots}) == len(ballots.ballots)
    for ballot in ballots.ballots:
        position = Position.start(ballots.rules)
        for notation in ballot.moves:
            legal = {position.notation(move): move for move in position.legal_moves()}
            assert notation in legal, f"{ballot.code}: {notation} is not legal"
            position = position.play(legal[notation])
        assert _pieces(position.fen()) == _pieces(ballot.fen), ballot.code
        assert ballots.position(ballot).fen() == position.fen()
        assert position.outcome() is None, ballot.code


def test_the_lists_are_the_brazilian_one_only() -> None:
    """Italian and International have no list: none was found published (docs/ballots.md)."""
    assert dict(BALLOT_LISTS) == {"brazilian": IDF_64_BASIC}


def test_a_ballot_is_found_by_its_code() -> None:
    ballot = IDF_64_BASIC.find("3-iv")
    assert ballot is not None
    assert ballot.code == "3-IV"
    assert IDF_64_BASIC.find("16-I") is None
    free = IDF_64_BASIC.find("5-VII")
    assert free is not None
    assert free.moves == ()
    assert IDF_64_BASIC.position(free).fen() == Position.start("brazilian").fen()


def test_a_list_with_an_illegal_move_is_refused() -> None:
    """The test above would catch a wrong list: a ballot's illegal move does not play."""
    (wrong,) = read_table("9-IX c3-d4 d4-e5 W:W1:B2")
    assert wrong == Ballot("9-IX", ("c3-d4", "d4-e5"), "W:W1:B2")
    with pytest.raises(GameError):
        IDF_64_BASIC.position(wrong)
