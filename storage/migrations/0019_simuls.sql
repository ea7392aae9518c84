-- Simultaneous exhibitions: one host against many challengers, each on a board of his own (a
-- game of the service). The host's choices, the challengers in the order they joined, and
-- each board's game, written once: the start numbers the boards and creates every game in
-- the transaction that moves the simul from registering to running.

CREATE TABLE simuls (
    id            INTEGER PRIMARY KEY,
    chat_platform TEXT NOT NULL,
    chat_id       TEXT NOT NULL,
    host_id       INTEGER NOT NULL REFERENCES players (id),
    kind          TEXT NOT NULL,
    max_boards    INTEGER NOT NULL CHECK (max_boards >= 1),
    -- JSON: the host's colour (white, black, alternate) and the games' options (the clock).
    options       TEXT NOT NULL,
    status        TEXT NOT NULL
        CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    created_at    TEXT NOT NULL
);

CREATE INDEX simuls_by_chat ON simuls (chat_platform, chat_id);
CREATE INDEX simuls_by_status ON simuls (status);

-- One row a challenger; `id` keeps the order of joining. `board` and `game_id` are set once,
-- at the start; the keys make a second board of one challenger, or a second game of one board,
-- impossible.
CREATE TABLE simul_boards (
    id        INTEGER PRIMARY KEY,
    simul_id  INTEGER NOT NULL REFERENCES simuls (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id),
    board     INTEGER CHECK (board IS NULL OR board >= 1),
    game_id   INTEGER UNIQUE REFERENCES games (id),
    joined_at TEXT NOT NULL,
    UNIQUE (simul_id, player_id),
    UNIQUE (simul_id, board)
);

CREATE INDEX simul_boards_by_simul ON simul_boards (simul_id);
