-- Game reviews (/review): each move's score, mark and better line, computed once in the
-- worker processes and shown again from here. `key` is `game:ID` for a stored game and
-- `pdn:` with the SHA-256 of the text for a PDN given to the review (game_id NULL).

CREATE TABLE reviews (
    key TEXT PRIMARY KEY,
    game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
    nodes INTEGER NOT NULL,
    content TEXT NOT NULL,
    created_at TEXT NOT NULL
);
