-- A notice may wait until a moment (Unix seconds, NULL: at once). A turn ping (kind
-- 'turn:PLY', PLY the number of moves when the turn began) is due a while after the turn
-- began and is dropped if the player acted meanwhile (docs/notifications.md).

ALTER TABLE notices ADD COLUMN due_at REAL;

-- One ping per player and turn, whichever process or code path queues it.
CREATE UNIQUE INDEX one_ping_per_turn ON notices (game_id, player_id, kind)
    WHERE kind LIKE 'turn:%';

CREATE INDEX notices_by_due ON notices (due_at) WHERE sent_at IS NULL AND due_at IS NOT NULL;
