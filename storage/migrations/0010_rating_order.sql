-- The order in which rated games' changes were applied (1, 2, 3, ...): two games of one player
-- that end at once are rated one after the other, in whichever order their transactions took
-- the player's rating lock, and `recompute-ratings` replays them in that order, not in the
-- order of their end times. The changes of before have none (they were applied by end time).

ALTER TABLE rating_changes ADD COLUMN applied INTEGER;
CREATE INDEX rating_changes_applied ON rating_changes (applied);
