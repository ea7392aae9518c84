-- Ratings: each player's rating in each pool (a variant and a pace: "brazilian/live"), the
-- change each rated game made to each of its players, and whether challenges and games are
-- rated. Ratings are on the Glicko scale (1500 ± 350); `volatility` moves only in Glicko-2
-- pools. The changes are written in the transaction that stores the game's result; their
-- primary key makes a second write of one game's change impossible.

-- What the challenger asked (1: rated, the default; 0: casual). Whether the game is rated is
-- decided when it starts (never against the computer or from a set-up position); games
-- stored before ratings existed stay casual.
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

CREATE TABLE ratings (
    player_id   INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    pool        TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    -- When the latest rated game of the pool ended: the deviation grows from then on.
    last_played TEXT,
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (player_id, pool)
);

CREATE INDEX ratings_by_pool ON ratings (pool);

CREATE TABLE rating_changes (
    game_id           INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id         INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    pool              TEXT NOT NULL,
    rating_before     REAL NOT NULL,
    deviation_before  REAL NOT NULL,
    volatility_before REAL NOT NULL,
    rating_after      REAL NOT NULL,
    deviation_after   REAL NOT NULL,
    volatility_after  REAL NOT NULL,
    changed_at        TEXT NOT NULL,
    PRIMARY KEY (game_id, player_id)
);

CREATE INDEX rating_changes_by_player ON rating_changes (player_id, changed_at);

-- The players seen in a chat are those who played a game there (the chat's leaderboard).
CREATE INDEX games_by_chat ON games (chat_platform, chat_id);
