"""Player-facing text in Portuguese (Brazil), Italian and English.

Messages are English source strings with `{name}` placeholders, looked up in gettext `.po`
catalogues (bot/i18n/locales/<locale>/LC_MESSAGES/messages.po, read with Babel) and then
formatted. Code that produces text for people builds a `Text` (the message and its values)
and lets whoever shows it translate it into the reader's language.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from gettext import c2py
from importlib import resources
from string import Formatter
from typing import Any

from babel.messages.pofile import read_po
from babel.numbers import format_decimal

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
    """A message for people, not yet translated: an English source string and its values;
    a counted message (`plural`) has its English plural too, and its `count` among the
    values chooses the form of the reader's language."""

    message: str
    values: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None

    def __hash__(self) -> int:
        values = tuple(sorted((k, str(v)) for k, v in self.values.items()))
        return hash((self.message, values, self.plural))


def text(message: str, **values: Any) -> Text:
    return Text(message, values)


def plural(one: str, many: str, count: int, **values: Any) -> Text:
    """A counted message ("{count} loss", "{count} losses"): the catalogue's plural forms
    choose the reader's ("1 derrota", "2 derrotas"; "1 persa", "2 perse")."""
    return Text(one, {**values, "count": count}, many)


@dataclass(frozen=True)
class _ByLanguage:
    """A value that each language says in words of its own (see `by_language`)."""

    texts: tuple[tuple[str, Text], ...]

    def of(self, language: str | None) -> Text:
        said = dict(self.texts)
        return said.get(language or DEFAULT_LANGUAGE, said[DEFAULT_LANGUAGE])


@dataclass(frozen=True)
class _Decimal:
    """A number with a fixed count of decimals, written as the reader writes it (1,5 in
    Portuguese and Italian, 1.5 in English)."""

    value: float
    places: int

    def of(self, language: str | None) -> str:
        if not math.isfinite(self.value):
            return f"{self.value:.{self.places}f}"  # a damaged number shown as it is: nan, inf
        pattern = "0." + "0" * self.places if self.places else "0"
        locale = _LOCALE_FOLDERS.get(language or DEFAULT_LANGUAGE, DEFAULT_LANGUAGE)
        return format_decimal(self.value, format=pattern, locale=locale)


def decimal(value: float, places: int = 1) -> _Decimal:
    """A message's value that is a decimal number (see `_Decimal`)."""
    return _Decimal(value, places)


# The one value of a `by_language` message.
_SAID = "said"


def by_language(texts: Mapping[str, Text]) -> Text:
    """A message that differs by more than its translation in each language (the valid words
    nearest to a mistyped one, chosen among the reader's own words): `texts` by language,
    English's for a language without one."""
    return Text("{" + _SAID + "}", {_SAID: _ByLanguage(tuple(texts.items()))})


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


@dataclass(frozen=True)
class Catalogue:
    """The translations of one language: each message's, each counted message's forms (by
    its English singular), and the rule that picks a form for a count."""

    messages: Mapping[str, str]
    plurals: Mapping[str, tuple[str, ...]]
    form: Callable[[int], int]


ENGLISH = Catalogue({}, {}, lambda count: int(count != 1))


@cache
def catalogue(language: str) -> Catalogue:
    """The translations of one language (none for English, the source language)."""
    folder = _LOCALE_FOLDERS.get(language)
    if folder is None:
        return ENGLISH
    path = resources.files("bot.i18n") / "locales" / folder / "LC_MESSAGES" / "messages.po"
    try:
        with path.open("rb") as po_file:
            entries = read_po(po_file, locale=folder)
    except OSError as error:
        # Text in English beats no text at all.
        logger.error("the %s catalogue cannot be read (%s); writing English", language, error)
        return ENGLISH
    done = [entry for entry in entries if entry.id and entry.string and not entry.fuzzy]
    return Catalogue(
        {
            entry.id: entry.string
            for entry in done
            if isinstance(entry.id, str) and isinstance(entry.string, str)
        },
        {
            entry.id[0]: tuple(entry.string)
            for entry in done
            if isinstance(entry.id, tuple) and isinstance(entry.string, tuple) and all(entry.string)
        },
        c2py(entries.plural_expr),
    )


def _template(language: str | None, item: Text) -> str:
    """The message's template in `language`: for a counted one, the form of its count."""
    found = catalogue(language or DEFAULT_LANGUAGE)
    if item.plural is None:
        return found.messages.get(item.message, item.message)
    forms = found.plurals.get(item.message)
    if forms is None:
        return _english(item)
    return forms[min(found.form(int(item.values["count"])), len(forms) - 1)]


def _filled(language: str | None, value: Any) -> Any:
    return translate(language, value) if isinstance(value, Text) else value


def _english(item: Text) -> str:
    """The English template: for a counted message, its singular or plural."""
    if item.plural is None or int(item.values["count"]) == 1:
        return item.message
    return item.plural


def translate(language: str | None, message: Text | str) -> str:
    """`message` in `language` (English when the language or the translation is missing)."""
    item = Text(message) if isinstance(message, str) else message
    template = _template(language, item)
    values = {
        name: _filled(
            language, value.of(language) if isinstance(value, _ByLanguage | _Decimal) else value
        )
        for name, value in item.values.items()
    }
    filler = _Filler(language)
    try:
        return filler.vformat(template, (), values)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        # A translation with a broken placeholder must never hide the message itself.
        return filler.vformat(_english(item), (), values)


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
