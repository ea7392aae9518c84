"""A tournament as a pure function of its stored facts.

The facts are the setup (format, entries in number order, seed, options), the results of
the games per table (round, table), and the organiser's settlements of knockout matches.
From them `Tournament` tells the rounds paired so far, the games to start now, whether a
round is complete, and the winner and standings. Round N is paired only from the results
of rounds before N, so the service can rebuild everything after a restart, and start each
game exactly once by keying it on (round, table, game index).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from competition.pairing.errors import PairingError
from competition.pairing.knockout import TableKey, bracket
from competition.pairing.match import MatchRule
from competition.pairing.results import GameResult, PlayedGame, Round
from competition.pairing.round_robin import berger_rounds
from competition.pairing.standings import Standing, Tiebreak, knockout_standings, standings
from competition.pairing.swiss import swiss_round


class Format(StrEnum):
    KNOCKOUT = "knockout"
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    # Paired as games end, for a fixed time (competition/pairing/arena.py); no rounds.
    ARENA = "arena"


BYE_POINTS = (1.0, 0.5, 0.0)


@dataclass(frozen=True)
class Setup:
    """What the organiser chose. `entries` are in number order (see draw.draw_numbers);
    `rounds` is for the Swiss only."""

    format: Format
    entries: tuple[str, ...]
    seed: bytes
    rounds: int | None = None
    bye_points: float = 1.0
    tiebreaks: tuple[Tiebreak, ...] = (Tiebreak.SOLKOFF, Tiebreak.SONNEBORN_BERGER, Tiebreak.WINS)
    match: MatchRule = field(default_factory=MatchRule)

    def __post_init__(self) -> None:
        if len(self.entries) < 2:
            raise PairingError("pairing.too_few_entries", entries=len(self.entries))
        if len(set(self.entries)) < len(self.entries):
            raise PairingError("pairing.duplicate_entry")
        if self.bye_points not in BYE_POINTS:
            raise PairingError("pairing.bad_bye_points", points=self.bye_points)
        if len(set(self.tiebreaks)) < len(self.tiebreaks):
            raise PairingError("pairing.duplicate_tiebreak")
        if self.format is Format.SWISS:
            # Without repeats every entry meets at most all the others (an odd field: one
            # round each sitting out).
            most = len(self.entries) - 1 + len(self.entries) % 2
            if self.rounds is None or not 1 <= self.rounds <= most:
                raise PairingError("pairing.bad_rounds", rounds=self.rounds, most=most)
        elif self.rounds is not None:
            raise PairingError("pairing.rounds_not_swiss", format=str(self.format))


@dataclass(frozen=True)
class Game:
    """A game to start: its key (round, table, index) and who takes which colour."""

    round: int
    table: int
    index: int
    white: str
    black: str


class Tournament:
    """The state rebuilt from the facts. Raises PairingError for facts that do not fit
    (a result for a table never paired, more results than a table needs).

    `stored`: Swiss rounds the service kept when it started them, taken as they are rather
    than paired again (pairing them again gives the same rounds; a 256-entry Swiss spends
    tens of milliseconds a round on it). `withdrawn`: for a Swiss, each entry that withdrew
    and the first round it is no longer paired in (in other formats the service records
    forfeits for the games it leaves)."""

    def __init__(
        self,
        setup: Setup,
        results: Mapping[TableKey, Sequence[GameResult]] | None = None,
        settlements: Mapping[TableKey, str] | None = None,
        stored: Sequence[Round] = (),
        withdrawn: Mapping[str, int] | None = None,
    ) -> None:
        self.setup = setup
        self._stored = stored
        self._withdrawn = dict(withdrawn or {})
        self._results = dict(results or {})
        self._settlements = dict(settlements or {})
        self._knockout_winners: Mapping[TableKey, str] = {}
        self._knockout_winner: str | None = None
        # A Swiss that ran out of pairings without repeats before its last round.
        self.cut_short = False
        self.rounds = self._pair()
        self._check_facts()

    def _pair(self) -> tuple[Round, ...]:
        setup = self.setup
        if setup.format is Format.KNOCKOUT:
            played = bracket(
                setup.entries, setup.seed, setup.match, self._results, self._settlements
            )
            self._knockout_winners = played.winners
            self._knockout_winner = played.winner
            return played.rounds
        if setup.format is not Format.SWISS:
            return berger_rounds(setup.entries, setup.format is Format.DOUBLE_ROUND_ROBIN)
        assert setup.rounds is not None
        rounds: list[Round] = []
        while len(rounds) < setup.rounds and all(map(self._complete, rounds)):
            if len(rounds) < len(self._stored):
                rounds.append(self._stored[len(rounds)])
                if rounds[-1].number != len(rounds):
                    raise PairingError("pairing.stored_round_out_of_order", round=len(rounds))
                continue
            try:
                paired = swiss_round(
                    len(rounds) + 1,
                    setup.entries,
                    self._played(rounds),
                    [paired.bye for paired in rounds if paired.bye is not None],
                    setup.bye_points,
                    setup.seed,
                    [e for e, first in self._withdrawn.items() if first <= len(rounds) + 1],
                )
            except PairingError as error:
                if error.key != "pairing.swiss_impossible":
                    raise
                self.cut_short = True
                break
            rounds.append(paired)
        return tuple(rounds)

    def _check_facts(self) -> None:
        tables = {
            (paired.number, table.number) for paired in self.rounds for table in paired.tables
        }
        for key in (*self._results, *self._settlements):
            if key not in tables:
                raise PairingError("pairing.unknown_table", round=key[0], table=key[1])
        if self.setup.format is not Format.KNOCKOUT:
            for key, games in self._results.items():
                if len(games) > 1:
                    raise PairingError("pairing.extra_result", round=key[0], table=key[1])
            if self._settlements:
                raise PairingError("pairing.settle_not_knockout")

    def _complete(self, paired: Round) -> bool:
        return all(self._table_done(paired.number, table.number) for table in paired.tables)

    def _table_done(self, round_number: int, table: int) -> bool:
        if self.setup.format is Format.KNOCKOUT:
            return (round_number, table) in self._knockout_winners
        return bool(self._results.get((round_number, table)))

    def _played(self, rounds: Sequence[Round]) -> list[PlayedGame]:
        played = []
        for paired in rounds:
            for table in paired.tables:
                for index, result in enumerate(
                    self._results.get((paired.number, table.number), ())
                ):
                    white, black = table.colours(index)
                    played.append(PlayedGame(paired.number, white, black, result))
        return played

    def round_complete(self, round_number: int) -> bool:
        """Whether every table of round `round_number` (1, 2, ...) is decided."""
        if not 1 <= round_number <= len(self.rounds):
            return False
        return self._complete(self.rounds[round_number - 1])

    @property
    def finished(self) -> bool:
        return all(map(self._complete, self.rounds)) and (
            self.setup.format is not Format.SWISS
            or len(self.rounds) == self.setup.rounds
            or self.cut_short
        )

    @property
    def current_round(self) -> Round | None:
        """The first round not yet complete; None once the tournament is over."""
        return next((paired for paired in self.rounds if not self._complete(paired)), None)

    def games_to_play(self, all_rounds: bool = False) -> tuple[Game, ...]:
        """The games to start now: the next game of every undecided table of the current
        round, or (`all_rounds`, for a round robin by correspondence) of every round."""
        if all_rounds and self.setup.format not in (Format.ROUND_ROBIN, Format.DOUBLE_ROUND_ROBIN):
            raise PairingError("pairing.all_rounds_not_round_robin")
        undecided = [paired for paired in self.rounds if not self._complete(paired)]
        games = []
        for paired in undecided if all_rounds else undecided[:1]:
            for table in paired.tables:
                if self._table_done(paired.number, table.number):
                    continue
                index = len(self._results.get((paired.number, table.number), ()))
                white, black = table.colours(index)
                games.append(Game(paired.number, table.number, index, white, black))
        return tuple(games)

    def played_games(self) -> list[PlayedGame]:
        """Every finished game, in round and table order."""
        return self._played(self.rounds)

    @property
    def tiebreaks(self) -> tuple[Tiebreak, ...]:
        """The tie-breaks that rank the table: none in a knockout (the round reached does)."""
        return () if self.setup.format is Format.KNOCKOUT else tuple(self.setup.tiebreaks)

    @property
    def final(self) -> Round | None:
        """A knockout's final: its round of one table and nobody through without a game."""
        if self.setup.format is not Format.KNOCKOUT or not self.rounds:
            return None
        last = self.rounds[-1]
        return last if len(last.tables) == 1 and last.bye is None else None

    def knockout_loser(self, round_number: int, table: int) -> str | None:
        """The entry a knockout's table put out, once it is decided."""
        winner = self._knockout_winners.get((round_number, table))
        paired = next(t for t in self.rounds[round_number - 1].tables if t.number == table)
        if winner is None:
            return None
        return paired.second if winner == paired.first else paired.first

    def _reached(self) -> dict[str, int]:
        """The last round each entry of a knockout played in (the winner: one past it)."""
        reached: dict[str, int] = {}
        for paired in self.rounds:
            for table in paired.tables:
                reached[table.first] = reached[table.second] = paired.number
            if paired.bye is not None:
                reached[paired.bye] = paired.number
        if self._knockout_winner is not None:
            reached[self._knockout_winner] = len(self.rounds) + 1
        return reached

    def standings(self) -> list[Standing]:
        """Score, tie-breaks (in the organiser's order) and shared places so far; a knockout's
        by the round reached."""
        if self.setup.format is Format.KNOCKOUT:
            return knockout_standings(self.setup.entries, self.played_games(), self._reached())
        byes = [
            (paired.bye, self.setup.bye_points)
            for paired in self.rounds
            if paired.bye is not None and self._complete(paired)
        ]
        return standings(self.setup.entries, self.played_games(), byes, self.setup.tiebreaks)

    @property
    def winner(self) -> str | None:
        """The knockout's last entry standing, or the sole first of a finished Swiss or
        round robin (None while it goes on, or when first place is shared)."""
        if self.setup.format is Format.KNOCKOUT:
            return self._knockout_winner
        if not self.finished:
            return None
        table = self.standings()
        alone = len(table) == 1 or table[1].place != 1
        return table[0].entry if alone else None
