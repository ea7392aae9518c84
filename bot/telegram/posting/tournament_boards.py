"""Where the boards of a busy tournament's games go in Telegram (docs/tournaments.md).

With `boards=private` each game's board goes to its players privately, each from his own
side, and the group reads one line when the game starts and one when it ends: a group with
many tables stays readable and its 20 messages a minute are not spent on boards. It takes
every player of the game to have started the bot; a game with one who has not is played in
the group as any other, so that nobody is left without his board.

With `boards=threads` each game gets a forum topic of its own, opened with its first board;
the topic is stored with the board message (its thread), so that the game's later boards
find it after a restart. It takes a group with topics and the bot an admin that may manage
them; where it is not, the boards come to the group, and the group is told why, once.
"""

from __future__ import annotations

import logging
from functools import partial

from telegram.error import BadRequest, TelegramError

from bot.i18n import text
from bot.recent import REMEMBERED_BOARDS, REMEMBERED_CHATS, Recent
from bot.service import boards
from bot.service.kernel.events import BoardUpdate, GameState
from bot.service.kernel.game_flow.turns import seat_players
from bot.service.tournaments.options import PRIVATE, THREADS
from bot.telegram.chats import chat_ref
from bot.telegram.people import People
from bot.telegram.posting.delivery import BoardDesk, with_retries
from storage import ChatRef

logger = logging.getLogger(__name__)

# Telegram's longest topic name.
MAX_TOPIC_NAME = 128


# A topic that could not be opened: the game's boards go to the group.
NO_TOPIC = 0


class TournamentBoards:
    """The boards of busy tournaments' games, for one bot account."""

    def __init__(self, people: People, desk: BoardDesk) -> None:
        self.people = people
        self.service = people.service
        self.bot = people.bot
        self.pacing = people.pacing
        self.desk = desk
        # Where each game's boards go, and the forum topic of each `boards=threads` game.
        self.board_places: Recent[int, str] = Recent(REMEMBERED_BOARDS)
        self.topics: Recent[int, int] = Recent(REMEMBERED_BOARDS)
        # The groups told once why their games are not in topics.
        self.told_no_topics: Recent[str, bool] = Recent(REMEMBERED_CHATS)

    async def _board_place(self, game_id: int) -> str:
        """Where the organiser wants the game's boards (remembered: it never changes)."""
        place = self.board_places.get(game_id)
        if place is None:
            place = await self.service.reports.board_place(game_id)
            self.board_places[game_id] = place
        return place

    async def private_readers(self, state: GameState) -> dict[str, list[int]] | None:
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
                account = await self.people.account(player_id)
                if account is None or account.private_chat_id is None:
                    return None
                readers.setdefault(account.private_chat_id, []).append(seat.seat)
        return readers

    async def post_privately(self, event: BoardUpdate, group: ChatRef) -> bool:
        """Show a board of a `boards=private` game to its players privately, and its start
        and end in the group in one line each; False if it goes to the group instead."""
        state = event.state
        readers = await self.private_readers(state)
        if readers is None:
            return False
        for chat_id, seats in readers.items():
            self.desk.post(
                chat_ref(chat_id),
                state,
                boards.addressed_headline(event, seats),
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
            await self.people.say(group, [line], await self.people.chat_language(group))
        return True

    async def topic(self, state: GameState, group: ChatRef) -> int | None:
        """The forum topic of a `boards=threads` game's boards (opened with its first board),
        or None: the group itself."""
        if await self._board_place(state.id) != THREADS:
            return None
        known = self.topics.get(state.id)
        if known is None:
            shown = await self.desk.shown_in(state.id, group)
            if shown is not None:
                known = NO_TOPIC if shown.thread_id is None else int(shown.thread_id)
            elif state.active:
                known = await self._open_topic(state, group)
            else:
                known = NO_TOPIC
            self.topics[state.id] = known
        return known or None

    async def _open_topic(self, state: GameState, group: ChatRef) -> int:
        name = f"#{state.id} {' - '.join(state.seat_names)}"[:MAX_TOPIC_NAME]
        try:
            topic = await with_retries(
                partial(self.bot.create_forum_topic, group.chat_id, name), self.pacing
            )
        except BadRequest as error:
            await self._say_no_topics(group, error)
            return NO_TOPIC
        except TelegramError as error:
            logger.warning("no topic for game %s in %s: %s", state.id, group.chat_id, error)
            return NO_TOPIC
        return topic.message_thread_id

    async def _say_no_topics(self, group: ChatRef, error: BadRequest) -> None:
        """Tell the group, once, why its games are not in topics and what would fix it."""
        logger.info("no topics in %s: %s", group.chat_id, error)
        if group.chat_id in self.told_no_topics:
            return
        self.told_no_topics[group.chat_id] = True
        if "not a forum" in error.message.lower():
            reason = text("this group has no topics (an admin can turn them on)")
        else:
            reason = text("I may not manage its topics (an admin can allow it)")
        notice = text(
            "This tournament plays each game in a topic of its own, but {reason}: the games "
            "are played here until then.",
            reason=reason,
        )
        await self.people.say(group, [notice], await self.people.chat_language(group))
