"""/new's typed words, a reader of its own: after the game, the opponent, the computer and its
level, the side, the players of a Ludo table, a clock, rated or casual and the game's own
options come in any order and mostly without a word that says which is which ("/new ludo 3
3d three-sixes", "/nova brasileira contra ana pretas"); a number is the players unless a time
unit follows it; a level word is refused without the computer, and a word near one of /new's
own ("brnacas") is refused with the likely one. The options (games.py) declare what each
value is, for Discord and the usage line."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import quote, text
from bot.service.command_table.options import SIDES
from bot.service.command_table.typed import Misread, Name, Values, chosen
from bot.service.command_table.words import BLACK_WORDS, COMPUTER_WORDS, VERSUS_WORDS, WHITE_WORDS
from bot.service.kernel.events import ServiceError
from bot.service.kernel.families import OPTION_KEYS, OPTION_WORDS
from bot.service.kernel.families.draughts_ballots import BALLOT_WORDS
from bot.service.kernel.game_flow.clocks import is_time_unit
from bot.service.kernel.ids import whole_number
from bot.service.kernel.rated.rated_games import CASUAL_WORDS, RATED_WORDS
from bot.service.kernel.words.levels import (
    LEVEL_WORDS,
    is_level_option,
    level_refusal,
    level_word,
    near_a_level,
)
from bot.service.kernel.words.near_miss import nearest, with_nearest
from games.computer import LEVEL_NAMES

# The words of /new that the games and ratings read: never taken for a mistyped level.
GAME_OPTION_WORDS = frozenset({*OPTION_WORDS, *RATED_WORDS, *CASUAL_WORDS})
# Every word of /new a mistyped one is compared with (short ones match too much by chance).
NEAR_MISS_LENGTH = 4
NEW_WORDS = frozenset(
    word
    for word in (*GAME_OPTION_WORDS, *WHITE_WORDS, *BLACK_WORDS, *COMPUTER_WORDS, *LEVEL_WORDS)
    if len(word) >= NEAR_MISS_LENGTH
)
# The same words as a refusal suggests them, in the reader's language.
NEW_KEYS = ("white", "black", "computer", "rated", "casual", *LEVEL_NAMES, *OPTION_KEYS)


def read_new(words: Sequence[str]) -> Values:
    """The values of /new's typed words (the module's docstring says how they are read)."""
    if not words:
        raise Misread
    values: Values = {"game": words[0]}
    options: list[str] = []
    rest = list(words[1:])
    previous = ""
    while rest:
        word = rest.pop(0)
        folded = word.lower()
        after_computer = previous in COMPUTER_WORDS
        previous = rest[0].lower() if folded in VERSUS_WORDS and rest else folded
        if folded in VERSUS_WORDS:
            if not rest:
                raise ServiceError(text("Whom do you play against? Write vs NAME or vs computer."))
            name = rest.pop(0)
            if name.lower() in COMPUTER_WORDS:
                values["computer"] = True
            else:
                values["opponent"] = Name(name)
        elif folded in COMPUTER_WORDS:
            values["computer"] = True
        elif folded in BALLOT_WORDS:
            values["ballot"] = True
        elif (side := chosen(SIDES, folded)) is not None:
            values["side"] = side
        elif (level := level_word(folded)) is not None:
            values["level"] = level
        elif is_level_option(folded) or (
            after_computer and folded not in GAME_OPTION_WORDS and near_a_level(folded)
        ):
            raise ServiceError(level_refusal(word))
        elif (count := whole_number(folded)) is not None and not (
            rest and _a_unit(rest[0].lower())
        ):
            values["players"] = count
        else:
            _refuse_a_near_miss(word)
            options.append(word)
    return {**values, "options": " ".join(options)} if options else values


def _a_unit(word: str) -> bool:
    """Whether the word after a number is its time unit ("3 days"); a whole time control
    ("3d", which is_time_unit takes for "13d") leaves the number the players'."""
    return is_time_unit(word) and not any(character.isdigit() for character in word)


def _refuse_a_near_miss(word: str) -> None:
    """A word of /new that no game reads but is near one of /new's own words ("brnacas")."""
    folded = word.lower()
    if len(folded) < NEAR_MISS_LENGTH or folded in GAME_OPTION_WORDS or is_time_unit(folded):
        return
    if any(character.isdigit() or character == "=" for character in folded):
        return  # a time control, a FEN, a number: read elsewhere
    if nearest(folded, NEW_WORDS):
        refusal = text("{word} is not an option of {/new}.", word=quote(word))
        raise ServiceError(with_nearest(refusal, folded, NEW_KEYS))
