"""The Telegram Mini App: the board component inside Telegram, whose every request carries
Telegram's initData, checked every time (bot/web/play/init_data.py); the board's API
(bot/web/play/board_api.py) then acts as that Telegram user."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.i18n import text
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.settings import WebSettings
from bot.web.language import reader_language
from bot.web.play.board_api import Answer, BoardApi, Reader
from bot.web.play.board_page import board_page
from bot.web.play.init_data import FORGED, InitDataRefused, checked_user

NOT_SET_UP = text("The Mini App is not set up on this bot.")


class MiniApp:
    def __init__(self, service: GameService, settings: WebSettings) -> None:
        self.service = service
        self.settings = settings
        self.api = BoardApi(service, settings, "/app/api", self._reader, FORGED)

    def routes(self) -> list[web.RouteDef]:
        return [web.get("/app", self.page), *self.api.routes()]

    async def page(self, request: web.Request) -> web.Response:
        return board_page(reader_language(request), "telegram", {})

    async def _reader(self, _request: web.Request, body: dict[str, Any]) -> Reader:
        if self.settings.telegram_token is None:
            raise Answer(503, NOT_SET_UP)
        try:
            user = checked_user(
                str(body.get("initData", "")),
                self.settings.telegram_token,
                self.service.kernel.clock(),
            )
        except InitDataRefused as refusal:
            raise Answer(401, refusal.reason) from refusal
        return Reader(
            Actor("telegram", user.user_id, user.name, user.language), user.start_parameter
        )
