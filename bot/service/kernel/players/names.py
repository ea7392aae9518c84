"""A person's name as the bot stores and shows it, whatever the platform or `/as` gave.

Control characters are dropped (they could break a caption or fake a new line), long names
are cut, an empty name gets a fallback, and no person can pose as the computer: a name that
starts with the computer's name in any language is shown in quotation marks («Computer»).
"""

from __future__ import annotations

import re
from functools import cache

from bot.i18n import LANGUAGES, quote, text, translate

NAME_LIMIT = 32


@cache
def _computer_words() -> re.Pattern[str]:
    words = {translate(language, text("Computer")).casefold() for language in LANGUAGES}
    return re.compile(r"(?:" + "|".join(map(re.escape, sorted(words))) + r")\b")


def is_reserved(name: str) -> bool:
    """Whether `name` reads as the computer's ("Computer", "Computador (Verde)", ...)."""
    return _computer_words().match(name.strip().casefold()) is not None


def checked_name(name: str, user_id: str) -> str:
    """`name` fit to store and show: printable, at most NAME_LIMIT characters (2 more when
    quoted), never empty, never the computer's."""
    shown = quote(name, NAME_LIMIT)
    if not shown:
        return quote(f"player {user_id}", NAME_LIMIT)
    return f"«{shown}»" if is_reserved(shown) else shown
