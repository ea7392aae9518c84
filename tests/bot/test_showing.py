"""One place shows the service's events to a front end (bot/showing.py): each event of the
front end's platform, by the front end's method for its kind, in their order; the console's
every platform's. The kernel routes a call's events by the same rule (`belongs_to`), so an
event a call returns to one platform is never one its front end would drop."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.i18n import text
from bot.service.game_service import GameService
from bot.service.kernel.events import (
    Actor,
    BoardUpdate,
    ChallengeUpdate,
    ClubMatchUpdate,
    ComputerThinking,
    Event,
    FileReady,
    GameState,
    PlayerNotice,
    Reply,
    SimulDesk,
    SimulUpdate,
    TournamentUpdate,
    TurnNotice,
)
from bot.showing import show_events
from storage import ChatRef

TELEGRAM_GROUP = ChatRef("telegram", "-100")
DISCORD_CHANNEL = ChatRef("discord", "500")


@dataclass
class Recording:
    """A front end that notes each event it is asked to show, with the call's context."""

    platform: str | None
    shown: list[tuple[str, str]] = field(default_factory=list)

    async def show_reply(self, _event: Reply, context: str) -> None:
        self.shown.append(("reply", context))

    async def show_board(self, event: BoardUpdate, context: str) -> None:
        self.shown.append((f"board in {event.chat.platform if event.chat else 'any'}", context))

    async def show_turn_notice(self, event: TurnNotice, context: str) -> None:
        self.shown.append((f"turn on {event.platform}", context))

    async def show_player_notice(self, event: PlayerNotice, context: str) -> None:
        self.shown.append((f"notice on {event.platform}", context))

    async def show_challenge(self, _event: ChallengeUpdate, context: str) -> None:
        self.shown.append(("challenge", context))

    async def show_tournament(self, _event: TournamentUpdate, context: str) -> None:
        self.shown.append(("tournament", context))

    async def show_simul(self, _event: SimulUpdate, context: str) -> None:
        self.shown.append(("simul", context))

    async def show_desk(self, _event: SimulDesk, context: str) -> None:
        self.shown.append(("desk", context))

    async def show_club_match(self, event: ClubMatchUpdate, context: str) -> None:
        self.shown.append((f"club match in {event.chat.platform}", context))

    async def show_file(self, event: FileReady, context: str) -> None:
        self.shown.append((f"file in {event.chat.platform if event.chat else 'any'}", context))

    async def show_thinking(self, _event: ComputerThinking, context: str) -> None:
        self.shown.append(("thinking", context))


@pytest.fixture
async def state(service: GameService) -> GameState:
    """A game of a Telegram group against the computer."""
    actor = Actor("telegram", "1", "Ana")
    events = await service.challenges.new_game(actor, TELEGRAM_GROUP, "brazilian", computer=True)
    await service.kernel.background.idle()  # the computer's first move, if it has it
    return next(event.state for event in events if isinstance(event, BoardUpdate))


def events_of(state: GameState) -> list[Event]:
    return [
        Reply(text("Done.")),
        BoardUpdate(state, None, TELEGRAM_GROUP),
        BoardUpdate(state, None, None),
        TurnNotice(state, 1, "discord"),
        PlayerNotice(1, text("Time is running out."), state, "telegram"),
        PlayerNotice(1, text("Time is running out."), None, None),
        FileReady("puzzle.png", b"", text("Daily puzzle"), DISCORD_CHANNEL),
        FileReady("game.pdn", b"", text("Game")),
        ComputerThinking(state),
    ]


async def test_each_front_end_is_shown_the_events_of_its_platform_in_order(
    state: GameState,
) -> None:
    telegram, discord, console = Recording("telegram"), Recording("discord"), Recording(None)
    for front in (telegram, discord, console):
        await show_events(front, events_of(state), "the call")
    assert [what for what, _ in telegram.shown] == [
        "reply",
        "board in telegram",
        "board in any",
        "notice on telegram",
        "notice on None",
        "file in any",
        "thinking",
    ]
    assert [what for what, _ in discord.shown] == [
        "reply",
        "board in any",
        "turn on discord",
        "notice on None",
        "file in discord",
        "file in any",
    ]
    assert len(console.shown) == len(events_of(state)), "the console shows every platform's"
    assert {context for _, context in telegram.shown} == {"the call"}


async def test_a_call_returns_what_its_front_end_shows_and_publishes_the_rest(
    service: GameService, state: GameState
) -> None:
    published: list[Event] = []

    async def sink(event: Event) -> None:
        published.append(event)

    service.kernel.bus.subscribe(sink)
    events = events_of(state)
    here = service.kernel.bus.route(Actor("telegram", "1", "Ana"), events)
    await service.kernel.background.idle()
    shown = Recording("telegram")
    await show_events(shown, here, "the call")
    assert len(shown.shown) == len(here), "a routed event the front end would drop"
    assert published == [event for event in events if event not in here]
    assert FileReady("puzzle.png", b"", text("Daily puzzle"), DISCORD_CHANNEL) in published
