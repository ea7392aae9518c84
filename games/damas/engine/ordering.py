"""Move ordering of the search: killer moves per ply and a history score per (colour, from,
to) for the quiet moves that cut off; the transposition table's move goes first."""

from __future__ import annotations

from games.damas.movegen import Raw

_HISTORY_CAP = 1 << 20


class Ordering:
    """The killers and history of one search."""

    def __init__(self, plies: int) -> None:
        self.killers: list[list[Raw]] = [[] for _ in range(plies)]
        self.history = [0] * (2 * 64 * 64)

    def ordered(
        self, moves: list[Raw], first: Raw | None, captures: bool, colour: int, ply: int
    ) -> list[Raw]:
        """The table's move first; then, without captures, the killers, then by history."""
        if not captures:
            history = self.history
            base = colour << 12
            killers = self.killers[ply]
            moves = sorted(
                moves,
                key=lambda m: (
                    (1 << 40 if m in killers else 0)
                    + history[base | m[0].bit_length() << 6 | m[1].bit_length()]
                ),
                reverse=True,
            )
        if first is not None and first in moves and moves[0] != first:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def reward(self, move: Raw, tried: list[Raw], colour: int, ply: int, depth: int) -> None:
        """A quiet move cut off: remember it as a killer, raise its history, lower the
        moves tried before it."""
        killers = self.killers[ply]
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        history = self.history
        base = colour << 12
        bonus = depth * depth
        index = base | move[0].bit_length() << 6 | move[1].bit_length()
        history[index] += bonus
        if history[index] > _HISTORY_CAP:
            for i in range(len(history)):
                history[i] //= 2
        for other in tried:
            index = base | other[0].bit_length() << 6 | other[1].bit_length()
            history[index] -= bonus
