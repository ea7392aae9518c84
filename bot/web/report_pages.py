"""A tournament's page (its standings, picture and games, each game linked) and a player's
(ratings and recent games, as /profile shows them): the service's own answers as pages."""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from html import escape

from aiohttp import web

from bot.i18n import Text, text, translate
from bot.service.core import GameService
from bot.service.events import Actor, Event, FileReady, Reply, ServiceError
from bot.web.access import Refused, known_number, onlooker, tournament_chat
from bot.web.language import reader_language
from bot.web.links import game_link
from bot.web.live import Onlookers
from bot.web.pages import page
from bot.web.settings import WebSettings
from bot.web.signing import player_subject, signed, tournament_subject

# The tournament's page follows its event stream: the standings and games in place.
LIVE_SCRIPT = """
const s=new EventSource(location.pathname+'/events'+location.search);
s.onmessage=e=>{document.getElementById('live').innerHTML=JSON.parse(e.data).html;
document.body.dataset.shown=(+document.body.dataset.shown||0)+1;};
"""
GAME_NUMBER = re.compile(r"#(\d+)")


class ReportPages:
    def __init__(self, service: GameService, settings: WebSettings, onlookers: Onlookers) -> None:
        self.service = service
        self.settings = settings
        self.onlookers = onlookers

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/tournament/{tournament}", self.tournament),
            web.get("/tournament/{tournament}/events", self.tournament_events),
            web.get("/player/{platform}/{user}", self.player),
        ]

    def _shown(self, language: str, events: list[Event], linked: bool = False) -> str:
        """Replies as text (game numbers linked to their pages), pictures as images."""
        parts = []
        for event in events:
            if isinstance(event, Reply):
                said = escape(translate(language, event.text))
                if linked:
                    said = GAME_NUMBER.sub(self._game_anchor(language), said)
                parts.append(f"<pre>{said}</pre>")
            elif isinstance(event, FileReady) and event.name.endswith(".png"):
                picture = base64.b64encode(event.content).decode()
                parts.append(f'<img alt="" src="data:image/png;base64,{picture}">')
        return "".join(parts)

    def _game_anchor(self, language: str) -> Callable[[re.Match[str]], str]:
        def anchor(found: re.Match[str]) -> str:
            link = escape(game_link(self.settings, int(found[1]), language))
            return f'<a href="{link}">{found[0]}</a>'

        return anchor

    async def tournament(self, request: web.Request) -> web.Response:
        language = reader_language(request)
        number = known_number(request.match_info["tournament"])
        body = await self._tournament(request, language, number)
        return page(
            language,
            text("Tournament #{id}", id=number),
            f'<div id="live">{body}</div>',
            LIVE_SCRIPT,
        )

    async def tournament_events(self, request: web.Request) -> web.StreamResponse:
        """The tournament's page as server-sent events: now, then after each change (a game
        ended, a round paired, the end)."""
        language = reader_language(request)
        number = known_number(request.match_info["tournament"])
        await self._tournament(request, language, number)  # refused before the stream opens

        async def view(_: Event | None) -> dict[str, object]:
            return {"html": await self._tournament(request, language, number)}

        return await self.onlookers.stream(request, tournament_subject(number), view, lambda: True)

    async def _tournament(self, request: web.Request, language: str, number: int) -> str:
        """The standings, the picture and the games, as the reader may see them."""
        chat = tournament_chat(self.settings, request)
        reader = onlooker(language)
        try:
            standings = await self.service.reports.show(reader, chat, number)
            games = await self.service.reports.games(reader, chat, number, everyone=True)
        except ServiceError as error:
            raise Refused(error.reason) from error
        return (
            self._shown(language, standings)
            + f"<h2>{escape(translate(language, text('Games')))}</h2>"
            + self._shown(language, games, linked=True)
        )

    async def player(self, request: web.Request) -> web.Response:
        language = reader_language(request)
        platform, user = request.match_info["platform"], request.match_info["user"]
        missing: Text = text("There is no such page.")
        if not signed(self.settings.secret, player_subject(platform, user), request.query.get("t")):
            raise Refused(missing)
        someone = Actor(platform, user, user)
        try:
            shown = await self.service.ratings.profile(onlooker(language), someone)
        except ServiceError as error:
            raise Refused(error.reason) from error
        return page(language, text("Player"), self._shown(language, shown))
