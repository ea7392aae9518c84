"""The computer's levels as people name and read them: the words typed at `/new ... vs
computer strong` (English, Portuguese, Italian; also `level=strong`), the level a game
stores in its options, and the computer's name with its level ("Computer (strong)")."""

from __future__ import annotations

from typing import Any

from bot.i18n import Text, joined, quote, text
from bot.service.kernel.game_flow.clocks import TimeControl
from bot.service.kernel.words.near_miss import nearest
from games.computer import LEVEL_NAMES, Limit, level_limit

DEFAULT_LEVEL = "normal"
# The game option that holds the level of a game against the computer.
LEVEL_OPTION = "level"
LEVEL_TEXTS = {
    "beginner": text("beginner"),
    "easy": text("easy"),
    "normal": text("normal"),
    "strong": text("strong"),
}
# Every word for a level, in every language, as people type them.
LEVEL_WORDS = {
    **{name: name for name in LEVEL_NAMES},
    "iniciante": "beginner",
    "principiante": "beginner",
    "fácil": "easy",
    "facil": "easy",
    "facile": "easy",
    "normale": "normal",
    "forte": "strong",
}
LEVEL_PREFIXES = ("level=", "nivel=", "nível=", "livello=")


def level_word(word: str) -> str | None:
    """The level a typed word names ("forte", "level=strong"), or None if it names none."""
    folded = word.lower()
    for prefix in LEVEL_PREFIXES:
        if folded.startswith(prefix):
            return LEVEL_WORDS.get(folded.removeprefix(prefix))
    return LEVEL_WORDS.get(folded)


def near_levels(word: str) -> list[Text]:
    """The levels whose words are nearest to a mistyped one ("dificil": easy)."""
    levels = dict.fromkeys(LEVEL_WORDS[near] for near in nearest(word, LEVEL_WORDS, 3))
    return [LEVEL_TEXTS[level] for level in levels]


def level_refusal(word: str) -> Text:
    """A word for a level that names none: the levels, and the nearest to it."""
    levels = text("The levels are {levels}.", levels=joined(list(LEVEL_TEXTS.values()), ", "))
    near = near_levels(word.lower().partition("=")[2] or word)
    if not near:
        return levels
    return text(
        "{word} is not a level. {levels} Did you mean {near}?",
        word=quote(word),
        levels=levels,
        near=joined(near, ", "),
    )


def is_level_option(word: str) -> bool:
    """Whether a word is meant as a level option (`level=...`), known or not."""
    return word.lower().startswith(LEVEL_PREFIXES)


def stored_level(options: dict[str, Any]) -> str:
    """The level a game's computer plays at (games from before levels: the default)."""
    level = options.get(LEVEL_OPTION)
    return level if level in LEVEL_TEXTS else DEFAULT_LEVEL


def computer_name(options: dict[str, Any]) -> Text:
    """ "Computer (strong)" in the reader's language."""
    return text("Computer ({level})", level=LEVEL_TEXTS[stored_level(options)])


def game_limit(options: dict[str, Any]) -> Limit:
    """What the computer may think in a game: its level's limit, the longer one of
    correspondence in a correspondence game."""
    control = TimeControl.from_options(options)
    return level_limit(stored_level(options), control is not None and control.correspondence)


def computer_label(options: dict[str, Any], side: Text) -> Text:
    """ "Computer (strong, Black)" in the reader's language."""
    return text("Computer ({level}, {side})", level=LEVEL_TEXTS[stored_level(options)], side=side)
