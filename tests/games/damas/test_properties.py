"""Round trips over random legal games and random positions (hypothesis).

For every position met: parse(notation(m)) == m for each legal move, the FEN and the snapshot
read back to the same position, and replaying the move log gives the same final state.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.base import replay
from games.damas import BLACK, RULES, WHITE, Position

VARIANTS = sorted(RULES)
PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def check_round_trips(position: Position) -> None:
    moves = position.legal_moves()
    assert len(set(moves)) == len(moves)
    for move in moves:
        assert position.parse(position.notation(move)) == move
        # The full path names the same move too.
        if move.captures:
            path = "x".join(map(str, move.path))
            assert position.parse(path) == move
    restored = Position.from_fen(position.rules, position.fen())
    assert restored.fen() == position.fen()
    assert restored.pieces() == position.pieces()
    assert Position.from_snapshot(position.rules, position.snapshot()) == position


def check_move_effects(position: Position) -> None:
    """A move takes exactly the opponent's pieces it lists, and the turn passes (but a huff)."""
    pieces = position.pieces()
    mover = position.to_move()
    for move in position.legal_moves():
        after = position.play(move)
        if move.huff:
            assert after.to_move() == mover
            assert pieces[move.start].colour != mover
            assert len(after.pieces()) == len(pieces) - 1
            continue
        assert after.to_move() == 1 - mover
        assert all(pieces[c].colour != mover for c in move.captures)
        assert len(after.pieces()) == len(pieces) - len(move.captures)
        assert after.pieces()[move.end].colour == mover


@PROPERTY_SETTINGS
@given(
    key=st.sampled_from(VARIANTS),
    choices=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=120),
)
def test_random_games_round_trip_and_replay(key: str, choices: list[int]) -> None:
    position = Position.start(key)
    log = []
    for choice in choices:
        check_round_trips(position)
        if position.outcome() is not None:
            break
        moves = position.legal_moves()
        move = moves[choice % len(moves)]
        log.append(position.notation(move))
        position = position.play(move)
    assert replay(key, None, log) == position


@st.composite
def random_positions(draw: st.DrawFn) -> Position:
    key = draw(st.sampled_from(VARIANTS))
    rules = RULES[key]
    count = rules.board.square_count
    squares = draw(st.lists(st.integers(1, count), min_size=2, max_size=count // 2, unique=True))
    items: list[list[str]] = [[], []]
    for square in squares:
        colour = draw(st.sampled_from([WHITE, BLACK]))
        crowning_row = rules.board.promotion_rows[colour]
        on_crowning_row = crowning_row >> rules.board.index_of[square] & 1
        king = on_crowning_row or draw(st.booleans())
        items[colour].append(f"K{square}" if king else str(square))
    side = draw(st.sampled_from("WB"))
    fen = f"{side}:W{','.join(items[0])}:B{','.join(items[1])}"
    return Position.from_fen(rules, fen)


@PROPERTY_SETTINGS
@given(position=random_positions())
def test_random_positions_round_trip(position: Position) -> None:
    check_round_trips(position)
    check_move_effects(position)


@PROPERTY_SETTINGS
@given(
    position=random_positions(),
    choices=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=40),
)
def test_snapshot_keeps_counters_and_history_along_a_game(
    position: Position, choices: list[int]
) -> None:
    """From king-rich positions the draw counters and the repetition history fill up; every
    snapshot on the way restores all of it."""
    for choice in choices:
        if position.outcome() is not None:
            break
        moves = position.legal_moves()
        position = position.play(moves[choice % len(moves)])
        restored = Position.from_snapshot(position.rules, position.snapshot())
        assert restored == position
        assert (restored.king_moves, restored.endgame, restored.seen) == (
            position.king_moves,
            position.endgame,
            position.seen,
        )
        assert restored.outcome() == position.outcome()


@PROPERTY_SETTINGS
@given(position=random_positions())
def test_merged_generator_agrees_with_the_legal_moves(position: Position) -> None:
    """perft's raw list (one route per move) has exactly the moves of legal_moves()."""
    own, opp = (
        (position.white, position.black)
        if position.to_move() == WHITE
        else (position.black, position.white)
    )
    raw = position.rules.generator.legal(own, opp, position.kings, position.to_move())
    keys = {(r[0], r[1], r[2]) for r in raw}
    assert len(keys) == len(raw) == len(position.legal_moves())


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=random_positions())
def test_can_capture_says_whether_there_are_captures(position: Position) -> None:
    """The search's quick test agrees with the full capture generator, for either side."""
    generator = position.rules.generator
    for own, opp, colour in (
        (position.white, position.black, WHITE),
        (position.black, position.white, BLACK),
    ):
        expected = bool(generator.captures(own, opp, position.kings, colour))
        assert generator.can_capture(own, opp, position.kings, colour) == expected
