"""The methods that edit a message of the bot: editMessageMedia, editMessageReplyMarkup and
editMessageText, refused as Telegram refuses an edit that changes nothing."""

from __future__ import annotations

from typing import Any

from tests.fakes import telegram_rules as rules
from tests.fakes.telegram_common import PNG_SIGNATURE, ApiError
from tests.fakes.telegram_state import BotApiState

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)


class EditingMixin(BotApiState):
    """Editing messages."""

    def _api_editMessageMedia(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self._check_call("editMessageMedia", params)
        key, message = self._existing(params)
        media = params.get("media") or {}
        self._check(rules.media_photo_problem(media))
        attached = str(media.get("media", "")).removeprefix("attach://")
        photo = files.get(attached)
        if media.get("type") != "photo" or photo is None or not photo.startswith(PNG_SIGNATURE):
            raise ApiError(400, "Bad Request: wrong media")
        self._check(rules.photo_problem(photo))
        caption = media.get("caption")
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        if (self.photos.get(key), message.get("caption"), message.get("reply_markup")) == (
            photo,
            caption,
            markup,
        ):
            raise ApiError(400, NOT_MODIFIED)
        self.photos[key] = photo
        message.update(photo=self._photo_sizes(photo), caption=caption, reply_markup=markup)
        return self._without_empty(message)

    def _api_editMessageReplyMarkup(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("editMessageReplyMarkup", params)
        _, message = self._existing(params)
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        if message.get("reply_markup") == markup:
            raise ApiError(400, NOT_MODIFIED)
        message["reply_markup"] = markup
        return self._without_empty(message)

    def _api_editMessageText(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("editMessageText", params)
        _, message = self._existing(params)
        content = params.get("text", "")
        self._check(rules.message_text_problem(content, params.get("parse_mode")))
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        if (message.get("text"), message.get("reply_markup")) == (content, markup):
            raise ApiError(400, NOT_MODIFIED)
        message.update(text=content, reply_markup=markup)
        return self._without_empty(message)
