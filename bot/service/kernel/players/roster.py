"""Who the players are: the stored player behind an account, names, where each was seen last.

Remembered in memory so that a button press needs no read to know who pressed it.
"""

from __future__ import annotations

from datetime import UTC, datetime

from bot.i18n import language_of
from bot.service.kernel.events import Actor
from storage import Player, PlayerStore


class Roster:
    def __init__(self, players: PlayerStore) -> None:
        self.players = players
        self._players: dict[tuple[str, str], tuple[str, int]] = {}
        self._names: dict[int, str] = {}
        # The platform each player last acted on in this process (before: the stored times).
        self._seen: dict[int, str] = {}

    async def player(self, actor: Actor) -> Player:
        """The stored player behind an actor (created on first sight)."""
        known = self.known_player_id(actor)
        if known is not None:
            return await self.players.get_player(known)
        player = await self.players.player_for_identity(
            actor.platform, actor.user_id, actor.display_name, language_of(actor.language)
        )
        self._players[(actor.platform, actor.user_id)] = (actor.display_name, player.id)
        self._names[player.id] = player.display_name
        self._seen[player.id] = actor.platform
        return player

    def known_player_id(self, actor: Actor) -> int | None:
        """The actor's player id without a read, if seen before under the same name."""
        known = self._players.get((actor.platform, actor.user_id))
        if known is None or known[0] != actor.display_name:
            return None
        self._seen[known[1]] = actor.platform
        return known[1]

    def forget(self, actor: Actor) -> None:
        """The actor's account now belongs to another player (a link): read it again."""
        self._players.pop((actor.platform, actor.user_id), None)

    async def where_seen(self, player_id: int) -> str | None:
        """The platform where the player acted last: notices go there."""
        if player_id in self._seen:
            return self._seen[player_id]
        seen = await self.players.identities(player_id)
        seen.sort(key=lambda identity: identity.last_seen_at or datetime.min.replace(tzinfo=UTC))
        return seen[-1].platform if seen else None

    async def name(self, player_id: int) -> str:
        """A player's display name (read once)."""
        if player_id not in self._names:
            player = await self.players.get_player(player_id)
            self._names[player_id] = player.display_name
        return self._names[player_id]
