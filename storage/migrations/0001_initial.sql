-- The first schema of damas-bot: players and their platform identities, games with their
-- seats and move log, where each board is shown, and challenges.
-- Times are ISO 8601 UTC text with microseconds ("2026-01-31T12:00:00.000000+00:00"), so
-- that they sort as text. Options and results are JSON text.

CREATE TABLE players (
    id             INTEGER PRIMARY KEY,
    display_name   TEXT NOT NULL,
    language       TEXT,
    active_game_id INTEGER REFERENCES games (id) ON DELETE SET NULL,
    created_at     TEXT NOT NULL
);

CREATE TABLE identities (
    platform     TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    player_id    INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    display_name TEXT NOT NULL,
    PRIMARY KEY (platform, user_id)
) WITHOUT ROWID;

CREATE INDEX identities_by_player ON identities (player_id);

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    kind          TEXT NOT NULL,
    options       TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('active', 'finished', 'aborted')),
    version       INTEGER NOT NULL CHECK (version >= 1),
    result        TEXT,
    snapshot      TEXT NOT NULL,
    chat_platform TEXT,
    chat_id       TEXT,
    draw_offer    INTEGER,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    CHECK ((chat_platform IS NULL) = (chat_id IS NULL)),
    CHECK ((status = 'active') = (result IS NULL) OR status = 'aborted')
);

CREATE TABLE game_seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    player_id INTEGER REFERENCES players (id),
    computer  TEXT,
    PRIMARY KEY (game_id, seat),
    CHECK (player_id IS NULL OR computer IS NULL)
) WITHOUT ROWID;

CREATE INDEX game_seats_by_player ON game_seats (player_id, game_id);

-- The move log, the truth of every game: the primary key makes a second move with the same
-- ply impossible, whatever the code above does.
CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply       INTEGER NOT NULL CHECK (ply >= 1),
    notation  TEXT NOT NULL,
    seat      INTEGER NOT NULL,
    player_id INTEGER REFERENCES players (id),
    played_at TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE board_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    platform   TEXT NOT NULL,
    chat_id    TEXT NOT NULL,
    message_id TEXT NOT NULL,
    PRIMARY KEY (game_id, platform, chat_id)
) WITHOUT ROWID;

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    kind          TEXT NOT NULL,
    options       TEXT NOT NULL,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    opponent_id   INTEGER REFERENCES players (id),
    vs_computer   TEXT,
    chat_platform TEXT NOT NULL,
    chat_id       TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'cancelled')),
    game_id       INTEGER REFERENCES games (id),
    created_at    TEXT NOT NULL
);

CREATE INDEX open_challenges_by_chat ON challenges (chat_platform, chat_id) WHERE status = 'open';
