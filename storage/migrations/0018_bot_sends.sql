-- When each bot last noted that it wrote on its platform (Unix seconds), so that a process
-- that starts within a minute of its bot's last message keeps to the platform's rate limits,
-- and one that starts after a quiet minute sends at once (bot/service/sends/last_sends.py).
-- A bot is named by a hash of its token, never by the token.

CREATE TABLE bot_sends (
    platform TEXT NOT NULL,
    bot      TEXT NOT NULL,
    sent_at  REAL NOT NULL,
    PRIMARY KEY (platform, bot)
) WITHOUT ROWID;
