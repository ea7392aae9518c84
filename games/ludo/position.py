"""The Ludo position: one immutable state of a game, the moves it allows, and the position
each move leads to.

A `LudoPosition` is one position behind the `games.base.Game` interface. The die is the seat
`CHANCE`: while a roll is due, the legal moves are `roll 1`..`roll 6`; after a roll, the
seat whose turn it is moves one pawn (or a tower onto an enemy tower). When a roll leaves
nothing legal, `play` passes on by itself to the next roll due. docs/rules-applied.md lists every
decision taken where the project's rules document is silent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from games.base import CHANCE, BadNotation, BadSnapshot, IllegalMove, Outcome, Seat
from games.ludo.board import EXTRA_ROLL, IN_YARD, Pawns
from games.ludo.ending import outcome_of
from games.ludo.messages import outcome_word
from games.ludo.moves import ROLLS, Leave, LudoMove, Roll, Step
from games.ludo.notation import describes, move_notation
from games.ludo.rules import SIXES_THAT_END_THE_TURN, LudoRules
from games.ludo.snapshots import read_snapshot, write_snapshot
from games.ludo.steps import legal_steps, pawns_after
from games.ludo.views import LudoView, SeatView
from games.messages import visible


class LudoPosition:
    """One immutable Ludo position. Build it with `LudoPosition.start(rules)`,
    `from_snapshot` or by playing moves; equal positions compare and hash equal."""

    key: ClassVar[str] = "ludo"
    __slots__ = (
        "_moves",
        "_outcome",
        "last_move",
        "left",
        "pawns",
        "roll",
        "rules",
        "sixes",
        "turn",
    )

    rules: LudoRules
    pawns: Pawns
    turn: Seat
    roll: int
    sixes: int
    left: frozenset[Seat]
    last_move: LudoMove | None
    _moves: tuple[Step, ...]
    _outcome: Outcome | None

    def __init__(
        self,
        rules: LudoRules,
        pawns: Pawns,
        turn: Seat,
        roll: int = 0,
        sixes: int = 0,
        left: frozenset[Seat] = frozenset(),
        last_move: LudoMove | None = None,
    ) -> None:
        """A position: `roll` 0 means a roll is due, else the die `turn` must move;
        `sixes` counts the sixes rolled in a row in this turn (a pending six included)."""
        init = object.__setattr__
        init(self, "rules", rules)
        init(self, "pawns", pawns)
        init(self, "turn", turn)
        init(self, "roll", roll)
        init(self, "sixes", sixes)
        init(self, "left", left)
        init(self, "last_move", last_move)
        outcome = outcome_of(rules, pawns, left)
        init(self, "_outcome", outcome)
        moves = legal_steps(rules, pawns, turn, roll) if roll and outcome is None else ()
        init(self, "_moves", moves)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Ludo position is immutable: play a move instead of setting {name}")

    @classmethod
    def start(cls, rules: LudoRules | None = None) -> LudoPosition:
        rules = rules or LudoRules()
        return cls(rules, (IN_YARD,) * rules.players, rules.first_seat)

    # -- the Game interface ------------------------------------------------------------------

    def to_move(self) -> Seat:
        return self.turn if self.roll else CHANCE

    def seat_count(self) -> int:
        return self.rules.players

    def legal_moves(self) -> Sequence[LudoMove]:
        if self._outcome is not None:
            return ()
        return self._moves if self.roll else ROLLS

    def outcome(self) -> Outcome | None:
        return self._outcome

    def play(self, move: LudoMove) -> LudoPosition:
        if self._outcome is not None:
            raise self._game_over()
        if isinstance(move, Leave):
            return self._leave(move)
        if self.roll:
            if isinstance(move, Step) and move in self._moves:
                return self._next_roll(
                    pawns_after(self.rules, self.pawns, move),
                    self.left,
                    move,
                    again=self.roll == EXTRA_ROLL,
                )
        elif isinstance(move, Roll) and move in ROLLS:
            return self._rolled(move)
        choices = [self.notation(legal) for legal in self.legal_moves()]
        params = {"text": self.notation(move), "player": self.turn + 1}
        if self.roll:
            params["roll"] = self.roll
            raise IllegalMove(choices=choices, key="ludo_must_move", params=params)
        raise IllegalMove(choices=choices, key="ludo_roll_due", params=params)

    def _game_over(self) -> IllegalMove:
        assert self._outcome is not None
        reason = outcome_word(self._outcome.reason)
        return IllegalMove(key="ludo_game_over", params={"reason": reason})

    def leave(self, seat: Seat) -> Leave:
        """The move by which `seat` leaves the game (resignation or timeout), legal at any
        time for a seat still playing; play it and log its notation like any other move."""
        if self._outcome is not None:
            raise self._game_over()
        if not 0 <= seat < self.rules.players or seat in self.left:
            playing = [str(s + 1) for s in self._active_seats()]
            raise IllegalMove(
                choices=[f"leave {s}" for s in playing],
                key="ludo_not_playing",
                params={"player": seat + 1, "players": ", ".join(playing)},
            )
        return Leave(seat)

    # -- the positions moves lead to ----------------------------------------------------------

    def _rolled(self, roll: Roll) -> LudoPosition:
        sixes = self.sixes + 1 if roll.value == EXTRA_ROLL else 0
        if self.rules.three_sixes and sixes == SIXES_THAT_END_THE_TURN:
            return self._next_roll(self.pawns, self.left, roll, again=False)
        position = LudoPosition(
            self.rules, self.pawns, self.turn, roll.value, sixes, self.left, roll
        )
        if position._moves:
            return position
        return position._next_roll(self.pawns, self.left, roll, again=roll.value == EXTRA_ROLL)

    def _next_roll(
        self, pawns: Pawns, left: frozenset[Seat], last_move: LudoMove, again: bool
    ) -> LudoPosition:
        """The position where the next roll is due: the same seat's after a six, else the
        next seat still playing."""
        if again:
            return LudoPosition(self.rules, pawns, self.turn, 0, self.sixes, left, last_move)
        turn = self.turn
        while True:
            turn = (turn + 1) % self.rules.players
            if turn not in left:
                return LudoPosition(self.rules, pawns, turn, 0, 0, left, last_move)

    def _leave(self, move: Leave) -> LudoPosition:
        self.leave(move.seat)
        pawns = list(self.pawns)
        pawns[move.seat] = IN_YARD
        left = self.left | {move.seat}
        if move.seat == self.turn:
            return self._next_roll(tuple(pawns), left, move, again=False)
        return LudoPosition(self.rules, tuple(pawns), self.turn, self.roll, self.sixes, left, move)

    def _active_seats(self) -> list[Seat]:
        return [seat for seat in range(self.rules.players) if seat not in self.left]

    # -- notation -----------------------------------------------------------------------------

    def notation(self, move: LudoMove) -> str:
        """See notation.move_notation: `roll 6`, `leave 2`, `p2 c14-c20`, `p1+p3 c14xc20`."""
        return move_notation(move, self.pawns, self.rules.colours)

    def parse(self, text: str) -> LudoMove:
        """The move `text` names: `roll N`, `leave N`, or a pawn move named by its pawn
        (`2`, `p2`, `p1+p3` for a tower), the square it stands on (`c14`, `h2`, `yard`), its
        way (`c14-c20`), or several of these (`p2 c14-c20`)."""
        words = text.lower().split()
        if not words:
            raise BadNotation(key="ludo_empty_move")
        if self._outcome is not None:
            raise self._game_over()
        if words[0] in ("roll", "leave"):
            return self._parse_command(words)
        if not self.roll:
            raise IllegalMove(
                choices=[f"roll {n}" for n in range(1, 7)],
                key="ludo_roll_first",
                params={"text": visible(text.strip())},
            )
        # Each group of pawns sharing a square has one move per roll at most (a single pawn
        # may not land where its tower could take a tower), and every word names the start
        # square, so the first match is the only one.
        for move in self._moves:
            if describes(words, move, self.pawns, self.rules.colours):
                return move
        raise IllegalMove(
            choices=[self.notation(move) for move in self._moves],
            key="ludo_not_legal_with",
            params={"text": visible(text.strip()), "roll": self.roll},
        )

    def _parse_command(self, words: list[str]) -> LudoMove:
        command = words[0]
        if len(words) != 2 or not words[1].isdecimal():
            raise BadNotation(key="ludo_command_number", params={"command": command})
        number = int(words[1])
        if command == "leave":
            return self.leave(number - 1)
        if not 1 <= number <= 6:
            raise BadNotation(key="ludo_die_faces", params={"number": number})
        if self.roll:
            raise IllegalMove(
                choices=[self.notation(move) for move in self._moves],
                key="ludo_no_roll_due",
                params={"player": self.turn + 1, "roll": self.roll},
            )
        return ROLLS[number - 1]

    # -- snapshots and views ------------------------------------------------------------------

    def snapshot(self) -> str:
        """The position as one line: see snapshots.py (`-1,-1,0,5/-1,-1,-1,-1 1 6 1 -`)."""
        return write_snapshot(self.pawns, self.turn, self.roll, self.sixes, self.left)

    @classmethod
    def from_snapshot(cls, text: str, rules: LudoRules) -> LudoPosition:
        position = cls(rules, *read_snapshot(text, rules))
        if position.roll and position.outcome() is None and not position.legal_moves():
            raise BadSnapshot(
                key="ludo_snapshot_stuck", params={"roll": position.roll, "text": visible(text)}
            )
        return position

    def view(self) -> LudoView:
        colours = self.rules.colours
        return LudoView(
            seats=tuple(
                SeatView(seat, colours[seat], pawns, seat in self.left)
                for seat, pawns in enumerate(self.pawns)
            ),
            to_move=self.to_move(),
            roll=self.roll or None,
            last_move=self.last_move,
        )

    def _key(self) -> tuple[object, ...]:
        return (self.rules, self.pawns, self.turn, self.roll, self.sixes, self.left)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LudoPosition) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"LudoPosition({self.snapshot()!r}, {self.rules!r})"
