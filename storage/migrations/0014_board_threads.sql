-- A board may live in a thread of its chat (a Telegram forum topic of a tournament game
-- whose organiser chose boards=threads): its id, so that the game's later boards go there,
-- also after a restart. NULL: the chat itself.

ALTER TABLE board_messages ADD COLUMN thread_id TEXT;
