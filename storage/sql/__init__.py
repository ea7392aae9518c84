"""The SQL implementation of `Store`, written once for any SQL engine.

- engine.py: what the queries know of a database (connections, `$1` placeholders, the
  dialect table); sqlite.py: the SQLite engine, the only user of aiosqlite;
- migrations.py: the numbered schema steps of storage/migrations;
- codec.py: how values are stored in columns and decoded back (corrupt rows named);
- players.py, challenges.py, games.py, clocks.py: the queries, one group each;
- base.py: what the groups share; store.py: the store they make, and `open_store`.

The second engine is PostgreSQL (postgres.py, the only user of asyncpg). SQLite gives for
free what PostgreSQL needs said:
- every SQLite write transaction is serialisable (one writer at a time, BEGIN IMMEDIATE);
  PostgreSQL's run at READ COMMITTED. Most decisions are single conditional statements (the
  version check of a move, closing or joining a challenge, marking a reminder, ending a
  vacation, spending a link code) and hold on both. The reads that decide a later write take
  a named lock first (`Connection.lock`, a no-op on SQLite): the first sight of an account
  (players.py), a player's vacation against the clock of their new turn (clocks.py:
  `player_lock`), the shared-game check of a link;
- the migrations are written once, in SQLite's DDL, and translated (`postgres_ddl`;
  storage/migrations/README.md lists what a migration may use);
- the schema version is `PRAGMA user_version` on SQLite, a one-row table on PostgreSQL,
  written in the migration's own transaction (`Engine.set_schema_version`).
"""
