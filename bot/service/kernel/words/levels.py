"""The computer's levels as people name and read them: the words typed at `/new ... vs
computer strong` (English, Portuguese, Italian, and the words people use for them: "hard",
"difícil", "esperto"; also `level=strong`), the level a game stores in its options, and
the computer's name with its level ("Computer (strong)")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import Text, by_language, joined, quote, text
from bot.i18n.commands import NAME_LANGUAGES
from bot.service.kernel.game_flow.clocks import TimeControl
from bot.service.kernel.words.near_miss import nearest, words_in
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
# The words people use for a level beside its name (bot/i18n/commands.py's `WORDS`), by
# language: a player who asks for a hard or an expert computer means the strongest.
LEVEL_SYNONYMS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "beginner": {"en": ("novice",), "pt": ("novato", "novata"), "it": ("novellino",)},
    "easy": {"en": ("weak",), "pt": ("facil", "fraco"), "it": ("debole",)},
    "normal": {
        "en": ("medium", "intermediate"),
        "pt": ("médio", "medio", "intermediário", "intermediario"),
        "it": ("medio", "intermedio"),
    },
    "strong": {
        "en": ("hard", "difficult", "expert", "advanced"),
        "pt": ("difícil", "dificil", "avançado", "avancado", "experiente", "especialista"),
        "it": ("difficile", "esperto", "avanzato", "esperta", "avanzata"),
    },
}


def _words_of(language: str) -> dict[str, str]:
    """Each word of `language` for a level, and the level it names."""
    return {
        typed: level
        for level in LEVEL_NAMES
        for typed in (*words_in(language, (level,)), *LEVEL_SYNONYMS[level][language])
    }


LEVEL_WORDS_BY_LANGUAGE = {language: _words_of(language) for language in NAME_LANGUAGES}
# Every word for a level, in every language, as people type them.
LEVEL_WORDS = {
    typed: level for words in LEVEL_WORDS_BY_LANGUAGE.values() for typed, level in words.items()
}
LEVEL_PREFIXES = ("level=", "nivel=", "nível=", "livello=")


def level_word(word: str) -> str | None:
    """The level a typed word names ("forte", "difficile", "level=strong"), or None if it
    names none."""
    folded = word.lower()
    for prefix in LEVEL_PREFIXES:
        if folded.startswith(prefix):
            return LEVEL_WORDS.get(folded.removeprefix(prefix))
    return LEVEL_WORDS.get(folded)


def near_a_level(word: str) -> bool:
    """Whether a word not a level is near a word for one, in any language ("fortte")."""
    return bool(nearest(word, LEVEL_WORDS))


def _refusal_in(language: str, word: str, typed: str) -> Text:
    """The refusal of a word for a level as `language` reads it: the levels, and the level
    whose word of that language is nearest to it."""
    levels = text("The levels are {levels}.", levels=joined(list(LEVEL_TEXTS.values()), ", "))
    words = LEVEL_WORDS_BY_LANGUAGE[language]
    near = nearest(typed, words, 1)
    if not near:
        return levels
    return text(
        "{word} is not a level. {levels} Did you mean {near}?",
        word=quote(word),
        levels=levels,
        near=LEVEL_TEXTS[words[near[0]]],
    )


def level_refusal(word: str) -> Text:
    """A word for a level that names none: the levels, and the nearest to it in the reader's
    language."""
    typed = word.lower().partition("=")[2] or word
    return by_language(
        {language: _refusal_in(language, word, typed) for language in NAME_LANGUAGES}
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
