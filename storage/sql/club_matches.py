"""Club matches: the organiser's match, side B's chat joined once by its code, each side's
players (each player once, up to the number of boards), the start that numbers the boards
and creates every game once, and the end marked once."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from storage.club_match_records import (
    CLUB_MATCH_STATUSES,
    SIDES,
    ClubMatchFacts,
    ClubMatchGame,
    ClubMatchPlayer,
    ClubMatchRecord,
    ClubMatchRefused,
    ClubMatchStart,
    ClubMatchStatus,
    NewClubMatchGame,
    Side,
)
from storage.errors import NotFound
from storage.records import GAME_STATUSES, ChatRef
from storage.sql.base import SqlStoreBase, require_players
from storage.sql.codec import Decoder, encode_options
from storage.sql.engines.engine import Connection, Row
from storage.sql.games import check_new_game, insert_game, load_game


def club_match_from(row: Row) -> ClubMatchRecord:
    decoder = Decoder(f"club match {row['id']}")
    away = row["away_chat_id"]
    return ClubMatchRecord(
        id=row["id"],
        chat=ChatRef(row["chat_platform"], row["chat_id"]),
        away_chat=None if away is None else ChatRef(row["chat_platform"], away),
        code=row["code"],
        organiser_id=row["organiser_id"],
        kind=row["kind"],
        boards=row["boards"],
        options=decoder.options(row["options"]),
        status=decoder.status(row["status"], CLUB_MATCH_STATUSES, "club match"),
        created_at=decoder.time(row["created_at"]),
    )


def player_from(row: Row) -> ClubMatchPlayer:
    decoder = Decoder(f"player {row['player_id']} of club match {row['match_id']}")
    return ClubMatchPlayer(
        side=decoder.status(row["side"], SIDES, "side"),
        player_id=row["player_id"],
        board=row["board"],
    )


def game_from(row: Row) -> ClubMatchGame:
    decoder = Decoder(f"game {row['game_id']} of club match {row['match_id']}")
    return ClubMatchGame(
        board=row["board"],
        leg=row["leg"],
        game_id=row["game_id"],
        a_seat=row["a_seat"],
        status=decoder.status(row["status"], GAME_STATUSES, "game"),
        result=decoder.result(row["result"]),
    )


async def load_club_match(connection: Connection, match_id: int) -> ClubMatchRecord:
    row = await connection.fetchrow("SELECT * FROM club_matches WHERE id = $1", match_id)
    if row is None:
        raise NotFound(f"there is no club match with id {match_id}")
    return club_match_from(row)


async def registering(connection: Connection, match_id: int) -> ClubMatchRecord:
    """The match, locked for this transaction's change (a row lock on PostgreSQL; SQLite
    writes one at a time), refused unless it registers."""
    row = await connection.fetchrow(
        "UPDATE club_matches SET status = status WHERE id = $1 AND status = 'registering' "
        "RETURNING *",
        match_id,
    )
    if row is None:
        await load_club_match(connection, match_id)
        raise ClubMatchRefused("not_registering")
    return club_match_from(row)


async def signed(connection: Connection, match_id: int) -> list[ClubMatchPlayer]:
    """Both sides' players in the order they signed."""
    rows = await connection.fetch(
        "SELECT * FROM club_match_players WHERE match_id = $1 ORDER BY id", match_id
    )
    return [player_from(row) for row in rows]


class ClubMatchQueries(SqlStoreBase):
    async def create_club_match(
        self,
        chat: ChatRef,
        organiser_id: int,
        kind: str,
        boards: int,
        code: str,
        options: dict[str, Any],
    ) -> ClubMatchRecord:
        if boards < 1:
            raise ValueError(f"a club match has at least one board, not {boards}")
        encoded = encode_options(options)
        async with self._engine.writing() as connection:
            await require_players(connection, [organiser_id])
            if await connection.fetchrow("SELECT id FROM club_matches WHERE code = $1", code):
                raise ValueError(f"the code {code!r} is taken")
            row = await connection.fetchrow(
                "INSERT INTO club_matches (chat_platform, chat_id, code, organiser_id, kind, "
                "boards, options, status, created_at) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, 'registering', $8) RETURNING *",
                chat.platform,
                chat.chat_id,
                code,
                organiser_id,
                kind,
                boards,
                encoded,
                self._now(),
            )
            assert row is not None  # RETURNING of an INSERT always gives the row
            return club_match_from(row)

    async def get_club_match(self, match_id: int) -> ClubMatchRecord:
        async with self._engine.reading() as connection:
            return await load_club_match(connection, match_id)

    async def club_matches(
        self, statuses: Iterable[ClubMatchStatus], chat: ChatRef | None = None
    ) -> list[ClubMatchRecord]:
        wanted = set(statuses)
        if chat is None:
            rows = await self._engine.fetch_once("SELECT * FROM club_matches ORDER BY id")
        else:
            rows = await self._engine.fetch_once(
                "SELECT * FROM club_matches WHERE chat_platform = $1 "
                "AND (chat_id = $2 OR away_chat_id = $2) ORDER BY id",
                chat.platform,
                chat.chat_id,
            )
        return [record for record in map(club_match_from, rows) if record.status in wanted]

    async def join_club_match(self, code: str, chat: ChatRef) -> ClubMatchRecord:
        async with self._engine.writing() as connection:
            found = await connection.fetchrow(
                "SELECT id FROM club_matches WHERE code = $1 AND chat_platform = $2",
                code,
                chat.platform,
            )
            if found is None:
                raise ClubMatchRefused("no_code")
            match = await registering(connection, found["id"])
            if match.chat == chat:
                raise ClubMatchRefused("own_chat")
            players = await signed(connection, match.id)
            if match.away_chat is not None or any(p.side == "b" for p in players):
                raise ClubMatchRefused("taken")
            row = await connection.fetchrow(
                "UPDATE club_matches SET away_chat_id = $1 WHERE id = $2 RETURNING *",
                chat.chat_id,
                match.id,
            )
            assert row is not None  # locked above, in this transaction
            return club_match_from(row)

    async def sign_club_match(self, match_id: int, player_id: int, side: Side) -> int:
        async with self._engine.writing() as connection:
            await require_players(connection, [player_id])
            match = await registering(connection, match_id)
            players = await signed(connection, match_id)
            if any(player.player_id == player_id for player in players):
                raise ClubMatchRefused("already_signed")
            count = sum(player.side == side for player in players)
            if count >= match.boards:
                raise ClubMatchRefused("full")
            await connection.execute(
                "INSERT INTO club_match_players (match_id, side, player_id, joined_at) "
                "VALUES ($1, $2, $3, $4)",
                match_id,
                side,
                player_id,
                self._now(),
            )
            return count + 1

    async def leave_club_match(self, match_id: int, player_id: int) -> None:
        async with self._engine.writing() as connection:
            await registering(connection, match_id)
            left = await connection.fetchrow(
                "DELETE FROM club_match_players WHERE match_id = $1 AND player_id = $2 "
                "RETURNING player_id",
                match_id,
                player_id,
            )
            if left is None:
                raise ClubMatchRefused("not_signed")

    async def start_club_match(
        self,
        match_id: int,
        boards: Mapping[Side, Sequence[int]],
        games: Sequence[NewClubMatchGame],
    ) -> ClubMatchStart:
        for game in games:
            check_new_game(game.kind, game.seats)
        async with self._engine.writing() as connection:
            await registering(connection, match_id)
            players = await signed(connection, match_id)
            for side in SIDES:
                ordered = list(boards.get(side, ()))
                stored = [p.player_id for p in players if p.side == side]
                if sorted(ordered) != sorted(stored) or len(set(ordered)) != len(ordered):
                    raise ClubMatchRefused("changed")
                for board, player_id in enumerate(ordered, 1):
                    await connection.execute(
                        "UPDATE club_match_players SET board = $1 "
                        "WHERE match_id = $2 AND player_id = $3",
                        board,
                        match_id,
                        player_id,
                    )
            row = await connection.fetchrow(
                "UPDATE club_matches SET status = 'running' WHERE id = $1 RETURNING *", match_id
            )
            assert row is not None  # locked above, in this transaction
            started = []
            for game in games:
                game_id = await insert_game(
                    connection,
                    game.kind,
                    game.options,
                    game.seats,
                    game.snapshot,
                    game.chat,
                    self._now(),
                    self._now_epoch(),
                    game.clock,
                    rated=True,
                )
                await connection.execute(
                    "INSERT INTO club_match_games (match_id, board, leg, game_id, a_seat) "
                    "VALUES ($1, $2, $3, $4, $5)",
                    match_id,
                    game.board,
                    game.leg,
                    game_id,
                    game.a_seat,
                )
                started.append((game, await load_game(connection, game_id)))
            return ClubMatchStart(club_match_from(row), tuple(started))

    async def club_match_facts(self, match_id: int) -> ClubMatchFacts:
        async with self._engine.reading() as connection:
            match = await load_club_match(connection, match_id)
            players = await signed(connection, match_id)
            rows = await connection.fetch(
                "SELECT m.*, g.status, g.result FROM club_match_games m "
                "JOIN games g ON g.id = m.game_id WHERE m.match_id = $1 "
                "ORDER BY m.board, m.leg",
                match_id,
            )
        return ClubMatchFacts(match, tuple(players), tuple(map(game_from, rows)))

    async def finish_club_match(self, match_id: int) -> ClubMatchRecord | None:
        async with self._engine.writing() as connection:
            row = await connection.fetchrow(
                "UPDATE club_matches SET status = 'finished' WHERE id = $1 "
                "AND status = 'running' RETURNING *",
                match_id,
            )
            return None if row is None else club_match_from(row)

    async def cancel_club_match(self, match_id: int) -> ClubMatchRecord | None:
        async with self._engine.writing() as connection:
            row = await connection.fetchrow(
                "UPDATE club_matches SET status = 'cancelled' WHERE id = $1 "
                "AND status IN ('registering', 'running') RETURNING *",
                match_id,
            )
            return None if row is None else club_match_from(row)
