"""Differential test: our legal moves against pydraughts 0.6.7, an independent engine.

For hundreds of positions of the brazilian, international and italian rules, reached by
random legal play from the start with our engine, by random king-heavy set-ups and by crowded
set-ups where one or two kings face many pieces, the SET of legal moves must agree, a move
being (start square, end square, set of captured squares) in our FEN numbers.

pydraughts numbers Brazilian squares from White's a1 = 1 upwards, row by row (its
draughts/convert.py turns its FENs and moves with `_rotate_move`, notation 0: rows
reversed); we number them like the international board, from the top left seen from White
(a1 = 29). Its international and Italian numbers are ours.

Where pydraughts breaks docs/RULES.md, a named test below shows the position and says why,
and the comparison corrects exactly that rule, explicitly (`peer_with_full_priority_4`):
- Italian priority 4 (kings met earliest): pydraughts compares only where the FIRST king is
  taken; RULES.md compares the first, then the second king, and so on.
- Two routes with the same start, end and captured set are one move (RULES.md); pydraughts
  lists every route. The comparison is of sets, so this shows only in the named test.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from importlib import metadata
from typing import Any

import pytest

from games.damas import RULES, Position

PEER_VERSION = "0.6.7"


def _peer_module() -> Any:
    try:
        version = metadata.version("pydraughts")
    except metadata.PackageNotFoundError:
        pytest.skip(
            "pydraughts is not installed: pip install -e '.[test]'", allow_module_level=True
        )
    if version != PEER_VERSION:
        pytest.skip(
            f"written for pydraughts {PEER_VERSION}, not {version}", allow_module_level=True
        )
    return pytest.importorskip("draughts")


draughts = _peer_module()

PEER_VARIANT = {"brazilian": "brazilian", "international": "standard", "italian": "italian"}
VARIANTS = sorted(PEER_VARIANT)
SEED = 20260415


class Sample:
    """How many positions of each kind one comparison takes (per variant)."""

    def __init__(self, games: int, every: int, setups: int, crowded: int) -> None:
        self.games = games  # random games from the start
        self.every = every  # plies between two positions taken from one game
        self.setups = setups  # random set-ups, kings likely
        self.crowded = crowded  # one or two White kings against many pieces


DEFAULT_SAMPLE = Sample(games=15, every=3, setups=150, crowded=150)
SLOW_SAMPLE = Sample(games=60, every=1, setups=1500, crowded=3000)
# The default sample must compare at least this many positions of each variant.
ENOUGH_POSITIONS = 400

MoveKey = tuple[int, int, frozenset[int]]
# Each move with the capture orders of its routes, as pydraughts lists them.
PeerMoves = dict[MoveKey, list[tuple[int, ...]]]


# ----------------------------------------------------------------------------------------
# Talking to pydraughts


def peer_square(position: Position, square: int) -> int:
    """Our square number -> pydraughts' number of the same square."""
    rules = position.rules
    if rules.key != "brazilian":
        return square
    half = rules.board_size // 2
    row, place = divmod(square - 1, half)
    return (rules.board_size - 1 - row) * half + place + 1


def peer_fen(position: Position) -> str:
    sides: tuple[list[str], list[str]] = ([], [])
    for square, piece in position.pieces().items():
        prefix = "K" if piece.is_king else ""
        sides[piece.colour].append(f"{prefix}{peer_square(position, square)}")
    return f"{'WB'[position.to_move()]}:W{','.join(sides[0])}:B{','.join(sides[1])}"


def peer_routes(position: Position) -> PeerMoves:
    """pydraughts' legal moves of the position, in our square numbers."""
    squares = range(1, position.rules.board.square_count + 1)
    ours = {peer_square(position, square): square for square in squares}
    board = draughts.Board(PEER_VARIANT[position.rules.key], peer_fen(position))
    routes: PeerMoves = {}
    for move in board.legal_moves():
        captures = tuple(ours[square] for square in move.captures)
        key = (ours[move.steps_move[0]], ours[move.steps_move[-1]], frozenset(captures))
        routes.setdefault(key, []).append(captures)
    return routes


def our_moves(position: Position) -> set[MoveKey]:
    return {(move.start, move.end, frozenset(move.captures)) for move in position.legal_moves()}


def peer_with_full_priority_4(position: Position, peer: PeerMoves) -> set[MoveKey]:
    """pydraughts' moves with RULES.md's Italian priority 4 applied in full.

    pydraughts keeps every capture whose FIRST king comes earliest; RULES.md goes on to the
    second king, the third, ... A move qualifies through its best route.
    """
    pieces = position.pieces()

    def king_places(captures: tuple[int, ...]) -> tuple[int, ...]:
        # Negated, so that the larger tuple meets its kings earlier.
        return tuple(-place for place, square in enumerate(captures) if pieces[square].is_king)

    best_of_move = {key: max(map(king_places, routes)) for key, routes in peer.items()}
    best = max(best_of_move.values(), default=())
    return {key for key, places in best_of_move.items() if places == best}


def disagreement(position: Position) -> str | None:
    """None when both engines agree (after the explicit correction), else a report."""
    ours = our_moves(position)
    peer = peer_routes(position)
    if ours == set(peer):
        return None
    if position.rules.key == "italian" and ours == peer_with_full_priority_4(position, peer):
        return None
    return (
        f"{position.rules.key} {position.fen()}: only ours {sorted(ours - set(peer), key=str)}, "
        f"only pydraughts {sorted(set(peer) - ours, key=str)}"
    )


# ----------------------------------------------------------------------------------------
# Positions


def played_positions(key: str, rng: random.Random, sample: Sample) -> Iterator[Position]:
    """Positions of random legal games from the start, every few plies, games not over."""
    for _ in range(sample.games):
        position = Position.start(key)
        for ply in range(rng.randrange(30, 150)):
            moves = position.legal_moves()
            if position.outcome() is not None or not moves:
                break
            position = position.play(rng.choice(moves))
            if ply % sample.every == 0:
                yield position


def random_setup(
    key: str, rng: random.Random, piece_count: int, white_kings: int, king_chance: float
) -> Position:
    """Random pieces; the first `white_kings` are White kings, the rest alternate colours
    when `white_kings` is 0, else are Black. Men never stand where they would crown."""
    rules = RULES[key]
    half = rules.board_size // 2
    squares = rng.sample(range(1, rules.board.square_count + 1), piece_count)
    sides: tuple[list[str], list[str]] = ([], [])
    for index, square in enumerate(squares):
        colour = (0 if index < white_kings else 1) if white_kings else index % 2
        crowning_row = 0 if colour == 0 else rules.board_size - 1
        king = (
            index < white_kings
            or (square - 1) // half == crowning_row
            or rng.random() < king_chance
        )
        sides[colour].append(f"{'K' if king else ''}{square}")
    to_move = "W" if white_kings else rng.choice("WB")
    fen = f"{to_move}:W{','.join(sides[0])}:B{','.join(sides[1])}"
    return Position.from_fen(key, fen)


def positions(key: str, sample: Sample) -> list[Position]:
    rng = random.Random(f"{SEED}-{key}")
    found = list(played_positions(key, rng, sample))
    for _ in range(sample.setups):
        found.append(random_setup(key, rng, rng.randrange(4, 13), 0, 0.6))
    for _ in range(sample.crowded):
        found.append(random_setup(key, rng, rng.randrange(10, 22), rng.randrange(1, 3), 0.7))
    return [position for position in found if position.outcome() is None]


def compare(key: str, sample: Sample) -> None:
    checked = positions(key, sample)
    problems = [report for report in map(disagreement, checked) if report is not None]
    assert problems == [], f"{len(problems)} of {len(checked)} positions differ"
    assert len(checked) >= ENOUGH_POSITIONS


# ----------------------------------------------------------------------------------------
# The comparison


@pytest.mark.parametrize("key", VARIANTS)
def test_same_legal_moves_as_pydraughts(key: str) -> None:
    compare(key, DEFAULT_SAMPLE)


@pytest.mark.slow
@pytest.mark.parametrize("key", VARIANTS)
def test_same_legal_moves_as_pydraughts_many_more_positions(key: str) -> None:
    compare(key, SLOW_SAMPLE)


def test_brazilian_squares_are_mapped_to_pydraughts_numbers() -> None:
    """pydraughts' Brazilian a1 is 1 and h8 32; ours are 29 and 4; the start agrees."""
    start = Position.start("brazilian")
    assert peer_square(start, 29) == 1
    assert peer_square(start, 4) == 32
    board = draughts.Board("brazilian", peer_fen(start))
    assert board.fen.startswith("W:Wa1,")
    assert our_moves(start) == set(peer_routes(start))


# ----------------------------------------------------------------------------------------
# Where pydraughts breaks RULES.md


RULES_PRIORITY_4 = "W:WK19:BK31,K15,K7,K13,K14,6,24,22,21,16,23"
FOUND_PRIORITY_4 = "W:WK1,K25:BK2,K3,K5,K6,K7,K8,K11,K13,14,K15,K18,21,K23,K24,K28,K29,K31"
RANDOM_178 = "B:WK31,6,9,10,11,20,21,22,23,30,33,37,41,42,43,44,46:BK17,K24"


def test_pydraughts_priority_4_compares_only_the_first_king() -> None:
    """RULES.md's second Italian test position: one legal move, taking kings at captures
    1, 2, 4 and 7. pydraughts also lets through the routes that take kings at captures 1, 2,
    5, 6 and at 1, 3, 4, 7, because it stops comparing after the first king. Here those
    routes take the same pieces from the same start to the same end, so they are the same
    move and the sets agree; the next test shows a position where the sets differ."""
    position = Position.from_fen("italian", RULES_PRIORITY_4)
    peer = peer_routes(position)
    ours = {(19, 10, frozenset({15, 7, 6, 13, 21, 22, 14}))}
    assert our_moves(position) == set(peer) == ours
    (routes,) = peer.values()
    pieces = position.pieces()
    kings_at = sorted(
        tuple(place + 1 for place, square in enumerate(route) if pieces[square].is_king)
        for route in routes
    )
    assert kings_at == [(1, 2, 4, 7), (1, 2, 4, 7), (1, 2, 5, 6), (1, 3, 4, 7)]


def test_pydraughts_priority_4_in_a_crowded_position() -> None:
    """Found by the crowded set-ups: K1 may take K5, K13, 21 (kings at captures 1 and 2) or
    K5, 14, K15 (kings at 1 and 3). Both take three pieces and two kings, the first king at
    once; RULES.md then compares the second king, which the first route takes earlier.
    pydraughts allows both."""
    position = Position.from_fen("italian", FOUND_PRIORITY_4)
    ours = our_moves(position)
    peer = peer_routes(position)
    assert ours == {(1, 26, frozenset({5, 13, 21}))}
    assert set(peer) - ours == {(1, 12, frozenset({5, 14, 15}))}
    assert peer_with_full_priority_4(position, peer) == ours
    assert disagreement(position) is None, "the comparison corrects exactly this"


def test_pydraughts_lists_every_route_of_one_capture() -> None:
    """perft.md's Random178: the king on 24 has 436 capture routes but only 14 distinct
    moves (same start, end and captured set). RULES.md counts each once, as we do;
    pydraughts lists all 436 routes. The comparison uses sets, so this is excluded there."""
    position = Position.from_fen("international", RANDOM_178)
    peer = peer_routes(position)
    assert sum(len(routes) for routes in peer.values()) == 436
    assert len(position.legal_moves()) == len(peer) == 14
    assert our_moves(position) == set(peer)
