"""What the web companion remembers stays within its bounds (bot/recent.py): the request
rates of its latest users, and the views of the game versions shown lately."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate
from bot.web.game_view import Views
from bot.web.guards import RateLimit
from storage import ChatRef

BOUND = 3


def test_the_rates_of_the_users_quiet_longest_are_forgotten_first() -> None:
    now = datetime(2025, 1, 1, tzinfo=UTC)
    rate = RateLimit(lambda: now, limit=2)
    rate._seen.size = BOUND
    for user in ("ana", "bia", "caio", "davi", "eva"):
        assert rate.allows(user)
    assert list(rate._seen) == ["caio", "davi", "eva"]
    assert rate.allows("caio")
    assert not rate.allows("caio"), "the newest users are still counted"
    assert list(rate._seen) == ["davi", "eva", "caio"]


async def test_the_views_of_the_versions_shown_lately_are_made_once(service: GameService) -> None:
    actor = Actor("console", "ana", "Ana")
    chat = ChatRef("console", "t")
    events = await service.challenges.new_game(actor, chat, "brazilian", computer=True)
    state = next(event.state for event in events if isinstance(event, BoardUpdate))
    views = Views()
    views._made.size = BOUND
    versions = [replace(state, record=replace(state.record, version=v)) for v in range(5)]
    made = [views.of(version, "en") for version in versions]
    assert len(views._made) == BOUND
    # The latest versions' views are the ones made, whichever is asked for again.
    assert all(views.of(version, "en") is made[v] for v, version in enumerate(versions) if v >= 2)
