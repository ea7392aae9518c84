"""Telegram's Mini App initData, checked on every request as core.telegram.org/bots/webapps
says ("Validating data received via the Mini App"): the `hash` is the HMAC-SHA256 of the
other fields, sorted and joined with newlines, under the key HMAC-SHA256("WebAppData", bot
token); `auth_date` is recent. Anything else is refused with the reason."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import parse_qsl, urlencode

from bot.i18n import Text, text

# How long an opened Mini App acts for its user: Telegram signs initData when it opens it.
MAX_AGE = timedelta(hours=1)
# A clock a little ahead of Telegram's is no forgery.
CLOCK_SKEW = timedelta(minutes=1)


class InitDataRefused(Exception):
    def __init__(self, reason: Text) -> None:
        super().__init__(reason.message)
        self.reason = reason


@dataclass(frozen=True)
class WebAppUser:
    user_id: str
    name: str
    language: str | None
    start_parameter: str | None


def secret_key(bot_token: str) -> bytes:
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def signed_init_data(fields: dict[str, str], bot_token: str) -> str:
    """initData as Telegram signs it: for the tests and the benchmark, which play Telegram."""
    digest = hmac.new(secret_key(bot_token), _checked(fields).encode(), hashlib.sha256)
    return urlencode({**fields, "hash": digest.hexdigest()})


def _checked(fields: dict[str, str]) -> str:
    """The data-check-string: every field but the hash, sorted, as key=value lines."""
    return "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))


FORGED = text("This page was not opened from Telegram. Open it again from the bot.")
STALE = text("This page has been open too long. Close it and open it again from the bot.")


def checked_user(init_data: str, bot_token: str, now: datetime) -> WebAppUser:
    """The Telegram user the initData names, if Telegram signed it lately."""
    try:
        fields = dict(parse_qsl(init_data, keep_blank_values=True, strict_parsing=True))
        given = fields.pop("hash", "")
        checked = _checked(fields).encode()  # a lone surrogate has no UTF-8: ValueError
    except ValueError as error:
        raise InitDataRefused(FORGED) from error
    digest = hmac.new(secret_key(bot_token), checked, hashlib.sha256).hexdigest()
    if not (given.isascii() and hmac.compare_digest(digest, given)):
        raise InitDataRefused(FORGED)
    try:
        signed_at = datetime.fromtimestamp(int(fields["auth_date"]), now.tzinfo)
        user = json.loads(fields["user"])
        user_id = str(int(user["id"]))
    except (KeyError, ValueError, TypeError) as error:
        raise InitDataRefused(FORGED) from error
    if not now - MAX_AGE <= signed_at <= now + CLOCK_SKEW:
        raise InitDataRefused(STALE)
    name = str(user.get("username") or user.get("first_name") or user_id)
    language = user.get("language_code")
    return WebAppUser(
        user_id, name, language if isinstance(language, str) else None, fields.get("start_param")
    )
