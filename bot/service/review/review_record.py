"""A review as it is stored: the game it reviews (variant, start, moves, PDN tags) and each
move's verdict, as JSON text; and the game's positions rebuilt from it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from games.damas import Position
from games.damas.review import MoveReview, Searched, review_moves


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
    game: ReviewedGame
    nodes: int
    moves: tuple[MoveReview, ...]

    @classmethod
    def of(cls, game: ReviewedGame, nodes: int, searched: list[Searched | None]) -> Review:
        reviews = review_moves(game.positions(), game.moves, searched)
        return cls(game, nodes, tuple(reviews))

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
                "reviews": [
                    [m.ply, m.seat, m.played, m.best, list(m.line), m.before, m.after]
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
        moves = tuple(
            MoveReview(ply, seat, played, best, tuple(line), before, after)
            for ply, seat, played, best, line, before, after in data["reviews"]
        )
        return cls(game, data["nodes"], moves)
