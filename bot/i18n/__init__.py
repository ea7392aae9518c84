"""Player-facing text in Portuguese (Brazil), Italian and English.

Messages are English source strings with `{name}` placeholders, looked up in gettext `.po`
catalogues (bot/i18n/locales/<locale>/LC_MESSAGES/messages.po, read with Babel) and then
formatted. Code that produces text for people builds a `Text` (the message and its values)
and lets whoever shows it translate it into the reader's language.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from string import Formatter
from typing import Any

from babel.messages.pofile import read_po

from bot.i18n.commands import WORD_MARK, named

logger = logging.getLogger(__name__)

LANGUAGES = ("pt", "it", "en")
DEFAULT_LANGUAGE = "en"
_LOCALE_FOLDERS = {"pt": "pt_BR", "it": "it"}
_LANGUAGE_NAMES = {
    "pt": "pt",
    "pt-br": "pt",
    "pt_br": "pt",
    "portugues": "pt",
    "português": "pt",
    "portuguese": "pt",
    "it": "it",
    "it-it": "it",
    "italiano": "it",
    "italian": "it",
    "en": "en",
    "en-us": "en",
    "en-gb": "en",
    "english": "en",
    "ingles": "en",
    "inglês": "en",
    "inglese": "en",
}


@dataclass(frozen=True)
class Text:
    """A message for people, not yet translated: an English source string and its values."""

    message: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.message, tuple(sorted((k, str(v)) for k, v in self.values.items()))))


def text(message: str, **values: Any) -> Text:
    return Text(message, values)


def word(key: str) -> Text:
    """An option word of bot/i18n/commands.py (a game's key: "brazilian") in the reader's
    language, as typed words take it."""
    return Text("{" + WORD_MARK + key + "}")


def joined(parts: Sequence[Text | str], separator: str = " - ") -> Text:
    """Several messages or names in a row, each translated for the reader."""
    return Text(
        separator.replace("{", "{{")
        .replace("}", "}}")
        .join(f"{{p{index}}}" for index in range(len(parts))),
        {f"p{index}": part for index, part in enumerate(parts)},
    )


def language_of(hint: str | None) -> str | None:
    """The supported language a locale hint names ("pt-BR", "it", "Italiano"), else None."""
    if not hint:
        return None
    folded = hint.strip().lower()
    if folded in _LANGUAGE_NAMES:
        return _LANGUAGE_NAMES[folded]
    prefix = folded.replace("_", "-").split("-")[0]
    return prefix if prefix in LANGUAGES else None


@cache
def catalogue(language: str) -> Mapping[str, str]:
    """The translations of one language (empty for English, the source language)."""
    folder = _LOCALE_FOLDERS.get(language)
    if folder is None:
        return {}
    path = resources.files("bot.i18n") / "locales" / folder / "LC_MESSAGES" / "messages.po"
    try:
        with path.open("rb") as po_file:
            entries = read_po(po_file, locale=folder)
    except OSError as error:
        # Text in English beats no text at all.
        logger.error("the %s catalogue cannot be read (%s); writing English", language, error)
        return {}
    return {
        str(entry.id): str(entry.string)
        for entry in entries
        if entry.id and entry.string and not entry.fuzzy
    }


def translate(language: str | None, message: Text | str) -> str:
    """`message` in `language` (English when the language or the translation is missing)."""
    item = Text(message) if isinstance(message, str) else message
    template = catalogue(language or DEFAULT_LANGUAGE).get(item.message, item.message)
    values = {
        name: translate(language, value) if isinstance(value, Text) else value
        for name, value in item.values.items()
    }
    filler = _Filler(language)
    try:
        return filler.vformat(template, (), values)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        # A translation with a broken placeholder must never hide the message itself.
        return filler.vformat(item.message, (), values)


class _Filler(Formatter):
    """str.format that fills the placeholders of commands ("{/accept}", "{/draw accept}",
    "{=on|off}") with the reader's words (bot/i18n/commands.py)."""

    def __init__(self, language: str | None) -> None:
        self.language = language

    def get_field(self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        said = named(field_name, self.language)
        if said is not None:
            return said, field_name
        return super().get_field(field_name, args, kwargs)


# How much of a person's own words a message repeats back.
QUOTE_LIMIT = 40


def quote(words: str, limit: int = QUOTE_LIMIT) -> str:
    """A person's input as a message may echo it: control characters out, at most `limit`
    characters (cut with an ellipsis), so that no echo floods a chat."""
    shown = "".join(" " if character.isspace() else character for character in words)
    shown = "".join(character for character in shown if character.isprintable()).strip()
    return shown if len(shown) <= limit else shown[: limit - 1].rstrip() + "…"
