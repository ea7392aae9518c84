-- Arenas (docs/arenas.md): a tournament that runs until a fixed time, whose players join and
-- pause at any time and are paired again as soon as their game ends. Each arena game is a
-- round of its own (table 1), started in the transaction that checks, under the arena's
-- lock, that neither player has a game going on: nobody is paired twice at once, whatever
-- process pairs and whenever one dies.

-- When an arena ends (Unix seconds), set at its start; NULL for the other formats.
ALTER TABLE tournaments ADD COLUMN ends_at REAL;

-- An arena's entry that paused (1) is not paired until it joins again; `back_at` (Unix
-- seconds) is when it joined or came back, from which it waits for an opponent.
ALTER TABLE tournament_entries ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_entries ADD COLUMN back_at REAL;

-- The seats of an arena game whose players went berserk (halved their own time a move
-- before their first move, for a point more on a win): 1 White, 2 Black, 3 both.
ALTER TABLE tournament_games ADD COLUMN berserk INTEGER NOT NULL DEFAULT 0;
