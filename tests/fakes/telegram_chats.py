"""The methods about chats: getChat, getChatMember (owners, administrators and their rights,
members), sendChatAction, createForumTopic in a forum, and getFile for the files people sent
in them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.fakes import telegram_rules as rules
from tests.fakes.telegram_common import BOT_ID, ApiError
from tests.fakes.telegram_state import BotApiState

MAX_TOPIC_NAME = 128


class ChatsMixin(BotApiState):
    """Chats, their members and topics, and files."""

    def _api_getChatMember(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        """The member as the Bot API describes one: ChatMemberOwner, ChatMemberAdministrator
        (every right, as a group's creator gives them by default) or ChatMemberMember."""
        record = self._chat_for_bot(params.get("chat_id"))
        raw = str(params.get("user_id", ""))
        if not raw.isdigit():
            raise ApiError(400, "Bad Request: invalid user_id specified")
        user = self.bot_user if int(raw) == BOT_ID else self.users.get(int(raw))
        if user is None:
            raise ApiError(400, "Bad Request: user not found")
        status = self.admins.get(record.info["id"], {}).get(user["id"], "member")
        if user is self.bot_user and record.info.get("is_forum"):
            # A forum's bot is an administrator, allowed to manage topics or not.
            status = "administrator"
        if status == "creator":
            return {"user": user, "status": status, "is_anonymous": False}
        if status == "member":
            return {"user": user, "status": status}
        rights = (
            "can_manage_chat can_delete_messages can_manage_video_chats can_restrict_members "
            "can_change_info can_invite_users can_pin_messages can_manage_topics "
            "can_post_stories can_edit_stories can_delete_stories"
        )
        granted = dict.fromkeys(rights.split(), True)
        if user is self.bot_user:
            granted["can_manage_topics"] = record.can_manage_topics
        return {
            "user": user,
            "status": status,
            "can_be_edited": False,
            "is_anonymous": False,
            "can_promote_members": False,
            **granted,
        }

    def _api_getFile(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        """A file's download path, for files of up to 20 MB (Telegram's limit for bots)."""
        file_id = str(params.get("file_id", ""))
        if file_id not in self.sent_files:
            raise ApiError(400, "Bad Request: invalid file_id")
        name, content = self.sent_files[file_id]
        if len(content) > rules.MAX_DOWNLOAD:
            raise ApiError(400, "Bad Request: file is too big")
        path = f"documents/file_{len(self.file_paths)}{Path(name).suffix}"
        self.file_paths[path] = content
        return {
            "file_id": file_id,
            "file_unique_id": file_id,
            "file_size": len(content),
            "file_path": path,
        }

    def _api_getChat(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        """The chat as a ChatFullInfo (Bot API 7.3): its fields and the two always there."""
        record = self._chat_for_bot(params.get("chat_id"))
        return {**record.info, "accent_color_id": 0, "max_reaction_count": 11}

    def _api_sendChatAction(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        """Telegram shows the action in the chat (for 5 seconds at most); the fake keeps it."""
        self._check_call("sendChatAction", params)
        record = self._chat_for_bot(params.get("chat_id"))
        self._check(rules.chat_action_problem(params.get("action")))
        self._in_thread(record, params)
        self.chat_actions.append((record.info["id"], params["action"]))
        return True

    def _api_createForumTopic(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        record = self._chat_for_bot(params.get("chat_id"))
        if not record.info.get("is_forum"):
            raise ApiError(400, "Bad Request: the chat is not a forum")
        if not record.can_manage_topics:
            raise ApiError(400, "Bad Request: not enough rights to create a topic")
        name = params.get("name", "")
        if not 1 <= len(name) <= MAX_TOPIC_NAME:
            raise ApiError(400, "Bad Request: TOPIC_NAME_INVALID")
        # The topic is the service message that opens it: its id is the thread's.
        opened = self._new_message(record, forum_topic_created={"name": name, "icon_color": 0})
        thread = opened["message_id"]
        record.topics.add(thread)
        opened.update(message_thread_id=thread, is_topic_message=True)
        return {"message_thread_id": thread, "name": name, "icon_color": 7322096}
