"""A game's page: the board, the caption with the clock, the moves; live while it is
played (server-sent events), move by move once it is over; its PDN."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from aiohttp import web

from bot.i18n import text, translate
from bot.service import boards
from bot.service.game_service import GameService
from bot.service.kernel.events import BoardUpdate, Event, FileReady, GameState, ServiceError
from bot.settings import WebSettings
from bot.web.access import Refused, known_number, onlooker, visible_game
from bot.web.game_view import Views
from bot.web.language import reader_language
from bot.web.links import player_link, tournament_link
from bot.web.live import Onlookers
from bot.web.pages import page
from bot.web.play.board_page import board_page
from bot.web.play.sessions import Sessions
from bot.web.signing import game_subject

# The page's data is in <main>'s attributes: the script is the same text on every page.
LIVE_SCRIPT = """
const q=location.search;const game=document.querySelector('main').dataset;
const show=v=>{document.getElementById('board').innerHTML=v.svg;
document.getElementById('caption').textContent=v.caption;
const m=document.getElementById('moves');if(m)m.textContent=v.moves;turns(v.turns);
document.body.dataset.version=v.version;document.body.dataset.plies=v.plies;};
function turns(rows){const t=document.getElementById('turns');if(!t)return;
t.replaceChildren(...rows.map(r=>{const tr=document.createElement('tr');
for(const c of r){const td=document.createElement('td');td.textContent=c;tr.append(td);}
return tr;}));}
document.body.dataset.active=game.active;document.body.dataset.plies=game.plies;
if(game.active==='1'){const s=new EventSource(location.pathname+'/events'+q);
s.onmessage=e=>show(JSON.parse(e.data));}
let ply=+game.plies;const last=ply;
async function go(step){ply=Math.max(0,Math.min(last,ply+step));
const r=await fetch(location.pathname+'/ply/'+ply+q);if(r.ok)show(await r.json());}
for(const b of document.querySelectorAll('nav button'))b.onclick=()=>go(+b.dataset.step);
"""


def _replay_buttons(language: str) -> str:
    buttons = [
        ("-1000", text("Start")),
        ("-1", text("Previous move")),
        ("1", text("Next move")),
        ("1000", text("End")),
    ]
    return (
        "<nav>"
        + "".join(
            f'<button data-step="{step}">{escape(translate(language, label))}</button>'
            for step, label in buttons
        )
        + "</nav>"
    )


def _moves(language: str, view: Mapping[str, Any]) -> str:
    """The moves as one text, or by turn, a row each (Ludo: hundreds of rolls in one
    paragraph would be unreadable on a phone); the script keeps either up to date."""
    if not view["turns"]:
        return f'<pre id="moves">{escape(view["moves"])}</pre>'
    heads = "".join(
        f"<th>{escape(translate(language, head))}</th>"
        for head in (text("Player"), text("Dice"), text("Moves"))
    )
    rows = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
        for row in view["turns"]
    )
    return (
        f'<table class="turns"><thead><tr>{heads}</tr></thead>'
        f'<tbody id="turns">{rows}</tbody></table>'
    )


class GamePages:
    def __init__(
        self,
        service: GameService,
        settings: WebSettings,
        onlookers: Onlookers,
        sessions: Sessions,
    ) -> None:
        self.service = service
        self.settings = settings
        self.onlookers = onlookers
        self.sessions = sessions
        self.views = Views()

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/game/{game}", self.page),
            web.get("/game/{game}/events", self.events),
            web.get("/game/{game}/ply/{ply}", self.ply),
            web.get("/game/{game}/pdn", self.pdn),
        ]

    async def page(self, request: web.Request) -> web.Response:
        language = reader_language(request)
        state = await visible_game(self.service, self.settings, request)
        signed_in = await self.sessions.reader(request)
        if signed_in is not None and state.active:
            # A signed-in reader gets the board to play on (his moves, if it is his game).
            token = request.query.get("t", "")
            data = {"csrf": self.sessions.csrf(signed_in[1]), "start": f"{state.id}-{token}"}
            links = await self._related(state, language) + _pdn_link(state, request, language)
            return board_page(language, "web", data, links)
        view = self.views.of(state, language)
        body = (
            f'<div id="board">{view["svg"]}</div><p id="caption">{escape(view["caption"])}</p>'
            f"<h2>{escape(translate(language, text('Moves')))}</h2>" + _moves(language, view)
        )
        body += await self._related(state, language)
        if not state.active:
            body += _replay_buttons(language)
        body += _pdn_link(state, request, language)
        body = (
            f'<main data-game="{state.id}" data-active="{int(state.active)}" '
            f'data-plies="{state.plies}">{body}</main>'
        )
        return page(language, text("Game #{game}", game=state.id), body, LIVE_SCRIPT)

    async def _related(self, state: GameState, language: str) -> str:
        """Links to the players' pages and to the tournament the game is a table of: whoever
        may see the game may see these (its players' profiles, its tournament)."""
        links = []
        for seat in state.record.seats:
            if seat.player_id is None:
                continue
            accounts = await self.service.identities.contacts(seat.player_id)
            if accounts:
                account = accounts[0]
                link = player_link(self.settings, account.platform, account.user_id)
                name = escape(state.seat_names[seat.seat])
                links.append(f'<a href="{escape(link)}&amp;lang={language}">{name}</a>')
        if state.tournament is not None:
            link = tournament_link(self.settings, state.tournament)
            label = escape(translate(language, text("Tournament #{id}", id=state.tournament)))
            links.append(f'<a href="{escape(link)}&amp;lang={language}">{label}</a>')
        return f"<p>{' · '.join(links)}</p>" if links else ""

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The game's views as server-sent events: the current one, then each new one."""
        language = reader_language(request)
        state = await visible_game(self.service, self.settings, request)
        shown = state

        async def view(news: Event | None) -> dict[str, object] | None:
            nonlocal shown
            if news is None:
                # The state read before the stream opened may be behind already.
                shown = await self.service.kernel.current(state.id)
            elif isinstance(news, BoardUpdate) and news.state.version > shown.version:
                shown = news.state
            else:
                return None
            return self.views.of(shown, language)

        return await self.onlookers.stream(
            request, game_subject(state.id), view, lambda: shown.active
        )

    async def ply(self, request: web.Request) -> web.Response:
        """The replay: the finished game after its first N moves."""
        language = reader_language(request)
        plies = known_number(request.match_info["ply"])
        state = await visible_game(self.service, self.settings, request)
        if state.active:
            raise Refused(text("Game #{game} is still being played.", game=state.id), 409)
        return web.json_response(self.views.of(boards.at_ply(state, plies), language))

    async def pdn(self, request: web.Request) -> web.Response:
        state = await visible_game(self.service, self.settings, request)
        try:
            events = await self.service.records.export_pdn(
                onlooker(reader_language(request)), state.id
            )
        except ServiceError as error:
            raise Refused(error.reason, 409) from error
        for event in events:
            if isinstance(event, FileReady):
                return web.Response(
                    body=event.content,
                    content_type="application/x-draughts-pdn",
                    headers={"Content-Disposition": f'attachment; filename="{event.name}"'},
                )
        raise Refused(text("PDN export is for draughts games."), 409)


def _pdn_link(state: GameState, request: web.Request, language: str) -> str:
    """The game's PDN to download, signed as the page was."""
    query = escape(request.query_string)
    return (
        f'<p><a href="/game/{state.id}/pdn?{query}" download>'
        f"{escape(translate(language, text('Download PDN')))}</a></p>"
    )
