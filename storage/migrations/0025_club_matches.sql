-- Matches between two clubs (docs/clubmatch.md): two chats, or two sides of one chat, field
-- the same number of players; board 1 pairs each side's highest rated, and each board's pair
-- plays two games, one with each colour. The start numbers the boards and creates every game
-- in the transaction that moves the match from registering to running, so a second start,
-- from another process or after a crash, creates nothing.

CREATE TABLE club_matches (
    id            INTEGER PRIMARY KEY,
    -- Side A's chat, where the organiser opened the match.
    chat_platform TEXT NOT NULL,
    chat_id       TEXT NOT NULL,
    -- Side B's chat (on the same platform), set once by /clubmatch join with the code; NULL
    -- while both sides sign in side A's chat.
    away_chat_id  TEXT,
    -- What side B's chat types to take part: a few letters, unique among matches.
    code          TEXT NOT NULL UNIQUE,
    organiser_id  INTEGER NOT NULL REFERENCES players (id),
    kind          TEXT NOT NULL,
    boards        INTEGER NOT NULL CHECK (boards >= 1),
    -- JSON: the games' options (the clock) and the seed of the coin tosses.
    options       TEXT NOT NULL,
    status        TEXT NOT NULL
        CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    created_at    TEXT NOT NULL
);

CREATE INDEX club_matches_by_chat ON club_matches (chat_platform, chat_id);
CREATE INDEX club_matches_by_away_chat ON club_matches (chat_platform, away_chat_id);
CREATE INDEX club_matches_by_status ON club_matches (status);

-- One row a player of a side; `board` is set once, at the start.
CREATE TABLE club_match_players (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES club_matches (id) ON DELETE CASCADE,
    side      TEXT NOT NULL CHECK (side IN ('a', 'b')),
    player_id INTEGER NOT NULL REFERENCES players (id),
    board     INTEGER CHECK (board IS NULL OR board >= 1),
    joined_at TEXT NOT NULL,
    UNIQUE (match_id, player_id),
    UNIQUE (match_id, side, board)
);

CREATE INDEX club_match_players_by_match ON club_match_players (match_id);

-- The two games of each board, created at the start; `a_seat` is side A's seat in the game
-- (0: White). The key makes a third game of a board impossible.
CREATE TABLE club_match_games (
    match_id INTEGER NOT NULL REFERENCES club_matches (id) ON DELETE CASCADE,
    board    INTEGER NOT NULL CHECK (board >= 1),
    leg      INTEGER NOT NULL CHECK (leg IN (1, 2)),
    game_id  INTEGER NOT NULL UNIQUE REFERENCES games (id),
    a_seat   INTEGER NOT NULL CHECK (a_seat IN (0, 1)),
    PRIMARY KEY (match_id, board, leg)
);
