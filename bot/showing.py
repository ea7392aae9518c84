"""The service's events shown by a front end: the one place that decides which events a front
end shows and which of its methods shows each.

A front end shows the events of its own platform, as the kernel routes them
(`belongs_to`, bot/service/kernel/events.py): a call's events come back already routed,
the events of later work and of other platforms are published to every front end, and each
takes only its own here. A front end keeps only its platform's way of showing each kind of
event (Telegram's messages, Discord's embeds and components, the console's lines): a `Front`.
A new kind of event fails mypy here (`assert_never`) until `Front` has a method for it, and
then in every front end until it implements that method.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar, assert_never

from bot.service.kernel.events import (
    BoardUpdate,
    ChallengeUpdate,
    ClubMatchUpdate,
    ComputerThinking,
    Event,
    FileReady,
    PlayerNotice,
    Reply,
    SimulDesk,
    SimulUpdate,
    TournamentUpdate,
    TurnNotice,
    belongs_to,
)

# What a front end knows of the call whose events it shows (whom to answer, where), or of
# their absence (None: the events of work that finished later).
Context = TypeVar("Context", contravariant=True)
C = TypeVar("C")


class Front(Protocol[Context]):
    """A front end's way of showing each kind of event."""

    @property
    def platform(self) -> str | None:
        """The platform whose events it shows (as `Actor.platform` names it); None: every
        platform's (the console, where everyone sits at one keyboard)."""

    async def show_reply(self, event: Reply, context: Context, /) -> None: ...

    async def show_board(self, event: BoardUpdate, context: Context, /) -> None: ...

    async def show_turn_notice(self, event: TurnNotice, context: Context, /) -> None: ...

    async def show_player_notice(self, event: PlayerNotice, context: Context, /) -> None:
        """A notice for one player; a `TurnPing` too."""

    async def show_challenge(self, event: ChallengeUpdate, context: Context, /) -> None: ...

    async def show_tournament(self, event: TournamentUpdate, context: Context, /) -> None: ...

    async def show_simul(self, event: SimulUpdate, context: Context, /) -> None: ...

    async def show_desk(self, event: SimulDesk, context: Context, /) -> None:
        """The host's desk, for whoever asked (its board comes as the next event)."""

    async def show_club_match(self, event: ClubMatchUpdate, context: Context, /) -> None: ...

    async def show_file(self, event: FileReady, context: Context, /) -> None: ...

    async def show_thinking(self, event: ComputerThinking, context: Context, /) -> None: ...


async def show_events(front: Front[C], events: Iterable[Event], context: C) -> None:
    """Show, in their order, the events that belong to the front end's platform."""
    platform = front.platform
    for event in events:
        if platform is None or belongs_to(event, platform):
            await _show(front, event, context)


async def _show(front: Front[C], event: Event, context: C) -> None:
    match event:
        case Reply():
            await front.show_reply(event, context)
        case BoardUpdate():
            await front.show_board(event, context)
        case TurnNotice():
            await front.show_turn_notice(event, context)
        case PlayerNotice():
            await front.show_player_notice(event, context)
        case ChallengeUpdate():
            await front.show_challenge(event, context)
        case TournamentUpdate():
            await front.show_tournament(event, context)
        case SimulUpdate():
            await front.show_simul(event, context)
        case SimulDesk():
            await front.show_desk(event, context)
        case ClubMatchUpdate():
            await front.show_club_match(event, context)
        case FileReady():
            await front.show_file(event, context)
        case ComputerThinking():
            await front.show_thinking(event, context)
        case _:
            assert_never(event)
