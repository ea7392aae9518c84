"""Signing in to the pages (docs/web.md, "Playing on the page"): the personal link /web gives
privately (`/signin?key=...`) opens a page whose script exchanges the key, once, for a
session kept in an HttpOnly, SameSite=Lax cookie (a page does it, not the link itself, so
that a link previewer fetching the address spends nothing); `/me` lists the reader's games;
`/signout` ends all his sessions as `/web logout` does. Every request that changes something
comes from this site's own pages: its Origin is the site's, and it carries the session's CSRF
token (an HMAC of the session under the site's key) in a header, which no other site can
read or forge."""

from __future__ import annotations

import hmac
from html import escape
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from bot.i18n import text, translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.service.web_sessions.web_sessions import SESSION_LIFE
from bot.settings import WebSettings
from bot.web.guards import SIGN_INS_PER_WINDOW, TOO_MANY, RateLimit, client_address
from bot.web.language import reader_language
from bot.web.links import game_link
from bot.web.pages import page, said
from bot.web.play.board_api import Answer, Reader, json_body
from bot.web.signing import sign

COOKIE = "damas_session"
CSRF_HEADER = "X-CSRF-Token"
NOT_SIGNED_IN = text("You are not signed in. Send {/web} to the bot (privately) for your own link.")
CROSS_SITE = text("This request did not come from this site's pages; nothing was changed.")
USED_LINK = text("This link was used already or has expired. Send {/web} to the bot for a new one.")

SIGN_IN_SCRIPT = """
const key=document.querySelector('main').dataset.key;
fetch('/signin',{method:'POST',headers:{'Content-Type':'application/json'},
credentials:'same-origin',body:JSON.stringify({key})}).then(async r=>{const j=await r.json();
if(r.ok)location.replace(j.next);else{const n=document.getElementById('note');
n.textContent=j.refused;n.className='refused';}});
"""
SIGN_OUT_SCRIPT = """
const me=document.querySelector('main').dataset;
document.getElementById('signout').onclick=()=>fetch('/signout',{method:'POST',
headers:{'X-CSRF-Token':me.csrf},credentials:'same-origin'}).then(()=>location.reload());
"""


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class Sessions:
    def __init__(self, service: GameService, settings: WebSettings) -> None:
        self.service = service
        self.settings = settings
        self.origin = origin_of(settings.url)
        self.sign_ins = RateLimit(service.kernel.clock, SIGN_INS_PER_WINDOW)

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/signin", self.sign_in_page),
            web.post("/signin", self.sign_in),
            web.get("/me", self.me),
            web.post("/signout", self.sign_out),
        ]

    def csrf(self, token: str) -> str:
        """The session's CSRF token: only this server and the session's own pages know it."""
        return sign(self.settings.secret, f"csrf:{token}")

    async def reader(self, request: web.Request) -> tuple[Actor, str] | None:
        """Who the request's cookie signs in, and his session's token."""
        token = request.cookies.get(COOKIE, "")
        actor = await self.service.web_sessions.reader(token)
        return None if actor is None else (actor, token)

    def same_site(self, request: web.Request) -> None:
        """Refuse a request another site's page made: its Origin is not this site's (a
        browser always sends it on a cross-site POST)."""
        if request.headers.get("Origin") != self.origin:
            raise Answer(403, CROSS_SITE)

    async def checked_reader(self, request: web.Request) -> tuple[Actor, str]:
        """The signed-in reader of a request that changes something: from this site, with
        his session's CSRF token."""
        self.same_site(request)
        found = await self.reader(request)
        if found is None:
            raise Answer(401, NOT_SIGNED_IN)
        given = request.headers.get(CSRF_HEADER, "")
        if not (given.isascii() and hmac.compare_digest(given, self.csrf(found[1]))):
            raise Answer(403, CROSS_SITE)
        return found

    async def identify(self, request: web.Request, _body: dict[str, Any]) -> Reader:
        """The board API's reader on the game's page."""
        actor, _ = await self.checked_reader(request)
        return Reader(actor)

    async def sign_in_page(self, request: web.Request) -> web.Response:
        language = reader_language(request)
        key = escape(request.query.get("key", "")[:100])
        body = (
            f'<main data-key="{key}"><p id="note" role="status">'
            f"{escape(translate(language, text('Signing in…')))}</p></main>"
        )
        return page(language, text("Sign in"), body, SIGN_IN_SCRIPT)

    async def sign_in(self, request: web.Request) -> web.Response:
        language = reader_language(request)
        try:
            self.same_site(request)
            if not self.sign_ins.allows(client_address(request)):
                raise Answer(429, TOO_MANY)
            key = (await json_body(request)).get("key")
            session = None
            if isinstance(key, str) and 0 < len(key) <= 100 and key.isascii():
                session = await self.service.web_sessions.open_session(key)
            if session is None:
                raise Answer(403, USED_LINK)
        except Answer as answer:
            refused = {"refused": translate(language, answer.reason)}
            return web.json_response(refused, status=answer.status)
        response = web.json_response({"next": f"/me?lang={language}"})
        response.set_cookie(
            COOKIE,
            session.token,
            max_age=int(SESSION_LIFE.total_seconds()),
            path="/",
            httponly=True,
            samesite="Lax",
            secure=self.settings.url.startswith("https://"),
        )
        return response

    async def me(self, request: web.Request) -> web.Response:
        """The signed-in reader's games in progress, each linked to its page to play on."""
        language = reader_language(request)
        found = await self.reader(request)
        if found is None:
            return page(language, text("Your games"), said(language, NOT_SIGNED_IN))
        actor, token = found
        games = await self.service.records.games_in_progress(actor)
        items = "".join(
            f'<li><a href="{escape(game_link(self.settings, game_id, language))}">'
            f"{escape(translate(language, title))}</a></li>"
            for game_id, title in games
        )
        listed = (
            f'<ul id="games">{items}</ul>'
            if games
            else said(language, text("You have no games in progress."))
        )
        greeting = said(language, text("Signed in as {name}.", name=actor.display_name))
        signout = escape(translate(language, text("Sign out everywhere")))
        body = (
            f'<main data-csrf="{self.csrf(token)}">{greeting}{listed}'
            f'<div class="actions"><button id="signout">{signout}</button></div></main>'
        )
        return page(language, text("Your games"), body, SIGN_OUT_SCRIPT)

    async def sign_out(self, request: web.Request) -> web.Response:
        language = reader_language(request)
        try:
            actor, _ = await self.checked_reader(request)
        except Answer as answer:
            refused = {"refused": translate(language, answer.reason)}
            return web.json_response(refused, status=answer.status)
        await self.service.web_sessions.log_out(actor)
        response = web.json_response({})
        response.del_cookie(COOKIE, path="/")
        return response
