"""Reading moves typed by people, and saying why a move is not legal, with message keys.

Lenient on the form: `-`, `x`, `:` or nothing between Brazilian square names (`c3d4`),
spaces, upper case, a capture path written in full or in part, a destination alone when one
legal move ends there (`e5`, `28`), `soffio 22` / `huff 22`, and `soffio` alone when one
piece may be huffed. Precise on the reason: the errors name the rule that applies.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

from games.base import AmbiguousMove, BadNotation, GameError, IllegalMove
from games.damas.messages import COLOURS, SIDES, example
from games.damas.move import Move, Piece
from games.damas.rules import Rules
from games.damas.squares import describe_squares, parse_square, square_name
from games.messages import either, visible


class Position(Protocol):
    """What reading a move needs of a position (games.damas.position.Position has it; the
    position module imports this one, so this one names only the shape)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def colour(self) -> int: ...
    @property
    def huffed(self) -> int: ...
    def pieces(self) -> dict[int, Piece]: ...
    def legal_moves(self) -> list[Move]: ...
    def notation(self, move: Move) -> str: ...
    def route(self, move: Move) -> str: ...
    def routes(self, moves: Iterable[Move]) -> str: ...
    def routes_by_move(self) -> dict[Move, list[tuple[int, ...]]]: ...
    def all_capture_routes(self) -> list[Move]: ...


_HUFF = re.compile(r"^(?:soffio|soffia|soffiare|huff|sopro|soprar|sopra)(?:\s*[:\s]?\s*(\S+))?$")
_SEPARATOR = re.compile(r"\s*[-x:×]\s*")
# Brazilian square names run together: `c3d4`, `d4f6h8`.
_NAMES_TOGETHER = re.compile(r"^(?:[a-z]\d)+$")


def parse_move(position: Position, typed: str) -> Move:
    """The legal move that `typed` names; BadNotation, IllegalMove or AmbiguousMove."""
    rules = position.rules
    text = visible(typed.strip())
    cleaned = " ".join(typed.strip().lower().split())
    huff = _HUFF.match(cleaned)
    if huff:
        return _parse_huff(position, text, huff.group(1))
    tokens = _SEPARATOR.split(cleaned)
    if len(tokens) == 1 and rules.alphanumeric and _NAMES_TOGETHER.match(cleaned):
        tokens = re.findall(r"[a-z]\d", cleaned)
    if not all(tokens):
        raise BadNotation(key="not_a_move", params={"text": text, "example": example(rules.key)})
    squares = []
    for token in tokens:
        square = parse_square(rules, token)
        if square is None and len(tokens) == 1:
            raise BadNotation(
                key="not_a_move", params={"text": text, "example": example(rules.key)}
            )
        if square is None:
            raise BadNotation(
                key="not_a_square",
                params={
                    "text": text,
                    "token": visible(token),
                    "where": describe_squares(rules),
                    "example": example(rules.key),
                },
            )
        squares.append(square)
    if len(squares) == 1:
        return _by_destination(position, text, squares[0])
    matches = _matching(position, squares)
    if len(matches) == 1:
        return matches[0]
    if matches:
        routes = ["x".join(square_name(rules, s) for s in m.path) for m in matches]
        raise AmbiguousMove(
            choices=routes,
            key="ambiguous_capture",
            params={"text": text, "count": len(matches), "moves": ", ".join(routes)},
        )
    raise explain_illegal(position, text, squares)


def _choices(position: Position) -> list[str]:
    return [position.notation(m) for m in position.legal_moves()]


def _by_destination(position: Position, text: str, square: int) -> Move:
    ending = [m for m in position.legal_moves() if not m.huff and m.end == square]
    if len(ending) == 1:
        return ending[0]
    name = square_name(position.rules, square)
    if not ending:
        choices = _choices(position)
        raise IllegalMove(
            choices=choices, key="no_destination", params={"text": text, "square": name}
        )
    moves = [position.notation(m) for m in ending]
    raise AmbiguousMove(
        choices=moves,
        key="ambiguous_destination",
        params={"text": text, "count": len(moves), "square": name, "moves": ", ".join(moves)},
    )


def _parse_huff(position: Position, text: str, token: str | None) -> Move:
    rules = position.rules
    huffs = [m for m in position.legal_moves() if m.huff]
    if token is None and len(huffs) == 1:
        return huffs[0]
    if token is not None:
        square = parse_square(rules, token)
        if square is None:
            raise BadNotation(
                key="not_a_huff_square",
                params={"text": text, "token": visible(token), "where": describe_squares(rules)},
            )
        for move in huffs:
            if move.start == square:
                return move
    choices = _choices(position)
    plain = position.routes(m for m in position.legal_moves() if not m.huff)
    huff_names = either([position.notation(m) for m in huffs]) if huffs else ""
    if huffs and token is None:
        raise AmbiguousMove(
            choices=[position.notation(m) for m in huffs],
            key="huff_which",
            params={"text": text, "huffs": huff_names},
        )
    if huffs:
        squares = either([square_name(rules, m.start) for m in huffs])
        params = {"text": text, "squares": squares, "huffs": huff_names, "moves": plain}
        raise IllegalMove(choices=choices, key="huff_only", params=params)
    if position.huffed:
        params = {"text": text, "square": square_name(rules, position.huffed), "moves": plain}
        raise IllegalMove(choices=choices, key="already_huffed", params=params)
    raise IllegalMove(choices=choices, key="nothing_to_huff", params={"text": text})


def _matching(position: Position, squares: list[int]) -> list[Move]:
    """The legal moves from squares[0] to squares[-1] whose route passes the squares
    between, preferring a route that is exactly these squares."""
    start, end = squares[0], squares[-1]
    candidates = [
        m for m in position.legal_moves() if not m.huff and m.start == start and m.end == end
    ]
    if len(squares) == 2 or not candidates:
        return candidates
    routes = position.routes_by_move()
    wanted = tuple(squares)
    # A plain step has no capture route: its only path is its own two squares.
    paths = {m: routes.get(m, [m.path]) for m in candidates}
    exact = [m for m in candidates if wanted in paths[m]]
    if exact:
        return exact
    return [m for m in candidates if any(_passes(path, wanted) for path in paths[m])]


def _passes(path: tuple[int, ...], wanted: tuple[int, ...]) -> bool:
    """True if `wanted` lists squares of `path` in order (a route written partly)."""
    remaining = iter(path)
    return all(square in remaining for square in wanted)


def _rank(position: Position, route: Move) -> tuple[int, bool, int, tuple[int, ...]]:
    """The Italian order of a capture route (the majority law reads only the first field)."""
    pieces = position.pieces()
    king_places = tuple(-i for i, sq in enumerate(route.captures) if pieces[sq].is_king)
    return (len(route.captures), pieces[route.start].is_king, len(king_places), king_places)


def explain_illegal(position: Position, text: str, squares: list[int]) -> GameError:
    """Why the move from squares[0] over squares[1:] is not legal, naming the rule."""
    rules = position.rules
    choices = _choices(position)
    start, name = squares[0], square_name(rules, squares[0])
    piece = position.pieces().get(start)
    if piece is None or piece.colour != position.colour:
        params = {
            "text": text,
            "square": name,
            "colour": COLOURS[position.colour],
            "side": SIDES[position.colour],
        }
        return IllegalMove(choices=choices, key="no_piece_on_square", params=params)
    legal_captures = [m for m in position.legal_moves() if m.captures]
    captures_text = position.routes(legal_captures)
    typed = tuple(squares)
    routes = [r for r in position.all_capture_routes() if r.start == start]
    played = [r for r in routes if r.end == squares[-1] and _passes(r.path, typed)]
    if played and legal_captures:
        return _priority_error(position, text, played[0], legal_captures, choices)
    if _man_over_king(position, squares):
        params = {"text": text}
        return IllegalMove(choices=choices, key="man_cannot_take_king", params=params)
    if any(r.path[: len(typed)] == typed for r in routes):
        taking = position.routes(m for m in legal_captures if m.start == start)
        params = {"text": text, "moves": taking or captures_text}
        return IllegalMove(choices=choices, key="capture_goes_on", params=params)
    if rules.compulsory_capture and legal_captures:
        return IllegalMove(
            choices=choices, key="capture_compulsory", params={"text": text, "moves": captures_text}
        )
    from_start = [position.notation(m) for m in position.legal_moves() if m.start == start]
    if not from_start:
        return IllegalMove(
            choices=choices, key="piece_stuck", params={"text": text, "square": name}
        )
    params = {"text": text, "square": name, "moves": ", ".join(from_start)}
    return IllegalMove(choices=choices, key="piece_moves", params=params)


def _man_over_king(position: Position, squares: list[int]) -> bool:
    """Whether the move jumps a man over an enemy king, where men may not take kings."""
    if position.rules.men_capture_kings or len(squares) != 2:
        return False
    board = position.rules.board
    (row, col), (to_row, to_col) = board.row_col(squares[0]), board.row_col(squares[1])
    if abs(to_row - row) != 2 or abs(to_col - col) != 2:
        return False
    pieces = position.pieces()
    over = pieces.get(board.square_at((row + to_row) // 2, (col + to_col) // 2) or 0)
    mover = pieces[squares[0]]
    return not mover.is_king and over is not None and over.is_king and over.colour != mover.colour


def _priority_error(
    position: Position, text: str, played: Move, legal: list[Move], choices: list[str]
) -> IllegalMove:
    """The player captured, but not as the capture priorities require: say which one."""
    mine = _rank(position, played)
    best_move = max(legal, key=lambda m: _rank(position, m))
    best = _rank(position, best_move)
    moves = position.routes(legal)
    best_name = position.route(best_move)
    if mine[0] < best[0]:
        params = {"text": text, "best": best_name, "most": best[0]}
        return IllegalMove(choices=choices, key="take_the_most", params=params)
    if best[1] and not mine[1]:
        return IllegalMove(
            choices=choices, key="king_must_capture", params={"text": text, "moves": moves}
        )
    if mine[2] < best[2]:
        params = {"text": text, "best": best_name, "kings": best[2]}
        return IllegalMove(choices=choices, key="take_most_kings", params=params)
    return IllegalMove(
        choices=choices, key="take_kings_first", params={"text": text, "moves": moves}
    )
