-- Tournaments: the organiser's choices, the entries (one player, or a team of two) and the
-- numbers they drew, the rounds as started, and the games of each table. Together with the
-- move log of those games they are the truth: the bracket and the standings are rebuilt
-- from them (bot/service/pairing). Deadlines are Unix seconds (REAL), like the clocks.

CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    chat_platform TEXT NOT NULL,
    chat_id       TEXT NOT NULL,
    organiser_id  INTEGER NOT NULL REFERENCES players (id),
    kind          TEXT NOT NULL,
    format        TEXT NOT NULL,
    team_size     INTEGER NOT NULL CHECK (team_size IN (1, 2)),
    max_entries   INTEGER CHECK (max_entries IS NULL OR max_entries >= 2),
    deadline      REAL,
    -- JSON: rounds, bye score, tie-break order, micro-match, time control, no-show time.
    options       TEXT NOT NULL,
    status        TEXT NOT NULL
        CHECK (status IN ('registering', 'running', 'paused', 'finished', 'cancelled')),
    -- The seed of the draw and the coin tosses (hex), kept secret while the tournament runs,
    -- and its commitment, published at the start.
    seed          TEXT,
    commitment    TEXT,
    created_at    TEXT NOT NULL,
    CHECK ((status = 'registering') = (seed IS NULL) OR status = 'cancelled')
);

CREATE INDEX tournaments_by_chat ON tournaments (chat_platform, chat_id);
CREATE INDEX tournaments_by_status ON tournaments (status);

CREATE TABLE tournament_entries (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    -- Drawn at the start; NULL while registering.
    number        INTEGER CHECK (number IS NULL OR number >= 1),
    -- The first round the entry no longer plays in after withdrawing; NULL while it plays.
    withdrawn     INTEGER,
    joined_at     TEXT NOT NULL,
    UNIQUE (tournament_id, number)
);

CREATE INDEX entries_by_tournament ON tournament_entries (tournament_id);

-- The players of each entry (one, or two for a team). The key makes a second entry of the
-- same player in one tournament impossible, alone or in a team.
CREATE TABLE tournament_members (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    entry_id      INTEGER NOT NULL REFERENCES tournament_entries (id) ON DELETE CASCADE,
    place         INTEGER NOT NULL CHECK (place IN (0, 1)),
    PRIMARY KEY (tournament_id, player_id),
    UNIQUE (entry_id, place)
);

-- A round starts exactly once: its row is written in the transaction that creates its games.
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    -- JSON: the tables (first, second) and the bye, as paired when the round started.
    pairing       TEXT NOT NULL,
    started_at    TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round)
);

-- Each game of a table, keyed by (round, table, index) so that it starts exactly once. A
-- game decided without being played (a withdrawn side) has no game and a settled winner.
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    table_number  INTEGER NOT NULL CHECK (table_number >= 1),
    game_index    INTEGER NOT NULL CHECK (game_index >= 0),
    white_entry   INTEGER NOT NULL REFERENCES tournament_entries (id),
    black_entry   INTEGER NOT NULL REFERENCES tournament_entries (id),
    game_id       INTEGER UNIQUE REFERENCES games (id),
    settled       TEXT CHECK (settled IN ('white', 'black')),
    PRIMARY KEY (tournament_id, round, table_number, game_index),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
        ON DELETE CASCADE,
    CHECK (game_id IS NULL OR settled IS NULL)
);

-- The organiser's decision of a knockout match.
CREATE TABLE tournament_settlements (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    table_number  INTEGER NOT NULL,
    winner_entry  INTEGER NOT NULL REFERENCES tournament_entries (id),
    PRIMARY KEY (tournament_id, round, table_number)
);
