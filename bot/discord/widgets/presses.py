"""The components of boards, challenges and tournament news (widgets/components.py) pressed:
each is checked against the stored game or challenge, then played through the service.
Components of an older version, and the typed move's modal, come here too."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.interactions import Interactions
from bot.discord.posting.answers import Answer, actor_of
from bot.discord.widgets.components import stray_target
from bot.discord.widgets.move_components import MODAL_ID, MOVE_FIELD
from bot.discord.widgets.views import (
    confirm_view,
    destination_view,
    puzzle_destination_view,
)
from bot.i18n import text
from bot.service import boards
from bot.service.command_table.typed import typed_move
from bot.service.game_service import GameService, player_seats, seat_to_act
from bot.service.kernel.events import Actor, BoardChanged, Event, GameState, ServiceError
from bot.service.kernel.ids import known_id, known_simul, known_tournament
from storage import ChatRef


class ComponentPresses:
    """The components' handler (bot.discord.handlers): each press is run as an interaction."""

    def __init__(self, service: GameService, interactions: Interactions) -> None:
        self.service = service
        self.interactions = interactions

    async def language(self, interaction: discord.Interaction[Any]) -> str | None:
        return await self.service.identities.language(actor_of(interaction))

    async def _state_at(self, actor: Actor, chat: ChatRef, game_id: int, version: int) -> GameState:
        """The game's state, when the pressed board still shows it; else BoardChanged (or,
        where the person may not see the game, the answer an unknown one gets)."""
        state = await self.service.records.visible_state(actor, known_id(game_id), chat)
        if state.version != version:
            raise BoardChanged(text("The board changed; here is the current one."), state)
        return state

    async def play_choice(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, index: int
    ) -> None:
        """A move button: the index names the move among the choices of that version."""

        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            state = await self._state_at(actor, chat, game_id, version)
            choices = boards.move_choices(state)
            notation = next((c.notation for c in choices if c.index == index), None)
            if notation is None:
                raise BoardChanged(text("That is not a move on this board; choose again."), state)
            return await self.service.play.move(actor, notation, game_id, version, chat)

        await self.interactions.run(interaction, work, tidy=True)

    async def play_typed(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, notation: str
    ) -> None:
        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            return await self.service.play.move(
                actor, typed_move(notation), known_id(game_id), version, chat
            )

        await self.interactions.run(interaction, work)

    async def roll(self, interaction: discord.Interaction[Any], game_id: int, version: int) -> None:
        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            return await self.service.play.roll(actor, known_id(game_id), version, chat)

        await self.interactions.run(interaction, work, tidy=True)

    async def choose_piece(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, piece: str
    ) -> None:
        """A piece picked in the menu: its destinations, for the player to move only."""

        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            state = await self._state_at(actor, chat, game_id, version)
            if not state.active:
                raise ServiceError(text("Game #{game} is over.", game=game_id))
            player = await self.service.kernel.roster.player(actor)
            seats = player_seats(state, player.id)
            if not seats:
                raise ServiceError(text("You are not playing in game #{game}.", game=game_id))
            acting = seat_to_act(state)
            if acting not in seats:
                name = state.seat_names[acting] if acting is not None else "?"
                raise ServiceError(text("It is not your turn: {name} is to move.", name=name))
            return _where_to(answer, destination_view(state, piece, answer.language), piece)

        await self.interactions.run(interaction, work)

    async def choose_puzzle_piece(
        self, interaction: discord.Interaction[Any], puzzle_id: int, step: int, piece: str
    ) -> None:
        """A piece picked in a puzzle's menu: its destinations, while the step is open."""

        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            choices = await self.service.puzzles.step(actor, chat, puzzle_id, step)
            view = puzzle_destination_view(choices, piece, answer.language)
            return _where_to(answer, view, piece)

        await self.interactions.run(interaction, work)

    async def answer_puzzle(
        self, interaction: discord.Interaction[Any], puzzle_id: int, step: int, index: int
    ) -> None:
        """A move chosen in a puzzle's menu: answered as the typed move would be."""

        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            return await self.service.puzzles.press(actor, chat, puzzle_id, step, index)

        await self.interactions.run(interaction, work)

    async def reveal_puzzle(
        self, interaction: discord.Interaction[Any], puzzle_id: int, step: int
    ) -> None:
        """The solution's button under a puzzle's picture: as /puzzle solution, while the
        step is open."""

        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            return await self.service.puzzles.reveal_press(actor, chat, puzzle_id, step)

        await self.interactions.run(interaction, work)

    async def answer_draw(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, accept: bool
    ) -> None:
        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            await self._state_at(actor, chat, game_id, version)
            return await self.service.results.draw(
                actor, "accept" if accept else "decline", game_id, chat=chat
            )

        await self.interactions.run(interaction, work)

    async def game_action(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, action: str
    ) -> None:
        """A board's Offer a draw, Resign, Abort or (an arena's) Berserk button, or the
        confirmation of resigning or aborting (each needs two clicks: the board's button, then
        the private answer's)."""

        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            state = await self._state_at(actor, chat, game_id, version)
            if action == "offer":
                return await self.service.results.draw(actor, None, game_id, chat=chat)
            if action == "resign":
                return await self.service.results.resign(actor, game_id, chat)
            if action == "abort":
                return await self.service.results.abort(actor, game_id, chat)
            if action == "berserk":
                return await self.service.arenas.berserk(actor, chat, game_id)
            if not player_seats(state, (await self.service.kernel.roster.player(actor)).id):
                raise ServiceError(text("You are not playing in game #{game}.", game=game_id))
            resign = action == "resign?"
            if resign:
                answer.say(text("Resign game #{game}? This cannot be undone.", game=game_id))
            else:
                answer.say(text("Abort game #{game}? It ends without a result.", game=game_id))
            answer.view = confirm_view(state, resign, answer.language)
            return []

        await self.interactions.run(interaction, work)

    async def rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            return await self.service.challenges.rematch(actor, known_id(game_id), chat)

        await self.interactions.run(interaction, work)

    async def answer_challenge(
        self, interaction: discord.Interaction[Any], challenge_id: int, action: str
    ) -> None:
        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            handler = {
                "accept": self.service.challenges.accept,
                "decline": self.service.challenges.decline,
                "begin": self.service.challenges.begin,
            }[action]
            return await handler(actor, known_id(challenge_id, challenge=True), chat)

        await self.interactions.run(interaction, work)

    async def tournament_entry(
        self, interaction: discord.Interaction[Any], tournament_id: int, joining: bool
    ) -> None:
        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            entry = self.service.entries.join if joining else self.service.entries.leave
            return await entry(actor, chat, known_tournament(tournament_id))

        await self.interactions.run(interaction, work)

    async def simul_entry(
        self, interaction: discord.Interaction[Any], simul_id: int, joining: bool
    ) -> None:
        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            entry = self.service.simuls.join if joining else self.service.simuls.leave
            return await entry(actor, chat, known_simul(simul_id))

        await self.interactions.run(interaction, work)

    async def next_desk(
        self, interaction: discord.Interaction[Any], simul_id: int, game_id: int
    ) -> None:
        """The host's desk at the board that waits after the one it showed."""

        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            return await self.service.desks.desk(actor, chat, known_simul(simul_id), game_id)

        await self.interactions.run(interaction, work)

    async def modal_submitted(self, interaction: discord.Interaction[Any]) -> bool:
        """A typed move from the modal (by its custom id); False if it is not ours."""
        data: dict[str, Any] = dict(interaction.data or {})
        match = MODAL_ID.match(str(data.get("custom_id", "")))
        if match is None:
            return False
        values = {
            str(component.get("custom_id")): str(component.get("value", ""))
            for row in data.get("components", [])
            for component in row.get("components", [])
        }
        await self.play_typed(
            interaction, int(match["game"]), int(match["version"]), values.get(MOVE_FIELD, "")
        )
        return True

    async def stray_component(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """A component this version does not know (an older version's, a garbled one): the
        current board privately when a game can be read from it, else a short word."""

        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            target = stray_target(custom_id)
            if target is not None:
                known_id(target[0], challenge=target[1])
            if target is None or target[1]:
                raise ServiceError(text("This button no longer works."))
            state = await self.service.records.visible_state(actor, target[0], chat)
            raise BoardChanged(
                text("This button no longer works; here is the current board."), state
            )

        await self.interactions.run(interaction, work)


def _where_to(answer: Answer, destinations: discord.ui.View | None, piece: str) -> list[Event]:
    """A picked piece's answer, in a game or a puzzle: the menu of its destinations."""
    if destinations is None:
        raise ServiceError(text("{piece} has no move now.", piece=piece))
    answer.view = destinations
    answer.say(text("Where to with {piece}?", piece=piece))
    return []
