"""Identity: the player behind an account, their language, their private chat, and the links
that join accounts of several platforms into one player."""

from __future__ import annotations

import secrets
from datetime import timedelta

from bot.i18n import language_of, text
from bot.service.capability import Capability
from bot.service.events import Actor, Event, Reply, ServiceError
from bot.service.rated.rating_rebuild import recompute
from storage import Identity, LinkRefused

LINK_CODE_LIFETIME = timedelta(minutes=15)
# Unambiguous letters and digits: no 0/O, 1/I/L.
LINK_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LINK_CODE_LENGTH = 6


def new_link_code() -> str:
    return "".join(secrets.choice(LINK_CODE_ALPHABET) for _ in range(LINK_CODE_LENGTH))


class Identities(Capability):
    """Languages, private chats, links. (The player behind an actor is the core's `player`:
    every capability needs it.)"""

    async def language(self, actor: Actor) -> str | None:
        """The language to answer `actor` in: theirs if chosen, else the platform's hint."""
        player = await self.core.roster.player(actor)
        return player.language or language_of(actor.language)

    async def set_language(self, actor: Actor, choice: str) -> list[Event]:
        language = language_of(choice)
        if language is None:
            raise ServiceError(text("Languages: pt (português), it (italiano), en (English)."))
        player = await self.core.roster.player(actor)
        await self.core.store.set_language(player.id, language)
        return [Reply(text("From now on I write to you in English."))]

    async def register_private_chat(self, actor: Actor, chat_id: str | None) -> None:
        """Where the bot may write to `actor` privately (None: nowhere any more)."""
        await self.core.roster.player(actor)
        await self.core.store.set_private_chat(actor.platform, actor.user_id, chat_id)

    async def contacts(self, player_id: int) -> list[Identity]:
        """The player's accounts, with their private chats, to tell them it is their turn."""
        return await self.core.store.identities(player_id)

    async def link(self, actor: Actor, code: str | None) -> list[Event]:
        """Without a code: a one-time code to type on another platform. With one: this account
        joins the player who asked for the code, with all its games."""
        player = await self.core.roster.player(actor)
        if code is None:
            new_code = new_link_code()
            await self.core.store.create_link_code(
                player.id, new_code, self.core.clock() + LINK_CODE_LIFETIME
            )
            return [
                Reply(
                    text(
                        "On your other platform, send {/link} {code} within 15 minutes to play "
                        "as one player everywhere.",
                        code=new_code,
                    )
                )
            ]
        try:
            linked = await self.core.store.link_identity(
                code.strip().upper(), actor.platform, actor.user_id
            )
        except LinkRefused as error:
            reason = str(error)
            if "play each other" in reason:
                raise ServiceError(
                    text("These two accounts play each other: finish that game first.")
                ) from None
            raise ServiceError(
                text("That code is unknown or expired: ask for a new one with {/link}.")
            ) from None
        self.core.roster.forget(actor)
        # The two accounts' rated games are now one player's, and games between them are no
        # longer rated: the ratings are rebuilt from the results.
        await recompute(self.core.store)
        return [
            Reply(text("Linked: you are {name} on every platform now.", name=linked.display_name))
        ]
