"""The end of a Ludo game: who wins, and why."""

from __future__ import annotations

from games.base import Outcome, Seat
from games.ludo.board import ALL_HOME, Pawns
from games.ludo.rules import LudoRules


def outcome_of(rules: LudoRules, pawns: Pawns, left: frozenset[Seat]) -> Outcome | None:
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
