-- Work that several bot processes on one database must do once between them.
--
-- inbound_updates: the updates a platform pushed to the bot (Telegram's webhook, behind a
-- proxy that spreads them over the processes), by the platform's own update id. The process
-- that stores one first handles it (`holder`, renewing `claimed_at` while it works); the
-- platform sending it again (an answer it did not get) finds it stored; one whose holder
-- died is taken over once its lease ran out. `done_at`: handled (kept a while, against late
-- repeats). `body` is the update as the platform sent it (JSON).
CREATE TABLE inbound_updates (
    platform   TEXT NOT NULL,
    bot        TEXT NOT NULL,
    update_id  INTEGER NOT NULL,
    body       TEXT NOT NULL,
    holder     TEXT,
    claimed_at REAL NOT NULL,
    done_at    REAL,
    PRIMARY KEY (platform, bot, update_id)
) WITHOUT ROWID;

CREATE INDEX inbound_updates_open ON inbound_updates (platform, bot, claimed_at)
WHERE done_at IS NULL;

-- board_sends: who sends a new board message of a game in a chat. A process takes the slot
-- (game, chat) for a version before it sends, so that of two processes showing the same new
-- board only one sends it; `holder` is NULL once the message is out (the slot then holds
-- the version sent), and a slot whose holder died is taken over after its lease.
CREATE TABLE board_sends (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    platform   TEXT NOT NULL,
    chat_id    TEXT NOT NULL,
    version    INTEGER NOT NULL,
    holder     TEXT,
    claimed_at REAL NOT NULL,
    PRIMARY KEY (game_id, platform, chat_id)
) WITHOUT ROWID;
