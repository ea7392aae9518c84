"""The SQL implementation of `Store`, written once for any SQL engine.

- engine.py: what the queries know of a database (connections, `$1` placeholders, the
  dialect table); sqlite.py: the SQLite engine, the only user of aiosqlite;
- migrations.py: the numbered schema steps of storage/migrations;
- codec.py: how values are stored in columns and decoded back (corrupt rows named);
- players.py, challenges.py, games.py, clocks.py: the queries, one group each;
- base.py: what the groups share; store.py: the store they make, and `open_store`.
"""
