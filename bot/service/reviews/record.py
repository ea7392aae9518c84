"""A review as it is stored: the game it reviews (variant, start, moves, PDN tags) and each
move's verdict, as JSON text; and the game's positions rebuilt from it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from games.damas import Position
from games.damas.review import MoveReview, Searched, men_of_stored, review_moves, second_look


@dataclass(frozen=True)
class ReviewedGame:
    """What a review reviews: a stored game (`game_id`) or a PDN record (its `tags`)."""

    variant: str
    fen: str | None
    moves: tuple[str, ...]
    game_id: int | None = None
    tags: Mapping[str, str] = field(default_factory=dict)
    result: str = "*"

    def start(self) -> Position:
        return (
            Position.from_fen(self.variant, self.fen) if self.fen else Position.start(self.variant)
        )

    def positions(self) -> list[Position]:
        """The position before each move, and the last one."""
        position = self.start()
        positions = [position]
        for notation in self.moves:
            position = position.play(position.parse(notation))
            positions.append(position)
        return positions


@dataclass(frozen=True)
class Review:
    """`nodes`: the budget of every position; `second_look`: of the second look at the moves
    the first pass marked a mistake or worse (0 in the reviews stored before it)."""

    game: ReviewedGame
    nodes: int
    moves: tuple[MoveReview, ...]
    second_look: int = 0

    @classmethod
    def of(cls, game: ReviewedGame, nodes: int, searched: list[Searched | None]) -> Review:
        reviews = review_moves(game.positions(), game.moves, searched)
        return cls(game, nodes, tuple(reviews))

    def looked_again(
        self, nodes: int, deeper: Mapping[int, tuple[Searched | None, Searched | None]]
    ) -> Review:
        """The review with the moves of `deeper` judged by its searches (`nodes` each)."""
        moves = second_look(self.game.positions(), self.moves, deeper)
        return Review(self.game, self.nodes, tuple(moves), nodes)

    def to_json(self) -> str:
        game = self.game
        return json.dumps(
            {
                "variant": game.variant,
                "fen": game.fen,
                "moves": list(game.moves),
                "game": game.game_id,
                "tags": dict(game.tags),
                "result": game.result,
                "nodes": self.nodes,
                "second_look": self.second_look,
                "reviews": [
                    [m.ply, m.seat, m.played, m.best, list(m.line), m.before, m.after, m.men]
                    for m in self.moves
                ],
            }
        )

    @classmethod
    def from_json(cls, content: str) -> Review:
        data = json.loads(content)
        game = ReviewedGame(
            data["variant"],
            data["fen"],
            tuple(data["moves"]),
            data["game"],
            data["tags"],
            data["result"],
        )
        moves = [
            MoveReview(ply, seat, played, best, tuple(line), before, after, *men)
            for ply, seat, played, best, line, before, after, *men in data["reviews"]
        ]
        if any(len(row) < 8 for row in data["reviews"]):
            # Stored before the men were kept: read them back from the chances.
            positions = game.positions()
            moves = [
                replace(move, men=men_of_stored(positions[move.ply], positions[move.ply + 1], move))
                for move in moves
            ]
        return cls(game, data["nodes"], tuple(moves), data.get("second_look", 0))
