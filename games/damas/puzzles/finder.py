"""Puzzles: positions where the side to move wins material (or the game) by force, with a line
of at least two of its own moves, each the only one that wins.

Proved by the plain material search of tactics.py (not the engine's search; proof.py runs it
in the compiled core where it can): the first move is the only one of at least `MIN_CHOICES`
that wins `GAIN` men within `depth` plies, every other move wins nothing; the opponent
answers with its best reply; each later move of the solver is again the only one that keeps
the win; at least `MIN_SOLVER_MOVES` of the solver's moves are a choice (a move the rules
force counts for nothing). Then the second opinion: `verify` searches every alternative of
every solver move again at `VERIFY_TIMES` the depth, and only a puzzle that holds is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.damas.move import Move
from games.damas.position import Position
from games.damas.puzzles.proof import search
from games.damas.tactics import WIN, material

DEPTH = 6  # plies of the first search
# The second search of every alternative, at this many times the first one's depth: a
# quiet alternative that wins two men only beyond the first horizon (seen at 8 plies, not
# at 6) made a puzzle that a deeper check dropped; the few lines found are cheap to check.
VERIFY_TIMES = 2
GAIN = 2  # men the solver must win at least
MIN_CHOICES = 3  # legal moves at the start, at least: a puzzle is a choice
# The solver's moves that were a choice, at least: a move the rules force (the one legal
# move, a compulsory capture with no other) is no part of the puzzle's difficulty.
MIN_SOLVER_MOVES = 2
# Fewer pieces on the board: an ending, where material won need not win (three kings cannot
# catch one on the long diagonal); endings are a study of their own, not a puzzle here.
MIN_PIECES = 8
# What the search can see the end of; a line is cut where the search has too few plies left.
MIN_PLIES_LEFT = 2
THEMES = ("shot", "coup", "breakthrough", "king-capture")
COUP_CAPTURES = 3  # pieces taken by one capture that make it a coup


@dataclass(frozen=True)
class Puzzle:
    """A position (FEN) and its line: the solver's moves and the opponent's answers, in turn,
    in the variant's notation, starting and ending with the solver's."""

    variant: str
    fen: str
    line: tuple[str, ...]
    themes: tuple[str, ...]
    gain: int  # men won by the line (WIN: the game)

    def start(self) -> Position:
        return Position.from_fen(self.variant, self.fen)


def _values(position: Position, depth: int) -> list[tuple[int, Move]]:
    """Each legal move with the material the mover keeps after it, best play for `depth`."""
    return [(-search(position.play(move), depth - 1), move) for move in position.legal_moves()]


def keeps(position: Position, move: Move, depth: int, bound: int) -> bool:
    """Whether the mover keeps at least `bound` after `move` with best play for `depth`
    plies: one null-window search, much cheaper than the move's value."""
    return -search(position.play(move), depth - 1, -bound, -bound + 1) >= bound


def only_winner(position: Position, depth: int, target: int) -> Move | None:
    """The one move that keeps at least `target`, if no other keeps more than
    `target - GAIN` (nothing won by the alternatives)."""
    good: list[Move] = []
    for move in position.legal_moves():
        if keeps(position, move, depth, target - GAIN + 1):
            good.append(move)
            if len(good) > 1:
                return None  # a second move wins too: the rest need no search
    if len(good) != 1 or not keeps(position, good[0], depth, target):
        return None
    return good[0]


def find_puzzle(position: Position, depth: int = DEPTH) -> Puzzle | None:
    """The puzzle in `position`, if it holds one (a quiet first move among several)."""
    if position.outcome() is not None:
        return None
    moves = position.legal_moves()
    if len(moves) < MIN_CHOICES or any(move.captures or move.huff for move in moves):
        return None
    if sum(map(sum, (position.material(0), position.material(1)))) < MIN_PIECES:
        return None
    target = material(position) + GAIN
    # A cheap null-window test first: most positions win nothing.
    if search(position, depth, target - 1, target) < target:
        return None
    line = winning_line(position, depth, target)
    if line is None:
        return None
    notations, end = line
    puzzle = Puzzle(
        position.rules.key,
        position.fen(),
        tuple(notations),
        themes(position, notations),
        _won(position, end),
    )
    # The second opinion: every alternative searched again, deeper.
    return puzzle if verify(puzzle, VERIFY_TIMES * depth) else None


def winning_line(position: Position, depth: int, target: int) -> tuple[list[str], Position] | None:
    """The solver's only winning moves and the opponent's best answers, until the win is in
    material on the board; None where a move of the solver is not the only one."""
    notations: list[str] = []
    choices = 0  # the solver's moves where the rules left more than one
    plies_left = depth
    while True:
        move = only_winner(position, max(plies_left, MIN_PLIES_LEFT), target)
        if move is None:
            return None
        choices += len(position.legal_moves()) > 1
        notations.append(position.notation(move))
        position = position.play(move)
        plies_left -= 1
        if position.outcome() is not None or _won_on_board(position, target):
            break
        reply = _best_reply(position, max(plies_left, MIN_PLIES_LEFT))
        notations.append(position.notation(reply))
        position = position.play(reply)
        plies_left -= 1
        if position.outcome() is not None:
            break
        if len(notations) > 2 * depth:
            return None  # the win never stands on the board within the search's reach
    if choices < MIN_SOLVER_MOVES:
        return None
    return notations, position


def _won_on_board(position: Position, target: int) -> bool:
    """The solver's gain stands on the board and the opponent (to move) can take nothing."""
    if any(move.captures for move in position.legal_moves()):
        return False
    return -material(position) >= target


def _best_reply(position: Position, depth: int) -> Move:
    values = _values(position, depth)
    best = max(value for value, _ in values)
    return next(move for value, move in values if value == best)


def refutation(puzzle: Puzzle, ply: int, wrong: str) -> str | None:
    """The opponent's best answer, by the proof's search, to `wrong` played instead of the
    line's move at `ply` (a solver's); None where `wrong` ends the game."""
    position = replay(puzzle)[ply][0]
    after = position.play(position.parse(wrong))
    if after.outcome() is not None:
        return None
    return after.notation(_best_reply(after, max(DEPTH - ply - 1, MIN_PLIES_LEFT)))


def _won(start: Position, end: Position) -> int:
    outcome = end.outcome()
    if outcome is not None and start.colour in outcome.winners:
        return WIN
    sign = 1 if end.colour == start.colour else -1
    return sign * material(end) - material(start)


def replay(puzzle: Puzzle) -> list[tuple[Position, Move]]:
    """Each position of the line with the move played in it."""
    position = puzzle.start()
    steps = []
    for notation in puzzle.line:
        move = position.parse(notation)
        steps.append((position, move))
        position = position.play(move)
    return steps


def themes(start: Position, line: Sequence[str]) -> tuple[str, ...]:
    """What the line shows, where it can be named: a shot (a quiet move of the solver gives
    a piece away, taken at once), a coup (one capture of several pieces), a breakthrough (a
    man crowned), a king's capture."""
    found: set[str] = set()
    position = start
    quiet = False  # the solver's last move took nothing
    for ply, notation in enumerate(line):
        move = position.parse(notation)
        after = position.play(move)
        if ply % 2 == 0:
            found.update(_solver_themes(position, move, after))
            quiet = not move.captures
        elif quiet and move.captures:
            found.add("shot")
        position = after
    return tuple(theme for theme in THEMES if theme in found)


def _solver_themes(position: Position, move: Move, after: Position) -> set[str]:
    found = set()
    if len(move.captures) >= COUP_CAPTURES:
        found.add("coup")
    index = position.rules.board.index_of
    was_king = bool(position.kings >> index[move.start] & 1)
    if move.captures and was_king:
        found.add("king-capture")
    if not was_king and after.kings >> index[move.path[-1]] & 1:
        found.add("breakthrough")
    return found


def verify(puzzle: Puzzle, depth: int) -> bool:
    """Every solver move of the line is still the only winning one at `depth` plies: each
    alternative searched again."""
    steps = replay(puzzle)
    target = material(steps[0][0]) + GAIN
    solver = [(ply, position, move) for ply, (position, move) in enumerate(steps) if ply % 2 == 0]
    # The last moves first: their searches are the shallower, the cheaper ones to fail.
    return all(
        only_winner(position, max(depth - ply, MIN_PLIES_LEFT), target) == move
        for ply, position, move in reversed(solver)
    )
