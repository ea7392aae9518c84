-- The outbox of game changes: one row per new version of a game, written in the transaction
-- that makes it, so that the other bot processes on the same database (PostgreSQL) show the
-- new board too. `origin` is the store that wrote it, so that nobody shows its own change
-- twice. Old rows are deleted by the readers.

CREATE TABLE game_changes (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    origin     TEXT NOT NULL
);
