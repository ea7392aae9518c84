"""The alpha-beta search on raw bitboards: no Position or Move objects inside the tree.

A node is (own, opp, kings, colour) as the move generator takes it, with its Zobrist key and
the plies left before a draw rule ends the game (king moves; endgame material). Moves are the
generator's raw tuples; a move is made by XOR-ing bitboards and the key, and unmade by keeping
the parent's values. Principal variation search with a transposition table, killer and
history ordering and late-move reductions; a quiescence that plays out the captures of both
sides and looks one ply further when the side to move is threatened with a capture. A
position repeated on the path (or in the game before the root) scores as a draw, so the
search avoids repeating when ahead and repeats when behind; a draw may score other than 0 for
one side (`draws`: think.py's contempt). Where endgame databases are
loaded, a node whose pieces they hold takes their value (`database_score`) and is searched no
further. The clock is read every `CHECK_EVERY` nodes.
"""

from __future__ import annotations

import time

from games.damas.engine.databases.tables import LOSS, Tables
from games.damas.engine.evaluate import Evaluate
from games.damas.engine.lone_king import MOST_KINGS, LoneKingTable, covers, lone_king_table
from games.damas.engine.ordering import Ordering
from games.damas.engine.table import EXACT, LOWER, UPPER, Table
from games.damas.engine.zobrist import Keys
from games.damas.movegen import Raw
from games.damas.rules import Rules

WIN = 1_000_000
WON = WIN - 1000  # scores beyond this are forced wins (by the plies to them)
DRAW = 0
NEVER = 1 << 30  # "plies left" of a draw rule that does not apply
MAX_PLY = 100
CHECK_EVERY = 256  # nodes between looks at the clock: well under a millisecond
PRUNE_MARGIN = 10  # hundredths of a man per ply of depth (see Search.node)
FEW_MOVES = 3  # this many moves or fewer: no verification cut (see Search.node)


class OutOfTime(Exception):
    """The deadline passed, or the node budget ran out, in the middle of an iteration."""


def endgame_pieces(rules: Rules) -> int:
    """The most pieces on the board where an endgame rule or drawn material can apply."""
    return max(
        [k + m + 1 for k, m in rules.endgame_moves]
        + [sum(white) + sum(black) for white, black in rules.drawn_material]
        + [0]
    )


def solved_score(table: LoneKingTable, own: int, opp: int, plies_left: int, ply: int) -> int | None:
    """The exact value of kings against a lone king when the kings win within the plies the
    draw rules leave; None when the table does not say."""
    result = table.result(own, opp)
    if result is None:
        return None
    mover_wins, plies = result
    if plies > plies_left:
        # The draw rules may end the game first, unless a capture on the way starts their
        # counts again: left to the search.
        return None
    return WIN - ply - plies if mover_wins else ply + plies - WIN


def database_score(value: int, plies_left: int, ply: int, draw: int = DRAW) -> int:
    """A database's byte as a score: its win or loss when it comes within the plies the draw
    rules leave, else a draw (`draw`, the node's: the loser holds out, or the winner cannot
    make progress, until the count ends the game); faster wins score higher, as forced
    results of the search."""
    if not value:
        return draw
    if value < LOSS:
        return WIN - ply - value if value <= plies_left else draw
    return ply + value - LOSS - WIN if value - LOSS <= plies_left else draw


class Search:
    """One search of one rule set: the tables it keeps while it runs."""

    def __init__(
        self,
        rules: Rules,
        evaluate: Evaluate,
        keys: Keys,
        table: Table,
        deadline: float,
        max_nodes: int,
        seen: dict[int, int],
        quiescence: bool = True,
        databases: Tables | None = None,
        draws: tuple[int, int] = (DRAW, DRAW),
    ) -> None:
        self.rules = rules
        self.evaluate = evaluate
        self.keys = keys
        self.table = table
        self.deadline = deadline
        self.max_nodes = max_nodes
        # Zobrist key -> times on the game's path to the current node (root history first).
        self.path = seen
        self.quiescence = quiescence
        self.nodes = 0
        self.order = Ordering(MAX_PLY + 2)
        self.eval_cache: dict[int, int] = {}
        generator = rules.generator
        self.captures = generator.captures
        self.can_capture = generator.can_capture
        self.choose = generator.choose
        self.quiet = generator.quiet
        self.promotion_rows = generator.promotion_rows
        self.king_limit = 2 * rules.king_moves_limit if rules.king_moves_limit else NEVER
        self.endgame_moves = rules.endgame_moves
        self.drawn_material = rules.drawn_material
        self.endgame_pieces = endgame_pieces(rules)
        board = rules.board
        self.mask, self.near, self.far = board.mask, board.half, board.half + 1
        # Kings against a lone king on 8x8, when solved in this process (see think.py).
        self.lone_king = lone_king_table(rules.key)
        # The endgame databases read at the nodes they hold (databases/loaded.py).
        self.databases = databases
        # A draw's score with White to move, with Black to move.
        self.draws = draws

    # ----- helpers -----

    def endgame_plies(self, own: int, opp: int, kings: int) -> int:
        """Plies left under the endgame rule for this material (NEVER if it does not apply;
        0 if the material is a draw at once)."""
        if (own | opp).bit_count() > self.endgame_pieces:
            return NEVER
        if self.drawn(own, opp, kings):
            return 0
        for strong, weak in ((own, opp), (opp, own)):
            if weak.bit_count() == 1 and weak & kings:
                king_count = (strong & kings).bit_count()
                moves = self.endgame_moves.get((king_count, strong.bit_count() - king_count))
                if moves is not None:
                    return 2 * moves
        return NEVER

    def drawn(self, own: int, opp: int, kings: int) -> bool:
        """Whether the material is a draw at once (Italian: king v king, two kings v one)."""
        if not self.drawn_material or (own | opp).bit_count() > self.endgame_pieces:
            return False
        material = sorted(
            ((side & kings).bit_count(), (side & ~kings).bit_count()) for side in (own, opp)
        )
        return tuple(material) in self.drawn_material

    def enter(self, key: int) -> None:
        """Put a position on the path (the root, which may repeat the game's history)."""
        self.path[key] = self.path.get(key, 0) + 1

    def leave(self, key: int) -> None:
        self.path[key] -= 1
        if not self.path[key]:
            del self.path[key]

    def tick(self) -> None:
        if self.nodes >= self.max_nodes or time.perf_counter() > self.deadline:
            raise OutOfTime

    def static(self, own: int, opp: int, kings: int, colour: int, key: int) -> int:
        cache = self.eval_cache
        score = cache.get(key)
        if score is None:
            score = self.evaluate(own, opp, kings, colour)
            if len(cache) > 200_000:
                cache.clear()
            cache[key] = score
        return score

    def child(
        self, own: int, opp: int, kings: int, colour: int, key: int, move: Raw
    ) -> tuple[int, int, int, int, bool, bool]:
        """(own, opp, kings, key, man_moved, crowned) of the child, from its mover's view:
        the caller swaps own and opp."""
        start, end, taken = move[0], move[1], move[2]
        keys = self.keys
        if kings & start:
            table = keys.kings[colour]
            key ^= table[start.bit_length()] ^ table[end.bit_length()]
            kings = (kings ^ start) | end
            man_moved = crowned = False
        else:
            man_moved = True
            crowned = bool(end & self.promotion_rows[colour])
            key ^= keys.men[colour][start.bit_length()]
            if crowned:
                kings |= end
                key ^= keys.kings[colour][end.bit_length()]
            else:
                key ^= keys.men[colour][end.bit_length()]
        if taken:
            men_table, king_table = keys.men[1 - colour], keys.kings[1 - colour]
            bits = taken
            while bits:
                low = bits & -bits
                bits ^= low
                key ^= king_table[low.bit_length()] if kings & low else men_table[low.bit_length()]
            kings &= ~taken
            opp &= ~taken
        return own ^ start ^ end, opp, kings, key ^ keys.black_to_move, man_moved, crowned

    # ----- the tree -----

    # The search's own recursion, run at every node: its steps (table probe, cut-offs, move
    # ordering) stay inline, as a call each would slow every node.
    def node(  # noqa: C901
        self,
        own: int,
        opp: int,
        kings: int,
        colour: int,
        key: int,
        rule_plies: int,
        endgame: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
    ) -> int:
        """The value of the node for the side to move, within (alpha, beta)."""
        self.nodes += 1
        if not self.nodes % CHECK_EVERY:
            self.tick()
        path = self.path
        if key in path or rule_plies <= 0 or endgame <= 0:
            return self.draws[colour]
        databases = self.databases
        if databases is not None and (own | opp).bit_count() <= databases.most:
            value = databases.value(own, opp, kings, colour)
            if value is not None:
                return database_score(value, min(rule_plies, endgame), ply, self.draws[colour])
        if (
            self.lone_king is not None
            and (own | opp).bit_count() <= MOST_KINGS + 1
            and covers(own, opp, kings)
        ):
            solved = solved_score(self.lone_king, own, opp, min(rule_plies, endgame), ply)
            if solved is not None:
                return solved
        if ply >= MAX_PLY:
            return self.static(own, opp, kings, colour, key)
        table = self.table
        entry = table.get(key)
        best_move = None
        if entry is not None:
            entry_depth, flag, score, best_move = entry
            if entry_depth >= depth and ply:
                if score > WON:
                    score -= ply
                elif score < -WON:
                    score += ply
                if flag == EXACT or (flag == LOWER and score >= beta):
                    return score
                if flag == UPPER and score <= alpha:
                    return score
        routes = self.captures(own, opp, kings, colour)
        if routes:
            moves = self.choose(routes, kings)
        else:
            if depth <= 0:
                return self.quiet_leaf(own, opp, kings, colour, key, alpha, beta, ply, True)
            moves = self.quiet(own, opp, kings, colour)
            if not moves:
                return ply - WIN
        if depth <= 0 and self.quiescence:
            depth = 0  # captures at the horizon: played out below, at depth 0
        elif len(moves) == 1:
            depth += 1  # a forced move costs nothing to look past
        elif (
            depth >= 3
            and beta == alpha + 1
            and not routes
            and len(moves) > FEW_MOVES
            and -WON < beta < WON
            and not self.can_capture(opp, own, kings, 1 - colour)
        ):
            # A null window far from a forced result: if a search of two fifths of the depth
            # clears beta by a margin growing with the depth, the full search would too. Not
            # where the side to move is threatened with a capture or has few moves: there the
            # shallow search misses the shots and blocks a few plies on (tests/data/deep.txt).
            margin = PRUNE_MARGIN * depth
            raised = beta + margin
            score = self.node(
                own, opp, kings, colour, key, rule_plies, endgame,
                depth * 2 // 5, raised - 1, raised, ply,
            )  # fmt: skip
            if score >= raised:
                return score - margin
        if len(moves) > 1:
            moves = self.order.ordered(moves, best_move, bool(routes), colour, ply)
        original_alpha = alpha
        best = -WIN
        best_move = moves[0]
        other = 1 - colour
        path[key] = 1
        try:
            for index, move in enumerate(moves):
                after_opp, after_own, after_kings, after_key, man_moved, crowned = self.child(
                    own, opp, kings, colour, key, move
                )
                if move[2] or crowned:
                    after_rule = self.king_limit
                    after_endgame = self.endgame_plies(after_own, after_opp, after_kings)
                else:
                    after_rule = self.king_limit if man_moved else rule_plies - 1
                    after_endgame = endgame - 1
                if depth <= 0:
                    score = -self.node(
                        after_own, after_opp, after_kings, other, after_key,
                        after_rule, after_endgame, 0, -beta, -alpha, ply + 1,
                    )  # fmt: skip
                elif index == 0:
                    score = -self.node(
                        after_own, after_opp, after_kings, other, after_key,
                        after_rule, after_endgame, depth - 1, -beta, -alpha, ply + 1,
                    )  # fmt: skip
                else:
                    reduced = depth - 2 if depth >= 3 and index >= 3 and not routes else depth - 1
                    score = -self.node(
                        after_own, after_opp, after_kings, other, after_key,
                        after_rule, after_endgame, reduced, -alpha - 1, -alpha, ply + 1,
                    )  # fmt: skip
                    if score > alpha and (score < beta or reduced < depth - 1):
                        score = -self.node(
                            after_own, after_opp, after_kings, other, after_key,
                            after_rule, after_endgame, depth - 1, -beta, -alpha, ply + 1,
                        )  # fmt: skip
                if score > best:
                    best, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if not routes:
                                self.order.reward(move, moves[:index], colour, ply, depth)
                            break
        finally:
            del path[key]
        flag = LOWER if best >= beta else EXACT if best > original_alpha else UPPER
        stored = best + ply if best > WON else best - ply if best < -WON else best
        table.put(key, depth, flag, stored, best_move)
        return best

    def quiet_leaf(
        self,
        own: int,
        opp: int,
        kings: int,
        colour: int,
        key: int,
        alpha: int,
        beta: int,
        ply: int,
        may_extend: bool,
    ) -> int:
        """A horizon node without capture: its static value, unless it is blocked (lost) or
        the opponent threatens a capture (then every move is looked at, one ply)."""
        # Blocked (no free square next to a piece that may step there): lost.
        empty = self.mask & ~(own | opp)
        near, far = self.near, self.far
        men = own & ~kings
        own_kings = own & kings
        targets = (men >> near) | (men >> far) if colour == 0 else (men << near) | (men << far)
        if own_kings:
            targets |= (
                (own_kings >> near) | (own_kings >> far) | (own_kings << near) | (own_kings << far)
            )
        if not targets & empty:
            return ply - WIN
        if (
            may_extend
            and self.quiescence
            and ply < MAX_PLY
            and self.can_capture(opp, own, kings, 1 - colour)
        ):
            moves = self.quiet(own, opp, kings, colour)
            return self.best_reply(own, opp, kings, colour, key, moves, alpha, beta, ply)
        return self.static(own, opp, kings, colour, key)

    def resolve(
        self, own: int, opp: int, kings: int, colour: int, key: int, alpha: int, beta: int, ply: int
    ) -> int:
        """Quiescence after a threat extension: captures are played out, nothing else."""
        self.nodes += 1
        if not self.nodes % CHECK_EVERY:
            self.tick()
        if self.drawn(own, opp, kings):
            return self.draws[colour]
        routes = self.captures(own, opp, kings, colour)
        if not routes or ply >= MAX_PLY:
            return self.quiet_leaf(own, opp, kings, colour, key, alpha, beta, ply, False)
        moves = self.choose(routes, kings)
        return self.best_reply(own, opp, kings, colour, key, moves, alpha, beta, ply)

    def best_reply(
        self,
        own: int,
        opp: int,
        kings: int,
        colour: int,
        key: int,
        moves: list[Raw],
        alpha: int,
        beta: int,
        ply: int,
    ) -> int:
        """The best of `moves` (not empty), each followed by the quiescence."""
        best = -WIN
        other = 1 - colour
        for move in moves:
            after_opp, after_own, after_kings, after_key, _, _ = self.child(
                own, opp, kings, colour, key, move
            )
            score = -self.resolve(
                after_own, after_opp, after_kings, other, after_key, -beta, -alpha, ply + 1
            )
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best
