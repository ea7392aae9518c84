"""A tournament's picture (pure): the bracket of a knockout, the crosstable of a round robin,
the standings table of a Swiss, with every word translated for the reader."""

from __future__ import annotations

from bot.i18n import Text, text, translate
from bot.render import (
    BracketView,
    CrosstableRow,
    CrosstableView,
    EntryView,
    MatchView,
    RoundView,
    StandingsRow,
    StandingsView,
    TableHeadings,
    render_bracket,
    render_crosstable,
    render_standings,
)
from bot.service.tournaments.state import results_of
from bot.service.tournaments.text import TIEBREAK_NAMES
from competition.pairing.results import GameResult, Outcome, Round
from competition.pairing.tournament import Format, Tournament
from storage import TournamentFacts

SCORES = {Outcome.WHITE: "1-0", Outcome.BLACK: "0-1", Outcome.DRAW: "½-½"}


def picture(
    facts: TournamentFacts, state: Tournament, names: dict[str, str], language: str | None
) -> bytes:
    """The PNG that fits the tournament's format."""
    if state.setup.format is Format.KNOCKOUT:
        return render_bracket(bracket_view(facts, state, names, language))
    if state.setup.format is Format.SWISS:
        return render_standings(standings_view(facts, state, names, language))
    return render_crosstable(crosstable_view(facts, state, names, language))


class _Words:
    def __init__(self, facts: TournamentFacts, names: dict[str, str], language: str | None):
        self.language = language
        self.numbers = {str(entry.id): entry.number or 0 for entry in facts.entries}
        self.names = names
        self.title = self(text("Tournament #{id}", id=facts.tournament.id))

    def __call__(self, words: Text) -> str:
        return translate(self.language, words)

    def entry(self, key: str) -> EntryView:
        return EntryView(self.numbers[key], tuple(self.names[key].split(" & ")))


def _round_title(words: _Words, number: int, last: int, finished: bool) -> str:
    if number == last and finished:
        return words(text("Final"))
    return words(text("Round {round}", round=number))


def bracket_view(
    facts: TournamentFacts, state: Tournament, names: dict[str, str], language: str | None
) -> BracketView:
    words = _Words(facts, names, language)
    results = results_of(facts)
    rounds: list[RoundView] = []
    previous: list[tuple[str, ...]] = []
    for paired in state.rounds:
        later = _entries_of(state.rounds, paired.number + 1)
        matches = []
        for table in paired.tables:
            played = results.get((paired.number, table.number), [])
            winner = next((side for side in (table.first, table.second) if side in later), None)
            if paired.number == len(state.rounds) and state.winner is not None:
                winner = state.winner
            matches.append(
                MatchView(
                    words.entry(table.first),
                    words.entry(table.second),
                    games=tuple(_score(words, result) for result in played),
                    winner=words.numbers[winner] if winner else None,
                    white=words.numbers[table.first],
                    feeds=_feeds(previous, (table.first, table.second)),
                )
            )
        sides: list[tuple[str, ...]] = [(table.first, table.second) for table in paired.tables]
        if paired.bye is not None:
            matches.append(
                MatchView(
                    words.entry(paired.bye),
                    None,
                    winner=words.numbers[paired.bye],
                    passes=words(text("passes")),
                    feeds=_feeds(previous, (paired.bye,)),
                )
            )
            sides.append((paired.bye,))
        previous = sides
        title = _round_title(words, paired.number, len(state.rounds), state.finished)
        rounds.append(RoundView(title, tuple(matches)))
    champion = words.entry(state.winner) if state.winner else None
    return BracketView(words.title, tuple(rounds), champion, words(text("Winner")))


def _entries_of(rounds: tuple[Round, ...], number: int) -> set[str]:
    if number > len(rounds):
        return set()
    paired = rounds[number - 1]
    found = {side for table in paired.tables for side in (table.first, table.second)}
    return found | ({paired.bye} if paired.bye else set())


def _feeds(
    previous: list[tuple[str, ...]], sides: tuple[str, ...]
) -> tuple[int | None, int | None] | None:
    if not previous:
        return None
    found = [next((i for i, match in enumerate(previous) if side in match), None) for side in sides]
    return (found[0], found[1] if len(found) > 1 else None)


def _score(words: _Words, result: GameResult) -> str:
    return words(text("forfeit")) if result.forfeit else SCORES[result.outcome]


def _headings(words: _Words, state: Tournament) -> TableHeadings:
    return TableHeadings(
        words(text("Place")),
        words(text("Entry")),
        words(text("Points")),
        tuple(words(TIEBREAK_NAMES[rule]) for rule in state.tiebreaks),
        words(text("Games")),
    )


def _points(value: float) -> str:
    whole, half = divmod(value, 1)
    return f"{int(whole) if whole or not half else ''}{'½' if half else ''}"


def standings_view(
    facts: TournamentFacts, state: Tournament, names: dict[str, str], language: str | None
) -> StandingsView:
    words = _Words(facts, names, language)
    rows = tuple(
        StandingsRow(
            str(row.place),
            words.entry(row.entry),
            _points(row.score),
            tuple(f"{value:g}" for value in row.tiebreaks),
            f"+{row.wins} ={row.draws} -{row.losses}",
        )
        for row in state.standings()
    )
    return StandingsView(words.title, _headings(words, state), rows)


def crosstable_view(
    facts: TournamentFacts, state: Tournament, names: dict[str, str], language: str | None
) -> CrosstableView:
    words = _Words(facts, names, language)
    order = list(state.setup.entries)
    cells: dict[tuple[str, str], list[str]] = {}
    for game in state.played_games():
        for side, other, as_white in (
            (game.white, game.black, True),
            (game.black, game.white, False),
        ):
            cells.setdefault((side, other), []).append(_points(game.result.points(as_white)))
    places = {row.entry: row for row in state.standings()}
    rows = tuple(
        CrosstableRow(
            words.entry(entry),
            tuple(tuple(cells.get((entry, other), ())) for other in order),
            _points(places[entry].score),
            tuple(f"{value:g}" for value in places[entry].tiebreaks),
            str(places[entry].place),
        )
        for entry in order
    )
    return CrosstableView(words.title, _headings(words, state), rows)
