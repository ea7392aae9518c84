"""Where the boards of a busy tournament's games go in Telegram (docs/tournaments.md).

With `boards=private` each game's board goes to its players privately, each from his own
side, and the group reads one line when the game starts and one when it ends: a group with
many tables stays readable and its 20 messages a minute are not spent on boards. It takes
every player of the game to have started the bot; a game with one who has not is played in
the group as any other, so that nobody is left without his board.
"""

from __future__ import annotations

from bot.i18n import text
from bot.service import boards
from bot.service.events import BoardUpdate, GameState
from bot.service.tournament_options import PRIVATE
from bot.service.turns import seat_players
from bot.telegram.chats import chat_ref
from bot.telegram.people import FrontBase
from storage import ChatRef


class TournamentBoards(FrontBase):
    async def _board_place(self, game_id: int) -> str:
        """Where the organiser wants the game's boards (remembered: it never changes)."""
        place = self.board_places.get(game_id)
        if place is None:
            place = await self.service.tournament_boards(game_id)
            self.board_places[game_id] = place
        return place

    async def _private_readers(self, state: GameState) -> dict[str, list[int]] | None:
        """The private chats the game's boards go to, with the seats each reads (None: the
        boards stay in the game's chat: not `boards=private`, or a player cannot be written
        to privately)."""
        if await self._board_place(state.id) != PRIVATE:
            return None
        readers: dict[str, list[int]] = {}
        for seat in state.record.seats:
            players = seat_players(state.record, seat.seat)
            if not players:
                return None
            for player_id in players:
                account = await self._account(player_id)
                if account is None or account.private_chat_id is None:
                    return None
                readers.setdefault(account.private_chat_id, []).append(seat.seat)
        return readers

    async def _post_privately(self, event: BoardUpdate, group: ChatRef) -> bool:
        """Show a board of a `boards=private` game to its players privately, and its start
        and end in the group in one line each; False if it goes to the group instead."""
        state = event.state
        readers = await self._private_readers(state)
        if readers is None:
            return False
        for chat_id, seats in readers.items():
            self.desk.post(
                chat_ref(chat_id),
                state,
                event.headline,
                viewer=boards.viewer_seat(state, seats),
                new_message=boards.correspondence(state),
            )
        if event.headline is not None and (state.version == 1 or not state.active):
            line = event.headline
            if state.active:
                line = text(
                    "{headline} Each player has the board in a private chat with me.",
                    headline=event.headline,
                )
            await self.say(group, [line], await self._chat_language(group))
        return True
