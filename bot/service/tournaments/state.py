"""A stored tournament rebuilt as the pairing package sees it (pure; no I/O).

The stored facts (storage's `TournamentFacts`: the setup, the entries with their numbers, the
rounds as started, each table's games with their games' results, the settlements) give the
pairing `Tournament`, which answers everything else: the games to start, the winner, the
standings. Entries are known to the pairing package by their stored id as text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from competition.pairing.draw import toss
from competition.pairing.match import MatchRule, MatchTiebreak
from competition.pairing.results import GameResult, Outcome, Round, Table
from competition.pairing.standings import Tiebreak
from competition.pairing.tournament import Format, Setup, Tournament
from storage import TableGameRecord, TournamentFacts

# The reasons of a game's end that make it a forfeit: the loser never played it.
FORFEIT_REASONS = frozenset({"forfeit", "no_show", "withdrawn"})


def setup_of(facts: TournamentFacts) -> Setup:
    """The pairing setup of a started tournament (its entries in number order)."""
    record = facts.tournament
    assert record.seed is not None, "a tournament's setup exists from its start on"
    options = record.options
    numbered = sorted(facts.entries, key=lambda entry: entry.number or 0)
    match = MatchRule(
        2 if options.get("micro") else 1,
        MatchTiebreak(options.get("decider", MatchTiebreak.DECIDER)),
    )
    tiebreaks = options.get("tiebreaks")
    return Setup(
        Format(record.format),
        tuple(str(entry.id) for entry in numbered),
        bytes.fromhex(record.seed),
        rounds=options.get("rounds"),
        bye_points=float(options.get("bye", 1.0)),
        tiebreaks=tuple(map(Tiebreak, tiebreaks)) if tiebreaks else Setup.tiebreaks,
        match=match,
    )


def game_result(game: TableGameRecord) -> GameResult | None:
    """How a table's game ended, or None while it goes on."""
    if game.settled is not None:
        return GameResult(Outcome(game.settled), forfeit=True)
    if game.status != "finished" or game.result is None:
        return None
    winners = game.result["winners"]
    outcome = Outcome.DRAW if not winners else (Outcome.WHITE if winners == [0] else Outcome.BLACK)
    return GameResult(outcome, forfeit=game.result["reason"] in FORFEIT_REASONS)


def results_of(facts: TournamentFacts) -> dict[tuple[int, int], list[GameResult]]:
    """Each table's results in game order, up to its first game still going on."""
    results: dict[tuple[int, int], list[GameResult]] = {}
    open_tables: set[tuple[int, int]] = set()
    for game in facts.games:
        key = (game.round, game.table)
        result = game_result(game)
        if result is None or key in open_tables:
            open_tables.add(key)
            continue
        results.setdefault(key, []).append(result)
    return results


def rebuild(facts: TournamentFacts) -> Tournament:
    """The pairing state of a started tournament."""
    setup = setup_of(facts)
    swiss = setup.format is Format.SWISS
    withdrawn = {
        str(entry.id): entry.withdrawn
        for entry in facts.entries
        if entry.withdrawn is not None and swiss
    }
    stored = [round_from(number, facts.rounds[number]) for number in sorted(facts.rounds)]
    return Tournament(
        setup,
        results_of(facts),
        {key: str(entry) for key, entry in facts.settlements.items()},
        stored=stored if swiss else (),
        withdrawn=withdrawn,
    )


def round_json(paired: Round) -> dict[str, Any]:
    """A round as stored when it starts."""
    return {
        "tables": [[table.number, table.first, table.second] for table in paired.tables],
        "bye": paired.bye,
        "relaxed": paired.relaxed,
    }


def round_from(number: int, stored: Mapping[str, Any]) -> Round:
    tables = tuple(Table(int(n), str(first), str(second)) for n, first, second in stored["tables"])
    return Round(number, tables, stored.get("bye"), bool(stored.get("relaxed")))


def coin(facts: TournamentFacts, round_number: int, table: int) -> int | None:
    """The coin of a knockout table (0: the side paired first takes White), None elsewhere."""
    record = facts.tournament
    if record.format != Format.KNOCKOUT or record.seed is None:
        return None
    return toss(bytes.fromhex(record.seed), round_number, table)


def entry_of(facts: TournamentFacts, player_id: int) -> int | None:
    """The entry a player plays in (alone or in a team)."""
    return next((entry.id for entry in facts.entries if player_id in entry.members), None)
