"""What tournaments say to people (pure): refusals, the notices of a round and of the end,
the standings, the pairings with their coin tosses, an entry's games, the CSV export."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from bot.i18n import Text, text
from bot.service.pairing.errors import PairingError
from bot.service.pairing.results import Outcome, Round
from bot.service.pairing.standings import Tiebreak
from bot.service.pairing.tournament import Format, Tournament
from bot.service.tournament.tournament_state import coin, game_result
from storage import TournamentFacts

FORMAT_NAMES = {
    Format.KNOCKOUT: text("knockout"),
    Format.SWISS: text("Swiss"),
    Format.ROUND_ROBIN: text("round robin"),
    Format.DOUBLE_ROUND_ROBIN: text("double round robin"),
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


def round_notice(facts: TournamentFacts, paired: Round, names: Names) -> Text:
    """Round N starts: each table (White first), the coin tosses, the bye."""
    lines = [
        text(
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
        lines.append(
            text(
                "{name} goes through to the next round without a game (bye).",
                name=names[paired.bye],
            )
            if facts.tournament.format == Format.KNOCKOUT
            else text("{name} has no game this round (bye).", name=names[paired.bye])
        )
    return joined(lines)


def standings_lines(state: Tournament, names: Names) -> list[Text]:
    """One line per entry: place, name, score, tie-breaks, won/drawn/lost."""
    order = state.setup.tiebreaks
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
            "tiebreaks": breaks,
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
        }
        lines.append(
            text(
                "{place}. {name}: {score} point ({tiebreaks}; +{wins} ={draws} -{losses})", **values
            )
            if row.score == 1
            else text(
                "{place}. {name}: {score} points ({tiebreaks}; +{wins} ={draws} -{losses})",
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


def games_lines(facts: TournamentFacts, names: Names, entry: int | None) -> list[Text]:
    """The games of an entry (None: of everyone), with their results."""
    lines = []
    for game in facts.games:
        if entry is not None and entry not in (game.white_entry, game.black_entry):
            continue
        result = game_result(game)
        score = (
            "-"
            if result is None
            else {Outcome.WHITE: "1-0", Outcome.BLACK: "0-1", Outcome.DRAW: "½-½"}[result.outcome]
        )
        mark = text(" (forfeit)") if result is not None and result.forfeit else Text("")
        where = text("game #{game}", game=game.game_id) if game.game_id else text("not played")
        lines.append(
            text(
                "Round {round}, table {table}: {white} - {black} {score}{forfeit}, {where}",
                round=game.round,
                table=game.table,
                white=names[str(game.white_entry)],
                black=names[str(game.black_entry)],
                score=score,
                forfeit=mark,
                where=where,
            )
        )
    return lines


def standings_csv(state: Tournament, names: Names) -> str:
    """The standings as CSV: place, entry, score, each tie-break, wins, draws, losses."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["place", "entry", "score", *map(str, state.setup.tiebreaks), "wins", "draws", "losses"]
    )
    for row in state.standings():
        writer.writerow(
            [
                row.place,
                names[row.entry],
                row.score,
                *row.tiebreaks,
                row.wins,
                row.draws,
                row.losses,
            ]
        )
    return out.getvalue()
