"""Perft: the number of move sequences of a given length, the standard check of a generator.

Counted on raw bitboards with the same generator that positions use, with bulk counting at
the last ply: the moves there are counted, not played, and the moves without capture are
counted from their target bitboards (generator.men_steps and king_steps, from which
generator.quiet builds the moves) without being built. Draw rules do not stop the count. In
italian-familiar a huff is a move of its own, so that variant is counted through positions.
"""

from __future__ import annotations

from games.damas.move import WHITE
from games.damas.position import Position


# The count's inner loop stays in one body (the make-move and the bulk count inlined): it
# runs at every node, millions of them at depth 6 and more.
def perft(position: Position, depth: int) -> int:  # noqa: C901
    """The number of legal move sequences of `depth` plies from `position`."""
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, not {depth}")
    if depth == 0:
        return 1
    if position.rules.huffing:
        return _perft_positions(position, depth)
    own, opp = (
        (position.white, position.black)
        if position.colour == WHITE
        else (position.black, position.white)
    )
    generator = position.rules.generator
    # generator.legal for compulsory captures, inlined to save a call at every node.
    captures, choose, quiet = generator.captures, generator.choose, generator.quiet
    men_steps, king_steps = generator.men_steps, generator.king_steps
    promotion_rows = generator.promotion_rows

    def count(own: int, opp: int, kings: int, colour: int, depth: int) -> int:
        routes = captures(own, opp, kings, colour)
        moves = choose(routes, kings) if routes else quiet(own, opp, kings, colour)
        if depth == 1:
            return len(moves)
        total = 0
        promotion_row = promotion_rows[colour]
        other = 1 - colour
        for start, end, taken, _, _ in moves:
            # The make-move of movegen.apply, inlined: this loop is the hot path.
            if kings & start:
                after_kings = ((kings ^ start) | end) & ~taken
            elif end & promotion_row:
                after_kings = (kings & ~taken) | end
            else:
                after_kings = kings & ~taken
            after_own, after_opp = opp & ~taken, own ^ start ^ end
            if depth > 2:
                total += count(after_own, after_opp, after_kings, other, depth - 1)
                continue
            # Bulk counting: the last ply is counted, not played.
            routes = captures(after_own, after_opp, after_kings, other)
            if not routes:
                # The moves without capture, counted from their target bitboards.
                near_targets, far_targets = men_steps(after_own, after_opp, after_kings, other)
                total += near_targets.bit_count() + far_targets.bit_count()
                if after_own & after_kings:
                    for _, targets in king_steps(after_own, after_opp, after_kings):
                        total += targets.bit_count()
            elif len(routes) == 1:
                total += 1
            else:
                total += len(choose(routes, after_kings))
        return total

    return count(own, opp, position.kings, position.colour, depth)


def _perft_positions(position: Position, depth: int) -> int:
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(_perft_positions(position.play(move), depth - 1) for move in moves)


def divide(position: Position, depth: int) -> dict[str, int]:
    """Perft of `depth` split by first move: notation of the move -> count below it."""
    if depth < 1:
        raise ValueError(f"divide needs a depth of 1 or more, not {depth}")
    return {
        position.notation(move): perft(position.play(move), depth - 1)
        for move in position.legal_moves()
    }
