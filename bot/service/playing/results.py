"""Draws and results: resign, offer/accept/decline a draw, claim a draw by rule, abort. Every
ending goes through the kernel's `finish` (or a deciding move through its `commit`), where the
finish listeners hear of it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

from bot.i18n import text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import Actor, BoardUpdate, Event, GameState, ServiceError
from bot.service.kernel.families import family_of
from bot.service.kernel.game_flow.turns import check_abortable, events_state, result_of
from bot.service.kernel.kernel import Kernel
from games.base import find_game
from storage import ChatRef, GameStore, Player


class Results(Capability):
    """Resignations, draws, claims and aborts."""

    def __init__(self, kernel: Kernel, games: GameStore) -> None:
        super().__init__(kernel)
        self.games = games

    @asynccontextmanager
    async def _playing(
        self,
        actor: Actor,
        game_id: int | None,
        version: int | None = None,
        chat: ChatRef | None = None,
    ) -> AsyncIterator[tuple[GameState, Player, list[int]]]:
        """The actor's game under its lock, with the actor's seats in it (refused if none)."""
        player = await self.kernel.roster.player(actor)
        target = await self.kernel.lookup.game_id_for(player, game_id)
        async with self.kernel.lookup.lock(target):
            state = await self.kernel.state(target)
            await self.kernel.lookup.check_visible(state, player.id, chat)
            self.kernel.lookup.check_version(state, version)
            yield state, player, self.kernel.lookup.own_seats(state, player.id)

    @routed
    async def resign(
        self, actor: Actor, game_id: int | None = None, chat: ChatRef | None = None
    ) -> list[Event]:
        async with self._playing(actor, game_id, chat=chat) as (state, player, seats):
            family = family_of(find_game(state.record.kind))
            if family.multi_seat(state):
                events = await self.kernel.changes.commit(
                    state, family.leave(state, seats[0]), seats[0], player.id
                )
                self.kernel.computer_turns.wake(events_state(events) or state)
                return events
            winners = [seat.seat for seat in state.record.seats if seat.seat not in seats]
            return await self.kernel.changes.finish(
                state, {"winners": winners, "reason": "resignation"}
            )

    @routed
    async def draw(
        self,
        actor: Actor,
        answer: str | None,
        game_id: int | None = None,
        version: int | None = None,
        chat: ChatRef | None = None,
    ) -> list[Event]:
        """Offer a draw, or accept ("accept") or decline ("decline") the opponent's offer; with
        `version` (from a button), only on that board."""
        async with self._playing(actor, game_id, version, chat) as (state, _, seats):
            if family_of(find_game(state.record.kind)).multi_seat(state):
                raise ServiceError(text("Draws are for two-player games."))
            offer = state.record.draw_offer
            if answer == "decline":
                if offer is None:
                    raise ServiceError(text("There is no draw offer to decline."))
                record = await self.games.set_draw_offer(state.id, state.version, None)
                fresh = replace(state, record=record)
                # The one who offered takes the offer back; the other turns it down.
                if offer in seats:
                    news = text("{name} withdraws the draw offer.", name=actor.display_name)
                else:
                    news = text("{name} declines the draw.", name=actor.display_name)
                return [BoardUpdate(fresh, news, fresh.record.chat)]
            if offer is not None and offer not in seats:
                return await self.kernel.changes.finish(
                    state, {"winners": [], "reason": "agreement"}
                )
            if answer == "accept" and offer is not None:
                raise ServiceError(
                    text(
                        "This draw offer is yours: your opponent accepts or declines it. "
                        "To withdraw it, decline it yourself ({/draw decline})."
                    )
                )
            if answer == "accept":
                raise ServiceError(text("There is no draw offer to accept."))
            if offer in seats:
                raise ServiceError(text("You have already offered a draw."))
            opponent = next(seat for seat in state.record.seats if seat.seat not in seats)
            if opponent.computer is not None:
                raise ServiceError(text("The computer plays on: it does not take draws."))
            record = await self.games.set_draw_offer(state.id, state.version, seats[0])
            fresh = replace(state, record=record)
            return [
                BoardUpdate(
                    fresh,
                    text(
                        "{name} offers a draw: {/draw accept} or {/draw decline}.",
                        name=actor.display_name,
                    ),
                    fresh.record.chat,
                )
            ]

    @routed
    async def claim(
        self, actor: Actor, game_id: int | None = None, chat: ChatRef | None = None
    ) -> list[Event]:
        """End the game as the rules say if they already decide it (a draw by rule)."""
        async with self._playing(actor, game_id, chat=chat) as (state, _, _):
            outcome = state.position.outcome()
            if outcome is None:
                raise ServiceError(
                    text("No draw can be claimed now: the rules let the game go on.")
                )
            return await self.kernel.changes.finish(state, result_of(outcome))

    @routed
    async def abort(
        self, actor: Actor, game_id: int | None = None, chat: ChatRef | None = None
    ) -> list[Event]:
        async with self._playing(actor, game_id, chat=chat) as (state, _, _):
            check_abortable(state)
            return await self.kernel.changes.finish(state, None, "aborted")
