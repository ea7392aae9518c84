"""The service's events shown on Discord: replies and files in the private answer, boards in
their channel (or their tournament thread), challenges and tournament news with their
buttons, notices for players."""

from __future__ import annotations

import io
import logging
from typing import assert_never

import discord

from bot.discord.posting.answers import Answer, actor_of
from bot.discord.posting.board_posts import PLATFORM, BoardPoster
from bot.discord.posting.channels import Channels
from bot.discord.posting.notices import PlayerNotices
from bot.discord.posting.tournament_threads import TournamentThreads
from bot.discord.widgets.views import challenge_view, puzzle_view, tournament_view
from bot.i18n import translate
from bot.service import boards
from bot.service.game_service import GameService, player_seats
from bot.service.kernel.events import (
    BoardUpdate,
    ChallengeUpdate,
    ComputerThinking,
    Event,
    FileReady,
    PlayerNotice,
    Reply,
    TournamentUpdate,
    TurnNotice,
)
from bot.service.kernel.families import family_of
from games.base import find_game
from storage import ChatRef

logger = logging.getLogger(__name__)


class EventShowing:
    """The service's events on one client: it owns the notices for players, the threads of
    tournament games and the messages that carry a challenge's or a tournament's buttons."""

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
        # The message of each open challenge that shows its buttons (challenge id -> ids).
        self._challenge_messages: dict[int, list[int]] = {}
        # The message of each registering tournament that shows Join and Leave.
        self._tournament_messages: dict[int, int] = {}

    async def show(self, events: list[Event], answer: Answer | None, chat: ChatRef | None) -> None:
        """Show the events of a call (with `answer`) or of later work (without)."""
        for event in events:
            match event:
                case Reply():
                    if answer is not None:
                        answer.say(event.text)
                        answer.link_pages([event])
                case BoardUpdate():
                    await self._post_board(event, answer, event.chat or chat)
                case ChallengeUpdate():
                    if answer is not None and not answer.lines:
                        answer.say(event.text)  # who, what and which game
                    await self._post_challenge(event, answer)
                case FileReady():
                    await self._show_file(event, answer)
                case PlayerNotice():  # a TurnPing too
                    await self.notices.notify(event, answer)
                case TurnNotice():
                    await self.notices.notify_turn(event)
                case TournamentUpdate():
                    await self._tournament_news(event, answer)
                case ComputerThinking():
                    await self._show_thinking(event)
                case _:
                    assert_never(event)

    async def _tournament_news(self, event: TournamentUpdate, answer: Answer | None) -> None:
        if event.tournament.chat.platform == PLATFORM:
            await self._post_tournament(event, answer)

    async def _show_thinking(self, event: ComputerThinking) -> None:
        """The computer thinks in a game of a Discord channel: "Damas is typing..." where its
        board is (Discord shows it for 10 seconds, or until the bot's next message)."""
        chat = event.state.record.chat
        if chat is None or chat.platform != PLATFORM:
            return
        place = await self.threads.place(event.state, chat.chat_id)
        try:
            await self.client.get_partial_messageable(int(place)).typing()
        except discord.HTTPException as error:
            # Only a hint: the move comes all the same.
            logger.info("no typing shown in %s: %s", place, error)

    async def _post_board(
        self, event: BoardUpdate, answer: Answer | None, where: ChatRef | None
    ) -> None:
        if where is None or where.platform != PLATFORM:
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
        await self.show([event], None, None)

    async def _show_file(self, event: FileReady, answer: Answer | None) -> None:
        """A call's file goes with the person's answer; a picture the service posts by itself
        (the daily puzzle) to its channel, in the channel's language."""
        chat = event.chat
        if answer is not None:
            _attach(event, answer)
            if event.puzzle is not None:
                answer.view = puzzle_view(event.puzzle, answer.language)
        elif chat is not None and chat.platform == PLATFORM:
            language = self.channels.languages.get(chat.chat_id)
            caption = translate(language, event.caption)
            picture = discord.File(io.BytesIO(event.content), event.name)
            view = puzzle_view(event.puzzle, language) if event.puzzle is not None else None
            await self.channels.post_file(chat.chat_id, caption, picture, view)

    async def _post_challenge(self, event: ChallengeUpdate, answer: Answer | None) -> None:
        challenge = event.challenge
        if challenge.chat.platform != PLATFORM:
            return
        channel_id = challenge.chat.chat_id
        language = self.channels.languages.get(channel_id)
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

    async def _post_tournament(self, event: TournamentUpdate, answer: Answer | None) -> None:
        """The news in the tournament's channel; only the newest keeps Join and Leave."""
        if answer is not None and not answer.lines:
            answer.say(event.text)
        record = event.tournament
        language = self.channels.languages.get(record.chat.chat_id)
        view = tournament_view(record, language)
        content = translate(language, event.text)
        posted = await self.channels.post_text(record.chat.chat_id, content, view, answer)
        earlier = self._tournament_messages.pop(record.id, None)
        if posted is not None and view is not None:
            self._tournament_messages[record.id] = posted
        if earlier is not None:
            await self.channels.remove_buttons(
                record.chat.chat_id, [earlier], "the tournament's news"
            )


def _attach(event: FileReady, answer: Answer) -> None:
    """A file goes with the person's answer."""
    answer.say(event.caption)
    answer.files.append(discord.File(io.BytesIO(event.content), event.name))
