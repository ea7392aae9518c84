-- Correspondence play: the clock of the turn of each game, vacations, reminders waiting to
-- be delivered, one-time codes that link a second platform account to a player.
-- Clock and vacation times are Unix seconds (REAL), so that the scheduler's questions ("what
-- is due before t", "24 hours before the deadline") are plain arithmetic in SQL.

CREATE TABLE clocks (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    per_move     REAL NOT NULL CHECK (per_move > 0),
    -- The deadline, or NULL while the clock is stopped (its player is on vacation).
    due_at       REAL,
    -- The time that was left when the clock stopped.
    remaining    REAL,
    -- The reminders already sent in this turn, as ",24h,1h," (each name once).
    reminded     TEXT NOT NULL DEFAULT ',',
    CHECK ((due_at IS NULL) = (remaining IS NOT NULL))
);

CREATE INDEX clocks_by_deadline ON clocks (due_at) WHERE due_at IS NOT NULL;

CREATE TABLE vacations (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    started_at REAL NOT NULL,
    -- The planned end; `ended_at` is the real one (NULL while the vacation goes on).
    ends_at    REAL NOT NULL,
    ended_at   REAL,
    CHECK (ends_at >= started_at)
);

CREATE INDEX vacations_by_player ON vacations (player_id, started_at);
CREATE UNIQUE INDEX one_vacation_at_a_time ON vacations (player_id) WHERE ended_at IS NULL;

-- Messages for players decided by the scheduler (reminders, timeouts): written in the same
-- transaction as the decision, delivered afterwards, marked sent; unsent ones are delivered
-- again after a restart.
CREATE TABLE notices (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    game_id    INTEGER REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sent_at    TEXT
);

CREATE INDEX unsent_notices ON notices (id) WHERE sent_at IS NULL;

CREATE TABLE link_codes (
    code       TEXT PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL
) WITHOUT ROWID;

ALTER TABLE players ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1;
ALTER TABLE identities ADD COLUMN last_seen_at TEXT;
