"""The puzzle finder: known positions give their known line, proved here by a plain search
of this file's own (full width, no pruning, no code shared with the finder); a position
with two winning moves is no puzzle; the generator names a broken PDN record and goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.damas import Position
from games.damas.__main__ import main
from games.damas.puzzles import find_puzzle, puzzle_from_json, puzzle_json, verify

DATA = Path(__file__).parents[2] / "data"
KING = {True: 3, False: 2}


def _count(position: Position) -> int:
    king = KING[position.rules.flying_kings]
    own, other = position.material(position.colour), position.material(1 - position.colour)
    return own[1] + king * own[0] - other[1] - king * other[0]


def _value(position: Position, plies: int) -> int:
    """Material for the side to move after `plies` plies of best play, every move looked at;
    captures played out beyond."""
    outcome = position.outcome()
    if outcome is not None:
        return 0 if not outcome.winners else 100 if position.colour in outcome.winners else -100
    moves = position.legal_moves()
    if plies <= 0:
        moves = [move for move in moves if move.captures]
        if not moves:
            return _count(position)
    return max(-_value(position.play(move), plies - 1) for move in moves)


# variant, the first move and the finder's line of a shot of tests/data/shots.txt.
KNOWN = [
    ("brazilian", "c5-b4 a3xc5 b6xh4"),
    ("international", "17-21 26x17 11x24"),
    ("italian", "23-19 14x23 27x4"),
]


def _known() -> list[tuple[str, str, str]]:
    """KNOWN with the FEN of its shot in tests/data/shots.txt."""
    rows = [line.split() for line in (DATA / "shots.txt").read_text().splitlines()]
    fens = {(row[0], row[2]): row[1] for row in rows if len(row) == 3 and row[0] != "#"}
    return [(variant, fens[variant, line.split()[0]], line) for variant, line in KNOWN]


@pytest.mark.parametrize(("variant", "fen", "line"), _known())
def test_a_known_position_gives_its_unique_line(variant: str, fen: str, line: str) -> None:
    position = Position.from_fen(variant, fen)
    puzzle = find_puzzle(position)
    assert puzzle is not None
    assert " ".join(puzzle.line) == line
    assert "shot" in puzzle.themes
    assert "coup" in puzzle.themes
    # The plain search of this file: the first move wins two men or more within three plies
    # (captures played out), every other move wins nothing.
    start = _count(position)
    first = position.parse(puzzle.line[0])
    values = {move: -_value(position.play(move), 2) for move in position.legal_moves()}
    assert values[first] >= start + 2
    assert all(value <= start for move, value in values.items() if move != first)
    assert verify(puzzle, 7)


def test_two_winning_moves_make_no_puzzle() -> None:
    # Black has two shots here (b6-c5 and f4-g3): found by a search for such positions.
    position = Position.from_fen("brazilian", "B:W17,18,26,27,29,30:B1,2,4,5,6,7,8,9,10,19")
    start = _count(position)
    winning = [
        position.notation(move)
        for move in position.legal_moves()
        if -_value(position.play(move), 2) >= start + 2
    ]
    assert sorted(winning) == ["b6-c5", "f4-g3"]
    assert find_puzzle(position) is None


def test_a_puzzle_reads_back_from_its_json_and_a_bad_line_is_refused() -> None:
    variant, fen, _ = _known()[0]
    puzzle = find_puzzle(Position.from_fen(variant, fen))
    assert puzzle is not None
    data = puzzle_json(puzzle, "here")
    assert puzzle_from_json(data) == puzzle
    with pytest.raises(ValueError, match="does not replay"):
        puzzle_from_json({**data, "line": ["c5-b4", "a3xc5", "h8-g7"]})


def test_the_generator_names_a_broken_record_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant, fen, _ = _known()[0]
    broken = tmp_path / "club.pdn"
    # A record that does not read, a record whose moves stop replaying, and a good one that
    # holds the known shot.
    broken.write_text(
        '[Event "Broken"]\n1. 22-18 Nonsense 2. 18-14 *\n\n'
        '[Event "Wrong move"]\n[GameType "26"]\n1. c3-d4 f6-e5 2. a1-b2 *\n\n'
        f'[Event "Good"]\n[GameType "26"]\n[FEN "{fen}"]\n1... c5-b4 *\n'
    )
    assert main(["puzzles", str(broken), "--variant", variant]) == 0
    out, err = capsys.readouterr()
    assert "club.pdn: line 1: not readable as PDN, skipped" in err
    assert "game 1 [? - ? (Wrong move)]: move 2. a1-b2" in err
    found = json.loads(out)
    assert [entry["fen"] for entry in found] == [fen]
    assert found[0]["source"] == "club.pdn game 2 [? - ? (Good)]"
