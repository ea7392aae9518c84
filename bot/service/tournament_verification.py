"""The check of a finished tournament's draw and coin tosses against its revealed seed (pure).

What is checked is what people saw: the commitment published at the start, the numbers
drawn, and which side took White in the first game of each knockout table. The seed is only
revealed at the end, so the organiser could not have chosen results to fit it.
"""

from __future__ import annotations

from bot.i18n import Text, text
from bot.service.pairing.draw import verify_draw, verify_toss
from bot.service.pairing.tournament import Format
from bot.service.tournament_text import joined
from games.chance import matches_commitment
from storage import TournamentFacts


def verification(facts: TournamentFacts) -> Text:
    """The verdict on a finished tournament's commitment, draw and knockout coin tosses."""
    record = facts.tournament
    assert record.seed is not None and record.commitment is not None, "checked once finished"
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
    if record.format == Format.KNOCKOUT:
        lines.append(_tosses_verdict(facts, seed))
    return joined(lines)


def _draw_verdict(facts: TournamentFacts, seed: bytes) -> Text:
    record = facts.tournament
    if record.options.get("seeded"):
        # The ratings of the start are not kept, and ratings have moved since.
        return text(
            "The numbers went by rating; the seed only ordered equal ratings, which cannot be "
            "checked again once ratings have changed."
        )
    numbered = [str(entry.id) for entry in sorted(facts.entries, key=lambda e: e.number or 0)]
    assert record.commitment is not None
    if verify_draw(seed, record.commitment, numbered):
        return text("The numbers drawn are the ones the seed gives.")
    return text("The numbers drawn are NOT the ones the seed gives.")


def _tosses_verdict(facts: TournamentFacts, seed: bytes) -> Text:
    """Each table's first game: White went to the side the coin gave it. The coin is 0 when
    the side paired first takes White (knockout.pair_field)."""
    commitment = facts.tournament.commitment
    assert commitment is not None
    whites = {(g.round, g.table): g.white_entry for g in facts.games if g.index == 0}
    checked = 0
    for round_number, stored in sorted(facts.rounds.items()):
        order = _field_order(facts, round_number)
        for table, first, second in stored["tables"]:
            white = whites.get((round_number, int(table)))
            if white is None:
                continue  # settled without a game
            paired_first = min(int(first), int(second), key=order.__getitem__)
            shown = 0 if white == paired_first else 1
            if not verify_toss(seed, commitment, round_number, int(table), shown):
                return text(
                    "The coin of round {round}, table {table} does NOT agree with the seed.",
                    round=round_number,
                    table=table,
                )
            checked += 1
    if checked == 1:
        return text("The coin toss agrees with the seed.")
    return text("The {count} coin tosses agree with the seed.", count=checked)


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
