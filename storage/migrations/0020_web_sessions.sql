-- The web companion's sign-ins (bot/service/web_sessions/): a personal link given privately
-- ("link", used once, minutes long) and the session it opens ("session", weeks long), each
-- named by a hash of its token, never by the token; a person's rows are deleted at once by
-- /web logout.

CREATE TABLE web_sessions (
    token_hash   TEXT NOT NULL PRIMARY KEY,
    kind         TEXT NOT NULL CHECK (kind IN ('link', 'session')),
    platform     TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    display_name TEXT NOT NULL,
    expires_at   REAL NOT NULL
) WITHOUT ROWID;

CREATE INDEX web_sessions_person ON web_sessions (platform, user_id);
