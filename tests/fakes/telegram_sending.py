"""The methods that send a message: sendMessage, sendPhoto (a PNG) and sendDocument, each
checked against Telegram's limits in the chat (and topic) it goes to."""

from __future__ import annotations

from typing import Any

from tests.fakes import telegram_rules as rules
from tests.fakes.telegram_common import PNG_SIGNATURE, ApiError
from tests.fakes.telegram_state import BotApiState


class SendingMixin(BotApiState):
    """Sending messages."""

    def _api_sendMessage(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("sendMessage", params)
        record = self._chat_for_bot(params.get("chat_id"))
        content = params.get("text", "")
        self._check(rules.message_text_problem(content, params.get("parse_mode")))
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        return self._new_message(
            record,
            text=content,
            parse_mode=params.get("parse_mode"),
            reply_markup=markup,
            **self._in_thread(record, params),
        )

    def _api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self._check_call("sendPhoto", params)
        record = self._chat_for_bot(params.get("chat_id"))
        photo = files.get("photo")
        if photo is None or not photo.startswith(PNG_SIGNATURE):
            raise ApiError(400, "Bad Request: IMAGE_PROCESS_FAILED")
        self._check(rules.photo_problem(photo))
        self._check(rules.caption_problem(params.get("caption"), params.get("parse_mode")))
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        message = self._new_message(
            record,
            photo=self._photo_sizes(photo),
            caption=params.get("caption"),
            reply_markup=markup,
            **self._in_thread(record, params),
        )
        self.photos[(record.info["id"], message["message_id"])] = photo
        return message

    def _api_sendDocument(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self._check_call("sendDocument", params)
        record = self._chat_for_bot(params.get("chat_id"))
        content = files.get("document")
        if not content:
            raise ApiError(400, "Bad Request: file must be non-empty")
        self._check(rules.caption_problem(params.get("caption"), params.get("parse_mode")))
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        name = params.get("document__filename") or "document"
        message = self._new_message(
            record,
            document={"file_id": name, "file_unique_id": name, "file_name": name},
            caption=params.get("caption"),
            reply_markup=markup,
        )
        self.documents[(record.info["id"], message["message_id"])] = (name, content)
        return message
