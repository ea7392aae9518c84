"""The valid words nearest to a mistyped one ("dificil": fácil), so that a refusal of an
option names what the person probably meant."""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches

from bot.i18n import Text, text

# How alike two words must be (difflib's ratio): "dificil" and "facil" are 0.67 alike.
CLOSENESS = 0.6
MOST_SHOWN = 2


def _name(word: str) -> str:
    """What is compared of a word: `fen=W:...` by its name `fen`."""
    return word.lower().partition("=")[0]


def nearest(word: str, words: Iterable[str], most: int = MOST_SHOWN) -> list[str]:
    """The valid `words` nearest to `word`, the nearest first (none if none is near)."""
    by_name = {_name(valid): valid for valid in words}
    return [by_name[name] for name in get_close_matches(_name(word), by_name, most, CLOSENESS)]


def with_nearest(refusal: Text, word: str, words: Iterable[str]) -> Text:
    """The refusal, followed by the nearest valid words where some are near."""
    near = nearest(word, words)
    if not near:
        return refusal
    return text("{refusal} Did you mean {words}?", refusal=refusal, words=", ".join(near))
