-- The turns of a bot's calls in each chat, shared by all the processes of that bot.
-- Telegram counts a chat's messages per bot, whichever process sent them. A process takes
-- the chat's next turn here before a call, so several processes together keep to one
-- message a second in a chat and twenty a minute in a group
-- (bot/service/sends/chat_turns.py).
--
-- next_at: the earliest moment (Unix seconds) of the chat's next call, one spacing after
-- the last call taken, by the process `taken_by` (the store's own id for its process).
-- paced_until: the chat's pace as a theoretical arrival time (the generic cell rate
-- algorithm). A call may go once paced_until less the chat's burst tolerance has come, and
-- each call moves paced_until on by the chat's interval.
-- A bot is named by a hash of its token, as in bot_sends.

CREATE TABLE chat_turns (
    platform    TEXT NOT NULL,
    bot         TEXT NOT NULL,
    chat_id     TEXT NOT NULL,
    next_at     REAL NOT NULL,
    paced_until REAL NOT NULL,
    taken_by    TEXT NOT NULL,
    PRIMARY KEY (platform, bot, chat_id)
) WITHOUT ROWID;
