"""Replaying PDN records: every move through the position's own `parse`, so that short and
full capture paths both work.

A capture written short that names several routes (`3x26` for `3x10x19x26` and
`3x10x17x26`) is resolved by the rest of the record: each route is tried and the one with
which the following moves replay is kept. Only when several routes let the whole record
replay is the first one taken, with a warning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.base import AmbiguousMove, GameError
from games.damas import Position
from games.damas.pdn import PdnGame

# Ambiguous captures in one record tried by look-ahead; more are taken as first written.
LOOKAHEAD_LIMIT = 8


@dataclass(frozen=True)
class PdnProblem:
    """Why a record stops replaying: at which move, in which position, and the reason."""

    index: int  # of the move in the record, 0-based; -1 for a bad set-up position
    move_number: str
    text: str
    fen: str
    reason: str


@dataclass(frozen=True)
class PdnReplay:
    """How far a record replays: the last position reached, the problem if any, the
    warnings (short captures that several routes fit), and the moves replayed in the
    positions' own notation (a short capture as the route taken)."""

    position: Position | None
    played: int
    problem: PdnProblem | None
    warnings: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()


def start_position(game: PdnGame) -> Position:
    """The position the record starts from: its FEN tag, or the variant's start."""
    fen = game.fen
    if fen is None:
        return Position.start(game.variant)
    return Position.from_fen(game.variant, fen)


def replay_game(game: PdnGame) -> PdnReplay:
    """Plays the record's moves until the end or until the first one that does not replay."""
    try:
        position = start_position(game)
    except GameError as error:
        problem = PdnProblem(-1, "", game.fen or "", "", f"bad set-up position: {error}")
        return PdnReplay(None, 0, problem)
    return _Replayer(game).replay_from(position, 0)


class _Replayer:
    """Replays one record, trying both ways at most LOOKAHEAD_LIMIT ambiguous captures."""

    def __init__(self, game: PdnGame) -> None:
        self.game = game
        self.lookaheads_left = LOOKAHEAD_LIMIT

    def replay_from(self, position: Position, first: int) -> PdnReplay:
        moves: Sequence[str] = self.game.moves
        played: list[str] = []
        for index in range(first, len(moves)):
            text = moves[index]
            try:
                move = position.parse(text)
            except AmbiguousMove as error:
                resolved = self._resolve(position, index, error)
                return replace(resolved, moves=(*played, *resolved.moves))
            except GameError as error:
                number = self.game.move_number(index)
                problem = PdnProblem(index, number, text, position.fen(), str(error))
                return PdnReplay(position, index, problem, moves=tuple(played))
            played.append(position.notation(move))
            position = position.play(move)
        return PdnReplay(position, len(moves), None, moves=tuple(played))

    def _resolve(self, position: Position, index: int, error: AmbiguousMove) -> PdnReplay:
        """Try each route the short capture names; keep the first with which the record
        goes on to its end, else the one that goes furthest."""
        routes = [position.parse(route) for route in error.choices]
        if self.lookaheads_left <= 0:
            routes = routes[:1]
        self.lookaheads_left -= 1
        tries = [
            _after(position.notation(route), self.replay_from(position.play(route), index + 1))
            for route in routes
        ]
        whole = [i for i, replay in enumerate(tries) if replay.problem is None]
        if not whole:
            return max(tries, key=lambda replay: replay.played)
        chosen = tries[whole[0]]
        warnings = chosen.warnings
        if len(whole) > 1:
            names = ", ".join(error.choices[i] for i in whole)
            warning = (
                f"move {self.game.move_number(index)} {self.game.moves[index]}: the record "
                f"replays with each of {names}; took {error.choices[whole[0]]}"
            )
            warnings = (warning, *warnings)
        return replace(chosen, warnings=warnings)


def _after(route: str, replay: PdnReplay) -> PdnReplay:
    """A replay from the move after a short capture, with the route taken put first."""
    return replace(replay, moves=(route, *replay.moves))
