-- Every chat message that has shown a game's board, kept after a newer message takes its
-- place in board_messages: a reply to any board (a move typed as a reply in a Telegram
-- group) belongs to that board's game, never to another game of the same player.

CREATE TABLE shown_boards (
    platform   TEXT NOT NULL,
    chat_id    TEXT NOT NULL,
    message_id TEXT NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (platform, chat_id, message_id)
) WITHOUT ROWID;

INSERT INTO shown_boards (platform, chat_id, message_id, game_id)
SELECT platform, chat_id, message_id, game_id FROM board_messages WHERE true
ON CONFLICT (platform, chat_id, message_id) DO NOTHING;
