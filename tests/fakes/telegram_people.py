"""The people of the fake Telegram, as the tests play them: users, their private chats,
groups and forums and who runs them, a person who blocks the bot or removes it, and what
people send (texts, files) or delete, delivered to the bot as updates."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.fakes.telegram_common import ChatRecord
from tests.fakes.telegram_state import BotApiState


class PeopleMixin(BotApiState):
    """People, chats and what people do in them."""

    def user(
        self, user_id: int, first_name: str, username: str | None = None, language: str = "en"
    ) -> dict[str, Any]:
        user: dict[str, Any] = {
            "id": user_id,
            "is_bot": False,
            "first_name": first_name,
            "language_code": language,
        }
        if username:
            user["username"] = username
        self.users[user_id] = user
        return user

    def private_chat(self, user: dict[str, Any]) -> dict[str, Any]:
        """The person's private chat with the bot; closed until they write in it."""
        chat = {"id": user["id"], "type": "private", "first_name": user["first_name"]}
        self.chats.setdefault(user["id"], ChatRecord(chat, open_to_bot=False, ever_opened=False))
        return chat

    def group(self, chat_id: int, title: str) -> dict[str, Any]:
        chat = {"id": chat_id, "type": "supergroup", "title": title}
        self.chats.setdefault(chat_id, ChatRecord(chat))
        return chat

    def make_admin(
        self, chat: dict[str, Any], user: dict[str, Any], *, owner: bool = False
    ) -> None:
        """The person owns the group (`owner`) or is one of its administrators."""
        self.admins.setdefault(chat["id"], {})[user["id"]] = "creator" if owner else "administrator"

    def forum(self, chat_id: int, title: str, *, can_manage_topics: bool = True) -> dict[str, Any]:
        """A supergroup with topics; the bot an admin who may (or may not) manage them."""
        chat = {"id": chat_id, "type": "supergroup", "title": title, "is_forum": True}
        self.chats.setdefault(chat_id, ChatRecord(chat, can_manage_topics=can_manage_topics))
        return chat

    def block(self, user: dict[str, Any], *, announce: bool = True) -> None:
        """The person blocks the bot; Telegram tells the bot with a my_chat_member update
        (`announce=False`: the bot learns it only from its next message's 403)."""
        record = self.chats[user["id"]]
        record.open_to_bot = False
        if announce:
            self._push(
                {
                    "my_chat_member": {
                        "chat": record.info,
                        "from": user,
                        "date": int(time.time()),
                        "old_chat_member": {"user": self.bot_user, "status": "member"},
                        "new_chat_member": {
                            "user": self.bot_user,
                            "status": "kicked",
                            "until_date": 0,
                        },
                    }
                }
            )

    def remove_bot_from(self, chat: dict[str, Any]) -> None:
        self.chats[chat["id"]].open_to_bot = False

    def send_text(
        self,
        user: dict[str, Any],
        chat: dict[str, Any],
        content: str,
        *,
        reply_to: dict[str, Any] | None = None,
        entities: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """A person writes in a chat; a private message opens the chat to the bot."""
        message: dict[str, Any] = {"text": content}
        found = _command_entity(content) + list(entities or [])
        if found:
            message["entities"] = found
        if reply_to is not None:
            message["reply_to_message"] = {
                key: value for key, value in reply_to.items() if key != "reply_to_message"
            }
        return self._posted_by(user, chat, message)

    def _posted_by(
        self, user: dict[str, Any], chat: dict[str, Any], fields: dict[str, Any]
    ) -> dict[str, Any]:
        """A person's message in a chat, delivered as an update; a private one opens the chat
        to the bot."""
        record = self.chats[chat["id"]]
        if chat["type"] == "private":
            record.open_to_bot = record.ever_opened = True
        message: dict[str, Any] = {
            "message_id": next(record.next_message_id),
            "date": int(time.time()),
            "chat": chat,
            "from": user,
            **fields,
        }
        self.messages[(chat["id"], message["message_id"])] = message
        self._push({"message": message})
        return message

    def send_document(
        self,
        user: dict[str, Any],
        chat: dict[str, Any],
        name: str,
        content: bytes,
        *,
        caption: str | None = None,
        with_size: bool = True,
    ) -> dict[str, Any]:
        """A person sends a file (with a caption, which may be a command); Telegram gives its
        size with it, or not (`with_size`: the field is optional)."""
        file_id = f"document-{next(self._file_ids)}"
        self.sent_files[file_id] = (name, content)
        document: dict[str, Any] = {
            "file_id": file_id,
            "file_unique_id": file_id,
            "file_name": name,
            "mime_type": "application/octet-stream",
        }
        if with_size:
            document["file_size"] = len(content)
        message: dict[str, Any] = {"document": document}
        if caption is not None:
            message["caption"] = caption
            found = _command_entity(caption)
            if found:
                message["caption_entities"] = found
        return self._posted_by(user, chat, message)

    def forget_file(self, file_id: str) -> None:
        """A file id Telegram no longer knows (another bot's, or a forged one)."""
        self.sent_files.pop(file_id)

    def delete_message(self, message: dict[str, Any]) -> None:
        """Someone deletes a message of the chat."""
        key = (message["chat"]["id"], message["message_id"])
        self.messages.pop(key, None)
        self.photos.pop(key, None)


def _command_entity(content: str) -> list[dict[str, Any]]:
    """The bot_command entity Telegram marks at the start of a text or caption, if any."""
    command = re.match(r"/\S+", content)
    return [{"type": "bot_command", "offset": 0, "length": command.end()}] if command else []
