"""The move generator on raw bitboards: the one source of legal moves for positions and perft.

A side is given as `own`, `opp` (bitboards of the mover's and the opponent's pieces), `kings`
(the kings of both sides) and `colour` (0 White moving towards row 0, 1 Black). A raw move is
the tuple `(from_bit, to_bit, captured_bits, path, captured)` of one-bit ints: `path` lists
the bit of every square the piece stands on, from the start to the end, and `captured` the
bits of the pieces it jumps, in order; both are empty for a move without capture.

Captured pieces stay on the board until the move ends (no Turkish strike): a jumped piece
blocks and cannot be jumped again, while the capturing piece's start square is free.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.damas.board import DIRECTIONS, FORWARD, OPPOSITE, Board

Raw = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]
SideGenerator = Callable[[int, int, int, int], list[Raw]]
# Chooses the routes the rules allow among all complete captures, given the kings; the
# routes it keeps all take the same number of pieces.
CapturePriority = Callable[[list[Raw], int], list[Raw]]
# Per square bit: the (over bit, landing bit) of each short jump the piece may make.
JumpTable = dict[int, tuple[tuple[int, int], ...]]

_NO_DIRECTION = -1


@dataclass(frozen=True, eq=False)
class MoveGenerator:
    """The generator of one rule set: every function takes (own, opp, kings, colour)."""

    captures: SideGenerator  # every complete capture route, before priorities and merging
    # Whether `captures` would find any: the search asks it of the opponent at most nodes.
    can_capture: Callable[[int, int, int, int], bool]
    quiet: SideGenerator  # every move without capture
    # The parts of `quiet`: the men's target bitboards per diagonal, the kings' per king.
    men_steps: Callable[[int, int, int, int], tuple[int, int]]
    king_steps: Callable[[int, int, int], list[tuple[int, int]]]
    routes: SideGenerator  # the legal moves with every route of each
    legal: SideGenerator  # the legal moves, one route per (from, to, captured set)
    required: SideGenerator  # the captures the priority rules allow (merged), else nothing
    # The legal moves among capture routes when capturing is compulsory (for perft).
    choose: Callable[[list[Raw], int], list[Raw]]
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


def majority_law(routes: list[Raw], _kings: int) -> list[Raw]:
    """The routes that take the most pieces; a king and a man count the same."""
    if len(routes) < 2:
        return routes
    most = max(len(route[4]) for route in routes)
    return [route for route in routes if len(route[4]) == most]


def italian_priorities(routes: list[Raw], kings: int) -> list[Raw]:
    """The FID order: most pieces, then a king capturing, then most kings, then kings earliest."""
    if len(routes) < 2:
        return routes

    def rank(route: Raw) -> tuple[int, bool, int, tuple[int, ...]]:
        captured = route[4]
        king_places = tuple(-place for place, bit in enumerate(captured) if kings & bit)
        return (len(captured), bool(kings & route[0]), len(king_places), king_places)

    ranks = [rank(route) for route in routes]
    best = max(ranks)
    return [route for route, route_rank in zip(routes, ranks, strict=True) if route_rank == best]


def men_capture_directions(backwards: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per colour: the directions its men capture in (board.py's indices)."""
    return (DIRECTIONS, DIRECTIONS) if backwards else FORWARD


# The move generator of one rule set, built once: its closures run for every position the
# engine and perft see, so the scans stay inline in them rather than in helper calls.
def make_generator(  # noqa: C901
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
    # Index steps of the ghost-bit layout (see board.py): towards row 0 a piece's bit shifts
    # right by `near` (up-right) or `far` (up-left); towards the last row left by the same.
    near, far = board.half, board.half + 1
    promotion_rows = board.promotion_rows
    step = board.step
    # The bit shift of one step in each direction, and whether it moves to higher bits.
    direction_steps = ((far, False), (near, False), (near, True), (far, True))
    # Per square bit, per direction: (bitboard of the ray, step shift, towards higher bits).
    lines = {
        1 << index: tuple(
            (sum(1 << i for i in ray), shift, to_higher_bits)
            for ray, (shift, to_higher_bits) in zip(board.rays[index], direction_steps, strict=True)
        )
        for index in board.square_of
    }

    def jump_table(directions: tuple[int, ...]) -> JumpTable:
        table: JumpTable = {}
        for index in board.square_of:
            jumps = []
            for direction in directions:
                over = step[index][direction]
                land = step[over][direction] if over >= 0 else -1
                if land >= 0:
                    jumps.append((1 << over, 1 << land))
            table[1 << index] = tuple(jumps)
        return table

    man_directions = men_capture_directions(men_capture_backwards)
    man_jumps = [jump_table(man_directions[colour]) for colour in (0, 1)]
    king_jumps = jump_table(DIRECTIONS)
    near2, far2 = 2 * near, 2 * far
    # Per colour: may its men jump towards row 0? towards the last row?
    men_jump_up = [men_capture_backwards or colour == 0 for colour in (0, 1)]
    men_jump_down = [men_capture_backwards or colour == 1 for colour in (0, 1)]

    def short_routes(
        start: int,
        square: int,
        taken: int,
        path: tuple[int, ...],
        captured: tuple[int, ...],
        jumps: JumpTable,
        jumpable: int,
        empty: int,
        routes: list[Raw],
    ) -> None:
        """Extend a route of short jumps from `square`; record it where it cannot go on."""
        extended = False
        for over, land in jumps[square]:
            if jumpable & over and not taken & over and empty & land:
                extended = True
                short_routes(
                    start,
                    land,
                    taken | over,
                    (*path, land),
                    (*captured, over),
                    jumps,
                    jumpable,
                    empty,
                    routes,
                )
        if not extended and taken:
            routes.append((start, square, taken, path, captured))

    def flying_routes(
        start: int,
        square: int,
        taken: int,
        path: tuple[int, ...],
        captured: tuple[int, ...],
        back: int,
        victims: int,
        empty: int,
        routes: list[Raw],
    ) -> None:
        """Extend a flying king's route from `square`, not looking back the way it came
        (direction `back`, where the piece just jumped blocks); `victims` are the opponent's
        pieces not jumped yet."""
        extended = False
        for direction, (ray, shift, to_higher_bits) in enumerate(lines[square]):
            if direction == back:
                continue
            blockers = ray & ~empty
            if not blockers:
                continue
            # The nearest piece on the ray: its lowest bit towards higher bits, else its highest.
            target = blockers & -blockers if to_higher_bits else 1 << (blockers.bit_length() - 1)
            if not victims & target:
                continue
            now_taken = taken | target
            now_captured = (*captured, target)
            now_back = OPPOSITE[direction]
            land = target << shift if to_higher_bits else target >> shift
            while empty & land:
                extended = True
                flying_routes(
                    start,
                    land,
                    now_taken,
                    (*path, land),
                    now_captured,
                    now_back,
                    victims ^ target,
                    empty,
                    routes,
                )
                land = land << shift if to_higher_bits else land >> shift
        if not extended and taken:
            routes.append((start, square, taken, path, captured))

    def captures(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        empty = mask & ~(own | opp)
        routes: list[Raw] = []
        men = own & ~kings
        if men:
            jumpable = opp if men_capture_kings else opp & ~kings
            # Per direction, every man with a jump at once: the next square holds a jumpable
            # piece and the one beyond is empty (shifted bitboards).
            if men_jump_up[colour]:
                up_near = men & (jumpable << near) & (empty << near2)
                up_far = men & (jumpable << far) & (empty << far2)
            else:
                up_near = up_far = 0
            if men_jump_down[colour]:
                down_near = men & (jumpable >> near) & (empty >> near2)
                down_far = men & (jumpable >> far) & (empty >> far2)
            else:
                down_near = down_far = 0
            if up_near | up_far | down_near | down_far:
                jumps = man_jumps[colour]
                for capturers, shift, up in (
                    (up_near, near, True),
                    (up_far, far, True),
                    (down_near, near, False),
                    (down_far, far, False),
                ):
                    while capturers:
                        low = capturers & -capturers
                        capturers ^= low
                        over = low >> shift if up else low << shift
                        land = over >> shift if up else over << shift
                        free = empty | low
                        # The first jump is made here, so that the common single capture
                        # needs no recursion.
                        for next_over, next_land in jumps[land]:
                            if jumpable & next_over and next_over != over and free & next_land:
                                path = (low, land)
                                short_routes(
                                    low, land, over, path, (over,), jumps, jumpable, free, routes
                                )
                                break
                        else:
                            routes.append((low, land, over, (low, land), (over,)))
        own_kings = own & kings
        while own_kings:
            low = own_kings & -own_kings
            own_kings ^= low
            if flying_kings:
                flying_routes(low, low, 0, (low,), (), _NO_DIRECTION, opp, empty | low, routes)
            else:
                short_routes(low, low, 0, (low,), (), king_jumps, opp, empty | low, routes)
        return routes

    def can_capture(own: int, opp: int, kings: int, colour: int) -> bool:
        # Only the first jump is looked for, by shifted bitboards (men, short kings) or
        # the nearest piece on each ray (flying kings): no route is built.
        empty = mask & ~(own | opp)
        men = own & ~kings
        if men:
            jumpable = opp if men_capture_kings else opp & ~kings
            if men_jump_up[colour] and men & (
                (jumpable << near) & (empty << near2) | (jumpable << far) & (empty << far2)
            ):
                return True
            if men_jump_down[colour] and men & (
                (jumpable >> near) & (empty >> near2) | (jumpable >> far) & (empty >> far2)
            ):
                return True
        own_kings = own & kings
        if not own_kings:
            return False
        if not flying_kings:
            return bool(
                own_kings
                & (
                    (opp << near) & (empty << near2)
                    | (opp << far) & (empty << far2)
                    | (opp >> near) & (empty >> near2)
                    | (opp >> far) & (empty >> far2)
                )
            )
        while own_kings:
            low = own_kings & -own_kings
            own_kings ^= low
            for ray, shift, to_higher_bits in lines[low]:
                blockers = ray & ~empty
                if not blockers:
                    continue
                if to_higher_bits:
                    target = blockers & -blockers
                    if opp & target and empty & (target << shift):
                        return True
                else:
                    target = 1 << (blockers.bit_length() - 1)
                    if opp & target and empty & (target >> shift):
                        return True
        return False

    def men_steps(own: int, opp: int, kings: int, colour: int) -> tuple[int, int]:
        """Where the men can step: the bitboards of the targets along each diagonal (the
        near one, then the far one). perft counts these without building the moves."""
        empty = mask & ~(own | opp)
        men = own & ~kings
        if colour == 0:
            return (men >> near) & empty, (men >> far) & empty
        return (men << near) & empty, (men << far) & empty

    def king_steps(own: int, opp: int, kings: int) -> list[tuple[int, int]]:
        """Where the kings in `own` can move without capture: (king bit, targets bitboard)."""
        empty = mask & ~(own | opp)
        found = []
        own_kings = own & kings
        while own_kings:
            low = own_kings & -own_kings
            own_kings ^= low
            targets = 0
            for ray, shift, to_higher_bits in lines[low]:
                if not flying_kings:
                    targets |= (low << shift if to_higher_bits else low >> shift) & empty
                    continue
                blockers = ray & ~empty
                if blockers:
                    # Keep the squares before the nearest piece (the lowest bit towards higher
                    # bits, else the highest).
                    if to_higher_bits:
                        ray &= (blockers & -blockers) - 1
                    else:
                        ray &= ~((1 << blockers.bit_length()) - 1)
                targets |= ray
            found.append((low, targets))
        return found

    # The raw move of every step without capture, built once: quiet runs at most nodes of
    # the search, and a prebuilt tuple costs a lookup where a new one costs its making.
    # Men, per colour and diagonal: target bit -> move; kings: king bit -> target -> move.
    men_moves = tuple(
        tuple(
            {
                1 << index: (origin, 1 << index, 0, (), ())
                for index in board.square_of
                for origin in [(1 << index) >> shift if colour else (1 << index) << shift]
                if origin & mask
            }
            for shift in (near, far)
        )
        for colour in (0, 1)
    )
    king_moves = {
        bit: {
            1 << target: (bit, 1 << target, 0, (), ())
            for ray in board.rays[index]
            for target in ray
        }
        for index in board.square_of
        for bit in [1 << index]
    }

    def quiet(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        near_targets, far_targets = men_steps(own, opp, kings, colour)
        moves: list[Raw] = []
        append = moves.append
        for king, targets in king_steps(own, opp, kings) if own & kings else ():
            from_king = king_moves[king]
            while targets:
                low = targets & -targets
                targets ^= low
                append(from_king[low])
        near_moves, far_moves = men_moves[colour]
        while near_targets:
            low = near_targets & -near_targets
            near_targets ^= low
            append(near_moves[low])
        while far_targets:
            low = far_targets & -far_targets
            far_targets ^= low
            append(far_moves[low])
        return moves

    def required(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        return merge_routes(capture_priority(captures(own, opp, kings, colour), kings))

    def compulsory_routes(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        routes = captures(own, opp, kings, colour)
        return capture_priority(routes, kings) if routes else quiet(own, opp, kings, colour)

    def choose(routes: list[Raw], kings: int) -> list[Raw]:
        """The legal moves among capture routes (not empty) when capturing is compulsory."""
        # This runs at many nodes of perft. The priority hook leaves routes that take equally
        # many pieces, and routes taking one piece each are all different moves.
        if len(routes) > 1:
            routes = capture_priority(routes, kings)
            if len(routes) > 1 and len(routes[0][4]) > 1:
                routes = merge_routes(routes)
        return routes

    def compulsory_legal(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        # perft inlines these two lines (see perft.py): keep them in step.
        routes = captures(own, opp, kings, colour)
        return choose(routes, kings) if routes else quiet(own, opp, kings, colour)

    def optional_routes(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        # Any complete capture may be played; the huff punishes missing the required one.
        return captures(own, opp, kings, colour) + quiet(own, opp, kings, colour)

    def optional_legal(own: int, opp: int, kings: int, colour: int) -> list[Raw]:
        return merge_routes(captures(own, opp, kings, colour)) + quiet(own, opp, kings, colour)

    return MoveGenerator(
        captures=captures,
        can_capture=can_capture,
        quiet=quiet,
        men_steps=men_steps,
        king_steps=king_steps,
        routes=compulsory_routes if compulsory_capture else optional_routes,
        legal=compulsory_legal if compulsory_capture else optional_legal,
        required=required,
        choose=choose,
        promotion_rows=promotion_rows,
    )


def apply(
    own: int, opp: int, kings: int, colour: int, move: Raw, promotion_rows: tuple[int, int]
) -> tuple[int, int, int]:
    """(own, opp, kings) after `move`; a man ending on its far row is crowned."""
    start, end, taken = move[0], move[1], move[2]
    # XOR twice leaves the piece in place when a capture ends on its start square.
    own = own ^ start ^ end
    if kings & start:
        kings = ((kings ^ start) | end) & ~taken
    else:
        kings &= ~taken
        if end & promotion_rows[colour]:
            kings |= end
    return own, opp & ~taken, kings
