-- The language a chat's administrators chose for its boards and public messages (/lang chat
-- pt); NULL: none chosen, and the platform's default for the place (a Discord server's
-- locale) or the first player's language (the column `language`) is used.

ALTER TABLE chat_settings ADD COLUMN chosen_language TEXT;
