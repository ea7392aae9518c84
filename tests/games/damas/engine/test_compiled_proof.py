"""The puzzles' proof in the compiled core (core/material.c) returns tactics.minimax's value,
the Python reference, in every call: positions of random games of each variant (the
household game's huffs included), depths 1 to 6, full, null and narrow windows (a
null-window answer is a boolean of the finder), and the draw rules' counters and
repetitions carried from a game's history; what the core cannot hold is refused."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.damas import Position
from games.damas.engine.compiled import core_of, material_search
from games.damas.puzzles.proof import python_only, search
from games.damas.rules import RULES
from games.damas.tactics import material, minimax

pytestmark = pytest.mark.usefixtures("compiled_core")

VARIANTS = ("brazilian", "international", "italian", "italian-familiar")
GAMES = 3  # random games per variant
EVERY = 5  # one position in this many plies of a game is searched


def _random_game(variant: str, rng: random.Random) -> Iterator[Position]:
    position = Position.start(variant)
    while position.outcome() is None:
        yield position
        position = position.play(rng.choice(position.legal_moves()))


def _windows(position: Position, rng: random.Random) -> list[tuple[int, int]]:
    """The full window, the finder's null windows around the material (and a won game's),
    a narrow one."""
    base = material(position)
    bound = base + rng.randint(-2, 3)
    return [(-1000, 1000), (bound - 1, bound), (99, 100), (base - 2, base + 3)]


def _cases(variant: str) -> Iterator[tuple[Position, int, int, int]]:
    rng = random.Random(f"proof {variant}")
    for _ in range(GAMES):
        for ply, position in enumerate(_random_game(variant, rng)):
            if ply % EVERY == 0:
                # Deep searches of 10x10 middle games and of the household game (no node
                # is narrow) take Python seconds: fewer of them.
                slow = variant == "italian-familiar" or (variant == "international" and ply < 60)
                depth = rng.randint(1, 4 if slow else 6)
                for alpha, beta in _windows(position, rng):
                    yield position, depth, alpha, beta


def _shuffled(fen: str, variant: str, plies: int, seed: int) -> Position:
    """An ending after `plies` random moves that give nothing away where one can: counters
    running, a history to repeat."""
    rng = random.Random(seed)
    position = Position.from_fen(variant, fen)
    for _ in range(plies):
        if position.outcome() is not None:
            break
        afters = [position.play(move) for move in position.legal_moves()]
        safe = [after for after in afters if not any(m.captures for m in after.legal_moves())]
        position = rng.choice(safe or afters)
    return position


# Where the draw rules decide within the search: repetitions and the king-move rule
# (Brazilian, International), the three kings' count against a lone king (Brazilian) and the
# endgame rule (International), drawn material (Italian, kings only).
ENDINGS = [
    ("brazilian", "W:WK1,K28:BK5,K32", 30),
    ("brazilian", "W:WK1,K10,K19:BK32", 30),
    ("international", "W:WK1,K46:BK5,K50", 44),
    ("international", "W:WK3,K28,33:BK48", 12),
    ("italian", "W:WK4,K29:BK5", 6),
    ("italian", "W:WK4,14:BK29,K32", 6),
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_compiled_proof_gives_the_python_value_on_random_games(variant: str) -> None:
    differences = []
    count = huffs = 0
    for position, depth, alpha, beta in _cases(variant):
        count += 1
        huffs += bool(position.huff_bits)
        expected = minimax(position, depth, alpha, beta)
        got = material_search(position, depth, alpha, beta)
        if got != expected:
            differences.append((position.snapshot(), depth, alpha, beta, expected, got))
    assert count >= 100
    assert huffs >= 10 or not RULES[variant].huffing
    assert differences == []


@pytest.mark.parametrize(("variant", "fen", "plies"), ENDINGS)
def test_the_draw_rules_and_the_history_count_as_in_python(
    variant: str, fen: str, plies: int
) -> None:
    seen_history = False
    for seed in range(3):
        position = _shuffled(fen, variant, plies, seed)
        seen_history |= bool(position.seen)
        for depth in (1, 2, 4):
            for alpha, beta in ((-1000, 1000), (-1, 0), (0, 1)):
                expected = minimax(position, depth, alpha, beta)
                assert material_search(position, depth, alpha, beta) == expected, (
                    position.snapshot(),
                    depth,
                    alpha,
                    beta,
                )
    assert seen_history or not RULES[variant].repetition_draw


def test_a_repetition_in_the_history_decides_the_value() -> None:
    # White two men ahead; both kings go there and back twice: the third time the position
    # stands is a draw, in both searches, which need the game's history to see it.
    start = Position.from_fen("brazilian", "W:WK1,29,30:BK32")
    position = start
    for move in ("b8-a7", "g1-h2", "a7-b8", "h2-g1") * 2:
        position = position.play(position.parse(move))
    assert position.fen() == start.fen()
    assert len(position.seen) == 8
    for depth in (1, 2, 3):
        assert material_search(position, depth, -1000, 1000) == minimax(position, depth) == 0
        assert material_search(start, depth, -1000, 1000) == minimax(start, depth) > 0


# One move from a draw by a counter, the stronger side unable to capture at once: the
# king-move rule (Brazilian 20 moves of each side, International 25), the count of kings
# against a lone king (Brazilian three kings 20, International 10).
COUNTED = [
    ("brazilian", "W:WK1,K5:BK32;king_moves=39"),
    ("brazilian", "W:WK1,K10,K19:BK32;endgame=39"),
    ("international", "W:WK1,K10,K19:BK50;endgame=19"),
    ("international", "W:WK1,K5,K10:BK50,K45;king_moves=49"),
]


@pytest.mark.parametrize(("variant", "snapshot"), COUNTED)
def test_the_draw_counters_carry_into_the_search(variant: str, snapshot: str) -> None:
    position = Position.from_snapshot(variant, snapshot)
    counted_from_zero = Position.from_fen(variant, position.fen())
    for depth in (1, 2, 3):
        assert material_search(position, depth, -1000, 1000) == minimax(position, depth) == 0
        assert (
            material_search(counted_from_zero, depth, -1000, 1000)
            == minimax(counted_from_zero, depth)
            > 0
        )


def test_the_finders_search_is_the_compiled_one_unless_asked_for_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    position = Position.start("italian")
    calls: list[str] = []
    monkeypatch.setattr("games.damas.puzzles.proof.material_search", lambda *_: calls.append("c"))
    monkeypatch.setattr("games.damas.puzzles.proof.minimax", lambda *_: calls.append("python"))
    search(position, 2)
    with python_only():
        search(position, 2)
    search(position, 2)
    assert calls == ["c", "python", "c"]


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({3: 2}, ValueError, "colour: 0 to 1, not 2"),
        ({0: 1 << 62}, ValueError, "not a position"),
        ({4: 1 << 62}, ValueError, "huff: not the opponent's pieces"),
        ({8: 1001}, ValueError, "depth: -1000 to 1000, not 1001"),
        ({9: -(1 << 31)}, ValueError, "alpha: -1073741824 to 1073741824"),
        ({7: [(1, 2, 0)]}, ValueError, "seen: 4 items, not 3"),
        ({7: [(1, 2, 0, 3)]}, ValueError, "seen: colour: 0 to 1, not 3"),
        ({5: -1}, ValueError, "king_moves: 0 to"),
        ({7: 5}, TypeError, "seen: a sequence, not int"),
    ],
)
def test_the_compiled_proof_is_asked_only_what_it_holds(
    change: dict[int, object], error: type[Exception], message: str
) -> None:
    start = Position.start("brazilian")
    args: list[object] = [start.white, start.black, start.kings, 0, 0, 0, 0, [], 2, -10, 10]
    for index, value in change.items():
        args[index] = value
    with pytest.raises(error, match=message):
        core_of("brazilian").material_search(*args)  # type: ignore[arg-type]
