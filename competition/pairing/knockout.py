"""The knockout ("chave") of the project's competition rules (docs/RULES.md, "Tournaments").

Tables pair the field in order: 1 v 2, 3 v 4, ... With an odd field the last entry has no
opponent and goes through; in the next round it comes first, so it plays the winner of
table 1 ("disputará com o vencedor da mesa 01"). The winners follow in table order. With
three entries that gives 1 v 2, then the winner v 3; above three the odd entry passes and
plays the winner of the first game of the stage before. An entry that went through keeps
playing at table 1 (it comes first, then as the winner of table 1), so no entry ever goes
through twice: the next odd one is always the winner of the last table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from competition.pairing.draw import toss
from competition.pairing.errors import PairingError
from competition.pairing.match import MatchRule, match_winner
from competition.pairing.results import GameResult, Round, Table

TableKey = tuple[int, int]


@dataclass(frozen=True)
class Bracket:
    """The rounds paired so far (the last one still being played unless `winner` is set)."""

    rounds: tuple[Round, ...]
    # The winner of every decided table.
    winners: Mapping[TableKey, str]
    winner: str | None


def pair_field(round_number: int, field: Sequence[str], seed: bytes) -> Round:
    """The tables of one knockout round; the coin decides who takes White at each table."""
    tables = []
    for index in range(0, len(field) - 1, 2):
        number = index // 2 + 1
        a, b = field[index], field[index + 1]
        first, second = (a, b) if toss(seed, round_number, number) == 0 else (b, a)
        tables.append(Table(number, first, second))
    bye = field[-1] if len(field) % 2 else None
    return Round(round_number, tuple(tables), bye)


def table_winner(
    table: Table,
    round_number: int,
    rule: MatchRule,
    seed: bytes,
    results: Sequence[GameResult],
    settled: str | None,
) -> str | None:
    """Who won this table's match (the organiser's settlement first), or None yet."""
    if settled is not None:
        if settled not in (table.first, table.second):
            raise PairingError("pairing.settled_outsider", entry=settled)
        return settled
    coin = toss(seed, round_number, table.number, purpose="match")
    side = match_winner(rule, results, coin)
    if side is not None and match_winner(rule, results[:-1], coin) is not None:
        raise PairingError("pairing.extra_result", round=round_number, table=table.number)
    return None if side is None else (table.first, table.second)[side]


def bracket(
    entries: Sequence[str],
    seed: bytes,
    rule: MatchRule,
    results: Mapping[TableKey, Sequence[GameResult]],
    settlements: Mapping[TableKey, str],
) -> Bracket:
    """Replay the knockout from the entries (in number order) and the facts so far."""
    field = list(entries)
    rounds: list[Round] = []
    decided: dict[TableKey, str] = {}
    while len(field) > 1:
        played = pair_field(len(rounds) + 1, field, seed)
        rounds.append(played)
        for table in played.tables:
            winner = table_winner(
                table,
                played.number,
                rule,
                seed,
                results.get((played.number, table.number), ()),
                settlements.get((played.number, table.number)),
            )
            if winner is not None:
                decided[played.number, table.number] = winner
        winners = [decided.get((played.number, table.number)) for table in played.tables]
        if None in winners:
            return Bracket(tuple(rounds), decided, None)
        field = ([played.bye] if played.bye else []) + [w for w in winners if w is not None]
    return Bracket(tuple(rounds), decided, field[0] if field else None)
