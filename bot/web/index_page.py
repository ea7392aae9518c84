"""The site's index (`/`). Read without a signed link it shows what every chat may see: the
tournaments created `open` and their live games, and how to get a chat's own page. Read
through a chat's signed link (`/?chat=PLATFORM:ID&t=TOKEN`, which `/games` gives in that
chat), it shows that chat's live games and tournaments. Live: its event stream (`/events`)
sends the lists again when a game starts or ends or a tournament changes."""

from __future__ import annotations

from html import escape

from aiohttp import web

from bot.i18n import text, translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Event
from bot.settings import WebSettings
from bot.web.access import Refused, named_chat
from bot.web.language import reader_language
from bot.web.lists import game_list, tournament_list
from bot.web.live import INDEX, Onlookers
from bot.web.pages import page, said
from bot.web.signing import chat_subject, signed
from storage import ChatRef

# The index follows its event stream: the lists in place.
LIVE_SCRIPT = """
const s=new EventSource('/events'+location.search);
s.onmessage=e=>{document.getElementById('live').innerHTML=JSON.parse(e.data).html;
document.body.dataset.shown=(+document.body.dataset.shown||0)+1;};
"""


class IndexPage:
    def __init__(self, service: GameService, settings: WebSettings, onlookers: Onlookers) -> None:
        self.service = service
        self.settings = settings
        self.onlookers = onlookers

    def routes(self) -> list[web.RouteDef]:
        # "/" itself is the application's (bot/web/app.py): Discord opens its Activity there.
        return [web.get("/events", self.events)]

    def _chat(self, request: web.Request) -> ChatRef | None:
        """The chat whose page this is (None: the page anyone may see); refused, as an
        address nothing has, without that chat's own token or with a token and no chat."""
        chat = named_chat(request)
        token = request.query.get("t")
        if chat is None and token is None:
            return None
        if chat is None or not signed(self.settings.secret, chat_subject(chat), token):
            raise Refused(text("There is no such page."))
        return chat

    async def index(self, request: web.Request) -> web.Response:
        language = reader_language(request)
        chat = self._chat(request)
        title = text("Open tournaments") if chat is None else text("This chat's games")
        body = await self._lists(language, chat)
        return page(language, title, f'<div id="live">{body}</div>', LIVE_SCRIPT)

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The lists as server-sent events: now, then after each change that may alter them
        (a game started or ended, a tournament's news)."""
        language = reader_language(request)
        chat = self._chat(request)
        shown = ""

        async def view(_: Event | None) -> dict[str, object] | None:
            nonlocal shown
            lists = await self._lists(language, chat)
            if lists == shown:
                return None
            shown = lists
            return {"html": lists}

        return await self.onlookers.stream(request, INDEX, view, lambda: True)

    async def _lists(self, language: str, chat: ChatRef | None) -> str:
        """The live games and the tournaments the reader may see, each linked."""
        if chat is None:
            games = await self.service.reports.open_games()
        else:
            games = await self.service.records.games_seen_in(chat)
        tournaments = await self.service.reports.listed(chat)
        heading = "<h2>{}</h2>".format
        shown = (
            heading(escape(translate(language, text("Games being played"))))
            + game_list(self.settings, language, games, text("No game is being played."), "games")
            + heading(escape(translate(language, text("Tournaments"))))
            + tournament_list(self.settings, language, tournaments, text("No tournament."))
        )
        if chat is None:
            shown += said(
                language,
                text(
                    "A chat's own page, with its games and tournaments, opens from the link "
                    "that {/games} gives in that chat."
                ),
            )
        return shown
