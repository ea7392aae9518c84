"""The valid words nearest to a mistyped one ("numeross": numeros), so that a refusal of an
option names what the person probably meant: in the reader's own words only, since a word of
another language that happens to look alike ("esperto": preto) only confuses."""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches

from bot.i18n import Text, by_language, text
from bot.i18n.commands import NAME_LANGUAGES, WORDS, name_in

# How alike two words must be (difflib's ratio): "numeross" and "numeros" are 0.93 alike.
CLOSENESS = 0.6
MOST_SHOWN = 2


def _name(word: str) -> str:
    """What is compared of a word: `fen=W:...` by its name `fen`."""
    return word.lower().partition("=")[0]


def nearest(word: str, words: Iterable[str], most: int = MOST_SHOWN) -> list[str]:
    """The valid `words` nearest to `word`, the nearest first (none if none is near)."""
    by_name = {_name(valid): valid for valid in words}
    return [by_name[name] for name in get_close_matches(_name(word), by_name, most, CLOSENESS)]


def words_in(language: str, keys: Iterable[str]) -> list[str]:
    """The words of `language` for the option words `keys` (bot/i18n/commands.py's `WORDS`);
    a key not among them ("fen=") is the same word in every language."""
    return [name_in(WORDS[key], language) if key in WORDS else key for key in keys]


def with_nearest(refusal: Text, word: str, keys: Iterable[str]) -> Text:
    """The refusal, followed by the valid words of the reader's language nearest to `word`
    where some are near; `keys` name the valid words as `words_in` reads them."""
    valid = tuple(keys)
    said = {}
    for language in NAME_LANGUAGES:
        near = nearest(word, words_in(language, valid))
        said[language] = (
            text("{refusal} Did you mean {words}?", refusal=refusal, words=", ".join(near))
            if near
            else refusal
        )
    return by_language(said)
