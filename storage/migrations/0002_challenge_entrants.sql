-- Ludo tables fill up one player at a time: the players who joined an open challenge, in
-- the order they joined, as a JSON array of player ids.

ALTER TABLE challenges ADD COLUMN entrants TEXT NOT NULL DEFAULT '[]';
