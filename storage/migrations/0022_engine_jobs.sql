-- The computer's thinks taken by engine workers (`python -m bot engine-worker`, several
-- PostgreSQL processes on any machine). `request` is the think as text (JSON: the game's
-- kind, rules, snapshot and limit); a worker takes a job for `lease` seconds (`taken_by`,
-- `leased_until`, renewed while it thinks), and one whose worker died is taken again; the
-- bot process that posted it waits for `result` (the move's notation) until `deadline`,
-- then thinks itself. engine_workers: when each worker last said it is alive.
CREATE TABLE engine_jobs (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL,
    version      INTEGER NOT NULL,
    request      TEXT NOT NULL,
    created_at   REAL NOT NULL,
    deadline     REAL NOT NULL,
    taken_by     TEXT,
    leased_until REAL,
    tries        INTEGER NOT NULL DEFAULT 0,
    result       TEXT
);

CREATE INDEX engine_jobs_open ON engine_jobs (id) WHERE result IS NULL;

CREATE TABLE engine_workers (
    name    TEXT PRIMARY KEY,
    seen_at REAL NOT NULL
) WITHOUT ROWID;
