"""Draughts positions: the games.base.Game protocol for every variant, on top of the generator.

A `Position` is immutable and hashable. Besides the pieces and the side to move it carries
what the draw rules and the huff need, so that a restored position goes on counting: the
king-move counter, the endgame counter, the positions seen since the last irreversible move
(for repetition) and the pieces the side to move may huff. The FEN holds only the pieces and
the side; the snapshot adds the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from games.base import BadSnapshot, IllegalMove, Outcome, Seat, find_game
from games.damas.fen import read_fen
from games.damas.messages import SIDES
from games.damas.move import BLACK, WHITE, Move, Piece
from games.damas.movegen import Raw, apply
from games.damas.notation import parse_move
from games.damas.rules import REPETITION_COUNT, RULES, Material, Rules
from games.damas.squares import parse_square, square_name
from games.messages import Message, either, visible

# A repetition key: (white, black, kings, colour to move) as bitboards.
PositionKey = tuple[int, int, int, int]


_SNAPSHOT_FIELDS = ("king_moves", "endgame", "huff", "huffed", "seen")


def resolve_rules(rules_or_key: Rules | str) -> Rules:
    """The Rules of a variant given as a Rules value, a key or an alias ('brasileira')."""
    if isinstance(rules_or_key, Rules):
        return rules_or_key
    if rules_or_key in RULES:
        return RULES[rules_or_key]
    try:  # the registry knows the aliases
        key = find_game(rules_or_key).key
    except KeyError:
        key = ""
    if key not in RULES:
        known = ", ".join(RULES)
        raise KeyError(f"unknown draughts variant {rules_or_key!r}; known: {known}")
    return RULES[key]


@dataclass(frozen=True)
class Position:
    """One position of one draughts variant; implements games.base.Game.

    Positions are built as the variant's subclass (BrazilianPosition, ...), whose `key` is
    the registry key; build them with `start`, `from_fen` or `from_snapshot`.
    """

    key: ClassVar[str] = "draughts"

    rules: Rules
    white: int  # bitboards in the generator's bit layout (see board.py)
    black: int
    kings: int
    colour: int = WHITE  # the side to move
    # Plies in a row with only kings moving, without capture or man move.
    king_moves: int = 0
    # Plies since the current endgame material arose (only counted in an endgame of the rules).
    endgame: int = 0
    # Pieces of the side that just moved which the side to move may huff (bitboard).
    huff_bits: int = 0
    # The square whose piece the side to move has just huffed (0: none), for messages.
    huffed: int = 0
    # The positions since the last irreversible move, oldest first, this one not included.
    seen: tuple[PositionKey, ...] = ()

    # ----- construction -----

    @classmethod
    def start(cls, rules_or_key: Rules | str) -> Position:
        """The start position: the men on the dark squares of each side's first rows."""
        rules = resolve_rules(rules_or_key)
        white_home, black_home = rules.board.home_rows
        return _position_class(rules)(rules, white_home, black_home, 0)

    @classmethod
    def from_fen(cls, rules_or_key: Rules | str, fen: str) -> Position:
        """The position of a PDN FEN such as `W:W31,32,K45:B1-3,K7` (counters at zero)."""
        rules = resolve_rules(rules_or_key)
        white, black, kings, colour = read_fen(rules, fen)
        return _position_class(rules)(rules, white, black, kings, colour)

    @classmethod
    def setup(cls, rules_or_key: Rules | str, fen: str) -> Position:
        """The position of a FEN to start a game from: as `from_fen`, and refused with
        BadSnapshot when a side has more pieces than at the start or the game would already
        be over (no pieces, or no move). Analysis (perft, PDN) reads any FEN."""
        position = cls.from_fen(rules_or_key, fen)
        most = position.rules.board.home_rows[0].bit_count()
        for colour in (WHITE, BLACK):
            count = sum(position.material(colour))
            if count > most:
                raise BadSnapshot(
                    key="fen_too_many",
                    params={
                        "text": visible(fen),
                        "side": SIDES[colour],
                        "count": count,
                        "most": most,
                    },
                )
        outcome = position.outcome()
        if outcome is not None and outcome.reason in ("no_pieces", "no_moves"):
            (winner,) = outcome.winners
            key = "fen_no_pieces" if outcome.reason == "no_pieces" else "fen_no_moves"
            raise BadSnapshot(key=key, params={"text": visible(fen), "side": SIDES[1 - winner]})
        return position

    @classmethod
    def from_snapshot(cls, rules_or_key: Rules | str, text: str) -> Position:
        """The position of a `snapshot()` text (a FEN alone gives counters at zero)."""
        rules = resolve_rules(rules_or_key)
        fen, *extras = text.strip().split(";")
        position = cls.from_fen(rules, fen)
        values: dict[str, str] = {}
        for extra in extras:
            name, equals, value = extra.strip().partition("=")
            if not equals or name not in _SNAPSHOT_FIELDS:
                raise BadSnapshot(
                    key="snapshot_field",
                    params={"text": visible(extra), "names": ", ".join(_SNAPSHOT_FIELDS)},
                )
            values[name] = value
        try:
            king_moves = int(values.get("king_moves", "0"))
            endgame = int(values.get("endgame", "0"))
        except ValueError as error:
            raise BadSnapshot(key="snapshot_counters", params={"text": visible(text)}) from error
        huff_squares = [parse_square(rules, s) for s in values.get("huff", "").split(",") if s]
        huffed = parse_square(rules, values.get("huffed", "0"))
        if None in huff_squares or ("huffed" in values and huffed is None):
            raise BadSnapshot(key="snapshot_huff", params={"text": visible(text)})
        seen = tuple(
            cls.from_fen(rules, seen_fen).repetition_key
            for seen_fen in values.get("seen", "").split("|")
            if seen_fen
        )
        return _position_class(rules)(
            rules,
            position.white,
            position.black,
            position.kings,
            position.colour,
            king_moves=king_moves,
            endgame=endgame,
            huff_bits=rules.board.bits_of(s for s in huff_squares if s is not None),
            huffed=huffed or 0,
            seen=seen,
        )

    # ----- reading -----

    def to_move(self) -> Seat:
        return self.colour

    def seat_count(self) -> int:
        return 2

    def pieces(self) -> dict[int, Piece]:
        """Square number -> Piece, for the board picture and the computer player."""
        board = self.rules.board
        found: dict[int, Piece] = {}
        for colour, bits in ((WHITE, self.white), (BLACK, self.black)):
            while bits:
                low = bits & -bits
                bits ^= low
                found[board.square_of_bit[low]] = Piece(colour, bool(self.kings & low))
        return dict(sorted(found.items()))

    def material(self, colour: int) -> Material:
        """(kings, men) of one side."""
        bits = self.white if colour == WHITE else self.black
        kings = (bits & self.kings).bit_count()
        return kings, bits.bit_count() - kings

    def huffable(self) -> list[int]:
        """The squares of the pieces the side to move may huff (italian-familiar): those of
        the opponent's pieces that could have made the capture the opponent did not make."""
        return self.rules.board.squares_of(self.huff_bits)

    def huff_offer(self) -> Message | None:
        """What to tell the side to move when it may huff (the pieces and the huff moves),
        or after its huff, which piece it took; None otherwise."""
        rules = self.rules
        if self.huffed:
            square = square_name(rules, self.huffed)
            return Message("huffed", {"side": SIDES[self.colour], "square": square})
        squares = [square_name(rules, s) for s in self.huffable()]
        if not squares:
            return None
        params = {
            "side": SIDES[1 - self.colour],
            "squares": either(squares),
            "huffs": either([f"soffio {s}" for s in squares]),
        }
        return Message("huff_offer", params)

    @property
    def repetition_key(self) -> PositionKey:
        return (self.white, self.black, self.kings, self.colour)

    def _sides(self) -> tuple[int, int]:
        return (self.white, self.black) if self.colour == WHITE else (self.black, self.white)

    def fen(self) -> str:
        """The PDN FEN: `W:W31,32,K45:B1,2,K7` (numbers, ascending, kings marked K)."""
        parts = []
        for letter, colour in (("W", WHITE), ("B", BLACK)):
            items = [
                f"K{square}" if piece.is_king else str(square)
                for square, piece in self.pieces().items()
                if piece.colour == colour
            ]
            parts.append(letter + ",".join(items))
        return f"{'WB'[self.colour]}:{parts[0]}:{parts[1]}"

    def snapshot(self) -> str:
        """The FEN, then what the FEN cannot hold: `;king_moves=N;endgame=N;huff=..;seen=..`."""
        extras = []
        if self.king_moves:
            extras.append(f"king_moves={self.king_moves}")
        if self.endgame:
            extras.append(f"endgame={self.endgame}")
        if self.huff_bits:
            extras.append("huff=" + ",".join(map(str, self.huffable())))
        if self.huffed:
            extras.append(f"huffed={self.huffed}")
        if self.seen:
            fens = (
                type(self)(self.rules, white, black, kings, colour).fen()
                for white, black, kings, colour in self.seen
            )
            extras.append("seen=" + "|".join(fens))
        return ";".join([self.fen(), *extras])

    def __str__(self) -> str:
        return self.fen()

    # ----- moves -----

    @cached_property
    def _routes(self) -> list[Raw]:
        own, opp = self._sides()
        return self.rules.generator.routes(own, opp, self.kings, self.colour)

    @cached_property
    def _moves(self) -> dict[Move, Raw]:
        """Each legal move (huffs first), with the generator's raw form of normal moves."""
        square_of = self.rules.board.square_of_bit
        moves: dict[Move, Raw] = {}
        for square in self.huffable():
            moves[Move((square,), huff=True)] = (0, 0, 0, (), ())
        # Ordered by start and end square, so that lists of moves read well.
        for raw in sorted(self._routes, key=lambda r: (square_of[r[0]], square_of[r[1]])):
            if raw[4]:
                move = Move(
                    tuple(square_of[i] for i in raw[3]), tuple(square_of[i] for i in raw[4])
                )
            else:
                move = Move((square_of[raw[0]], square_of[raw[1]]))
            moves.setdefault(move, raw)
        return moves

    def legal_moves(self) -> list[Move]:
        """Every legal move once; a huff (italian-familiar) comes before the normal moves."""
        return list(self._moves)

    def play(self, move: Move) -> Position:
        """The position after a legal move; IllegalMove if it is not legal here."""
        raw = self._moves.get(move)
        if raw is None:
            choices = [self.notation(m) for m in self.legal_moves()]
            if not choices:
                raise IllegalMove(key="no_move_legal", params={"text": str(move)})
            params = {"text": str(move), "moves": self.routes(self.legal_moves())}
            raise IllegalMove(choices=choices, key="not_legal_here", params=params)
        if move.huff:
            return self._after_huff(move.start)
        own, opp = self._sides()
        own, opp, kings = apply(
            own, opp, self.kings, self.colour, raw, self.rules.generator.promotion_rows
        )
        white, black = (own, opp) if self.colour == WHITE else (opp, own)
        moved_man = not self.kings & raw[0]
        irreversible = moved_man or bool(raw[2])
        crowned = moved_man and bool(kings & raw[1])
        after = type(self)(self.rules, white, black, kings, 1 - self.colour)
        endgame = 0
        if after.endgame_limit() is not None and not (raw[2] or crowned):
            endgame = self.endgame + 1
        return type(self)(
            self.rules,
            white,
            black,
            kings,
            1 - self.colour,
            king_moves=0 if irreversible else self.king_moves + 1,
            endgame=endgame,
            huff_bits=self._huff_right_after(raw),
            seen=() if irreversible or not self.rules.repetition_draw else self._seen_with_me(),
        )

    def _seen_with_me(self) -> tuple[PositionKey, ...]:
        return (*self.seen, self.repetition_key)

    def _huff_right_after(self, raw: Raw) -> int:
        """The pieces the opponent may huff after `raw`: those that could have made the
        required capture, if `raw` is not one of the required captures (a piece that moved
        is found on its new square)."""
        if not self.rules.huffing:
            return 0
        own, opp = self._sides()
        required = self.rules.generator.required(own, opp, self.kings, self.colour)
        if not required or any(r[:3] == raw[:3] for r in required):
            return 0
        bits = 0
        for start, *_ in required:
            bits |= raw[1] if start == raw[0] else start
        return bits

    def _after_huff(self, square: int) -> Position:
        board = self.rules.board
        bit = 1 << board.index_of[square]
        white, black = self.white & ~bit, self.black & ~bit
        return type(self)(self.rules, white, black, self.kings & ~bit, self.colour, huffed=square)

    # ----- the end of the game -----

    def endgame_limit(self) -> int | None:
        """Moves of each side to a draw in this material against a lone king, if any."""
        for strong, weak in ((WHITE, BLACK), (BLACK, WHITE)):
            if self.material(weak) == (1, 0):
                limit = self.rules.endgame_moves.get(self.material(strong))
                if limit is not None:
                    return limit
        return None

    def outcome(self) -> Outcome | None:
        """The result by rule, or None while the game goes on."""
        own, opp = self._sides()
        mover, other = self.colour, 1 - self.colour
        if not opp:  # after a huff took the last piece (or in a FEN set up so)
            return Outcome(frozenset({mover}), "no_pieces")
        if not own:
            return Outcome(frozenset({other}), "no_pieces")
        if not self._moves:
            return Outcome(frozenset({other}), "no_moves")
        draw = self._draw_reason()
        return Outcome(frozenset(), draw) if draw else None

    def _draw_reason(self) -> str | None:
        rules = self.rules
        material = tuple(sorted((self.material(WHITE), self.material(BLACK))))
        if material in rules.drawn_material:
            return "insufficient_material"
        if rules.repetition_draw:
            times = self.seen.count(self.repetition_key) + 1
            if times >= REPETITION_COUNT:
                return "repetition"
        if rules.king_moves_limit is not None and self.king_moves >= 2 * rules.king_moves_limit:
            return "king_moves_rule"
        limit = self.endgame_limit()
        if limit is not None and self.endgame >= 2 * limit:
            return "endgame_rule"
        return None

    # ----- notation -----

    def notation(self, move: Move) -> str:
        """`32-28`, `28x19` (or `c3-d4`, `d4xf6` in Brazilian), `soffio 22` for a huff; the
        full path `39x28x17x6` when another legal move has the same start and end."""
        rules = self.rules
        if move.huff:
            return f"soffio {square_name(rules, move.start)}"
        if not move.captures:
            return f"{square_name(rules, move.start)}-{square_name(rules, move.end)}"
        shared = sum(
            1
            for other in self._moves
            if not other.huff and other.start == move.start and other.end == move.end
        )
        squares = move.path if shared > 1 else (move.start, move.end)
        return "x".join(square_name(rules, s) for s in squares)

    def route(self, move: Move) -> str:
        """The move as people read it in chat: a capture with every square it stands on
        (`g3xe5xg7`, where `notation` may write `g3xg7`); other moves as `notation`."""
        if move.huff or not move.captures:
            return self.notation(move)
        return "x".join(square_name(self.rules, s) for s in move.path)

    def routes(self, moves: Iterable[Move]) -> str:
        """Moves as a list for people: `g3xe5xg7, c3-d4`."""
        return ", ".join(self.route(m) for m in moves)

    def parse(self, text: str) -> Move:
        """The legal move that `text` names (see games.damas.notation for what is read).
        BadNotation if it is not a move at all, IllegalMove (with the choices and the rule
        that applies) if not legal, AmbiguousMove if it names several moves."""
        return parse_move(self, text)

    def routes_by_move(self) -> dict[Move, list[tuple[int, ...]]]:
        """Every route (squares stood on) of each legal capture."""
        square_of = self.rules.board.square_of_bit
        routes: dict[Move, list[tuple[int, ...]]] = {}
        for raw in self._routes:
            if raw[4]:
                path = tuple(square_of[i] for i in raw[3])
                move = Move(path, tuple(square_of[i] for i in raw[4]))
                routes.setdefault(move, []).append(path)
        return routes

    def all_capture_routes(self) -> list[Move]:
        """Every complete capture route, before the capture priorities: one Move per route."""
        own, opp = self._sides()
        square_of = self.rules.board.square_of_bit
        return [
            Move(tuple(square_of[i] for i in raw[3]), tuple(square_of[i] for i in raw[4]))
            for raw in self.rules.generator.captures(own, opp, self.kings, self.colour)
        ]


class BrazilianPosition(Position):
    key = "brazilian"


class InternationalPosition(Position):
    key = "international"


class ItalianPosition(Position):
    key = "italian"


class ItalianFamiliarPosition(Position):
    key = "italian-familiar"


_POSITION_CLASSES: dict[str, type[Position]] = {
    cls.key: cls
    for cls in (BrazilianPosition, InternationalPosition, ItalianPosition, ItalianFamiliarPosition)
}


def _position_class(rules: Rules) -> type[Position]:
    return _POSITION_CLASSES[rules.key]
