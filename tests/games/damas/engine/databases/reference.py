"""The databases' values found the plain way, to hold the compiled builder to: every position
of the materials asked for (and of every material of fewer pieces), its moves from the
Python move generator, wins and losses by repeated minimax sweeps over the whole set until
nothing changes, then the plies to the move that starts the count again by sweeps of the
same definition (the winner's fewest, the loser's most). Nothing of the numbering, the
slices or the retrograde queue of build.c: positions are (white, black, kings, colour)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from games.damas.engine.databases.materials import counted_by_material
from games.damas.movegen import apply
from games.damas.rules import RULES, Material, Rules

Key = tuple[int, int, int, int]  # white, black, kings, colour to move
WIN, DRAW, LOSS = 1, 0, -1
FAR = 1 << 20


def _material(bits: int, kings: int) -> Material:
    return (bits & kings).bit_count(), (bits & ~kings).bit_count()


def positions(rules: Rules, materials: Iterable[tuple[Material, Material]]) -> Iterator[Key]:
    """Every position with White holding the first material and Black the second, either
    side to move; men never on their crowning row."""
    squares = sorted(rules.board.square_of_bit)
    white_crown, black_crown = rules.board.promotion_rows
    for (wk, wm), (bk, bm) in materials:
        for chosen in combinations(squares, wk + wm + bk + bm):
            for white_men in combinations(chosen, wm):
                left = [bit for bit in chosen if bit not in white_men]
                for black_men in combinations(left, bm):
                    kings_left = [bit for bit in left if bit not in black_men]
                    for white_kings in combinations(kings_left, wk):
                        black_kings = [bit for bit in kings_left if bit not in white_kings]
                        if sum(white_men) & white_crown or sum(black_men) & black_crown:
                            continue
                        white = sum(white_men) + sum(white_kings)
                        black = sum(black_men) + sum(black_kings)
                        kings = sum(white_kings) + sum(black_kings)
                        yield white, black, kings, 0
                        yield white, black, kings, 1


def _successors(rules: Rules, key: Key) -> list[tuple[Key, bool]]:
    """Each move's position after it, with whether the move starts the count that matters."""
    white, black, kings, colour = key
    own, opp = (white, black) if colour == 0 else (black, white)
    generator = rules.generator
    routes = generator.captures(own, opp, kings, colour)
    moves = generator.choose(routes, kings) if routes else generator.quiet(own, opp, kings, colour)
    counted = counted_by_material(rules, _material(white, kings), _material(black, kings))
    found = []
    for move in moves:
        after_own, after_opp, after_kings = apply(
            own, opp, kings, colour, move, generator.promotion_rows
        )
        man = not kings & move[0]
        crowned = man and bool(after_kings & move[1])
        resets = bool(move[2]) or crowned or (man and not counted)
        after = (after_own, after_opp) if colour == 0 else (after_opp, after_own)
        found.append(((*after, after_kings, 1 - colour), resets))
    return found


def _outcomes(rules: Rules, moves: dict[Key, list[tuple[Key, bool]]]) -> dict[Key, int]:
    """Won, drawn or lost, by minimax sweeps until nothing changes."""
    outcome: dict[Key, int] = {}
    for key, after in moves.items():
        white, black, kings, _ = key
        material = tuple(sorted((_material(white, kings), _material(black, kings))))
        if not after:
            outcome[key] = LOSS
        elif material in rules.drawn_material:
            outcome[key] = DRAW
    changed = True
    while changed:
        changed = False
        for key, after in moves.items():
            if key in outcome:
                continue
            results = [_result(outcome, moves, child) for child, _ in after]
            if LOSS in results:
                outcome[key] = WIN
            elif all(result == WIN for result in results):
                outcome[key] = LOSS
            else:
                continue
            changed = True
    return outcome


def _result(
    outcome: dict[Key, int], moves: dict[Key, list[tuple[Key, bool]]], key: Key
) -> int | None:
    if not (key[0] and key[1]):  # the side to move has no piece left
        return LOSS
    assert key in moves, f"a successor outside the materials asked for: {key}"
    return outcome.get(key)


def _plies(outcome: dict[Key, int], moves: dict[Key, list[tuple[Key, bool]]]) -> dict[Key, int]:
    """The plies to the move that starts the count again, of every won or lost position, by
    sweeps of their definition until nothing changes."""
    plies = {key: 0 if not moves[key] else FAR for key, value in outcome.items() if value}

    def reach(child: Key, resets: bool) -> int:
        return 1 if resets or not (child[0] and child[1]) else 1 + plies[child]

    changed = True
    while changed:
        changed = False
        for key, now in plies.items():
            after = moves[key]
            if not after:
                continue
            if outcome[key] == WIN:
                losing = [
                    (child, resets)
                    for child, resets in after
                    if _result(outcome, moves, child) == LOSS
                ]
                best = min(reach(child, resets) for child, resets in losing)
            else:
                best = max(reach(child, resets) for child, resets in after)
            if min(best, FAR) != now:
                plies[key] = min(best, FAR)
                changed = True
    return plies


def solve(rules_key: str, materials: list[tuple[Material, Material]]) -> dict[Key, int]:
    """The byte of every position of the materials (as the tables store it)."""
    rules = RULES[rules_key]
    moves = {key: _successors(rules, key) for key in positions(rules, materials)}
    outcome = _outcomes(rules, moves)
    plies = _plies(outcome, moves)
    values = {}
    for key in moves:
        value = outcome.get(key, DRAW)
        values[key] = 0 if value == DRAW else plies[key] if value == WIN else 128 + plies[key]
    return values


def closed(materials: list[tuple[Material, Material]]) -> list[tuple[Material, Material]]:
    """The materials with every material of fewer pieces, and those a crowning leads to: a
    set no move leaves (positions count White's material first, so both orders)."""
    found = set()
    most = max(sum(a) + sum(b) for a, b in materials)
    for pieces in range(2, most):
        for white_count in range(1, pieces):
            for wk in range(white_count + 1):
                for bk in range(pieces - white_count + 1):
                    found.add(((wk, white_count - wk), (bk, pieces - white_count - bk)))
    stack = [m for a, b in materials for m in ((a, b), (b, a))]
    while stack:
        material = stack.pop()
        if material in found:
            continue
        found.add(material)
        (wk, wm), (bk, bm) = material
        if wm:
            stack.append(((wk + 1, wm - 1), (bk, bm)))
        if bm:
            stack.append(((wk, wm), (bk + 1, bm - 1)))
    return sorted(found)
