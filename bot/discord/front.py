"""The Discord front end's work: interactions to service calls, events to Discord messages.

Every interaction is acknowledged first (a private "thinking" answer), then the service is
called, then the private part of the result (replies, files, refusals) replaces that answer
and the public part goes to the channel: boards (a PNG in an embed with the caption, whose
turn, the last move, and the components to play) and challenges (accept/decline buttons).

A move is stored by the service before any message is sent, so a failing message loses
nothing: a board that cannot be posted in its channel (missing permission) goes out as a
public follow-up of the interaction; without an interaction it waits and is sent again with
the next activity in that channel. A deleted old board is simply replaced. Rate limits are
waited out by discord.py (it retries after `retry_after`).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from bot.discord.board_posts import PLATFORM, BoardPoster, chat_of
from bot.discord.components import MODAL_ID, MOVE_FIELD, stray_target
from bot.discord.locales import language_of_locale
from bot.discord.tournament_threads import TournamentThreads
from bot.discord.views import (
    board_view,
    challenge_view,
    confirm_view,
    destination_view,
    tournament_view,
)
from bot.i18n import Text, text, translate
from bot.service import boards
from bot.service.core import GameService
from bot.service.dispatch import typed_move
from bot.service.events import (
    Actor,
    BoardChanged,
    BoardUpdate,
    ChallengeUpdate,
    Event,
    FileReady,
    GameState,
    PlayerNotice,
    Reply,
    ServiceError,
    TournamentUpdate,
    TurnNotice,
)
from bot.service.families import family_of
from bot.service.ids import known_id, known_tournament
from games.base import find_game
from storage import ChatRef

logger = logging.getLogger(__name__)

CONTENT_LIMIT = 2000
# Discord shows at most 25 choices for an option.
AUTOCOMPLETE_CHOICES = 25


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    user = interaction.user
    return Actor(PLATFORM, str(user.id), user.display_name, language_of_locale(interaction.locale))


@dataclass
class Answer:
    """The private answer to one interaction, gathered while the work runs."""

    interaction: discord.Interaction[Any]
    language: str | None
    lines: list[str] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    board: GameState | None = None
    view: discord.ui.View | None = None
    public_boards: list[tuple[GameState, Text | None]] = field(default_factory=list)
    embeds: list[discord.Embed] = field(default_factory=list)
    # A click on a board that played: the board shows it, the private answer goes away.
    tidy: bool = False

    def say(self, message: Text | str) -> None:
        self.lines.append(translate(self.language, message))


Work = Callable[[Actor, ChatRef, Answer], Awaitable[list[Event]]]


class DiscordFront:
    """The Discord front end over one service and one connected client."""

    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        # The language of the public text of a channel: a direct message's person's; a
        # server channel's own (the first player's there, kept by the service).
        self._channel_languages: dict[str, str | None] = {}
        # The message of each open challenge that shows its buttons (challenge id -> ids).
        self._challenge_messages: dict[int, list[int]] = {}
        # The message of each registering tournament that shows Join and Leave.
        self._tournament_messages: dict[int, int] = {}
        self.poster = BoardPoster(client, service, self._channel_languages)
        self.threads = TournamentThreads(client, service, self._channel_languages)

    # -- interactions ----------------------------------------------------------------------------

    async def run(
        self, interaction: discord.Interaction[Any], work: Work, *, tidy: bool = False
    ) -> None:
        """Acknowledge, do the work, answer privately, post the public part. With `tidy` (a
        board's move or roll) a success leaves no private message: the board shows it."""
        # A choice in a private answer's menu (a destination) turns that answer into the
        # result: no second private message per move.
        message = interaction.message
        in_place = message is not None and message.flags.ephemeral
        try:
            await interaction.response.defer(ephemeral=True, thinking=not in_place)
        except discord.HTTPException as error:
            # Too late (Discord waited 3 seconds) or gone: the person saw "interaction failed",
            # so nothing may happen on their behalf.
            logger.warning("an interaction could not be acknowledged: %s", error)
            return
        actor, chat = actor_of(interaction), chat_of(interaction)
        language: str | None = None
        answer = Answer(interaction, language)
        try:
            language = await self.service.language(actor)
            answer.language = language
            if interaction.guild_id is None:
                self._channel_languages[chat.chat_id] = language
            elif chat.chat_id not in self._channel_languages:
                shared = await self.service.chat_language(chat, language)
                self._channel_languages[chat.chat_id] = shared
            events = await work(actor, chat, answer)
            # After /language the answer is in the new language.
            answer.language = await self.service.language(actor)
            await self.show(events, answer, chat)
            answer.tidy = tidy
        except BoardChanged as error:
            answer.say(error.reason)
            answer.board = error.state
            answer.view = board_view(error.state, language)
        except ServiceError as error:
            answer.say(error.reason)
        except Exception:
            # The stored games are safe; the person must hear that something failed.
            logger.exception("a Discord interaction failed: %s", interaction.data)
            answer.say(text("Something went wrong with that command; your games are safe."))
        await self._send_answer(answer)
        await self.poster.send_unsent(chat.chat_id)

    async def game_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The person's games in progress whose number starts as typed, for a `game` option."""
        actor = actor_of(interaction)
        try:
            games = await self.service.games_in_progress(actor)
            language = await self.service.language(actor)
        except ServiceError:
            return []
        typed = str(current).strip().lstrip("#")
        return [
            app_commands.Choice(name=translate(language, label)[:100], value=game_id)
            for game_id, label in games
            if str(game_id).startswith(typed)
        ][:AUTOCOMPLETE_CHOICES]

    async def language(self, interaction: discord.Interaction[Any]) -> str | None:
        return await self.service.language(actor_of(interaction))

    async def stray_component(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """A component this version does not know (an older version's, a garbled one): the
        current board privately when a game can be read from it, else a short word."""

        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            target = stray_target(custom_id)
            if target is not None:
                known_id(target[0], challenge=target[1])
            if target is None or target[1]:
                raise ServiceError(text("This button no longer works."))
            state = await self.service.current(target[0])
            raise BoardChanged(
                text("This button no longer works; here is the current board."), state
            )

        await self.run(interaction, work)

    async def _send_answer(self, answer: Answer) -> None:
        interaction = answer.interaction
        content = "\n".join(answer.lines) or translate(answer.language, text("Done."))
        if len(content) > CONTENT_LIMIT:
            content = content[: CONTENT_LIMIT - 1] + "…"
        attachments = list(answer.files)
        embeds = list(answer.embeds)
        if answer.board is not None:
            player = await self.service.player(actor_of(interaction))
            readers = GameService.seats_of(answer.board, player)
            embed, picture = await self.poster.embed(answer.board, None, answer.language, readers)
            embeds.append(embed)
            attachments.append(picture)
        try:
            if answer.tidy:
                await interaction.delete_original_response()
            else:
                await interaction.edit_original_response(
                    content=content,
                    embeds=embeds,
                    attachments=attachments,
                    view=answer.view,
                )
        except discord.HTTPException as error:
            logger.warning("the answer to an interaction could not be sent: %s", error)
        for state, headline in answer.public_boards:
            await self.poster.post_as_followup(interaction, state, headline, answer.language)

    async def play_choice(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, index: int
    ) -> None:
        """A move button: the index names the move among the choices of that version."""

        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            state = await self.service.state(known_id(game_id))
            if state.version != version:
                raise BoardChanged(text("The board changed; here is the current one."), state)
            choices = boards.move_choices(state)
            notation = next((c.notation for c in choices if c.index == index), None)
            if notation is None:
                raise BoardChanged(text("That is not a move on this board; choose again."), state)
            return await self.service.move(actor, notation, game_id, version)

        await self.run(interaction, work, tidy=True)

    async def play_typed(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, notation: str
    ) -> None:
        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            return await self.service.move(actor, typed_move(notation), known_id(game_id), version)

        await self.run(interaction, work)

    async def roll(self, interaction: discord.Interaction[Any], game_id: int, version: int) -> None:
        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            return await self.service.roll(actor, known_id(game_id), version)

        await self.run(interaction, work, tidy=True)

    async def choose_piece(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, piece: str
    ) -> None:
        """A piece picked in the menu: its destinations, for the player to move only."""

        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            state = await self.service.state(known_id(game_id))
            if state.version != version:
                raise BoardChanged(text("The board changed; here is the current one."), state)
            if not state.active:
                raise ServiceError(text("Game #{game} is over.", game=game_id))
            player = await self.service.player(actor)
            seats = GameService.seats_of(state, player)
            if not seats:
                raise ServiceError(text("You are not playing in game #{game}.", game=game_id))
            acting = GameService.acting_seat(state)
            if acting not in seats:
                name = state.seat_names[acting] if acting is not None else "?"
                raise ServiceError(text("It is not your turn: {name} is to move.", name=name))
            answer.view = destination_view(state, piece, answer.language)
            if answer.view is None:
                raise ServiceError(text("{piece} has no move now.", piece=piece))
            answer.say(text("Where to with {piece}?", piece=piece))
            return []

        await self.run(interaction, work)

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
        title = translate(self._channel_languages.get(chat.chat_id), family_of(kind).title(kind))
        names = " - ".join(
            person.display_name for person in (actor, opponent) if person is not None
        )
        try:
            thread = await channel.create_thread(
                name=f"{title}: {names}"[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        except discord.HTTPException as error:
            logger.info("no thread for the game in %s: %s", chat.chat_id, error)
            return chat
        self._channel_languages[str(thread.id)] = await self.service.chat_language(
            ChatRef(PLATFORM, str(thread.id)), self._channel_languages.get(chat.chat_id)
        )
        return ChatRef(PLATFORM, str(thread.id))

    async def answer_draw(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, accept: bool
    ) -> None:
        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            state = await self.service.state(known_id(game_id))
            if state.version != version:
                raise BoardChanged(text("The board changed; here is the current one."), state)
            return await self.service.draw(actor, "accept" if accept else "decline", game_id)

        await self.run(interaction, work)

    async def game_action(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, action: str
    ) -> None:
        """A board's Offer a draw, Resign or Abort button, or the confirmation of resigning or
        aborting (each needs two clicks: the board's button, then the private answer's)."""

        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            state = await self.service.state(known_id(game_id))
            if state.version != version:
                raise BoardChanged(text("The board changed; here is the current one."), state)
            if action == "offer":
                return await self.service.draw(actor, None, game_id)
            if action == "resign":
                return await self.service.resign(actor, game_id)
            if action == "abort":
                return await self.service.abort(actor, game_id)
            if not GameService.seats_of(state, await self.service.player(actor)):
                raise ServiceError(text("You are not playing in game #{game}.", game=game_id))
            resign = action == "resign?"
            if resign:
                answer.say(text("Resign game #{game}? This cannot be undone.", game=game_id))
            else:
                answer.say(text("Abort game #{game}? It ends without a result.", game=game_id))
            answer.view = confirm_view(state, resign, answer.language)
            return []

        await self.run(interaction, work)

    async def rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            return await self.service.rematch(actor, known_id(game_id), chat)

        await self.run(interaction, work)

    async def answer_challenge(
        self, interaction: discord.Interaction[Any], challenge_id: int, action: str
    ) -> None:
        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            handler = {
                "accept": self.service.accept,
                "decline": self.service.decline,
                "begin": self.service.begin,
            }[action]
            return await handler(actor, known_id(challenge_id, challenge=True), chat)

        await self.run(interaction, work)

    async def tournament_entry(
        self, interaction: discord.Interaction[Any], tournament_id: int, joining: bool
    ) -> None:
        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            entry = self.service.tournament_join if joining else self.service.tournament_leave
            return await entry(actor, chat, known_tournament(tournament_id))

        await self.run(interaction, work)

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

    # -- events ----------------------------------------------------------------------------------

    async def show(self, events: list[Event], answer: Answer | None, chat: ChatRef | None) -> None:
        """Show the events of a call (with `answer`) or of later work (without)."""
        for event in events:
            if isinstance(event, Reply):
                if answer is not None:
                    answer.say(event.text)
            elif isinstance(event, BoardUpdate):
                where = event.chat or chat
                if where is not None and where.platform == PLATFORM:
                    if answer is not None and not answer.lines:
                        # Say what happened, not just "Done.": the move, or which board.
                        answer.say(event.headline or boards.caption(event.state))
                    await self.poster.post_board(
                        event.state,
                        event.headline,
                        await self.threads.place(event.state, where.chat_id),
                        answer.public_boards if answer is not None else None,
                    )
            elif isinstance(event, ChallengeUpdate):
                if answer is not None and not answer.lines:
                    answer.say(event.text)  # who, what and which game
                await self._post_challenge(event, answer)
            elif isinstance(event, FileReady):
                if answer is not None:
                    answer.say(event.caption)
                    answer.files.append(discord.File(io.BytesIO(event.content), event.name))
            elif isinstance(event, PlayerNotice):
                await self._notify(event, answer)
            elif isinstance(event, TurnNotice):
                await self._notify_turn(event)
            elif isinstance(event, TournamentUpdate) and event.tournament.chat.platform == PLATFORM:
                await self._post_tournament(event, answer)

    async def show_later(self, event: Event) -> None:
        """The service's sink: events of work that finished later (computer moves)."""
        if self.client.is_closed():
            return
        await self.show([event], None, None)

    # -- challenges ------------------------------------------------------------------------------

    async def _post_challenge(self, event: ChallengeUpdate, answer: Answer | None) -> None:
        challenge = event.challenge
        if challenge.chat.platform != PLATFORM:
            return
        channel_id = challenge.chat.chat_id
        language = self._channel_languages.get(channel_id)
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
            posted = await self._post_text(channel_id, content, view, answer)
            if posted is not None:
                self._challenge_messages[challenge.id] = [posted]
        else:
            await self._post_text(channel_id, message, None, answer)
        channel = self.client.get_partial_messageable(int(channel_id))
        for message_id in dict.fromkeys(earlier):
            try:
                await channel.get_partial_message(message_id).edit(view=None)
            except discord.HTTPException as error:
                logger.info("the challenge message keeps its buttons: %s", error)

    async def _post_tournament(self, event: TournamentUpdate, answer: Answer | None) -> None:
        """The news in the tournament's channel; only the newest keeps Join and Leave."""
        if answer is not None and not answer.lines:
            answer.say(event.text)
        record = event.tournament
        language = self._channel_languages.get(record.chat.chat_id)
        view = tournament_view(record, language)
        content = translate(language, event.text)
        posted = await self._post_text(record.chat.chat_id, content, view, answer)
        earlier = self._tournament_messages.pop(record.id, None)
        if posted is not None and view is not None:
            self._tournament_messages[record.id] = posted
        if earlier is not None:
            channel = self.client.get_partial_messageable(int(record.chat.chat_id))
            try:
                await channel.get_partial_message(earlier).edit(view=None)
            except discord.HTTPException as error:
                logger.info("the tournament's news keeps its buttons: %s", error)

    async def _notify(self, notice: PlayerNotice, answer: Answer | None) -> None:
        """A message for one player: privately, else with a mention in the game's channel."""
        if notice.platform not in (None, PLATFORM):
            return
        user_id = await self.poster.discord_user(notice.player_id)
        if user_id is None:
            return
        player = await self.service.store.get_player(notice.player_id)
        if await self._tell_privately(user_id, translate(player.language, notice.text)):
            return
        chat = notice.state.record.chat if notice.state is not None else None
        if chat is not None and chat.platform == PLATFORM:
            language = self._channel_languages.get(chat.chat_id)
            content = f"<@{user_id}> {translate(language, notice.text)}"
            await self._post_text(chat.chat_id, content, None, answer)

    async def _notify_turn(self, notice: TurnNotice) -> None:
        """Its turn, for a player last seen on Discord. A game that lives in a Discord channel
        needs nothing more: its board mentions the player to move. For a game elsewhere (a
        Telegram group, played from here after /link) the board comes privately, with its
        buttons."""
        if notice.platform not in (None, PLATFORM):
            return
        chat = notice.state.record.chat
        if chat is not None and chat.platform == PLATFORM:
            return
        user_id = await self.poster.discord_user(notice.player_id)
        if user_id is None:
            return
        player = await self.service.store.get_player(notice.player_id)
        headline = text(
            "{name}, your turn in game #{game}.", name=player.display_name, game=notice.state.id
        )
        readers = [
            seat.seat for seat in notice.state.record.seats if seat.player_id == notice.player_id
        ]
        await self._tell_privately(
            user_id, translate(player.language, headline), notice.state, player.language, readers
        )

    async def _tell_privately(
        self,
        user_id: str,
        content: str,
        state: GameState | None = None,
        language: str | None = None,
        readers: Sequence[int] = (),
    ) -> bool:
        """A direct message (with the board of `state`, if given); False where Discord refuses
        it (the person takes no direct messages, shares no server with the bot)."""
        try:
            channel = await self.client.create_dm(discord.Object(int(user_id)))
            if state is None:
                await channel.send(content=content[:CONTENT_LIMIT])
            else:
                embed, picture = await self.poster.embed(state, None, language, readers)
                await channel.send(
                    content=content[:CONTENT_LIMIT],
                    embed=embed,
                    file=picture,
                    view=board_view(state, language) or discord.utils.MISSING,
                )
        except discord.HTTPException as error:
            logger.info("no direct message to %s: %s", user_id, error)
            return False
        return True

    async def _post_text(
        self,
        channel_id: str,
        content: str,
        view: discord.ui.View | None,
        answer: Answer | None,
    ) -> int | None:
        """Post a message in a channel; its id, or None where Discord refused it (then the
        person who acted reads it in their answer)."""
        channel = self.client.get_partial_messageable(int(channel_id))
        try:
            sent = await channel.send(
                content=content[:CONTENT_LIMIT],
                view=view or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        except discord.HTTPException as error:
            logger.warning("a message cannot be posted in %s: %s", channel_id, error)
            if answer is not None:
                answer.lines.append(content)
                answer.view = view
            return None
        return sent.id
