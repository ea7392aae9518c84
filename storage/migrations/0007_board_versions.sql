-- The game version each board message shows: a front end never replaces a board with an
-- older one, and after a restart it re-sends only the boards that fell behind. The boards
-- already shown count as up to date (no burst of edits after the upgrade).

ALTER TABLE board_messages ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

UPDATE board_messages
SET version = (SELECT games.version FROM games WHERE games.id = board_messages.game_id);

-- What a chat chose for itself: /flip draws its boards between people from Black's side;
-- its public messages speak the language of the first person who played there (NULL: none
-- yet), so that a board between a Portuguese and an Italian player keeps one language.
CREATE TABLE chat_settings (
    platform TEXT NOT NULL,
    chat_id  TEXT NOT NULL,
    flipped  INTEGER NOT NULL DEFAULT 0 CHECK (flipped IN (0, 1)),
    language TEXT,
    PRIMARY KEY (platform, chat_id)
) WITHOUT ROWID;
