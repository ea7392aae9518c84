-- leaderboard_messages: the one message of each competition's leaderboard in each chat (an
-- arena's standings, a club match's score board), edited as the standings change. Kept here
-- rather than in a process's memory, so that after a restart, or from another process on the
-- same database, the next update edits the same message instead of posting a second one.
-- `board` names the competition ("tournament:7", "clubmatch:3"). A process takes the row
-- (`holder`, `claimed_at`) before it posts a new message -- the first one, or the one that
-- replaces a message deleted in the chat -- so that of two processes only one posts;
-- `holder` is NULL again once `message_id` is stored, and a holder that died loses the row
-- after its lease.
CREATE TABLE leaderboard_messages (
    board      TEXT NOT NULL,
    platform   TEXT NOT NULL,
    chat_id    TEXT NOT NULL,
    message_id TEXT,
    holder     TEXT,
    claimed_at REAL NOT NULL,
    PRIMARY KEY (board, platform, chat_id)
) WITHOUT ROWID;
