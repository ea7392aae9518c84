"""The service's events shown on Discord: replies and files in the private answer, boards in
their channel (or their tournament thread), challenges and tournament news with their
buttons, notices for players."""

from __future__ import annotations

import io
import logging

import discord

from bot.discord.posting.answers import Answer, actor_of
from bot.discord.posting.arena_boards import arena_boards
from bot.discord.posting.board_posts import PLATFORM, BoardPoster, chat_of
from bot.discord.posting.channels import Channels
from bot.discord.posting.notices import PlayerNotices
from bot.discord.posting.tournament_threads import TournamentThreads
from bot.discord.widgets.views import (
    challenge_view,
    desk_view,
    puzzle_view,
    simul_view,
    tournament_view,
)
from bot.i18n import Text, translate
from bot.recent import REMEMBERED_CHATS, Recent
from bot.service import boards
from bot.service.game_service import GameService, player_seats
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
)
from bot.service.kernel.families import family_of
from bot.showing import show_events
from bot.web.links import reply_text
from games.base import find_game
from storage import ChatRef

logger = logging.getLogger(__name__)


class EventShowing:
    """The service's events on one client (bot/showing.py's `Front`: it hands this one
    Discord's events): it owns the notices for players, the threads of tournament games and
    the messages that carry a challenge's or a tournament's buttons."""

    platform = PLATFORM

    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        poster: BoardPoster,
        channels: Channels,
    ) -> None:
        self.client = client
        self.service = service
        self.poster = poster
        self.channels = channels
        self.notices = PlayerNotices(client, service, poster, channels)
        self.threads = TournamentThreads(client, service, channels.languages)
        self.arena_boards = arena_boards(client, channels)
        # The message of each open challenge that shows its buttons (challenge id -> ids), and
        # of each registering tournament that shows Join and Leave; one forgotten keeps its
        # buttons, which the service refuses once the challenge or the registration is over.
        self._challenge_messages: Recent[int, list[int]] = Recent(REMEMBERED_CHATS)
        self._tournament_messages: Recent[int, int] = Recent(REMEMBERED_CHATS)
        self._simul_messages: Recent[int, int] = Recent(REMEMBERED_CHATS)

    async def show(self, events: list[Event], answer: Answer | None) -> None:
        """Show the events of a call (with `answer`) or of later work (without)."""
        await show_events(self, events, answer)

    async def show_reply(self, event: Reply, answer: Answer | None) -> None:
        if answer is not None:
            answer.say(reply_text(answer.web, event))
            answer.link_pages([event])

    async def show_player_notice(self, event: PlayerNotice, answer: Answer | None) -> None:
        await self.notices.notify(event, answer)

    async def show_turn_notice(self, event: TurnNotice, _answer: Answer | None) -> None:
        await self.notices.notify_turn(event)

    async def show_thinking(self, event: ComputerThinking, _answer: Answer | None) -> None:
        """The computer thinks in a game of a Discord channel: "Damas is typing..." where its
        board is (Discord shows it for 10 seconds, or until the bot's next message)."""
        chat = event.state.record.chat
        if chat is None:
            return
        place = await self.threads.place(event.state, chat.chat_id)
        try:
            await self.client.get_partial_messageable(int(place)).typing()
        except discord.HTTPException as error:
            # Only a hint: the move comes all the same.
            logger.info("no typing shown in %s: %s", place, error)

    async def show_board(self, event: BoardUpdate, answer: Answer | None) -> None:
        """The board in its channel (None: the channel of the interaction that asked)."""
        where = event.chat or (chat_of(answer.interaction) if answer is not None else None)
        if where is None:
            return
        if answer is not None and not answer.lines:
            # Say what happened, not just "Done.": the move, or which board; in the words of
            # the person who acted (the soffio's offer), the answer being his alone.
            player = await self.service.kernel.roster.player(actor_of(answer.interaction))
            seats = player_seats(event.state, player.id)
            answer.say(boards.addressed_headline(event, seats) or boards.caption(event.state))
        await self.poster.post_board(
            event.state,
            event.headline,
            await self.threads.place(event.state, where.chat_id),
            answer.public_boards if answer is not None else None,
        )

    async def show_later(self, event: Event) -> None:
        """The service's sink: events of work that finished later (computer moves)."""
        if self.client.is_closed():
            return
        await self.show([event], None)

    async def show_file(self, event: FileReady, answer: Answer | None) -> None:
        """A call's file goes with the person's answer; a picture the service posts by itself
        (the daily puzzle) to its channel, in the channel's language."""
        chat = event.chat
        if answer is not None:
            _attach(event, answer)
            if event.puzzle is not None:
                answer.view = puzzle_view(event.puzzle, answer.language)
        elif chat is not None:
            language = await self.channels.language(chat.chat_id)
            caption = translate(language, event.caption)
            picture = discord.File(io.BytesIO(event.content), event.name)
            view = puzzle_view(event.puzzle, language) if event.puzzle is not None else None
            await self.channels.post_file(chat.chat_id, caption, picture, view)

    async def show_challenge(self, event: ChallengeUpdate, answer: Answer | None) -> None:
        """The challenge in its channel, with its buttons while it is open; the answer of the
        person who acted says it first (who, what and which game)."""
        if answer is not None and not answer.lines:
            answer.say(event.text)
        challenge = event.challenge
        channel_id = challenge.chat.chat_id
        language = await self.channels.language(channel_id)
        message = translate(language, event.text)
        interaction = answer.interaction if answer is not None else None
        # Only the newest message of an open challenge keeps its buttons (a Ludo table that
        # fills up posts one per entrant); none once it was answered or began.
        earlier = self._challenge_messages.pop(challenge.id, [])
        pressed = interaction.message if interaction is not None else None
        if pressed is not None and challenge.status != "open":
            earlier.append(pressed.id)
        if challenge.status == "open":
            seats = family_of(find_game(challenge.kind)).seat_count(challenge.options)
            opponent = challenge.opponent_id
            user_id = await self.poster.discord_user(opponent) if opponent is not None else None
            content = f"<@{user_id}> {message}" if user_id else message
            view = challenge_view(challenge, seats, language)
            posted = await self.channels.post_text(channel_id, content, view, answer)
            if posted is not None:
                self._challenge_messages[challenge.id] = [posted]
        else:
            await self.channels.post_text(channel_id, message, None, answer)
        await self.channels.remove_buttons(
            channel_id, dict.fromkeys(earlier), "the challenge message"
        )

    async def show_tournament(self, event: TournamentUpdate, answer: Answer | None) -> None:
        """The news in the tournament's channel; only the newest keeps Join and Leave. An
        arena's leaderboard goes in its one message, edited."""
        if event.leaderboard:
            await self.arena_boards.offer(event)
            return
        record = event.tournament
        language = await self.channels.language(record.chat.chat_id)
        view = tournament_view(record, language)
        await self._news(
            event.text, record.chat, view, answer, self._tournament_messages, record.id
        )

    async def show_simul(self, event: SimulUpdate, answer: Answer | None) -> None:
        """The news in the simul's channel; only the newest keeps Join and Leave."""
        record = event.simul
        language = await self.channels.language(record.chat.chat_id)
        view = simul_view(record, language)
        await self._news(event.text, record.chat, view, answer, self._simul_messages, record.id)

    async def show_club_match(self, event: ClubMatchUpdate, answer: Answer | None) -> None:
        """News of a club match in one of its channels; its score board in one message
        there, edited."""
        if event.standings:
            await self.arena_boards.offer_club_match(event)
            return
        await self._news(event.text, event.chat, None, answer, None, event.match.id)

    async def show_desk(self, event: SimulDesk, answer: Answer | None) -> None:
        """The host's desk in his answer, with the next board's button."""
        if answer is None:
            return
        answer.say(event.text)
        view = desk_view(event, answer.language)
        if view is not None:
            answer.view = view

    async def _news(
        self,
        news: Text,
        chat: ChatRef,
        view: discord.ui.View | None,
        answer: Answer | None,
        newest: Recent[int, int] | None,
        key: int,
    ) -> None:
        """News of a tournament, a simul or a club match (`key`) in its channel (the person
        who acted reads it in his answer too); only the newest keeps its buttons (`newest`
        remembers which; None: news without buttons)."""
        if answer is not None and not answer.lines:
            answer.say(news)
        language = await self.channels.language(chat.chat_id)
        posted = await self.channels.post_text(
            chat.chat_id, translate(language, news), view, answer
        )
        if newest is None:
            return
        earlier = newest.pop(key, None)
        if posted is not None and view is not None:
            newest[key] = posted
        if earlier is not None:
            await self.channels.remove_buttons(chat.chat_id, [earlier], "the news")


def _attach(event: FileReady, answer: Answer) -> None:
    """A file goes with the person's answer."""
    answer.say(event.caption)
    answer.files.append(discord.File(io.BytesIO(event.content), event.name))
