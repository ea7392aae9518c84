"""The rule set of a Ludo game: the player count, the optional rules, and the seat that starts.

The position and its moves live in position.py; docs/rules-applied.md lists every decision taken
where the project's rules document is silent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.base import BadSnapshot, Seat
from games.ludo.board import SEAT_COLOURS
from games.messages import visible

SIXES_THAT_END_THE_TURN = 3
TEAM_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class LudoRules:
    """One rule set: the player count, the optional rules, and the seat that starts.

    `first_seat` is drawn at random by whoever creates the game (the service), and stored
    with the options, so that replaying the log from the options always gives the same game.
    """

    players: int = 4
    three_sixes: bool = False
    towers_block: bool = False
    teams: bool = False
    first_seat: int = 0
    colours: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in SEAT_COLOURS:
            raise BadSnapshot(key="ludo_players", params={"players": visible(repr(self.players))})
        for name in ("three_sixes", "towers_block", "teams"):
            if type(getattr(self, name)) is not bool:
                value = getattr(self, name)
                raise BadSnapshot(
                    key="ludo_option_bool", params={"option": name, "value": visible(repr(value))}
                )
        if self.teams and self.players != TEAM_PLAYERS:
            raise BadSnapshot(key="ludo_teams_four", params={"players": self.players})
        if type(self.first_seat) is not int or not 0 <= self.first_seat < self.players:
            raise BadSnapshot(
                key="ludo_first_seat",
                params={"last": self.players - 1, "value": visible(repr(self.first_seat))},
            )
        object.__setattr__(self, "colours", SEAT_COLOURS[self.players])

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> LudoRules:
        """The rule set that a JSON-able options mapping describes; BadSnapshot if it is wrong."""
        known = ("players", "three_sixes", "towers_block", "teams", "first_seat")
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise BadSnapshot(
                key="ludo_unknown_option",
                params={"options": visible(", ".join(unknown)), "known": ", ".join(known)},
            )
        return cls(**{name: options[name] for name in known if name in options})

    def to_options(self) -> dict[str, Any]:
        """The JSON-able options mapping: `LudoRules.from_options(r.to_options()) == r`."""
        return {
            "players": self.players,
            "three_sixes": self.three_sixes,
            "towers_block": self.towers_block,
            "teams": self.teams,
            "first_seat": self.first_seat,
        }

    def friends(self, seat: Seat, other: Seat) -> bool:
        """True when `other` is `seat` itself or, in teams, its partner."""
        return seat == other or (self.teams and (seat - other) % 2 == 0)
