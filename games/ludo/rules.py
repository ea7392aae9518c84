"""The rules of Ludo as damas-bot plays them: the rule set, moves, and immutable positions.

A `LudoPosition` is one position behind the `games.base.Game` interface. The die is the seat
`CHANCE`: while a roll is due, the legal moves are `roll 1`..`roll 6`; after a roll, the
seat whose turn it is moves one pawn (or a tower onto an enemy tower). When a roll leaves
nothing legal, `play` passes on by itself to the next roll due. docs/rules.md lists every
decision taken where the project's rules document is silent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.base import CHANCE, BadNotation, BadSnapshot, IllegalMove, Outcome, Seat
from games.ludo.board import (
    ENTRY_ROLLS,
    EXTRA_ROLL,
    FINISH,
    LAST_TRACK,
    PAWNS_PER_COLOUR,
    SEAT_COLOURS,
    START,
    TRACK,
    YARD,
    destination,
    is_square_name,
    progress_of,
    square_name,
    start_square,
)
from games.ludo.messages import outcome_word
from games.messages import visible
from games.messages import word as message_word

Pawns = tuple[tuple[int, ...], ...]

ALL_HOME = (FINISH,) * PAWNS_PER_COLOUR
IN_YARD = (YARD,) * PAWNS_PER_COLOUR
SIXES_THAT_END_THE_TURN = 3
TEAM_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class LudoRules:
    """One rule set: the player count, the optional rules, and the seat that starts.

    `first_seat` is drawn at random by whoever creates the game (the service), and stored
    with the options, so that replaying the log from the options always gives the same game.
    """

    players: int = 4
    three_sixes: bool = False
    towers_block: bool = False
    teams: bool = False
    first_seat: int = 0
    colours: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in SEAT_COLOURS:
            raise BadSnapshot(key="ludo_players", params={"players": visible(repr(self.players))})
        for name in ("three_sixes", "towers_block", "teams"):
            if type(getattr(self, name)) is not bool:
                value = getattr(self, name)
                raise BadSnapshot(
                    key="ludo_option_bool", params={"option": name, "value": visible(repr(value))}
                )
        if self.teams and self.players != TEAM_PLAYERS:
            raise BadSnapshot(key="ludo_teams_four", params={"players": self.players})
        if type(self.first_seat) is not int or not 0 <= self.first_seat < self.players:
            raise BadSnapshot(
                key="ludo_first_seat",
                params={"last": self.players - 1, "value": visible(repr(self.first_seat))},
            )
        object.__setattr__(self, "colours", SEAT_COLOURS[self.players])

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> LudoRules:
        """The rule set that a JSON-able options mapping describes; BadSnapshot if it is wrong."""
        known = ("players", "three_sixes", "towers_block", "teams", "first_seat")
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise BadSnapshot(
                key="ludo_unknown_option",
                params={"options": visible(", ".join(unknown)), "known": ", ".join(known)},
            )
        return cls(**{name: options[name] for name in known if name in options})

    def to_options(self) -> dict[str, Any]:
        """The JSON-able options mapping: `LudoRules.from_options(r.to_options()) == r`."""
        return {
            "players": self.players,
            "three_sixes": self.three_sixes,
            "towers_block": self.towers_block,
            "teams": self.teams,
            "first_seat": self.first_seat,
        }

    def friends(self, seat: Seat, other: Seat) -> bool:
        """True when `other` is `seat` itself or, in teams, its partner."""
        return seat == other or (self.teams and (seat - other) % 2 == 0)


@dataclass(frozen=True, slots=True)
class Roll:
    """The die shows `value`; played by CHANCE."""

    value: int


@dataclass(frozen=True, slots=True)
class Step:
    """Pawn `pawn` (0..3) of `seat`'s colour goes from progress `start` to `end`.

    `tower` means the two pawns standing on `start` move together onto an enemy tower.
    Pawns sharing a square are one choice: the move names the lowest-numbered of them.
    """

    seat: Seat
    pawn: int
    start: int
    end: int
    capture: bool = False
    tower: bool = False


@dataclass(frozen=True, slots=True)
class Leave:
    """`seat` leaves the game (resigned or timed out); its pawns leave the board."""

    seat: Seat


LudoMove = Roll | Step | Leave
ROLLS = tuple(Roll(value) for value in range(1, 7))


@dataclass(frozen=True)
class SeatView:
    """What the board renderer needs about one seat: its colour and each pawn's progress."""

    seat: Seat
    colour: int
    pawns: tuple[int, ...]
    left: bool


@dataclass(frozen=True)
class LudoView:
    """A read-only picture of a position for renderers: see board.track_square."""

    seats: tuple[SeatView, ...]
    to_move: Seat
    roll: int | None
    last_move: LudoMove | None


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
        outcome = _outcome(rules, pawns, left)
        init(self, "_outcome", outcome)
        init(self, "_moves", self._steps(roll) if roll and outcome is None else ())

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
                return self._step(move)
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

    # -- the moves ----------------------------------------------------------------------------

    def _moving_seat(self) -> Seat:
        """Whose pawns the seat to move moves: its own, or in teams, once they are all home,
        its partner's."""
        if self.rules.teams and self.pawns[self.turn] == ALL_HOME:
            return (self.turn + 2) % TEAM_PLAYERS
        return self.turn

    def _steps(self, roll: int) -> tuple[Step, ...]:
        """Every legal pawn move for `roll`, one per group of pawns sharing a square."""
        rules = self.rules
        pawns = self.pawns
        mover = self._moving_seat()
        colours = rules.colours
        track = TRACK[colours[mover]]
        others: dict[int, tuple[Seat, int]] = {}
        for seat, seat_pawns in enumerate(pawns):
            if seat != mover:
                seat_track = TRACK[colours[seat]]
                for progress in seat_pawns:
                    if START <= progress <= LAST_TRACK:
                        square = seat_track[progress]
                        others[square] = (seat, 2) if square in others else (seat, 1)
        own = pawns[mover]
        steps: list[Step] = []
        for pawn, start in enumerate(own):
            if start == FINISH or own.index(start) != pawn:
                continue
            if start == YARD:
                if roll not in ENTRY_ROLLS:
                    continue
                end = START
            else:
                end = destination(start, roll)
                if end == start:
                    continue
                if rules.towers_block and self._blocked(mover, others, track, start, end):
                    continue
            if end > LAST_TRACK:
                steps.append(Step(mover, pawn, start, end))
                continue
            square = track[end]
            occupant = others.get(square)
            if occupant is None:
                if own.count(end) < 2:
                    steps.append(Step(mover, pawn, start, end))
                continue
            seat, count = occupant
            if rules.friends(mover, seat) or square == start_square(colours[seat]):
                continue
            if count == 1:
                steps.append(Step(mover, pawn, start, end, capture=True))
            elif start != YARD and own.count(start) == 2:
                steps.append(Step(mover, pawn, start, end, capture=True, tower=True))
        return tuple(steps)

    def _blocked(
        self,
        mover: Seat,
        others: dict[int, tuple[Seat, int]],
        track: tuple[int, ...],
        start: int,
        end: int,
    ) -> bool:
        """With towers_block, whether an enemy tower stands between `start` and `end`."""
        for progress in range(start + 1, min(end, LAST_TRACK + 1)):
            occupant = others.get(track[progress])
            if (
                occupant is not None
                and occupant[1] == 2
                and not self.rules.friends(mover, occupant[0])
            ):
                return True
        return False

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

    def _step(self, step: Step) -> LudoPosition:
        colours = self.rules.colours
        pawns = list(self.pawns)
        pawns[step.seat] = tuple(
            step.end if (pawn == step.pawn or (step.tower and progress == step.start)) else progress
            for pawn, progress in enumerate(pawns[step.seat])
        )
        if step.capture:
            square = TRACK[colours[step.seat]][step.end]
            for seat, seat_pawns in enumerate(pawns):
                seat_track = TRACK[colours[seat]]
                if seat != step.seat and any(
                    START <= p <= LAST_TRACK and seat_track[p] == square for p in seat_pawns
                ):
                    pawns[seat] = tuple(
                        YARD if START <= p <= LAST_TRACK and seat_track[p] == square else p
                        for p in seat_pawns
                    )
        return self._next_roll(tuple(pawns), self.left, step, again=self.roll == EXTRA_ROLL)

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
        """`roll 6`, `leave 2` (players counted from 1), `p2 c14-c20` (pawn 2 from square c14
        to c20), `p2 yard-c14`, `p3 c40xc46` (a capture), `p1+p3 c14xc20` (a tower takes a
        tower), `p4 c50-h2`, `p4 h5-home`."""
        if isinstance(move, Roll):
            return f"roll {move.value}"
        if isinstance(move, Leave):
            return f"leave {move.seat + 1}"
        colour = self.rules.colours[move.seat]
        if move.tower:
            group = [i for i, p in enumerate(self.pawns[move.seat]) if p == move.start]
            pawns = "+".join(f"p{pawn + 1}" for pawn in group)
        else:
            pawns = f"p{move.pawn + 1}"
        way = "x" if move.capture else "-"
        return f"{pawns} {square_name(colour, move.start)}{way}{square_name(colour, move.end)}"

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
            if _matches(self, move, words):
                return move
        raise IllegalMove(
            choices=[self.notation(move) for move in self._moves],
            key="ludo_not_legal_with",
            params={"text": visible(text.strip()), "roll": self.roll},
        )

    def _parse_command(self, words: list[str]) -> LudoMove:
        command = words[0]
        if len(words) != 2 or not words[1].isdigit():
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
        """`<pawns> <turn> <roll> <sixes> <left>`: each seat's four progresses (-1 yard,
        56 home) comma-separated, seats separated by `/`; the player to move or roll counted
        from 1; the pending roll or `-`; the sixes in a row; the players who left or `-`.
        Example: `-1,-1,0,5/-1,-1,-1,-1 1 6 1 -`."""
        pawns = "/".join(",".join(str(p) for p in seat_pawns) for seat_pawns in self.pawns)
        left = ",".join(str(seat + 1) for seat in sorted(self.left)) or "-"
        return f"{pawns} {self.turn + 1} {self.roll or '-'} {self.sixes} {left}"

    @classmethod
    def from_snapshot(cls, text: str, rules: LudoRules) -> LudoPosition:
        return _from_snapshot(text, rules)

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


_PAWN = re.compile(r"p?([1-4])")


def _matches(position: LudoPosition, move: Step, words: list[str]) -> bool:
    """Whether every word describes `move`: its pawns, its start square, or its way."""
    pawns = position.pawns[move.seat]
    colour = position.rules.colours[move.seat]
    for word in words:
        group = word.split("+")
        if all(_PAWN.fullmatch(part) for part in group):
            chosen = {int(part.lstrip("p")) - 1 for part in group}
            if len(group) == 2 and (len(chosen) != 2 or not move.tower):
                return False
            if any(pawns[pawn] != move.start for pawn in chosen):
                return False
            continue
        way = re.fullmatch(r"(\w+)[-x](\w+)", word)
        squares = [way[1], way[2]] if way else [word]
        if not all(is_square_name(square) for square in squares):
            raise BadNotation(key="ludo_not_a_word", params={"text": visible(word)})
        progresses = [progress_of(colour, square) for square in squares]
        if progresses != [move.start, move.end][: len(progresses)]:
            return False
    return True


def _outcome(rules: LudoRules, pawns: Pawns, left: frozenset[Seat]) -> Outcome | None:
    """The result the rules give: four pawns home (both partners' in teams), or every
    opponent gone."""
    if not left and ALL_HOME not in pawns:
        return None
    seats = range(rules.players)
    if rules.teams:
        if left:
            losers = {seat % 2 for seat in left}
            return Outcome(frozenset(s for s in seats if s % 2 not in losers), "team_left")
        for seat in (0, 1):
            if pawns[seat] == ALL_HOME and pawns[seat + 2] == ALL_HOME:
                return Outcome(frozenset({seat, seat + 2}), "team_home")
        return None
    for seat in seats:
        if pawns[seat] == ALL_HOME:
            return Outcome(frozenset({seat}), "all_home")
    playing = [seat for seat in seats if seat not in left]
    if len(playing) == 1:
        return Outcome(frozenset(playing), "others_left")
    return None


def _from_snapshot(text: str, rules: LudoRules) -> LudoPosition:
    fields = text.split()
    if len(fields) != 5:
        raise BadSnapshot(
            key="ludo_snapshot_fields", params={"count": len(fields), "text": visible(text)}
        )
    pawn_text, turn_text, roll_text, sixes_text, left_text = fields
    try:
        pawns = tuple(
            tuple(int(p) for p in seat_text.split(",")) for seat_text in pawn_text.split("/")
        )
        turn = int(turn_text) - 1
        roll = 0 if roll_text == "-" else int(roll_text)
        sixes = int(sixes_text)
        left = (
            frozenset() if left_text == "-" else frozenset(int(s) - 1 for s in left_text.split(","))
        )
    except ValueError as error:
        raise BadSnapshot(key="ludo_snapshot_number", params={"text": visible(text)}) from error
    _check_snapshot(rules, pawns, turn, roll, sixes, left)
    position = LudoPosition(rules, pawns, turn, roll, sixes, left)
    if roll and position.outcome() is None and not position.legal_moves():
        raise BadSnapshot(key="ludo_snapshot_stuck", params={"roll": roll, "text": visible(text)})
    return position


def _check_snapshot(
    rules: LudoRules, pawns: Pawns, turn: Seat, roll: int, sixes: int, left: frozenset[Seat]
) -> None:
    players = rules.players
    if len(pawns) != players or any(len(seat) != PAWNS_PER_COLOUR for seat in pawns):
        raise BadSnapshot(key="ludo_snapshot_groups", params={"players": players})
    if any(not YARD <= p <= FINISH for seat in pawns for p in seat):
        raise BadSnapshot(key="ludo_snapshot_progress", params={"yard": YARD, "home": FINISH})
    if not 0 <= turn < players or turn in left:
        raise BadSnapshot(key="ludo_snapshot_turn", params={"player": turn + 1})
    if not 0 <= roll <= 6:
        raise BadSnapshot(key="ludo_snapshot_roll", params={"roll": roll})
    if sixes < 0 or (rules.three_sixes and sixes >= SIXES_THAT_END_THE_TURN):
        most = message_word(
            "ludo_snapshot_sixes_three" if rules.three_sixes else "ludo_snapshot_sixes_any"
        )
        raise BadSnapshot(key="ludo_snapshot_sixes", params={"most": most, "sixes": sixes})
    if any(not 0 <= seat < players for seat in left):
        raise BadSnapshot(key="ludo_snapshot_left", params={"players": players})
    if any(pawns[seat] != IN_YARD for seat in left):
        raise BadSnapshot(key="ludo_snapshot_left_pawns")
    squares: dict[int, list[Seat]] = {}
    for seat, seat_pawns in enumerate(pawns):
        for p in seat_pawns:
            if START <= p <= LAST_TRACK:
                squares.setdefault(TRACK[rules.colours[seat]][p], []).append(seat)
    for square, owners in squares.items():
        if len(owners) > 2 or len(set(owners)) > 1:
            raise BadSnapshot(
                key="ludo_snapshot_square",
                params={"square": square + 1, "pawns": len(owners), "colours": len(set(owners))},
            )
