"""Where puzzles come from: the positions of game records (PDN) and of games the engine plays
against itself, and the search of each position for a puzzle."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from games.base import GameError
from games.damas.engine import Limit, think
from games.damas.pdn import PdnGame
from games.damas.pdn_replay import start_position
from games.damas.position import Position
from games.damas.puzzles.finder import DEPTH, Puzzle, find_puzzle
from games.damas.tactics import material

# The engine's games: quick and noisy, so that one side now and then lets a shot through.
SELF_PLAY = Limit(depth=2, seconds=0.05, noise=300, blunder=0.5)
SELF_PLAY_PLIES = 120
# The screen before the proof: the compiled engine, this deep, must see the side to move
# winning at least SCREEN_MARGIN hundredths of a man beyond the material on the board. It costs
# a twentieth of the finder's first search; over 20 Brazilian games (seeds 6000-6019) it let
# through 123 of 668 positions, among them all 48 the finder's first search passed.
SCREEN = Limit(depth=DEPTH, seconds=60.0, databases=False)
SCREEN_MARGIN = 80


@dataclass(frozen=True)
class GamePositions:
    """The positions of one game, in order, and why its moves stop early (None: they don't)."""

    positions: list[Position]
    problem: str | None = None


def record_positions(record: PdnGame) -> GamePositions:
    """The positions of a record up to its end or to its first move that does not replay
    (named with its number and the reason)."""
    try:
        position = start_position(record)
    except GameError as error:
        return GamePositions([], f"bad set-up position: {error}")
    return replayed(position, record.moves, record.move_number)


def replayed(
    position: Position, moves: Sequence[str], number: Callable[[int], str]
) -> GamePositions:
    """The positions of a game's moves from `position`, up to the first that does not
    replay (named by `number` of its index)."""
    positions = [position]
    for index, text in enumerate(moves):
        try:
            position = position.play(position.parse(text))
        except GameError as error:
            return GamePositions(positions, f"move {number(index)} {text}: {error}")
        positions.append(position)
    return GamePositions(positions)


def engine_game(variant: str, seed: int, limit: Limit = SELF_PLAY) -> GamePositions:
    """A game the engine plays against itself from the start (its noise drawn from `seed`)."""
    rng = random.Random(seed)
    position = Position.start(variant)
    positions = [position]
    while position.outcome() is None and len(positions) <= SELF_PLAY_PLIES:
        position = position.play(think(position, limit, rng).move)
        positions.append(position)
    return GamePositions(positions)


def worth_proving(position: Position) -> bool:
    """Whether the engine sees the side to move winning material here: the finder's proof is
    run only where it does (the proof, not the screen, decides what is a puzzle)."""
    if position.outcome() is not None:
        return False
    return think(position, SCREEN).score >= 100 * material(position) + SCREEN_MARGIN


def puzzles_in(positions: Iterable[Position], depth: int = DEPTH) -> Iterator[Puzzle]:
    """The puzzles of a game's positions, each position once."""
    for position in positions:
        puzzle = find_puzzle(position, depth) if worth_proving(position) else None
        if puzzle is not None:
            yield puzzle
