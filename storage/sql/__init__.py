"""The SQL implementation of `Store`, written once for any SQL engine.

- engine.py: what the queries know of a database (connections, `$1` placeholders, the
  dialect table); sqlite.py: the SQLite engine, the only user of aiosqlite;
- migrations.py: the numbered schema steps of storage/migrations;
- codec.py: how values are stored in columns and decoded back (corrupt rows named);
- players.py, challenges.py, games.py, clocks.py: the queries, one group each;
- base.py: what the groups share; store.py: the store they make, and `open_store`.

Another engine (PostgreSQL) is an `Engine` subclass with its `Dialect`, given to
`open_engine_store`. What it must take care of, because SQLite gives it for free:
- every write transaction here is serialisable: SQLite has one writer at a time (BEGIN
  IMMEDIATE). Most decisions are single conditional statements (the version check, closing
  a challenge, joining one, marking a reminder, spending a link code) and hold on any engine,
  but a few read before they write (a first sight of an account, the vacation check of a new
  clock against a vacation starting, the shared-game check of a link), so the engine's
  `begin_write` must be serialisable too (and retry on a serialisation failure) or those
  queries must lock the rows they read;
- the migrations are written in SQLite's DDL: `INTEGER PRIMARY KEY` (an identity column),
  `WITHOUT ROWID` (nothing elsewhere), `REAL` (clock times in Unix seconds: double precision
  elsewhere, never a 4-byte real);
- the schema version lives in `PRAGMA user_version`; elsewhere in a one-row table written in
  the migration's own transaction (`Engine.set_schema_version`).
"""
