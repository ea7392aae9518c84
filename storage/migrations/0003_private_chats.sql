-- Where the bot can write to a person privately on each platform (a Telegram private chat
-- after they started the bot, a Discord DM channel): turn notices and reminders go there.

ALTER TABLE identities ADD COLUMN private_chat_id TEXT;
