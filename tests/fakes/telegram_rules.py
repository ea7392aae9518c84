"""The Telegram Bot API's documented limits, as pure checks for the fake Bot API
(tests/fakes/telegram_api.py): each returns Telegram's error description ("Bad Request: ...")
for what Telegram refuses, or None.

Sources, all of core.telegram.org/bots/api: "Formatting options" (parse modes, the HTML tags
and entities), sendMessage / editMessageText ("1-4096 characters after entities parsing"),
sendPhoto / sendDocument / InputMediaPhoto ("0-1024 characters after entities parsing"),
InlineKeyboardButton ("callback_data ... 1-64 bytes"; "You must use exactly one of the
optional fields"), answerCallbackQuery ("text ... 0-200 characters"), setMyCommands ("At most
100 commands", "language_code: A two-letter ISO 639-1 language code" or empty), BotCommand
(command "1-32 characters. Can contain only lowercase English letters, digits and
underscores", description "1-256 characters"), BotCommandScope (its seven types and their
chat_id / user_id), setMyDescription (0-512) and setMyShortDescription (0-120). The error
descriptions are those of Telegram's server where they are on record; the fake's own wording
otherwise (the descriptions of setMyDescription, unknown parameters).
"""

from __future__ import annotations

import re
import struct
from typing import Any
from urllib.parse import urlsplit

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_CALLBACK_BYTES = 64
MAX_ANSWER = 200
MAX_COMMANDS = 100
MAX_COMMAND = 32
MAX_COMMAND_DESCRIPTION = 256
MAX_DESCRIPTION = 512
MAX_SHORT_DESCRIPTION = 120
# getFile: "bots can download files of up to 20MB in size" (Bot API, getFile).
MAX_DOWNLOAD = 20 * 1024 * 1024

PARSE_MODES = frozenset({"html", "markdown", "markdownv2"})
# "Formatting options", HTML style: the tags Telegram reads (attributes as documented).
HTML_TAGS = frozenset(
    {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler", "a",
     "tg-emoji", "code", "pre", "blockquote"}
)  # fmt: skip
NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
ENTITY = re.compile(r"&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
TAG = re.compile(r"<(/?)([a-zA-Z0-9-]*)([^>]*)>")
COMMAND = re.compile(r"^[a-z0-9_]+$")
LANGUAGE_CODE = re.compile(r"^[a-z]{2}$")

# BotCommandScope: each type and the fields it needs.
SCOPES: dict[str, tuple[str, ...]] = {
    "default": (),
    "all_private_chats": (),
    "all_group_chats": (),
    "all_chat_administrators": (),
    "chat": ("chat_id",),
    "chat_administrators": ("chat_id",),
    "chat_member": ("chat_id", "user_id"),
}
# InlineKeyboardButton: "You must use exactly one of the optional fields" (of these).
BUTTON_ACTIONS = frozenset(
    {"url", "callback_data", "web_app", "login_url", "switch_inline_query",
     "switch_inline_query_current_chat", "switch_inline_query_chosen_chat", "copy_text",
     "callback_game", "pay"}
)  # fmt: skip
BUTTON_FIELDS = BUTTON_ACTIONS | {"text", "icon_custom_emoji_id", "style"}
MEDIA_PHOTO_FIELDS = frozenset(
    {"type", "media", "caption", "parse_mode", "caption_entities", "show_caption_above_media",
     "has_spoiler"}
)  # fmt: skip

# The parameters each method documents (of the methods the fake answers). Telegram ignores a
# parameter it does not know, which hides a misspelt one: the fake refuses it instead.
_SENDING = {
    "business_connection_id", "chat_id", "message_thread_id", "direct_messages_topic_id",
    "disable_notification", "protect_content", "allow_paid_broadcast", "message_effect_id",
    "suggested_post_parameters", "reply_parameters", "reply_markup", "reply_to_message_id",
    "allow_sending_without_reply",
}  # fmt: skip
_CAPTIONED = {"caption", "parse_mode", "caption_entities", "show_caption_above_media"}
_EDITING = {"business_connection_id", "chat_id", "message_id", "inline_message_id", "reply_markup"}
PARAMETERS: dict[str, frozenset[str]] = {
    "getMe": frozenset(),
    "deleteWebhook": frozenset({"drop_pending_updates"}),
    "setWebhook": frozenset(
        {
            "url",
            "certificate",
            "ip_address",
            "max_connections",
            "allowed_updates",
            "drop_pending_updates",
            "secret_token",
        }
    ),
    "getWebhookInfo": frozenset(),
    "getUpdates": frozenset({"offset", "limit", "timeout", "allowed_updates"}),
    "sendMessage": frozenset(
        _SENDING
        | {"text", "parse_mode", "entities", "link_preview_options", "disable_web_page_preview"}
    ),
    "sendPhoto": frozenset(_SENDING | _CAPTIONED | {"photo", "has_spoiler"}),
    "sendDocument": frozenset(
        _SENDING | _CAPTIONED | {"document", "thumbnail", "disable_content_type_detection"}
    ),
    "editMessageText": frozenset(
        _EDITING
        | {"text", "parse_mode", "entities", "link_preview_options", "disable_web_page_preview"}
    ),
    "editMessageMedia": frozenset(_EDITING | {"media"}),
    "editMessageReplyMarkup": frozenset(_EDITING),
    "answerCallbackQuery": frozenset(
        {"callback_query_id", "text", "show_alert", "url", "cache_time"}
    ),
    "setMyCommands": frozenset({"commands", "scope", "language_code"}),
    "getMyCommands": frozenset({"scope", "language_code"}),
    "deleteMyCommands": frozenset({"scope", "language_code"}),
    "setMyDescription": frozenset({"description", "language_code"}),
    "getMyDescription": frozenset({"language_code"}),
    "setMyShortDescription": frozenset({"short_description", "language_code"}),
    "getMyShortDescription": frozenset({"language_code"}),
    "sendChatAction": frozenset(
        {"business_connection_id", "chat_id", "message_thread_id", "action"}
    ),
}
# sendChatAction's "Type of action to broadcast" (core.telegram.org/bots/api#sendchataction).
CHAT_ACTIONS = frozenset(
    {"typing", "upload_photo", "record_video", "upload_video", "record_voice", "upload_voice",
     "upload_document", "choose_sticker", "find_location", "record_video_note",
     "upload_video_note"}
)  # fmt: skip


def chat_action_problem(action: Any) -> str | None:
    """An action sendChatAction does not know, refused as Telegram refuses it."""
    if action not in CHAT_ACTIONS:
        return "Bad Request: wrong parameter action in request"
    return None


class EntityError(ValueError):
    """Text Telegram cannot parse in its parse mode."""


# setWebhook: the ports Telegram pushes to, a secret token's characters, the connections.
WEBHOOK_PORTS = (443, 80, 88, 8443)
WEBHOOK_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
MAX_WEBHOOK_CONNECTIONS = 100


def webhook_problem(params: dict[str, Any]) -> str | None:
    """What setWebhook refuses, as the Bot API documents it: an address other than HTTPS on
    port 443, 80, 88 or 8443, a secret token of other characters or length, a number of
    connections out of 1 to 100."""
    parts = urlsplit(str(params.get("url", "")))
    try:
        port = parts.port or 443
    except ValueError:
        port = 0
    if parts.scheme != "https" or not parts.hostname:
        return "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"
    if port not in WEBHOOK_PORTS:
        return "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
    secret = params.get("secret_token")
    if secret is not None and WEBHOOK_SECRET.fullmatch(str(secret)) is None:
        return "Bad Request: secret token contains unallowed characters"
    connections = params.get("max_connections")
    if connections is not None and not 1 <= int(connections) <= MAX_WEBHOOK_CONNECTIONS:
        return "Bad Request: bad webhook: max_connections must be between 1 and 100"
    return None


def unknown_parameter(method: str, params: dict[str, Any]) -> str | None:
    """A parameter `method` does not document (an uploaded file's name aside)."""
    for name in params:
        if not name.endswith("__filename") and name not in PARAMETERS[method]:
            return f'Bad Request: unknown parameter "{name}" of {method}'
    return None


def _byte_offset(text: str, index: int) -> int:
    return len(text[:index].encode())


def _decoded(fragment: str) -> str:
    """Plain text with its HTML entities read: the named four and every numeric one (an
    unknown name stays as written, as Telegram leaves it)."""

    def entity(match: re.Match[str]) -> str:
        body = match.group(1)
        if body.startswith("#x"):
            return chr(int(body[2:], 16))
        if body.startswith("#"):
            return chr(int(body[1:]))
        return NAMED_ENTITIES.get(body.lower(), match.group(0))

    return ENTITY.sub(entity, fragment)


def html_text(text: str) -> str:
    """What a person reads of an HTML-formatted text; raises EntityError with Telegram's
    description where its parser refuses the text."""
    shown: list[str] = []
    open_tags: list[tuple[str, int]] = []
    position = 0
    while (start := text.find("<", position)) != -1:
        shown.append(_decoded(text[position:start]))
        match = TAG.match(text, start)
        offset = _byte_offset(text, start)
        if match is None:
            raise EntityError(f"Unclosed start tag at byte offset {offset}")
        closing, name, attributes = match.group(1), match.group(2).lower(), match.group(3)
        if closing:
            if not open_tags:
                raise EntityError(f"Unexpected end tag at byte offset {offset}")
            expected, _ = open_tags.pop()
            if name != expected:
                raise EntityError(
                    f'Unmatched end tag at byte offset {offset}, expected "</{expected}>", '
                    f'found "</{name}>"'
                )
        elif name not in HTML_TAGS:
            raise EntityError(f'Unsupported start tag "{name}" at byte offset {offset}')
        elif name == "span" and not re.search(r"""class\s*=\s*["']?tg-spoiler""", attributes):
            raise EntityError(f'Tag "span" must have class "tg-spoiler" at byte offset {offset}')
        else:
            open_tags.append((name, offset))
        position = match.end()
    shown.append(_decoded(text[position:]))
    if open_tags:
        raise EntityError(f'Can\'t find end tag corresponding to start tag "{open_tags[-1][0]}"')
    return "".join(shown)


def shown_text(text: str, parse_mode: str | None) -> str:
    """The text after entities parsing. Markdown is not parsed: its raw length is an upper
    bound of the parsed one, so the limits hold at least as strictly."""
    if not parse_mode:
        return text
    if parse_mode.lower() not in PARSE_MODES:
        raise EntityError("unsupported parse_mode")
    return html_text(text) if parse_mode.lower() == "html" else text


def _parsed(text: str, parse_mode: str | None) -> tuple[str | None, str | None]:
    try:
        return shown_text(text, parse_mode), None
    except EntityError as error:
        reason = str(error)
        if reason == "unsupported parse_mode":
            return None, "Bad Request: unsupported parse_mode"
        return None, f"Bad Request: can't parse entities: {reason}"


def message_text_problem(text: Any, parse_mode: str | None) -> str | None:
    """A message's text: 1-4096 characters after entities parsing."""
    shown, problem = _parsed(str(text or ""), parse_mode)
    if problem is not None or shown is None:
        return problem
    if not shown.strip():
        return "Bad Request: message text is empty"
    if len(shown) > MAX_TEXT:
        return "Bad Request: message is too long"
    return None


def caption_problem(caption: Any, parse_mode: str | None) -> str | None:
    """A photo's or document's caption: 0-1024 characters after entities parsing."""
    if caption is None:
        return None
    shown, problem = _parsed(str(caption), parse_mode)
    if problem is not None or shown is None:
        return problem
    return "Bad Request: message caption is too long" if len(shown) > MAX_CAPTION else None


# sendPhoto (core.telegram.org/bots/api#sendphoto): "The photo must be at most 10 MB in size.
# The photo's width and height must not exceed 10000 in total. Width and height ratio must
# be at most 20."
MAX_PHOTO_BYTES = 10 * 1000 * 1000
MAX_PHOTO_SIDES = 10_000
MAX_PHOTO_RATIO = 20


def photo_problem(photo: bytes) -> str | None:
    """A PNG photo's size and shape, as sendPhoto documents them (its IHDR: width, height)."""
    if len(photo) > MAX_PHOTO_BYTES:
        return "Bad Request: PHOTO_SAVE_FILE_INVALID"
    if len(photo) < 24:
        return "Bad Request: IMAGE_PROCESS_FAILED"
    width, height = struct.unpack(">II", photo[16:24])
    if not width or not height:
        return "Bad Request: IMAGE_PROCESS_FAILED"
    if width + height > MAX_PHOTO_SIDES or max(width, height) > MAX_PHOTO_RATIO * min(
        width, height
    ):
        return "Bad Request: PHOTO_INVALID_DIMENSIONS"
    return None


def button_problem(button: Any, private: bool = True) -> str | None:
    """An inline keyboard button: a label, exactly one action, callback data of 1-64 bytes,
    no field the type does not document; a web_app button only in a private chat ("Available
    only in private chats between a user and the bot"), to an HTTPS address; a url button to
    an HTTP(S) or tg:// address."""
    if not isinstance(button, dict) or not button.get("text"):
        return "Bad Request: text buttons are unallowed in the inline keyboard"
    unknown = set(button) - BUTTON_FIELDS
    if unknown:
        return f'Bad Request: unknown field "{sorted(unknown)[0]}" of InlineKeyboardButton'
    actions = set(button) & BUTTON_ACTIONS
    if not actions:
        return "Bad Request: text buttons are unallowed in the inline keyboard"
    if len(actions) > 1:
        return "Bad Request: can't parse inline keyboard button: exactly one field expected"
    data = button.get("callback_data")
    if data is not None and not 1 <= len(str(data).encode()) <= MAX_CALLBACK_BYTES:
        return "Bad Request: BUTTON_DATA_INVALID"
    if "web_app" in button:
        return _web_app_problem(button["web_app"], private)
    if "url" in button and not str(button["url"]).startswith(URL_SCHEMES):
        return "Bad Request: BUTTON_URL_INVALID"
    return None


# InlineKeyboardButton.url: "HTTP or tg:// URL to be opened when the button is pressed".
URL_SCHEMES = ("http://", "https://", "tg://")


def _web_app_problem(web_app: Any, private: bool) -> str | None:
    if not private:
        return "Bad Request: BUTTON_TYPE_INVALID"
    url = web_app.get("url") if isinstance(web_app, dict) else None
    if not isinstance(url, str) or not url.startswith("https://"):
        return (
            f"Bad Request: inline keyboard button Web App URL '{url}' is invalid: "
            "Only HTTPS links are allowed"
        )
    return None


def media_photo_problem(media: Any) -> str | None:
    """An InputMediaPhoto: its documented fields only, its caption within limits."""
    if not isinstance(media, dict):
        return "Bad Request: can't parse InputMedia JSON object"
    unknown = set(media) - MEDIA_PHOTO_FIELDS
    if unknown:
        return f'Bad Request: unknown field "{sorted(unknown)[0]}" of InputMediaPhoto'
    return caption_problem(media.get("caption"), media.get("parse_mode"))


def answer_problem(text: Any) -> str | None:
    """answerCallbackQuery's notification: 0-200 characters."""
    if text is not None and len(str(text)) > MAX_ANSWER:
        return "Bad Request: answer text is too long"
    return None


def language_problem(language_code: Any) -> str | None:
    """Empty, or a two-letter ISO 639-1 code."""
    if language_code in (None, "") or (
        isinstance(language_code, str) and LANGUAGE_CODE.match(language_code)
    ):
        return None
    return "Bad Request: invalid language code specified"


def scope_problem(scope: Any) -> str | None:
    """A BotCommandScope: one of the seven types, with the chat_id (and user_id) it needs."""
    if scope is None:
        return None
    if not isinstance(scope, dict):
        return "Bad Request: can't parse BotCommandScope JSON object"
    kind = scope.get("type")
    if kind is None:
        return 'Bad Request: Can\'t find field "type"'
    if kind not in SCOPES:
        return "Bad Request: Unsupported type specified"
    needed = SCOPES[kind]
    for name in needed:
        if name not in scope:
            return f'Bad Request: Can\'t find field "{name}"'
    unknown = set(scope) - {"type", *needed}
    if unknown:
        return f'Bad Request: unknown field "{sorted(unknown)[0]}" of BotCommandScope'
    return None


def scope_key(scope: Any) -> str:
    """The command list a scope addresses ("default" without one)."""
    if not scope:
        return "default"
    return ":".join(str(scope.get(name, "")) for name in ("type", *SCOPES[scope["type"]]))


def commands_problem(commands: Any) -> str | None:
    """setMyCommands' list: at most 100 BotCommands, each command 1-32 of a-z, 0-9 and _, each
    description 1-256 characters."""
    if not isinstance(commands, list):
        return "Bad Request: can't parse commands JSON object"
    if len(commands) > MAX_COMMANDS:
        return "Bad Request: BOT_COMMANDS_TOO_MUCH"
    for command in commands:
        if not isinstance(command, dict):
            return "Bad Request: can't parse BotCommand JSON object"
        unknown = set(command) - {"command", "description"}
        if unknown:
            return f'Bad Request: unknown field "{sorted(unknown)[0]}" of BotCommand'
        name = str(command.get("command", ""))
        description = str(command.get("description", ""))
        if not name:
            return "Bad Request: command must be non-empty"
        if len(name) > MAX_COMMAND:
            return f"Bad Request: command length must not exceed {MAX_COMMAND}"
        if not COMMAND.match(name):
            return "Bad Request: BOT_COMMAND_INVALID"
        if not description:
            return "Bad Request: command description must be non-empty"
        if len(description) > MAX_COMMAND_DESCRIPTION:
            return (
                f"Bad Request: command description length must not exceed {MAX_COMMAND_DESCRIPTION}"
            )
    return None


def description_problem(description: Any, limit: int, what: str) -> str | None:
    """setMyDescription (0-512) and setMyShortDescription (0-120)."""
    if description is not None and len(str(description)) > limit:
        return f"Bad Request: {what} is too long"
    return None
