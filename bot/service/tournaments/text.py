"""What tournaments say to people (pure): refusals, the notices of a round and of the end,
the standings, the pairings with their coin tosses, an entry's games, the CSV export."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from bot.i18n import Text, plural, text, translate
from bot.service.kernel.game_flow.clocks import TimeControl, clock_words
from bot.service.tournaments.state import coin, game_result
from competition.pairing.errors import PairingError
from competition.pairing.results import Outcome, Round
from competition.pairing.standings import Tiebreak
from competition.pairing.tournament import Format, Setup, Tournament
from storage import TableGameRecord, TournamentFacts

FORMAT_NAMES = {
    Format.KNOCKOUT: text("knockout"),
    Format.SWISS: text("Swiss"),
    Format.ROUND_ROBIN: text("round robin"),
    Format.DOUBLE_ROUND_ROBIN: text("double round robin"),
    Format.ARENA: text("arena"),
}
TIEBREAK_NAMES = {
    Tiebreak.SOLKOFF: text("Solkoff"),
    Tiebreak.SONNEBORN_BERGER: text("S-B"),
    Tiebreak.WINS: text("wins"),
}
STATUS_NAMES = {
    "registering": text("taking entries"),
    "running": text("running"),
    "paused": text("paused"),
    "finished": text("finished"),
    "cancelled": text("cancelled"),
}
Names = dict[str, str]
DEFAULT_TIEBREAKS = Setup.tiebreaks


def joined(lines: Sequence[Text], separator: str = "\n") -> Text:
    """Several messages shown as one (each translated on its own)."""
    template = separator.join(f"{{line{number}}}" for number in range(len(lines)))
    return Text(template, {f"line{number}": line for number, line in enumerate(lines)})


def refusal(why: str, tournament_id: int) -> Text:
    """Storage's refusal of a tournament change, for people."""
    return {
        "not_registering": text(
            "Tournament #{id} is not taking entries any more.", id=tournament_id
        ),
        "full": text("Tournament #{id} is full.", id=tournament_id),
        "already_entered": text(
            "You (or your partner) already have an entry in tournament #{id}.", id=tournament_id
        ),
        "not_entered": text("You have no entry in tournament #{id}.", id=tournament_id),
    }.get(why, text("Tournament #{id} changed meanwhile; look again.", id=tournament_id))


def pairing_refusal(error: PairingError) -> Text:
    """The pairing package's refusal of a setup, for people."""
    if error.key == "pairing.too_few_entries":
        return text(
            "A tournament needs at least 2 entries to start; it has {count}.",
            count=error.params["entries"],
        )
    if error.key == "pairing.bad_rounds":
        return text(
            "This Swiss can have 1 to {most} rounds with this many entries.",
            most=error.params["most"],
        )
    return text("These tournament settings do not work: {problem}.", problem=error.key)


def round_notice(facts: TournamentFacts, paired: Round, names: Names, final: bool = False) -> Text:
    """Round N (or a knockout's final) starts: each table (White first), the coin tosses,
    the bye."""
    lines = [
        text("Tournament #{id}: the final starts:", id=facts.tournament.id)
        if final
        else text(
            "Tournament #{id}, round {round} starts:",
            id=facts.tournament.id,
            round=paired.number,
        )
    ]
    for table in paired.tables:
        sides = {"table": table.number, "white": names[table.first], "black": names[table.second]}
        if coin(facts, paired.number, table.number) is None:
            lines.append(text("Table {table}: {white} - {black}", **sides))
        else:
            lines.append(
                text("Table {table}: {white} - {black} (coin toss: White {white})", **sides)
            )
    if paired.bye is not None:
        lines.append(bye_line(facts, names[paired.bye]))
    return joined(lines)


def bye_line(facts: TournamentFacts, name: str) -> Text:
    """The entry without an opponent this round: in a knockout it goes through; elsewhere it
    scores the bye's points."""
    if facts.tournament.format == Format.KNOCKOUT:
        return text("{name} goes through to the next round without a game.", name=name)
    return text("{name} has a bye this round (no game).", name=name)


def eliminated_notice(facts: TournamentFacts, stage: Text) -> Text:
    """To each member of an entry a knockout put out."""
    return text(
        "You are out of tournament #{id}: you lost {stage}.", id=facts.tournament.id, stage=stage
    )


def stage_name(round_number: int, final: bool) -> Text:
    return text("the final") if final else text("in round {round}", round=round_number)


def standings_lines(state: Tournament, names: Names) -> list[Text]:
    """One line per entry: place, name, score, tie-breaks (none in a knockout, ranked by the
    round reached), won/drawn/lost."""
    order = state.tiebreaks
    heads = ", ".join(f"{{t{n}}}" for n in range(len(order)))
    lines = []
    for row in state.standings():
        breaks = Text(
            heads,
            {
                f"t{n}": text("{name} {value}", name=TIEBREAK_NAMES[rule], value=f"{value:g}")
                for n, (rule, value) in enumerate(zip(order, row.tiebreaks, strict=True))
            },
        )
        values = {
            "place": row.place,
            "name": names[row.entry],
            "score": f"{row.score:g}",
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
        }
        if not order:
            lines.append(text("{place}. {name} (+{wins} ={draws} -{losses})", **values))
        elif row.score == 1:
            lines.append(
                text(
                    "{place}. {name}: {score} point ({tiebreaks}; +{wins} ={draws} -{losses})",
                    tiebreaks=breaks,
                    **values,
                )
            )
        else:
            lines.append(
                text(
                    "{place}. {name}: {score} points ({tiebreaks}; +{wins} ={draws} -{losses})",
                    tiebreaks=breaks,
                    **values,
                )
            )
    return lines


def final_notice(facts: TournamentFacts, state: Tournament, names: Names) -> Text:
    record = facts.tournament
    winner = state.winner
    head = (
        text("Tournament #{id} is over. The winner: {name}!", id=record.id, name=names[winner])
        if winner is not None
        else text("Tournament #{id} is over: first place is shared.", id=record.id)
    )
    seed = text("The seed of the draw and the coin tosses: {seed}", seed=record.seed)
    return joined([head, *standings_lines(state, names), seed])


def games_lines(
    facts: TournamentFacts,
    names: Names,
    entry: int | None,
    round_number: int | None = None,
    final: int | None = None,
) -> list[Text]:
    """The games of an entry (None: of everyone), with their results; `round_number`: only
    that round's; `final`: the round that is a knockout's final, so called."""
    return [line for _, line in table_games(facts, names, entry, round_number, final)]


def table_games(
    facts: TournamentFacts,
    names: Names,
    entry: int | None,
    round_number: int | None = None,
    final: int | None = None,
) -> list[tuple[TableGameRecord, Text]]:
    """`games_lines`, each with the table's game it is about."""
    lines = []
    for game in facts.games:
        if entry is not None and entry not in (game.white_entry, game.black_entry):
            continue
        if round_number is not None and game.round != round_number:
            continue
        stage = (
            text("Final")
            if game.round == final
            else text("Pairing {round}", round=game.round)
            if facts.tournament.format == Format.ARENA
            else text("Round {round}, table {table}", round=game.round, table=game.table)
        )
        lines.append((game, joined([stage, _game_line(game, names)], ": ")))
    return lines


def _game_line(game: TableGameRecord, names: Names) -> Text:
    """ "ana - bia 1-0, game #3", or "(playing)" while it goes on."""
    result = game_result(game)
    sides = {
        "white": names[str(game.white_entry)],
        "black": names[str(game.black_entry)],
        "where": text("game #{game}", game=game.game_id) if game.game_id else text("not played"),
    }
    if result is None:
        return text("{white} - {black}, {where} (playing)", **sides)
    score = {Outcome.WHITE: "1-0", Outcome.BLACK: "0-1", Outcome.DRAW: "½-½"}[result.outcome]
    mark = text(" (forfeit)") if result.forfeit else Text("")
    return text("{white} - {black} {score}{forfeit}, {where}", score=score, forfeit=mark, **sides)


def standings_csv(state: Tournament, names: Names, language: str | None) -> str:
    """The standings as CSV, headed in the reader's language: place, entry, score, each
    tie-break, wins, draws, losses (wins once, even where it is a tie-break)."""
    order = [rule for rule in state.tiebreaks if rule is not Tiebreak.WINS]
    heads = [text("place"), text("entry"), text("score")]
    heads += [TIEBREAK_NAMES[rule] for rule in order]
    heads += [text("wins"), text("draws"), text("losses")]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([translate(language, head) for head in heads])
    for row in state.standings():
        breaks = dict(zip(state.tiebreaks, row.tiebreaks, strict=True))
        writer.writerow(
            [
                row.place,
                names[row.entry],
                f"{row.score:g}",
                *(f"{breaks[rule]:g}" for rule in order),
                row.wins,
                row.draws,
                row.losses,
            ]
        )
    return out.getvalue()


def settings_line(format: Format, options: dict[str, Any], control: TimeControl | None) -> Text:
    """What a new tournament's organiser asked for, repeated back: rounds, clock, byes and
    tie-breaks (a knockout: matches and going through instead)."""
    clock = clock_words(control)
    if format is Format.ARENA:
        return text(
            "Settings: {length}; {clock}; a win scores 2, a draw 1, both doubled after two "
            "wins in a row until a game is not won (lichess's arena scoring).",
            length=plural(
                "{count} minute of play", "{count} minutes of play", int(options["duration"] // 60)
            ),
            clock=clock,
        )
    if format is Format.KNOCKOUT:
        rounds = (
            text("matches of two games, one with each colour")
            if options.get("micro")
            else text("one game a match, a draw replayed with colours swapped")
        )
        return text(
            "Settings: {rounds}; {clock}; an odd entry out goes through to the next round.",
            rounds=rounds,
            clock=clock,
        )
    order = [Tiebreak(name) for name in options.get("tiebreaks", [])] or list(DEFAULT_TIEBREAKS)
    rounds = (
        plural("{count} round", "{count} rounds", options["rounds"])
        if format is Format.SWISS
        else text("everyone plays everyone")
        if format is Format.ROUND_ROBIN
        else text("everyone plays everyone twice")
    )
    return text(
        "Settings: {rounds}; {clock}; a bye scores {bye}; tie-breaks: {tiebreaks}.",
        rounds=rounds,
        clock=clock,
        bye=f"{float(options.get('bye', 1.0)):g}",
        tiebreaks=joined([TIEBREAK_NAMES[rule] for rule in order], ", "),
    )
