"""The puzzle finder: known positions give their known line, each choice of the solver proved
here by a plain search of this file's own (full width, no pruning, no code shared with the
finder); a capture the rules force is no choice, so a shot of one choice is no puzzle; a
position with two winning moves is no puzzle; the generator names a broken PDN record and
goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.damas import Position
from games.damas.__main__ import main
from games.damas.puzzles import find_puzzle, puzzle_from_json, puzzle_json

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


# Positions whose winning line has two moves of the solver that are a choice, with the line
# the finder gives: a shot of tests/data/shots.txt and puzzles of the shipped set.
KNOWN = [
    (
        "brazilian",
        "B:W20,21,25,26,27,28,29,30,32:B1,2,3,4,5,8,11,12,18",
        "d4-e3 d2xf4 f6-g5 h4xf6 g7xe1",
    ),
    (
        "italian",
        "B:W15,18,22,23,26,27,28,30,31:B1,3,6,7,8,9,13,16,17",
        "16-20 23x16 7-12 16x7 3x19 22x15 13x29",
    ),
    (
        "international",
        "W:W23,25,31,34,35,37,40,44:B5,10,11,14,17,20,K38",
        "31-27 38x16 37-32 16x30 35x4",
    ),
]
# Plies of the finder's first search in these tests: the lines above are found at 4 (and
# checked again at 8), in a fraction of the CPU of the default 6 and 12.
QUICK = 4


@pytest.mark.parametrize(("variant", "fen", "line"), KNOWN)
def test_a_known_position_gives_its_unique_line(variant: str, fen: str, line: str) -> None:
    puzzle = find_puzzle(Position.from_fen(variant, fen), QUICK)
    assert puzzle is not None
    assert " ".join(puzzle.line) == line
    assert "shot" in puzzle.themes


def test_each_choice_of_the_line_is_proved_by_a_plain_search() -> None:
    # The plain search of this file: at each move of the solver where there is a choice, the
    # line's move keeps a gain of two men by the end of the line (captures played out), and
    # every other move wins nothing.
    variant, fen, line = KNOWN[0]
    position = Position.from_fen(variant, fen)
    start = _count(position)
    moves = line.split()
    choices = 0
    for ply, notation in enumerate(moves):
        if ply % 2 == 0 and len(position.legal_moves()) > 1:
            choices += 1
            plies = len(moves) - ply - 1
            kept = {move: -_value(position.play(move), plies) for move in position.legal_moves()}
            chosen = position.parse(notation)
            assert kept[chosen] >= start + 2
            assert all(value <= start for move, value in kept.items() if move != chosen)
        position = position.play(position.parse(notation))
    assert choices == 2


def test_a_capture_the_rules_force_is_no_choice() -> None:
    # The shot c5-b4 a3xc5 b6xh4 of tests/data/shots.txt wins two men, but b6xh4 is Black's
    # only legal move: one choice of the solver, so no puzzle.
    position = Position.from_fen(
        "brazilian", "B:W21,23,24,25,26,28,29,30,31,32:B1,3,4,5,6,8,9,11,12,14"
    )
    after = position.play(position.parse("c5-b4"))
    after = after.play(after.parse("a3xc5"))
    assert [after.notation(move) for move in after.legal_moves()] == ["b6xh4"]
    assert find_puzzle(position, QUICK) is None
    assert find_puzzle(position) is None


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
    variant, fen, _ = KNOWN[0]
    puzzle = find_puzzle(Position.from_fen(variant, fen), QUICK)
    assert puzzle is not None
    data = puzzle_json(puzzle, "here")
    assert puzzle_from_json(data) == puzzle
    with pytest.raises(ValueError, match="does not replay"):
        puzzle_from_json({**data, "line": ["d4-e3", "d2xf4", "h8-g7"]})


def test_the_generator_names_a_broken_record_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant, fen, _ = KNOWN[0]
    broken = tmp_path / "club.pdn"
    # A record that does not read, a record whose moves stop replaying, and a good one that
    # holds the known shot.
    broken.write_text(
        '[Event "Broken"]\n1. 22-18 Nonsense 2. 18-14 *\n\n'
        '[Event "Wrong move"]\n[GameType "26"]\n1. c3-d4 f6-e5 2. a1-b2 *\n\n'
        f'[Event "Good"]\n[GameType "26"]\n[FEN "{fen}"]\n1... d4-e3 *\n'
    )
    assert main(["puzzles", str(broken), "--variant", variant, "--depth", str(QUICK)]) == 0
    out, err = capsys.readouterr()
    assert "club.pdn: line 1: not readable as PDN, skipped" in err
    assert "game 1 [? - ? (Wrong move)]: move 2. a1-b2" in err
    found = json.loads(out)
    assert [entry["fen"] for entry in found] == [fen]
    assert found[0]["source"] == "club.pdn game 2 [? - ? (Good)]"


def test_the_engine_games_are_searched_by_several_processes_with_progress(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Two quick games by two processes: in the games' order, each game's line on stderr
    # with its count so far, as one process gives them.
    arguments = ["puzzles", "--variant", "brazilian", "--engine-games", "2", "--depth", "2"]
    assert main([*arguments, "--seed", "31", "--jobs", "2"]) == 0
    out, err = capsys.readouterr()
    assert [line.split(":")[0] for line in err.splitlines()] == [
        "1/2 engine brazilian game 31",
        "2/2 engine brazilian game 32",
    ]
    assert main([*arguments, "--seed", "31"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(out)
    assert main([*arguments, "--jobs", "0"]) == 2
    assert "--jobs is at least 1" in capsys.readouterr().err


def test_a_shipped_set_keeps_each_position_once_with_a_theme_and_a_difficulty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant, fen, _ = KNOWN[0]
    puzzle = find_puzzle(Position.from_fen(variant, fen), QUICK)
    assert puzzle is not None
    entry = {**puzzle_json(puzzle, "first"), "themes": []}  # an older output's: none named
    # The themes are named again; the same position from another game once; another
    # variant's puzzle and a line that does not replay left out.
    other = {**entry, "variant": "italian"}
    bad = {**entry, "fen": "B:W20:B1", "line": ["d4-e3"]}
    found = tmp_path / "found.json"
    found.write_text(json.dumps([entry, {**entry, "source": "second"}, other, bad]))
    assert main(["puzzle-set", "--variant", variant, str(found)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("[\n{")
    assert out.count("\n") == 3  # one puzzle a line
    [shipped] = json.loads(out)
    assert shipped == {**puzzle_json(puzzle, "first"), "difficulty": "easy"}
    assert "left out: B:W20:B1: the line does not replay" in err
    assert "brazilian: 1 puzzles (1 easy, 0 medium, 0 hard)" in err
    found.write_text("not json")
    assert main(["puzzle-set", "--variant", variant, str(found)]) == 2
    assert "not a JSON file of puzzles" in capsys.readouterr().err
