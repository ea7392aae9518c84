"""Sign-ins to the web companion (docs/web.md, "Playing on the page"). `/web` gives a person a
link of his own, privately (Reply.private): it works once, for LINK_LIFE; the page that opens
it exchanges it for a session of SESSION_LIFE, which the browser keeps in a cookie. A Discord
Activity opens a session for the person Discord's OAuth2 names. Only hashes of the tokens are
stored, so a copy of the database signs nobody in; `/web logout` ends them all."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from bot.i18n import text
from bot.service.kernel.capability import Capability
from bot.service.kernel.events import Actor, Event, Reply, SignInPage
from bot.service.kernel.kernel import Kernel
from storage import WebSessionKind, WebSessionRecord, WebSessionStore

LINK_LIFE = timedelta(minutes=15)
SESSION_LIFE = timedelta(days=30)


@dataclass(frozen=True)
class WebSession:
    """An open session: its token (the cookie's value) and whom it signs in."""

    token: str
    actor: Actor


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class WebSessions(Capability):
    def __init__(self, kernel: Kernel, sessions: WebSessionStore) -> None:
        super().__init__(kernel)
        self.sessions = sessions

    async def sign_in_link(self, actor: Actor) -> list[Event]:
        """A link of the person's own to sign in to the web pages, for him only."""
        await self.kernel.roster.player(actor)  # he is a player from now on, as any command
        key = await self._keep(actor, "link", LINK_LIFE)
        return [
            Reply(
                text(
                    "Your own link to play your games on the web pages: it works once, within "
                    "15 minutes. Do not pass it on: it signs you in. {/web logout} signs you "
                    "out everywhere."
                ),
                page=SignInPage(key),
                private=True,
            )
        ]

    async def log_out(self, actor: Actor) -> list[Event]:
        ended = await self.sessions.revoke_web_sessions(actor.platform, actor.user_id)
        if not ended:
            return [Reply(text("You are not signed in to the web pages."))]
        return [Reply(text("Signed out of the web pages everywhere."))]

    async def open_session(self, key: str) -> WebSession | None:
        """The session a sign-in link opens, None for a link used already, expired, revoked
        or never given."""
        now = self.kernel.clock()
        link = await self.sessions.take_web_session(token_hash(key), "link", now)
        if link is None:
            return None
        return await self.session_for(Actor(link.platform, link.user_id, link.display_name))

    async def session_for(self, actor: Actor) -> WebSession:
        """A session for a person his platform vouched for (Discord's OAuth2, for an
        Activity)."""
        await self.kernel.roster.player(actor)
        return WebSession(await self._keep(actor, "session", SESSION_LIFE), actor)

    async def reader(self, token: str) -> Actor | None:
        """Whom a session's token signs in, None if nobody (any text at all may come)."""
        if not token or len(token) > 100 or not token.isascii():
            return None
        found = await self.sessions.web_session(token_hash(token), "session", self.kernel.clock())
        if found is None:
            return None
        return Actor(found.platform, found.user_id, found.display_name)

    async def _keep(self, actor: Actor, kind: WebSessionKind, life: timedelta) -> str:
        token = secrets.token_urlsafe(32)
        await self.sessions.add_web_session(
            WebSessionRecord(
                token_hash(token),
                kind,
                actor.platform,
                actor.user_id,
                actor.display_name,
                self.kernel.clock() + life,
            )
        )
        return token
