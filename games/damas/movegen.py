"""The move generator on raw bitboards: the one source of legal moves for positions and perft.

A side is given as `own`, `opp` (bitboards of the mover's and the opponent's pieces), `kings`
(the kings of both sides) and `colour` (0 White moving towards row 0, 1 Black). A raw move is
the tuple `(from_index, to_index, captured_bits, path, captured)`: `path` lists every bit
index the piece stands on, from the start to the end, and `captured` the indices it jumps, in
order; both are empty for a move without capture (its path is just from and to).

Captured pieces stay on the board until the move ends (no Turkish strike): a jumped piece
blocks and cannot be jumped again, while the capturing piece's start square is free.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.damas.board import DIRECTIONS, FORWARD, OPPOSITE, Board

Raw = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]
SideGenerator = Callable[[int, int, int, int], list[Raw]]
CapturePriority = Callable[[list[Raw], int], list[Raw]]

_NO_SQUARES: tuple[int, ...] = ()
_NO_DIRECTION = -1


@dataclass(frozen=True, eq=False)
class MoveGenerator:
    """The generator of one rule set: every function takes (own, opp, kings, colour)."""

    captures: SideGenerator  # every complete capture route, before priorities and merging
    quiet: SideGenerator  # every move without capture
    routes: SideGenerator  # the legal moves with every route of each
    legal: SideGenerator  # the legal moves, one route per (from, to, captured set)
    required: SideGenerator  # the captures the priority rules allow (merged), else nothing
    promotion_rows: tuple[int, int]


def merge_routes(routes: list[Raw]) -> list[Raw]:
    """One route per distinct move: routes with equal start, end and captured set are one."""
    if len(routes) < 2:
        return routes
    seen: set[tuple[int, int, int]] = set()
    moves = []
    for route in routes:
        key = (route[0], route[1], route[2])
        if key not in seen:
            seen.add(key)
            moves.append(route)
    return moves


def majority_law(routes: list[Raw], kings: int) -> list[Raw]:
    """The routes that take the most pieces; a king and a man count the same."""
    if len(routes) < 2:
        return routes
    most = max(len(route[4]) for route in routes)
    return [route for route in routes if len(route[4]) == most]


def italian_priorities(routes: list[Raw], kings: int) -> list[Raw]:
    """The FID order: most pieces, then a king capturing, then most kings, then kings earliest."""
    if len(routes) < 2:
        return routes

    def rank(route: Raw) -> tuple[int, int, int, tuple[int, ...]]:
        captured = route[4]
        king_places = tuple(-place for place, index in enumerate(captured) if kings >> index & 1)
        return (len(captured), kings >> route[0] & 1, len(king_places), king_places)

    ranks = [rank(route) for route in routes]
    best = max(ranks)
    return [route for route, route_rank in zip(routes, ranks, strict=True) if route_rank == best]


def make_generator(
    board: Board,
    *,
    flying_kings: bool,
    men_capture_backwards: bool,
    men_capture_kings: bool,
    compulsory_capture: bool,
    capture_priority: CapturePriority,
) -> MoveGenerator:
    """Build the generator functions of one rule set over the tables of `board`."""
    mask = board.mask
    half = board.half
    promotion_rows = board.promotion_rows
    step = board.step
    # Per square and direction: the bits of the squares along the ray, nearest first.
    ray_bits = [
        tuple(tuple(1 << index for index in ray) for ray in rays) if rays else ()
        for rays in board.rays
    ]

    def jump_table(directions: tuple[int, ...]) -> list[tuple[tuple[int, int, int, int], ...]]:
        """Per square: (over bit, landing bit, over index, landing index) of each short jump."""
        table: list[tuple[tuple[int, int, int, int], ...]] = [()] * len(step)
        for index, neighbours in enumerate(step):
            jumps = []
            for direction in directions if neighbours else ():
                over = neighbours[direction]
                land = step[over][direction] if over >= 0 else -1
                if land >= 0:
                    jumps.append((1 << over, 1 << land, over, land))
            table[index] = tuple(jumps)
        return table

    man_directions = [DIRECTIONS if men_capture_backwards else FORWARD[c] for c in (0, 1)]
    man_jumps = [jump_table(man_directions[colour]) for colour in (0, 1)]
    king_jumps = jump_table(DIRECTIONS)
    # Index offsets of each direction in the ghost-bit layout (see board.py).
    offsets = (-(half + 1), -half, half, half + 1)

    def short_routes(
        start: int,
        jumps: list[tuple[tuple[int, int, int, int], ...]],
        jumpable: int,
        empty: int,
        routes: list[Raw],
    ) -> None:
        def extend(
            square: int, taken: int, path: tuple[int, ...], captured: tuple[int, ...]
        ) -> None:
            extended = False
            for over_bit, land_bit, over, land in jumps[square]:
                if jumpable & over_bit and not taken & over_bit and empty & land_bit:
                    extended = True
                    extend(land, taken | over_bit, (*path, land), (*captured, over))
            if not extended and taken:
                routes.append((start, square, taken, path, captured))

        extend(start, 0, (start,), _NO_SQUARES)

    def flying_routes(start: int, opp: int, empty: int, routes: list[Raw]) -> None:
        def extend(
            square: int, taken: int, path: tuple[int, ...], captured: tuple[int, ...], came: int
        ) -> None:
            extended = False
            back = OPPOSITE[came] if came >= 0 else _NO_DIRECTION
            for direction, ray in enumerate(ray_bits[square]):
                if direction == back:
                    continue  # the piece just jumped blocks the way back
                length = len(ray)
                i = 0
                while i < length and empty & ray[i]:
                    i += 1
                if i + 1 >= length:
                    continue
                target = ray[i]
                if not opp & target or taken & target or not empty & ray[i + 1]:
                    continue
                now_taken = taken | target
                now_captured = (*captured, target.bit_length() - 1)
                i += 1
                while i < length and empty & ray[i]:
                    extended = True
                    land = ray[i].bit_length() - 1
                    extend(land, now_taken, (*path, land), now_captured, direction)
                    i += 1
            if not extended and taken:
                routes.append((start, square, taken, path, captured))

        extend(start, 0, (start,), _NO_SQUARES, _NO_DIRECTION)

    def man_capturers(men: int, jumpable: int, empty: int, colour: int) -> int:
        """The men that have at least one jump, found for all men at once by shifts."""
        found = 0
        for direction in man_directions[colour]:
            offset = offsets[direction]
            if offset < 0:
                found |= men & (jumpable << -offset) & (empty << -2 * offset)
            else:
                found |= men & (jumpable >> offset) & (empty >> 2 * offset)
        return found

    def captures(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        empty = mask & ~(own | opp)
        routes: list[Raw] = []
        men = own & ~kings
        men_jumpable = opp if men_capture_kings else opp & ~kings
        capturers = man_capturers(men, men_jumpable, empty, colour) if men else 0
        jumps = man_jumps[colour]
        while capturers:
            low = capturers & -capturers
            capturers ^= low
            short_routes(low.bit_length() - 1, jumps, men_jumpable, empty | low, routes)
        own_kings = own & kings
        while own_kings:
            low = own_kings & -own_kings
            own_kings ^= low
            if flying_kings:
                flying_routes(low.bit_length() - 1, opp, empty | low, routes)
            else:
                short_routes(low.bit_length() - 1, king_jumps, opp, empty | low, routes)
        return routes

    def quiet(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        empty = mask & ~(own | opp)
        moves: list[Raw] = []
        men = own & ~kings
        for direction in FORWARD[colour]:
            offset = offsets[direction]
            targets = (men >> -offset if offset < 0 else men << offset) & empty
            while targets:
                low = targets & -targets
                targets ^= low
                to = low.bit_length() - 1
                moves.append((to - offset, to, 0, _NO_SQUARES, _NO_SQUARES))
        own_kings = own & kings
        while own_kings:
            low = own_kings & -own_kings
            own_kings ^= low
            start = low.bit_length() - 1
            for ray in ray_bits[start]:
                for bit in ray:
                    if not empty & bit:
                        break
                    moves.append((start, bit.bit_length() - 1, 0, _NO_SQUARES, _NO_SQUARES))
                    if not flying_kings:
                        break
        return moves

    def required(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        return merge_routes(capture_priority(captures(own, opp, kings, colour), kings))

    def compulsory_routes(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        routes = captures(own, opp, kings, colour)
        return capture_priority(routes, kings) if routes else quiet(own, opp, kings, colour)

    def compulsory_legal(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        # Only captures can repeat a move, so only they are merged (this runs in perft).
        routes = captures(own, opp, kings, colour)
        if routes:
            return merge_routes(capture_priority(routes, kings))
        return quiet(own, opp, kings, colour)

    def optional_routes(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        # Any complete capture may be played; the huff punishes missing the required one.
        return captures(own, opp, kings, colour) + quiet(own, opp, kings, colour)

    def optional_legal(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        return merge_routes(captures(own, opp, kings, colour)) + quiet(own, opp, kings, colour)

    return MoveGenerator(
        captures=captures,
        quiet=quiet,
        routes=compulsory_routes if compulsory_capture else optional_routes,
        legal=compulsory_legal if compulsory_capture else optional_legal,
        required=required,
        promotion_rows=promotion_rows,
    )


def apply(
    own: int, opp: int, kings: int, colour: int, move: Raw, promotion_rows: tuple[int, int]
) -> tuple[int, int, int]:
    """(own, opp, kings) after `move`; a man ending on its far row is crowned."""
    start_bit = 1 << move[0]
    end_bit = 1 << move[1]
    taken = move[2]
    # XOR twice leaves the piece in place when a capture ends on its start square.
    own = own ^ start_bit ^ end_bit
    if kings & start_bit:
        kings = ((kings & ~start_bit) | end_bit) & ~taken
    else:
        kings &= ~taken
        if end_bit & promotion_rows[colour]:
            kings |= end_bit
    return own, opp & ~taken, kings
