-- The seat that asks to take its last move back, stored as a draw offer is: a request made
-- through one process can be answered through another, and outlives a restart. Any move, end
-- or takeback withdraws it.

ALTER TABLE games ADD COLUMN takeback_offer INTEGER;
