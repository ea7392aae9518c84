"""One Discord interaction from start to end: acknowledged at once (a private "thinking"
answer), the work done through the service, the private part of the result put in that
answer and the public part shown in the channel. Beside it, what slash commands ask of the
front end: the person's games as they type, and a thread for a new game."""

from __future__ import annotations

import logging
from collections import deque
from typing import Any

import discord
from discord import app_commands

from bot.discord.locales import server_language
from bot.discord.posting.answers import Answer, Work, actor_of
from bot.discord.posting.board_posts import PLATFORM, BoardPoster, chat_of
from bot.discord.posting.channels import Channels
from bot.discord.posting.pages import pages
from bot.discord.posting.showing import EventShowing
from bot.discord.posting.tournament_threads import ARCHIVE_MINUTES
from bot.discord.widgets.views import board_view
from bot.i18n import text, translate
from bot.service.game_service import GameService, player_seats
from bot.service.kernel.events import Actor, BoardChanged, ServiceError
from bot.service.kernel.families import family_of
from bot.settings import WebSettings
from games.base import find_game
from storage import ChatRef

logger = logging.getLogger(__name__)

# Discord shows at most 25 choices for an option.
AUTOCOMPLETE_CHOICES = 25
DONE = text("Done.")
# Enough private answers for the quick second clicks of every game at once.
TAKEN_AWAY_KEPT = 1000


class Interactions:
    """Interactions answered over one service: the work done, the private answer, the events
    shown by `showing`."""

    def __init__(
        self,
        service: GameService,
        poster: BoardPoster,
        channels: Channels,
        showing: EventShowing,
        web: WebSettings | None = None,
    ) -> None:
        self.service = service
        self.poster = poster
        self.channels = channels
        self.showing = showing
        self.web = web
        # The private answers whose menu a click is being answered in now (message ids), and
        # the last ones a move played from their menu took away: a second click there never
        # edits them.
        self._answering: set[int] = set()
        self._taken_away: deque[int] = deque(maxlen=TAKEN_AWAY_KEPT)

    async def run(
        self, interaction: discord.Interaction[Any], work: Work, *, tidy: bool = False
    ) -> None:
        """Acknowledge, do the work, answer privately, post the public part. With `tidy` (a
        board's move or roll) a success leaves no private message: the board shows it."""
        # A choice in a private answer's menu (a destination) turns that answer into the
        # result: no second private message per move. A second quick click in that menu
        # finds it taken by the first (which may delete it): it gets an answer of its own.
        message = interaction.message
        in_place = (
            message is not None
            and message.flags.ephemeral
            and message.id not in self._answering
            and message.id not in self._taken_away
        )
        if in_place and message is not None:
            self._answering.add(message.id)
        try:
            await self._answer_interaction(interaction, work, tidy, in_place)
        finally:
            if in_place and message is not None:
                self._answering.discard(message.id)

    async def _answer_interaction(
        self, interaction: discord.Interaction[Any], work: Work, tidy: bool, in_place: bool
    ) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=not in_place)
        except discord.HTTPException as error:
            # Too late (Discord waited 3 seconds) or gone: the person saw "interaction failed",
            # so nothing may happen on their behalf.
            logger.warning("an interaction could not be acknowledged: %s", error)
            return
        actor, chat = actor_of(interaction), chat_of(interaction)
        language: str | None = None
        answer = Answer(interaction, language, web=self.web)
        try:
            language = await self.service.identities.language(actor)
            answer.language = language
            await self._learn_language(interaction, chat, language)
            events = await work(actor, chat, answer)
            # The work may have been the first play in the channel: it speaks his language.
            await self._learn_language(interaction, chat, language)
            # After /language the answer is in the new language.
            answer.language = await self.service.identities.language(actor)
            await self.showing.show(events, answer)
            answer.tidy = tidy
        except BoardChanged as error:
            answer.say(error.reason)
            answer.board = error.state
            answer.view = board_view(error.state, language)
        except ServiceError as error:
            answer.say(error.reason)
        except Exception as error:
            # The stored games are safe; the person must hear that something failed, and why
            # when it is a full disk.
            failures = self.service.kernel.failures
            answer.say(
                failures.reason(error, logger, "a Discord interaction failed: %s", interaction.data)
            )
        await self._send_answer(answer)
        if answer.tidy and in_place and interaction.message is not None:
            self._taken_away.append(interaction.message.id)
        await self.poster.send_unsent(chat.chat_id)

    async def _learn_language(
        self, interaction: discord.Interaction[Any], chat: ChatRef, language: str | None
    ) -> None:
        """The language of the interaction's channel: a direct message's is its person's
        (`language`); a server channel's is asked of the service until it has one (its
        managers', the server's locale, the first player's there)."""
        if interaction.guild_id is None:
            self.channels.languages[chat.chat_id] = language
        elif self.channels.languages.get(chat.chat_id) is None:
            self.channels.languages[chat.chat_id] = await self._shared_language(interaction, chat)

    async def _shared_language(
        self, interaction: discord.Interaction[Any], chat: ChatRef
    ) -> str | None:
        """The language of a server channel's public text: the place's default is the server's
        locale, and a thread's is its channel's (whose managers may have chosen one)."""
        place = server_language(interaction.guild_locale)
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            parent = ChatRef(PLATFORM, str(channel.parent_id))
            place = await self.service.chats.chat_language(parent, place)
        return await self.service.chats.chat_language(chat, place)

    async def _send_answer(self, answer: Answer) -> None:
        interaction = answer.interaction
        shown = answer.embeds or answer.files or answer.board is not None
        # With nothing else to show the answer says that the work is done.
        content = "\n".join(answer.lines) or ("" if shown else translate(answer.language, DONE))
        first, *more = pages(content)
        attachments = list(answer.files)
        embeds = list(answer.embeds)
        if answer.board is not None:
            player = await self.service.kernel.roster.player(actor_of(interaction))
            readers = player_seats(answer.board, player.id)
            embed, picture = await self.poster.embed(answer.board, None, answer.language, readers)
            embeds.append(embed)
            attachments.append(picture)
        try:
            if answer.tidy:
                await interaction.delete_original_response()
            elif not more:
                await interaction.edit_original_response(
                    content=first, embeds=embeds, attachments=attachments, view=answer.view
                )
            else:
                # A text longer than a message: its pages, the last with the rest.
                await interaction.edit_original_response(content=first, embeds=[], view=None)
                for page in more[:-1]:
                    await interaction.followup.send(content=page, ephemeral=True)
                await interaction.followup.send(
                    content=more[-1],
                    ephemeral=True,
                    embeds=embeds,
                    files=attachments,
                    view=answer.view or discord.utils.MISSING,
                )
        except discord.HTTPException as error:
            logger.warning("the answer to an interaction could not be sent: %s", error)
        for state, headline in answer.public_boards:
            await self.poster.post_as_followup(interaction, state, headline, answer.language)

    async def game_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The person's games in progress whose number starts as typed, for a `game` option."""
        actor = actor_of(interaction)
        try:
            games = await self.service.records.games_in_progress(actor)
            language = await self.service.identities.language(actor)
        except ServiceError:
            return []
        typed = str(current).strip().lstrip("#")
        return [
            app_commands.Choice(name=translate(language, label)[:100], value=game_id)
            for game_id, label in games
            if str(game_id).startswith(typed)
        ][:AUTOCOMPLETE_CHOICES]

    async def open_thread(
        self,
        interaction: discord.Interaction[Any],
        chat: ChatRef,
        actor: Actor,
        game: str,
        opponent: Actor | None,
    ) -> ChatRef:
        """A public thread for a new game in the channel of `interaction`; where it cannot be
        opened (a DM, no permission) the game stays in the channel itself."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            return chat
        try:
            kind = find_game(game)
        except KeyError:
            return chat  # the service refuses the game with its reasons
        title = translate(self.channels.languages.get(chat.chat_id), family_of(kind).title(kind))
        names = " - ".join(
            person.display_name for person in (actor, opponent) if person is not None
        )
        try:
            thread = await channel.create_thread(
                name=f"{title}: {names}"[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            logger.info("no thread for the game in %s: %s", chat.chat_id, error)
            return chat
        self.channels.languages[str(thread.id)] = await self.service.chats.chat_language(
            ChatRef(PLATFORM, str(thread.id)), self.channels.languages.get(chat.chat_id)
        )
        return ChatRef(PLATFORM, str(thread.id))
