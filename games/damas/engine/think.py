"""The root of the search: from a Position to a legal Move, within a Limit.

Iterative deepening with aspiration windows around the last iteration's score. Root moves may
get a random bonus (`noise`, in hundredths of a man) so that near-equal moves are chosen at
random: the lower levels play weaker and every level varies its games. In italian-familiar
the search treats captures as compulsory (a huff would be a move that does not pass the
turn, too costly inside the tree); at the root each huff on offer is searched as well and
played when the position after it is better. Where the endgame databases hold the position
as won within the draw rules' counts, their move is played (databases/moves.py).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from games.damas.engine.compiled import Searcher, searcher, tools
from games.damas.engine.databases.loaded import loaded
from games.damas.engine.databases.moves import score_of, winning_move
from games.damas.engine.databases.tables import Tables
from games.damas.engine.evaluate import Weights
from games.damas.engine.lone_king import MOST_KINGS, covers, lone_king_table, solvable
from games.damas.engine.search import NEVER, WIN, WON, OutOfTime
from games.damas.engine.zobrist import contempt_salt
from games.damas.move import WHITE, Move
from games.damas.movegen import Raw
from games.damas.position import Position

ASPIRATION = 25
# Solving the kings-against-a-lone-king endings of 8x8 costs about 1.3 s of CPU once per
# process, within the time of the first move of such an ending: done when a level thinks at
# least this long per move; weaker levels play those endings by search alone.
SOLVE_SECONDS = 2.0
# Fewer pieces gone than this: still the opening, where the top level varies its choice.
OPENING_CAPTURES = 2


@dataclass(frozen=True)
class Limit:
    """How hard the computer thinks and how it picks among the moves it found."""

    depth: int = 64  # plies, at most
    seconds: float = 1.0
    seed: int | None = None
    nodes: int = 1 << 62
    noise: int = 0  # random bonus per root move, up to this many hundredths of a man
    opening_noise: int = 0  # the same, in the opening only (when noise is smaller)
    blunder: float = 0.0  # chance of a move chosen one ply deep, blind to replies
    # Play with the endgame databases loaded (databases/loaded.py), where any are; the
    # weaker levels play their endings by their own search.
    databases: bool = True
    # Hundredths of a man a draw costs the side that thinks: above 0 it plays on for a win
    # where a draw is one of several near-equal choices (strong, against players mostly
    # weaker than itself); 0 scores a draw as even (reviews, puzzles).
    contempt: int = 0
    # The pure-Python search even where the compiled core is built (tests, benchmarks).
    pure: bool = False
    # The named level this limit stands for (games.computer.LEVELS), if any: the other games'
    # computers (Ludo) read their own settings for it.
    level: str | None = None


@dataclass(frozen=True)
class Thought:
    move: Move
    score: int  # for the side to move, hundredths of a man; beyond +-WON a forced result
    depth: int  # the last iteration completed
    nodes: int
    seconds: float


def _sides(position: Position) -> tuple[int, int]:
    """(own, opp): the bitboards of the side to move and of the other side."""
    if position.colour == WHITE:
        return position.white, position.black
    return position.black, position.white


def _raw_moves(position: Position) -> list[Raw]:
    """The moves the search plays here: captures compulsory (with their priorities)."""
    generator = position.rules.generator
    own, opp = _sides(position)
    routes = generator.captures(own, opp, position.kings, position.colour)
    if routes:
        return generator.choose(routes, position.kings)
    return generator.quiet(own, opp, position.kings, position.colour)


def _as_moves(position: Position, raws: list[Raw]) -> dict[Raw, Move]:
    board = position.rules.board
    by_bits = {}
    for move in position.legal_moves():
        if not move.huff:
            taken = board.bits_of(move.captures)
            start, end = board.bits_of((move.start,)), board.bits_of((move.end,))
            by_bits[(start, end, taken)] = move
    return {raw: by_bits[raw[:3]] for raw in raws}


def think(
    position: Position,
    limit: Limit,
    rng: random.Random | None = None,
    weights: Weights | None = None,
) -> Thought:
    """The move to play in `position` (ValueError if the game is over); `weights` are the
    evaluation's (default: the rule set's; bench/tune.py plays others)."""
    rng = rng or random.Random(limit.seed)
    if position.outcome() is not None:
        raise ValueError("no legal move: the game is over")
    began = time.perf_counter()
    key = position.rules.key
    huffs = [move for move in position.legal_moves() if move.huff]
    tables = loaded(key) if limit.databases else None
    if tables is not None and not huffs:
        won = _won(position, tables, began)
        if won is not None:
            return won
    if (
        (tables is None or tables.most <= MOST_KINGS)
        and limit.seconds >= SOLVE_SECONDS
        and solvable(key)
        and covers(*_sides(position), position.kings)
    ):
        # Within the move's time: with the table, the search needs next to none.
        lone_king_table(key, solve=True)
    if not huffs:
        return _search(position, limit, rng, began + limit.seconds, weights)
    # italian-familiar: the normal moves and each huff share the time.
    share = limit.seconds / (len(huffs) + 1)
    best = _search(position, limit, rng, time.perf_counter() + share, weights, scored=True)
    for huff in huffs:
        deadline = time.perf_counter() + share
        after = _search(position.play(huff), limit, rng, deadline, weights, scored=True)
        if after.score > best.score:
            best = Thought(huff, after.score, after.depth, best.nodes + after.nodes, 0.0)
    return best


def _won(position: Position, tables: Tables, began: float) -> Thought | None:
    """The database's move where it holds the position as won within the draw rules' counts
    (databases/moves.py: the search alone may not make progress there); None else."""
    score = score_of(tables, position)
    if score is None or score <= WON:
        return None
    raws = _raw_moves(position)
    won = winning_move(tables, position, list(_as_moves(position, raws).values()))
    if won is None:
        return None
    return Thought(won[0], won[1], 1, len(raws), time.perf_counter() - began)


def _search(
    position: Position,
    limit: Limit,
    rng: random.Random,
    deadline: float,
    weights: Weights | None,
    scored: bool = False,
) -> Thought:
    """The best move by iterative deepening; a forced move at once, unless its score is
    needed (`scored`)."""
    began = time.perf_counter()
    rules = position.rules
    _, keys = tools(rules.key, weights)
    raws = _raw_moves(position)
    moves = _as_moves(position, raws)
    if len(raws) == 1 and not scored:
        return Thought(moves[raws[0]], 0, 0, 0, time.perf_counter() - began)
    salt = contempt_salt(position.colour, limit.contempt)
    seen: dict[int, int] = {}
    for white, black, kings, colour in position.seen:
        seen[keys.of(white, black, kings, colour) ^ salt] = 1
    blind = rng.random() < limit.blunder
    search = searcher(
        rules,
        weights,
        deadline,
        limit.nodes,
        seen,
        quiescence=not blind,
        pure=limit.pure,
        databases=limit.databases,
        draws=_draws(position.colour, limit.contempt),
    )
    own, opp = _sides(position)
    pieces_gone = 2 * rules.board.home_rows[WHITE].bit_count() - (own | opp).bit_count()
    noise = limit.noise
    if pieces_gone < OPENING_CAPTURES and not position.kings:
        noise = max(noise, limit.opening_noise)
    bonus = {raw: rng.randint(0, noise) if noise else 0 for raw in raws}
    root = _Root(search, position, bonus, salt)
    order = sorted(raws, key=lambda raw: -len(raw[4]))
    rng.shuffle(order)
    best, score, depth_done = order[0], 0, 0
    max_depth = 1 if blind else limit.depth
    try:
        for depth in range(1, max_depth + 1):
            alpha, beta = -WIN - 1, WIN + 1
            if depth >= 3 and abs(score) < WON:
                alpha, beta = score - ASPIRATION, score + ASPIRATION
            while True:
                found, found_score = root.iterate(order, depth, alpha, beta)
                if found_score <= alpha:
                    alpha = -WIN - 1
                elif found_score >= beta:
                    beta = WIN + 1
                else:
                    break
            best, score, depth_done = found, found_score, depth
            order.remove(best)
            order.insert(0, best)
            # A forced result within this iteration's horizon is proven; one from the table
            # alone (further off) is checked by deeper iterations.
            if abs(score) > WON and WIN - abs(score) <= depth:
                break
    except OutOfTime:
        best, score = root.out_of_time(best, score, depth_done)
    return Thought(moves[best], score, depth_done, search.nodes, time.perf_counter() - began)


def _draws(colour: int, contempt: int) -> tuple[int, int]:
    """A draw's score with White to move, with Black to move: `contempt` below even for the
    side that thinks (`colour`), as much above for the other."""
    return (-contempt, contempt) if colour == WHITE else (contempt, -contempt)


class _Root:
    """One iteration over the root moves; keeps the best move proven in an iteration that
    runs out of time (`partial`)."""

    def __init__(
        self, search: Searcher, position: Position, bonus: dict[Raw, int], salt: int
    ) -> None:
        self.search = search
        self.bonus = bonus
        self.colour = position.colour
        self.own, self.opp = _sides(position)
        self.kings = position.kings
        _, keys = tools(position.rules.key)
        self.key = keys.of(position.white, position.black, position.kings, position.colour) ^ salt
        self.rule_plies = search.king_limit - position.king_moves
        limit = position.endgame_limit()
        self.endgame = 2 * limit - position.endgame if limit is not None else NEVER
        self.partial: tuple[Raw, int] | None = None
        self.last: dict[Raw, int] = {}

    def out_of_time(self, best: Raw, score: int, depth_done: int) -> tuple[Raw, int]:
        """The move to play when time runs out in an iteration, given the last finished one's:
        the unfinished iteration's best so far (`partial`), unless it is shown lost; then the
        move whose last search said most, since the iteration that found the loss may not
        have reached the others, and a move not shown lost (or lost later) holds out longer."""
        if self.partial is not None and depth_done:
            best, score = self.partial
        if score >= -WON:
            return best, score
        move = max(self.last, key=self.last.__getitem__, default=best)
        return (move, self.last[move]) if self.last.get(move, score) > score else (best, score)

    def iterate(self, moves: list[Raw], depth: int, alpha: int, beta: int) -> tuple[Raw, int]:
        search = self.search
        own, opp, kings, colour = self.own, self.opp, self.kings, self.colour
        self.partial = None
        best, best_score = moves[0], -WIN - 1
        search.enter(self.key)
        try:
            for index, move in enumerate(moves):
                after_opp, after_own, after_kings, key, man_moved, crowned = search.child(
                    own, opp, kings, colour, self.key, move
                )
                if move[2] or crowned:
                    rule_plies = search.king_limit
                    endgame = search.endgame_plies(after_own, after_opp, after_kings)
                else:
                    rule_plies = search.king_limit if man_moved else self.rule_plies - 1
                    endgame = self.endgame - 1
                bonus = self.bonus[move]
                low, high = alpha - bonus, beta - bonus
                child = (after_own, after_opp, after_kings, 1 - colour, key, rule_plies, endgame)
                if index == 0:
                    score = -search.node(*child, depth - 1, -high, -low, 1)
                else:
                    score = -search.node(*child, depth - 1, -low - 1, -low, 1)
                    if low < score < high:
                        score = -search.node(*child, depth - 1, -high, -low, 1)
                score += bonus
                self.last[move] = score
                if score > best_score:
                    best, best_score = move, score
                    if score > alpha:
                        alpha = score
                        self.partial = (move, score)
                        if alpha >= beta:
                            break
        finally:
            search.leave(self.key)
        return best, best_score
