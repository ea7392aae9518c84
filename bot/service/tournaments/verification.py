"""The check of a finished tournament's draw and coin tosses against its revealed seed (pure).

What is checked is what people saw: the commitment published at the start, the numbers
drawn, and the colours the coins gave: who took White in the first game of each knockout
table, and number 1's colour in a Swiss's first round (the rest of that round alternates
down the boards). A round robin tosses no coin.
"""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import Text, text
from bot.service.tournaments.text import joined
from competition.pairing.draw import verify_draw, verify_toss
from competition.pairing.tournament import Format
from games.chance import matches_commitment
from storage import TournamentFacts


def verification(facts: TournamentFacts) -> Text:
    """The verdict on a finished tournament's commitment, draw and coin tosses."""
    record = facts.tournament
    assert record.seed is not None, "checked once finished"
    assert record.commitment is not None, "checked once finished"
    seed = bytes.fromhex(record.seed)
    if not matches_commitment(seed, record.commitment):
        return text(
            "Tournament #{id}: the seed {seed} does NOT match the commitment {commitment} "
            "published at the start.",
            id=record.id,
            seed=record.seed,
            commitment=record.commitment,
        )
    lines = [
        text(
            "Tournament #{id}: the seed {seed} matches the commitment {commitment} published "
            "at the start.",
            id=record.id,
            seed=record.seed,
            commitment=record.commitment,
        ),
        _draw_verdict(facts, seed),
    ]
    coins = _coins(facts)
    if coins:
        lines.append(_coins_verdict(coins, seed, record.commitment))
    return joined(lines)


def _draw_verdict(facts: TournamentFacts, seed: bytes) -> Text:
    record = facts.tournament
    if record.options.get("seeded"):
        # The ratings of the start are not kept, and ratings have moved since.
        return text(
            "The numbers went by rating; the seed only ordered equal ratings, which cannot be "
            "checked again once ratings have changed."
        )
    drawn = facts.entries
    if record.format == Format.ARENA and record.ends_at is not None:
        # Those who joined an arena after its start took the next numbers, not drawn ones.
        start = record.ends_at - timedelta(seconds=float(record.options["duration"]))
        drawn = tuple(e for e in drawn if e.joined_at is None or e.joined_at <= start)
    numbered = [str(entry.id) for entry in sorted(drawn, key=lambda e: e.number or 0)]
    assert record.commitment is not None
    if verify_draw(seed, record.commitment, numbered):
        return text("The numbers drawn are the ones the seed gives.")
    return text("The numbers drawn are NOT the ones the seed gives.")


# A coin as the games show it: (round, table, purpose, side) as pairing.draw.toss reads it.
Coin = tuple[int, int, str, int]


def _coins(facts: TournamentFacts) -> list[Coin]:
    """The coins the games show. A coin is 0 when the side paired first took White in the
    table's first game (knockout.pair_field, swiss.first_round)."""
    whites = {(g.round, g.table): g.white_entry for g in facts.games if g.index == 0}
    if facts.tournament.format == Format.SWISS:
        tables = [(1, facts.rounds[1]["tables"][0])] if 1 in facts.rounds else []
        purpose = "swiss"
    elif facts.tournament.format == Format.KNOCKOUT:
        tables = [
            (number, table)
            for number in sorted(facts.rounds)
            for table in facts.rounds[number]["tables"]
        ]
        purpose = "white"
    else:
        return []
    coins = []
    for round_number, (table, first, second) in tables:
        white = whites.get((round_number, int(table)))
        if white is None:
            continue  # settled without a game
        order = _field_order(facts, round_number)
        paired_first = min(int(first), int(second), key=order.__getitem__)
        coins.append((round_number, int(table), purpose, 0 if white == paired_first else 1))
    return coins


def _coins_verdict(coins: list[Coin], seed: bytes, commitment: str) -> Text:
    for round_number, table, purpose, side in coins:
        if not verify_toss(seed, commitment, round_number, table, side, purpose):
            return text(
                "The coin of round {round}, table {table} does NOT agree with the seed.",
                round=round_number,
                table=table,
            )
    if len(coins) == 1:
        return text("The coin toss agrees with the seed.")
    return text("The {count} coin tosses agree with the seed.", count=len(coins))


def _field_order(facts: TournamentFacts, round_number: int) -> dict[int, int]:
    """Each entry's place in the field a knockout round was paired from: round 1 by number;
    later the entry that went through first, then the winners in the order of their tables
    (knockout.bracket)."""
    if round_number == 1:
        return {entry.id: entry.number or 0 for entry in facts.entries}
    before = facts.rounds[round_number - 1]
    order = {int(entrant): table for table, *pair in before["tables"] for entrant in pair}
    if before.get("bye") is not None:
        order[int(before["bye"])] = 0
    return order
