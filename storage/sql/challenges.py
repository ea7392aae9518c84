"""Challenges: invitations to play, to one opponent, to anyone in a chat (open tables that fill
up one entrant at a time) or to a computer; each is accepted, declined or cancelled once."""

from __future__ import annotations

from typing import Any, Literal

from storage.errors import ChallengeFull, ChallengeNotOpen, NotFound
from storage.records import CHALLENGE_STATUSES, Challenge, ChatRef
from storage.sql.base import SqlStoreBase, require, require_players
from storage.sql.codec import Decoder, encode_options
from storage.sql.engines.engine import Connection, Row


def challenge_from(row: Row) -> Challenge:
    decoder = Decoder(f"challenge {row['id']}")
    return Challenge(
        id=row["id"],
        kind=row["kind"],
        options=decoder.options(row["options"]),
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        vs_computer=row["vs_computer"],
        chat=ChatRef(row["chat_platform"], row["chat_id"]),
        status=decoder.status(row["status"], CHALLENGE_STATUSES, "challenge"),
        game_id=row["game_id"],
        created_at=decoder.time(row["created_at"]),
        entrants=decoder.entrants(row["entrants"]),
        rated=bool(row["rated"]),
    )


async def load_challenge(connection: Connection, challenge_id: int) -> Challenge:
    row = await connection.fetchrow("SELECT * FROM challenges WHERE id = $1", challenge_id)
    if row is None:
        raise NotFound(f"there is no challenge with id {challenge_id}")
    return challenge_from(row)


async def close_challenge(
    connection: Connection,
    challenge_id: int,
    status: Literal["accepted", "declined", "cancelled"],
    game_id: int | None,
) -> Challenge:
    """Close an open challenge in the caller's transaction (see `Store.resolve_challenge`)."""
    if status not in CHALLENGE_STATUSES[1:]:
        raise ValueError(
            f"a challenge is closed as accepted, declined or cancelled, not {status!r}"
        )
    if game_id is not None and status != "accepted":
        raise ValueError(f"only an accepted challenge has a game, not a {status} one")
    if game_id is not None:
        await require(connection, "games", game_id)
    # The status condition makes this the atomic step: of two accepts, the second finds no
    # open row to update.
    updated = await connection.fetchrow(
        "UPDATE challenges SET status = $1, game_id = $2 WHERE id = $3 AND status = 'open' "
        "RETURNING *",
        status,
        game_id,
        challenge_id,
    )
    if updated is None:
        current = await load_challenge(connection, challenge_id)
        raise ChallengeNotOpen(challenge_id, current.status)
    return challenge_from(updated)


class ChallengeQueries(SqlStoreBase):
    async def create_challenge(
        self,
        kind: str,
        options: dict[str, Any],
        challenger_id: int,
        chat: ChatRef,
        *,
        opponent_id: int | None = None,
        vs_computer: str | None = None,
        rated: bool = True,
    ) -> Challenge:
        if opponent_id is not None and vs_computer is not None:
            raise ValueError("a challenge goes to a player or to a computer, not to both")
        encoded_options = encode_options(options)
        async with self._engine.writing() as connection:
            await require_players(connection, [challenger_id, opponent_id])
            created = await connection.fetchrow(
                "INSERT INTO challenges (kind, options, challenger_id, opponent_id, "
                "vs_computer, chat_platform, chat_id, status, created_at, rated) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9) RETURNING *",
                kind,
                encoded_options,
                challenger_id,
                opponent_id,
                vs_computer,
                chat.platform,
                chat.chat_id,
                self._now(),
                int(rated),
            )
            assert created is not None  # RETURNING of an INSERT always gives the row
            return challenge_from(created)

    async def get_challenge(self, challenge_id: int) -> Challenge:
        async with self._engine.reading() as connection:
            return await load_challenge(connection, challenge_id)

    async def resolve_challenge(
        self,
        challenge_id: int,
        status: Literal["accepted", "declined", "cancelled"],
        game_id: int | None = None,
    ) -> Challenge:
        async with self._engine.writing() as connection:
            return await close_challenge(connection, challenge_id, status, game_id)

    async def join_challenge(self, challenge_id: int, player_id: int, capacity: int) -> Challenge:
        async with self._engine.writing() as connection:
            await require_players(connection, [player_id])
            dialect = connection.dialect
            # One statement decides: still open, not joined yet, and a place left.
            updated = await connection.fetchrow(
                "UPDATE challenges SET entrants = "
                f"{dialect.entrants_after_join.format(player='$1')} "
                f"WHERE id = $2 AND status = 'open' AND {dialect.entrant_count} < $3 "
                f"AND NOT {dialect.has_entrant.format(player='$1')} RETURNING *",
                player_id,
                challenge_id,
                capacity,
            )
            if updated is not None:
                return challenge_from(updated)
            current = await load_challenge(connection, challenge_id)
            if current.status != "open":
                raise ChallengeNotOpen(challenge_id, current.status)
            if player_id in current.entrants:
                return current
            raise ChallengeFull(challenge_id)

    async def open_challenges(self, chat: ChatRef) -> list[Challenge]:
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                "SELECT * FROM challenges WHERE chat_platform = $1 AND chat_id = $2 "
                "AND status = 'open' ORDER BY created_at, id",
                chat.platform,
                chat.chat_id,
            )
        return [challenge_from(row) for row in rows]
