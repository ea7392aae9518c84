"""Round robin by the Berger tables (FIDE C.05 Annex 1), through `pairing-core`: single,
or double with the colours swapped in the second cycle; with an odd field the entry drawn
against the missing last number sits the round out (a bye)."""

from __future__ import annotations

from collections.abc import Sequence

from pairing_core import round_robin

from competition.pairing.results import Round, Table


def berger_rounds(entries: Sequence[str], double: bool) -> tuple[Round, ...]:
    """Every round of the schedule for `entries` in number order."""
    rounds = []
    for index, boards in enumerate(round_robin(len(entries), double=double)):
        tables = tuple(
            Table(number, entries[white - 1], entries[black - 1])
            for number, (white, black) in enumerate(
                ((white, black) for white, black in boards if black is not None), 1
            )
        )
        byes = [entries[white - 1] for white, black in boards if black is None]
        rounds.append(Round(index + 1, tables, byes[0] if byes else None))
    return tuple(rounds)
