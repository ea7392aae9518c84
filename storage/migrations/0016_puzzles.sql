-- Puzzles (issue 27): the positions with their line, the attempts of players, the puzzle
-- ratings of players and puzzles (Glicko-2, one pool per variant), and the daily puzzle of
-- groups: its setting, and what was posted each day (a row per chat and day, so that one
-- post happens however many processes or restarts look at it).

CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    variant TEXT NOT NULL,
    fen TEXT NOT NULL,
    line TEXT NOT NULL,
    themes TEXT NOT NULL,
    gain INTEGER NOT NULL,
    source TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    UNIQUE (variant, fen)
);

CREATE TABLE puzzle_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    player_id INTEGER NOT NULL REFERENCES players (id),
    platform TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    step INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'solved', 'failed', 'left')),
    started_at TEXT NOT NULL,
    finished_at TEXT
);

CREATE UNIQUE INDEX one_open_puzzle ON puzzle_attempts (player_id) WHERE status = 'open';
CREATE INDEX puzzle_attempts_of_player ON puzzle_attempts (player_id, puzzle_id);

CREATE TABLE puzzle_ratings (
    player_id INTEGER NOT NULL REFERENCES players (id),
    variant TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    solved INTEGER NOT NULL,
    failed INTEGER NOT NULL,
    PRIMARY KEY (player_id, variant)
);

CREATE TABLE daily_puzzles (
    platform TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    PRIMARY KEY (platform, chat_id)
);

CREATE TABLE daily_puzzle_posts (
    platform TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    day TEXT NOT NULL,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    PRIMARY KEY (platform, chat_id, day)
);
