"""What a board message shows in a Telegram chat: the side it is drawn from, its picture, its
caption in the chat's language and, in a group, the mention of the player to move."""

from __future__ import annotations

import asyncio
import html

from telegram import InlineKeyboardMarkup

from bot.i18n import Text, text, translate
from bot.service import boards
from bot.service.game_service import seat_to_act
from bot.service.kernel.events import GameState
from bot.settings import WebSettings
from bot.telegram.chats import NAME_SLOT, is_private, mention_link
from bot.telegram.people import People
from bot.telegram.posting.delivery import PLATFORM, BoardContent, clip_caption
from bot.telegram.widgets.keyboards import board_keyboard
from bot.telegram.widgets.web_buttons import web_opening
from storage import ChatRef


class BoardContents:
    """The contents of board messages (the `BoardDesk`'s composer) for one bot account."""

    def __init__(self, people: People, web: WebSettings | None = None) -> None:
        self.service = people.service
        self.people = people
        self.web = web

    def keyboard(
        self, state: GameState, chat: ChatRef, language: str | None, picked: int | None = None
    ) -> InlineKeyboardMarkup | None:
        """The board's buttons in `chat`, with the one that opens the web companion."""
        opening = web_opening(self.web, state, chat, language)
        return board_keyboard(state, language, picked, opening)

    async def viewer(self, state: GameState, chat: ChatRef) -> int | None:
        """The side the board is drawn from in `chat` (the service's policy): in a private
        chat the reader's own side, in a group the side the group chose."""
        if not is_private(chat):
            return boards.viewer_seat(state, flipped=await self.service.chats.flipped(chat))
        return boards.viewer_seat(state, await self.readers(state, chat))

    async def readers(self, state: GameState, chat: ChatRef) -> list[int]:
        """The seats of the person whose private chat `chat` is."""
        readers: list[int] = []
        for seat in state.record.seats:
            if seat.player_id is None:
                continue
            accounts = await self.service.identities.contacts(seat.player_id)
            if any((a.platform, a.user_id) == (PLATFORM, chat.chat_id) for a in accounts):
                readers.append(seat.seat)
        return readers

    async def compose(
        self, state: GameState, headlines: tuple[Text, ...], viewer: int | None, chat: ChatRef
    ) -> BoardContent:
        language = await self.people.chat_language(chat)
        photo = await asyncio.to_thread(boards.picture, state, viewer)
        # The next step at a game's end (the rematch has its button, the review is typed),
        # before the board's own caption, which stays last.
        steps = boards.next_steps(state, rematch_button=True)
        lines = [
            html.escape(translate(language, line), quote=False)
            for line in (*headlines, *([steps] if steps else []), boards.caption(state))
        ]
        mention = await self._turn_mention(state, chat, language)
        if mention:
            # Kept whole with the board's own caption when a long caption is clipped.
            lines[-1] = f"{mention}\n{lines[-1]}"
        keyboard = self.keyboard(state, chat, language)
        return BoardContent(photo, clip_caption(tuple(lines)), keyboard)

    async def _turn_mention(self, state: GameState, chat: ChatRef, language: str | None) -> str:
        """In a group, the player to move, mentioned (the live board is their turn notice)."""
        seat = seat_to_act(state)
        player_id = state.record.seats[seat].player_id if seat is not None else None
        if is_private(chat) or player_id is None:
            return ""
        account = await self.people.account(player_id)
        if account is None:
            return ""
        notice = text("{name}, your turn in game #{game}.", name=NAME_SLOT, game=state.id)
        return html.escape(translate(language, notice), quote=False).replace(
            NAME_SLOT, mention_link(account)
        )
