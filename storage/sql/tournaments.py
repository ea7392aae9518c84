"""Tournaments: registration (entries of one or two players, each player once), the start
with the draw of numbers, the rounds started exactly once with their games, withdrawals and
the organiser's settlements; and everything about one tournament read in one transaction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from storage.errors import NotFound
from storage.records import GAME_STATUSES, ChatRef, GameRecord
from storage.sql.base import SqlStoreBase, require_players
from storage.sql.codec import Decoder, encode_options, epoch, moment
from storage.sql.engines.engine import Connection, ConstraintViolated, Row
from storage.sql.games import check_new_game, insert_game, load_game
from storage.tournament_records import (
    TOURNAMENT_STATUSES,
    EntryRecord,
    NewTableGame,
    RoundStart,
    TableGameRecord,
    TournamentFacts,
    TournamentRecord,
    TournamentRefused,
    TournamentStatus,
)


def tournament_from(row: Row) -> TournamentRecord:
    decoder = Decoder(f"tournament {row['id']}")
    return TournamentRecord(
        id=row["id"],
        chat=ChatRef(row["chat_platform"], row["chat_id"]),
        organiser_id=row["organiser_id"],
        kind=row["kind"],
        format=row["format"],
        team_size=row["team_size"],
        max_entries=row["max_entries"],
        deadline=None if row["deadline"] is None else moment(row["deadline"]),
        options=decoder.options(row["options"]),
        status=decoder.status(row["status"], TOURNAMENT_STATUSES, "tournament"),
        seed=row["seed"],
        commitment=row["commitment"],
        created_at=decoder.time(row["created_at"]),
        ends_at=None if row["ends_at"] is None else moment(row["ends_at"]),
    )


def table_game_from(row: Row) -> TableGameRecord:
    decoder = Decoder(f"game {row['game_id']} of tournament {row['tournament_id']}")
    status = row["status"]
    return TableGameRecord(
        round=row["round"],
        table=row["table_number"],
        index=row["game_index"],
        white_entry=row["white_entry"],
        black_entry=row["black_entry"],
        game_id=row["game_id"],
        settled=row["settled"],
        status=None if status is None else decoder.status(status, GAME_STATUSES, "game"),
        result=decoder.result(row["result"]),
        plies=row["plies"],
        berserk=frozenset(seat for seat in (0, 1) if row["berserk"] & (1 << seat)),
        updated_at=None if row["updated_at"] is None else decoder.time(row["updated_at"]),
    )


async def load_tournament(connection: Connection, tournament_id: int) -> TournamentRecord:
    row = await connection.fetchrow("SELECT * FROM tournaments WHERE id = $1", tournament_id)
    if row is None:
        raise NotFound(f"there is no tournament with id {tournament_id}")
    return tournament_from(row)


async def load_entries(connection: Connection, tournament_id: int) -> tuple[EntryRecord, ...]:
    rows = await connection.fetch(
        "SELECT e.id, e.number, e.withdrawn, e.paused, e.back_at, e.joined_at, m.player_id "
        "FROM tournament_entries e "
        "JOIN tournament_members m ON m.entry_id = e.id "
        "WHERE e.tournament_id = $1 ORDER BY e.id, m.place",
        tournament_id,
    )
    entries: dict[int, EntryRecord] = {}
    for row in rows:
        known = entries.get(row["id"])
        members = (*known.members, row["player_id"]) if known else (row["player_id"],)
        back_at = None if row["back_at"] is None else moment(row["back_at"])
        entries[row["id"]] = EntryRecord(
            row["id"],
            tournament_id,
            members,
            row["number"],
            row["withdrawn"],
            bool(row["paused"]),
            back_at,
            Decoder(f"entry {row['id']}").time(row["joined_at"]),
        )
    return tuple(entries.values())


class TournamentQueries(SqlStoreBase):
    async def create_tournament(
        self,
        chat: ChatRef,
        organiser_id: int,
        kind: str,
        format: str,
        options: dict[str, Any],
        *,
        team_size: int = 1,
        max_entries: int | None = None,
        deadline: datetime | None = None,
    ) -> TournamentRecord:
        if team_size not in (1, 2):
            raise ValueError(f"an entry has one or two players, not {team_size}")
        encoded = encode_options(options)
        async with self._engine.writing() as connection:
            await require_players(connection, [organiser_id])
            row = await connection.fetchrow(
                "INSERT INTO tournaments (chat_platform, chat_id, organiser_id, kind, format, "
                "team_size, max_entries, deadline, options, status, created_at) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'registering', $10) RETURNING *",
                chat.platform,
                chat.chat_id,
                organiser_id,
                kind,
                format,
                team_size,
                max_entries,
                None if deadline is None else epoch(deadline),
                encoded,
                self._now(),
            )
            assert row is not None  # RETURNING of an INSERT always gives the row
            return tournament_from(row)

    async def get_tournament(self, tournament_id: int) -> TournamentRecord:
        async with self._engine.reading() as connection:
            return await load_tournament(connection, tournament_id)

    async def tournaments(
        self, statuses: Iterable[TournamentStatus], chat: ChatRef | None = None
    ) -> list[TournamentRecord]:
        wanted = set(statuses)
        if chat is None:
            rows = await self._engine.fetch_once("SELECT * FROM tournaments ORDER BY id")
        else:
            rows = await self._engine.fetch_once(
                "SELECT * FROM tournaments WHERE chat_platform = $1 AND chat_id = $2 ORDER BY id",
                chat.platform,
                chat.chat_id,
            )
        found = [tournament_from(row) for row in rows]
        return [record for record in found if record.status in wanted]

    async def join_tournament(self, tournament_id: int, members: Sequence[int]) -> EntryRecord:
        async with self._engine.writing() as connection:
            await require_players(connection, members)
            tournament = await load_tournament(connection, tournament_id)
            if tournament.status != "registering":
                raise TournamentRefused("not_registering")
            if len(members) != tournament.team_size or len(set(members)) != len(members):
                raise ValueError(f"an entry of this tournament has {tournament.team_size} players")
            count = await connection.fetchval(
                "SELECT count(*) FROM tournament_entries WHERE tournament_id = $1", tournament_id
            )
            if tournament.max_entries is not None and count >= tournament.max_entries:
                raise TournamentRefused("full")
            entry_id = await connection.fetchval(
                "INSERT INTO tournament_entries (tournament_id, joined_at) VALUES ($1, $2) "
                "RETURNING id",
                tournament_id,
                self._now(),
            )
            try:
                await connection.executemany(
                    "INSERT INTO tournament_members (tournament_id, player_id, entry_id, place) "
                    "VALUES ($1, $2, $3, $4)",
                    [
                        (tournament_id, player, entry_id, place)
                        for place, player in enumerate(members)
                    ],
                )
            except ConstraintViolated:
                raise TournamentRefused("already_entered") from None
            return EntryRecord(entry_id, tournament_id, tuple(members), None, None)

    async def leave_tournament(self, tournament_id: int, player_id: int) -> EntryRecord:
        async with self._engine.writing() as connection:
            tournament = await load_tournament(connection, tournament_id)
            if tournament.status != "registering":
                raise TournamentRefused("not_registering")
            entry = next(
                (
                    e
                    for e in await load_entries(connection, tournament_id)
                    if player_id in e.members
                ),
                None,
            )
            if entry is None:
                raise TournamentRefused("not_entered")
            await connection.execute("DELETE FROM tournament_entries WHERE id = $1", entry.id)
            return entry

    async def start_tournament(
        self,
        tournament_id: int,
        seed: str,
        commitment: str,
        numbers: Mapping[int, int],
        ends_at: datetime | None = None,
    ) -> TournamentRecord:
        async with self._engine.writing() as connection:
            row = await connection.fetchrow(
                "UPDATE tournaments SET status = 'running', seed = $1, commitment = $2, "
                "ends_at = $4 WHERE id = $3 AND status = 'registering' RETURNING *",
                seed,
                commitment,
                tournament_id,
                None if ends_at is None else epoch(ends_at),
            )
            if row is None:
                await load_tournament(connection, tournament_id)
                raise TournamentRefused("not_registering")
            entries = {entry.id for entry in await load_entries(connection, tournament_id)}
            if set(numbers) != entries:
                raise ValueError("every entry, and only the entries, draw a number")
            await connection.executemany(
                "UPDATE tournament_entries SET number = $1, back_at = $3 WHERE id = $2",
                [(number, entry, self._now_epoch()) for entry, number in numbers.items()],
            )
            return tournament_from(row)

    async def set_tournament_status(
        self, tournament_id: int, status: TournamentStatus, allowed: Iterable[TournamentStatus]
    ) -> TournamentRecord:
        before = sorted(set(allowed))
        places = ", ".join(f"${n}" for n in range(3, 3 + len(before)))
        async with self._engine.writing() as connection:
            row = await connection.fetchrow(
                f"UPDATE tournaments SET status = $1 WHERE id = $2 AND status IN ({places}) "
                "RETURNING *",
                status,
                tournament_id,
                *before,
            )
            if row is None:
                await load_tournament(connection, tournament_id)
                raise TournamentRefused("state_changed")
            return tournament_from(row)

    async def start_round(
        self,
        tournament_id: int,
        round_number: int,
        pairing: dict[str, Any],
        games: Sequence[NewTableGame],
        chat: ChatRef,
    ) -> RoundStart:
        for game in games:
            if game.settled is None:
                check_new_game(game.kind, game.seats)
        async with self._engine.writing() as connection:
            new_round = await connection.fetchrow(
                "INSERT INTO tournament_rounds (tournament_id, round, pairing, started_at) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (tournament_id, round) DO NOTHING "
                "RETURNING round",
                tournament_id,
                round_number,
                encode_options(pairing),
                self._now(),
            )
            started: list[tuple[NewTableGame, GameRecord | None]] = []
            for game in games:
                # The key decides: of two tasks starting one game, the second inserts nothing.
                claimed = await connection.fetchrow(
                    "INSERT INTO tournament_games (tournament_id, round, table_number, "
                    "game_index, white_entry, black_entry, settled) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING round",
                    tournament_id,
                    round_number,
                    game.table,
                    game.index,
                    game.white_entry,
                    game.black_entry,
                    game.settled,
                )
                if claimed is None:
                    continue
                if game.settled is not None:
                    started.append((game, None))
                    continue
                game_id = await insert_game(
                    connection,
                    game.kind,
                    game.options or {},
                    game.seats,
                    game.snapshot,
                    chat,
                    self._now(),
                    self._now_epoch(),
                    game.clock,
                    rated=game.rated,
                )
                await connection.execute(
                    "UPDATE tournament_games SET game_id = $1 WHERE tournament_id = $2 "
                    "AND round = $3 AND table_number = $4 AND game_index = $5",
                    game_id,
                    tournament_id,
                    round_number,
                    game.table,
                    game.index,
                )
                started.append((game, await load_game(connection, game_id)))
            return RoundStart(new_round is not None, tuple(started))

    async def tournament_facts(self, tournament_id: int) -> TournamentFacts:
        async with self._engine.reading() as connection:
            tournament = await load_tournament(connection, tournament_id)
            entries = await load_entries(connection, tournament_id)
            rounds = await connection.fetch(
                "SELECT round, pairing FROM tournament_rounds WHERE tournament_id = $1 "
                "ORDER BY round",
                tournament_id,
            )
            games = await connection.fetch(
                "SELECT t.*, g.status, g.result, g.updated_at, "
                "(SELECT count(*) FROM moves m WHERE m.game_id = t.game_id) AS plies "
                "FROM tournament_games t "
                "LEFT JOIN games g ON g.id = t.game_id WHERE t.tournament_id = $1 "
                "ORDER BY t.round, t.table_number, t.game_index",
                tournament_id,
            )
            settlements = await connection.fetch(
                "SELECT * FROM tournament_settlements WHERE tournament_id = $1", tournament_id
            )
        decoder = Decoder(f"tournament {tournament_id}")
        return TournamentFacts(
            tournament,
            entries,
            {row["round"]: decoder.options(row["pairing"]) for row in rounds},
            tuple(map(table_game_from, games)),
            {(row["round"], row["table_number"]): row["winner_entry"] for row in settlements},
        )

    async def tournament_of_game(self, game_id: int) -> int | None:
        rows = await self._engine.fetch_once(
            "SELECT tournament_id FROM tournament_games WHERE game_id = $1", game_id
        )
        return rows[0][0] if rows else None

    async def replay_tournament_game(self, game_id: int) -> None:
        async with self._engine.writing() as connection:
            await connection.execute("DELETE FROM tournament_games WHERE game_id = $1", game_id)

    async def withdraw_entry(self, tournament_id: int, entry_id: int, first_round: int) -> bool:
        async with self._engine.writing() as connection:
            row = await connection.fetchrow(
                "UPDATE tournament_entries SET withdrawn = $1 WHERE id = $2 "
                "AND tournament_id = $3 AND withdrawn IS NULL RETURNING id",
                first_round,
                entry_id,
                tournament_id,
            )
            return row is not None

    async def settle_table(
        self, tournament_id: int, round_number: int, table: int, winner_entry: int
    ) -> bool:
        async with self._engine.writing() as connection:
            row = await connection.fetchrow(
                "INSERT INTO tournament_settlements (tournament_id, round, table_number, "
                "winner_entry) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING round",
                tournament_id,
                round_number,
                table,
                winner_entry,
            )
            return row is not None

    # -- arenas ------------------------------------------------------------------------------

    async def enter_arena(self, tournament_id: int, player_id: int) -> EntryRecord:
        async with self._engine.writing() as connection:
            await require_players(connection, [player_id])
            tournament = await load_tournament(connection, tournament_id)
            if tournament.status not in ("running", "paused"):
                raise TournamentRefused("not_running")
            entry = _entry_of(await load_entries(connection, tournament_id), player_id)
            if entry is not None:
                back = await connection.fetchrow(
                    "UPDATE tournament_entries SET paused = 0, back_at = $1 "
                    "WHERE id = $2 AND paused = 1 RETURNING id",
                    self._now_epoch(),
                    entry.id,
                )
                if back is None:
                    raise TournamentRefused("already_entered")
                return entry
            count = await connection.fetchval(
                "SELECT count(*) FROM tournament_entries WHERE tournament_id = $1", tournament_id
            )
            if tournament.max_entries is not None and count >= tournament.max_entries:
                raise TournamentRefused("full")
            number = await connection.fetchval(
                "SELECT coalesce(max(number), 0) + 1 FROM tournament_entries "
                "WHERE tournament_id = $1",
                tournament_id,
            )
            entry_id = await connection.fetchval(
                "INSERT INTO tournament_entries (tournament_id, number, joined_at, back_at) "
                "VALUES ($1, $2, $3, $4) RETURNING id",
                tournament_id,
                number,
                self._now(),
                self._now_epoch(),
            )
            await connection.execute(
                "INSERT INTO tournament_members (tournament_id, player_id, entry_id, place) "
                "VALUES ($1, $2, $3, 0)",
                tournament_id,
                player_id,
                entry_id,
            )
            return EntryRecord(entry_id, tournament_id, (player_id,), number, None)

    async def pause_arena_entry(self, tournament_id: int, player_id: int) -> EntryRecord:
        async with self._engine.writing() as connection:
            entry = _entry_of(await load_entries(connection, tournament_id), player_id)
            if entry is None:
                await load_tournament(connection, tournament_id)
                raise TournamentRefused("not_entered")
            paused = await connection.fetchrow(
                "UPDATE tournament_entries SET paused = 1 WHERE id = $1 AND paused = 0 "
                "RETURNING id",
                entry.id,
            )
            if paused is None:
                raise TournamentRefused("state_changed")
            return entry

    async def start_arena_games(
        self, tournament_id: int, games: Sequence[NewTableGame], chat: ChatRef
    ) -> tuple[tuple[NewTableGame, GameRecord], ...]:
        for game in games:
            check_new_game(game.kind, game.seats)
        async with self._engine.writing() as connection:
            # Every pairing of this arena, by any process, waits here for the one before.
            await connection.lock(f"arena:{tournament_id}")
            tournament = await load_tournament(connection, tournament_id)
            if tournament.status != "running":
                return ()
            taken = set(
                await connection.fetchcolumn(
                    "SELECT e.id FROM tournament_entries e WHERE e.tournament_id = $1 AND "
                    "(e.paused = 1 OR EXISTS (SELECT 1 FROM tournament_games t "
                    "JOIN games g ON g.id = t.game_id WHERE t.tournament_id = $1 "
                    "AND g.status = 'active' AND e.id IN (t.white_entry, t.black_entry)))",
                    tournament_id,
                )
            )
            last = await connection.fetchval(
                "SELECT coalesce(max(round), 0) FROM tournament_rounds WHERE tournament_id = $1",
                tournament_id,
            )
            started: list[tuple[NewTableGame, GameRecord]] = []
            for game in games:
                pair = {game.white_entry, game.black_entry}
                if pair & taken:
                    continue  # paired meanwhile (another process), or paused
                taken |= pair
                last += 1
                await connection.execute(
                    "INSERT INTO tournament_rounds (tournament_id, round, pairing, started_at) "
                    "VALUES ($1, $2, $3, $4)",
                    tournament_id,
                    last,
                    encode_options({"tables": [[1, game.white_entry, game.black_entry]]}),
                    self._now(),
                )
                game_id = await insert_game(
                    connection,
                    game.kind,
                    game.options or {},
                    game.seats,
                    game.snapshot,
                    chat,
                    self._now(),
                    self._now_epoch(),
                    game.clock,
                    rated=game.rated,
                )
                await connection.execute(
                    "INSERT INTO tournament_games (tournament_id, round, table_number, "
                    "game_index, white_entry, black_entry, game_id) "
                    "VALUES ($1, $2, 1, 0, $3, $4, $5)",
                    tournament_id,
                    last,
                    game.white_entry,
                    game.black_entry,
                    game_id,
                )
                started.append((game, await load_game(connection, game_id)))
            return tuple(started)

    async def berserk_arena_game(
        self, game_id: int, seat: int, version: int, options: dict[str, Any]
    ) -> GameRecord | None:
        async with self._engine.writing() as connection:
            changed = await connection.fetchrow(
                "UPDATE games SET options = $1, version = version + 1, updated_at = $2 "
                "WHERE id = $3 AND version = $4 AND status = 'active' RETURNING id",
                encode_options(options),
                self._now(),
                game_id,
                version,
            )
            if changed is None:
                return None
            await connection.execute(
                "UPDATE tournament_games SET berserk = berserk | $1 WHERE game_id = $2",
                1 << seat,
                game_id,
            )
            # The turn going on, if it is his: half of its time is gone.
            await connection.execute(
                "UPDATE clocks SET per_move = per_move / 2, due_at = due_at - per_move / 2 "
                "WHERE game_id = $1 AND seat = $2 AND due_at IS NOT NULL",
                game_id,
                seat,
            )
            return await load_game(connection, game_id)


def _entry_of(entries: Sequence[EntryRecord], player_id: int) -> EntryRecord | None:
    return next((entry for entry in entries if player_id in entry.members), None)
