"""Identity: the player behind an account, their language, their private chat, and the links
that join accounts of several platforms into one player."""

from __future__ import annotations

import secrets
from datetime import timedelta

from bot.i18n import language_of, text
from bot.service.kernel.capability import Capability
from bot.service.kernel.events import Actor, Event, Reply, ServiceError
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.rated.rating_rebuild import recompute
from storage import Identity, LinkRefused, LinkStore, Player, PlayerStore, RatingStore

LINK_CODE_LIFETIME = timedelta(minutes=15)
# Unambiguous letters and digits: no 0/O, 1/I/L.
LINK_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LINK_CODE_LENGTH = 6


def new_link_code() -> str:
    return "".join(secrets.choice(LINK_CODE_ALPHABET) for _ in range(LINK_CODE_LENGTH))


class Identities(Capability):
    """Languages, private chats, links. (The player behind an actor is the kernel's `player`:
    every capability needs it.)"""

    def __init__(
        self, kernel: Kernel, players: PlayerStore, links: LinkStore, ratings: RatingStore
    ) -> None:
        super().__init__(kernel)
        self.players = players
        self.links = links
        self.ratings = ratings

    async def player_by_id(self, player_id: int) -> Player:
        """A player the service named in an event (a notice, a turn), to address by name."""
        return await self.players.get_player(player_id)

    async def language(self, actor: Actor) -> str | None:
        """The language to answer `actor` in: theirs if chosen, else the platform's hint."""
        player = await self.kernel.roster.player(actor)
        return player.language or language_of(actor.language)

    async def set_language(self, actor: Actor, choice: str) -> list[Event]:
        language = language_of(choice)
        if language is None:
            raise ServiceError(text("Languages: pt (português), it (italiano), en (English)."))
        player = await self.kernel.roster.player(actor)
        await self.players.set_language(player.id, language)
        return [Reply(text("From now on I write to you in English."))]

    async def language_setting(self, actor: Actor) -> list[Event]:
        """What a bare /lang says: the language the person reads and where it comes from."""
        player = await self.kernel.roster.player(actor)
        if player.language:
            said = text("I write to you in English, as you chose; {/lang} pt, it or en changes it.")
        elif language_of(actor.language):
            said = text(
                "I write to you in English, the language of your app; {/lang} pt, it or en "
                "chooses one for good."
            )
        else:
            said = text(
                "I write to you in English, as you have not chosen a language; {/lang} pt, it "
                "or en chooses one."
            )
        return [Reply(said)]

    async def register_private_chat(self, actor: Actor, chat_id: str | None) -> None:
        """Where the bot may write to `actor` privately (None: nowhere any more)."""
        await self.kernel.roster.player(actor)
        await self.players.set_private_chat(actor.platform, actor.user_id, chat_id)

    async def contacts(self, player_id: int) -> list[Identity]:
        """The player's accounts, with their private chats, to tell them it is their turn."""
        return await self.players.identities(player_id)

    async def link(self, actor: Actor, code: str | None) -> list[Event]:
        """Without a code: a one-time code to type on another platform. With one: this account
        joins the player who asked for the code, with all its games."""
        player = await self.kernel.roster.player(actor)
        if code is None:
            new_code = new_link_code()
            await self.links.create_link_code(
                player.id, new_code, self.kernel.clock() + LINK_CODE_LIFETIME
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
            linked = await self.links.link_identity(
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
        self.kernel.roster.forget(actor)
        # The two accounts' rated games are now one player's, and games between them are no
        # longer rated: the ratings are rebuilt from the results.
        await recompute(self.ratings)
        return [
            Reply(text("Linked: you are {name} on every platform now.", name=linked.display_name))
        ]
