"""Typed words to option values: how the console and chat messages give a command its
options ("/resign #12 yes", "/new brazilian vs ana black 3d"). A reader raises `Misread`
where the words do not fit, which the command's usage answers; it leaves the people named
as `Name`s, which `resolved` finds through the front end."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.i18n import quote, text
from bot.service.command_table.options import SIDES
from bot.service.command_table.spec import Choice, OpponentResolver, Reader
from bot.service.command_table.words import (
    BLACK_WORDS,
    CHAT_WORDS,
    COMPUTER_WORDS,
    CONFIRM_WORDS,
    DAILY_WORDS,
    DONE_WORDS,
    SHOW_WORDS,
    SWITCH_WORDS,
    VERSUS_WORDS,
    WHITE_WORDS,
)
from bot.service.kernel.clocks import is_time_unit
from bot.service.kernel.events import ServiceError
from bot.service.kernel.families import OPTION_WORDS
from bot.service.kernel.ids import game_number, whole_number
from bot.service.kernel.rated_games import CASUAL_WORDS, RATED_WORDS
from bot.service.kernel.words.levels import (
    LEVEL_WORDS,
    is_level_option,
    level_refusal,
    level_word,
    near_levels,
)
from bot.service.kernel.words.near_miss import nearest, with_nearest
from bot.service.ratings.views import PACE_WORDS
from games.base import find_game

Values = dict[str, object]


class Misread(Exception):
    """Words that do not fit the command: answered with its usage."""


class Name(str):
    """A person as typed, for a member option: `resolved` finds who it is."""

    __slots__ = ()


async def resolved(values: Values, resolve: OpponentResolver) -> Values:
    """The values with every typed name the person the front end knows by it."""
    people: Values = {}
    for option, value in values.items():
        if isinstance(value, Name):
            person = await resolve(value)
            if person is None:
                raise ServiceError(text("I do not know {name}.", name=quote(value)))
            people[option] = person
    return {**values, **people}


def chosen(choices: Sequence[Choice], word: str) -> str | int | None:
    """The value of the choice `word` names, else None."""
    folded = word.lower()
    return next((choice.value for choice in choices if folded in choice.words), None)


def nothing(words: Sequence[str]) -> Values:
    if words:
        raise Misread
    return {}


def _number(words: Sequence[str], name: str) -> Values:
    if not words:
        return {}
    number = game_number(words[0]) if len(words) == 1 else None
    if number is None:
        raise Misread
    return {name: number}


def one_game(words: Sequence[str]) -> Values:
    """Nothing, or the game's number ("12", "#12")."""
    return _number(words, "game")


def one_challenge(words: Sequence[str]) -> Values:
    return _number(words, "challenge")


def confirmed_game(words: Sequence[str]) -> Values:
    """A game and a yes at the end ("/resign 12 yes")."""
    if words and words[-1].lower() in CONFIRM_WORDS:
        return {**_number(words[:-1], "game"), "confirm": True}
    return _number(words, "game")


def leading_game(words: Sequence[str]) -> tuple[Values, list[str]]:
    """A leading "#12" names the game; the other words stay."""
    number = game_number(words[0]) if words and words[0].startswith("#") else None
    if number is not None:
        return {"game": number}, list(words[1:])
    return {}, list(words)


def answer_reader(choices: Sequence[Choice]) -> Reader:
    """/draw and /takeback: "[#12] [offer|accept|decline]"."""

    def read(words: Sequence[str]) -> Values:
        values, rest = leading_game(words)
        if len(rest) > 1:
            raise Misread
        answer = chosen(choices, rest[0]) if rest else "offer"
        if answer is None:
            raise Misread
        return {**values, "answer": answer}

    return read


def move(words: Sequence[str]) -> Values:
    values, rest = leading_game(words)
    if not rest:
        raise Misread
    return {**values, "move": " ".join(rest)}


def done(words: Sequence[str]) -> Values:
    if len(words) > 1 or (words and words[0].lower() not in DONE_WORDS):
        raise Misread
    return {"done": True} if words else {}


def switch(words: Sequence[str]) -> Values:
    """Nothing (the setting shown), or on or off."""
    if len(words) > 1 or (words and words[0].lower() not in SWITCH_WORDS):
        raise Misread
    return {"on": SWITCH_WORDS[words[0].lower()]} if words else {}


def vacation(words: Sequence[str]) -> Values:
    """Nothing (the setting shown), on (every day left), off, or a number of days."""
    if len(words) == 1 and words[0].lower() not in SWITCH_WORDS:
        days = whole_number(words[0])
        if days is None or not 0 < days <= 366:
            raise Misread
        return {"days": days}
    return switch(words)


def language(words: Sequence[str]) -> Values:
    """ "pt", or "chat pt" for the chat's own language."""
    if len(words) == 2 and words[0].lower() in CHAT_WORDS:
        return {"channel": True, "language": words[1]}
    if len(words) > 1:
        raise Misread
    return {"language": words[0]} if words else {}


def one_word(words: Sequence[str], name: str) -> Values:
    if len(words) > 1:
        raise Misread
    return {name: words[0]} if words else {}


def code(words: Sequence[str]) -> Values:
    return one_word(words, "code")


def game_kind(words: Sequence[str]) -> Values:
    return one_word(words, "game")


def someone(words: Sequence[str]) -> Values:
    """Nothing (yourself) or a person's name."""
    if len(words) > 1:
        raise Misread
    return {"player": Name(words[0])} if words else {}


def _phrases(words: Sequence[str], known: Collection[str]) -> list[str]:
    """The words with each pair that `known` holds as one phrase ("ao vivo") joined."""
    joined: list[str] = []
    rest = list(words)
    while rest:
        pair = " ".join(rest[:2])
        if len(rest) > 1 and pair.lower() in known:
            joined.append(pair)
            del rest[:2]
        else:
            joined.append(rest.pop(0))
    return joined


def leaderboard(typed: Sequence[str]) -> Values:
    """A game and a pace ("ao vivo" one pace), both optional, in any order."""
    words = _phrases(typed, PACE_WORDS)
    paces = [word for word in words if word.lower() in PACE_WORDS]
    games = [word for word in words if word.lower() not in PACE_WORDS]
    if len(paces) > 1 or len(games) > 1:
        raise Misread
    values: Values = {"game": games[0]} if games else {}
    return {**values, "pace": paces[0]} if paces else values


def _game_word(word: str) -> bool:
    """Whether a word names a game (the service refuses those that have no puzzles)."""
    try:
        find_game(word)
    except KeyError:
        return False
    return True


def puzzle(words: Sequence[str]) -> Values:
    """Nothing (a new puzzle), a variant, a move (the answer), or "daily [on|off|show] [HOUR]
    [VARIANT]" in any order after it."""
    if not words:
        return {}
    if words[0].lower() in DAILY_WORDS:
        return _daily(words[1:])
    if len(words) > 1:
        raise Misread
    return {"variant": words[0]} if _game_word(words[0]) else {"answer": words[0]}


def _daily(words: Sequence[str]) -> Values:
    values: Values = {"daily": "show"}
    for word in words:
        folded = word.lower()
        if folded in SWITCH_WORDS:
            values["daily"] = "on" if SWITCH_WORDS[folded] else "off"
        elif folded in SHOW_WORDS:
            values["daily"] = "show"
        elif (hour := whole_number(folded)) is not None and "hour" not in values:
            values["hour"] = hour
        elif "variant" not in values:
            values["variant"] = word
        else:
            raise Misread
    return values


def action(words: Sequence[str]) -> Values:
    """/tournament: the action and its words, as typed."""
    if not words:
        return {}
    return {"action": words[0], "options": " ".join(words[1:])}


# The words of /new that the games and ratings read: never taken for a mistyped level.
GAME_OPTION_WORDS = frozenset({*OPTION_WORDS, *RATED_WORDS, *CASUAL_WORDS})
# Every word of /new a mistyped one is compared with (short ones match too much by chance).
NEAR_MISS_LENGTH = 4
NEW_WORDS = frozenset(
    word
    for word in (*GAME_OPTION_WORDS, *WHITE_WORDS, *BLACK_WORDS, *COMPUTER_WORDS, *LEVEL_WORDS)
    if len(word) >= NEAR_MISS_LENGTH
)


def new_game(words: Sequence[str]) -> Values:
    """/new GAME [vs NAME|computer [LEVEL]] [white|black] [2-4] [OPTION...]."""
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
        elif (side := chosen(SIDES, folded)) is not None:
            values["side"] = side
        elif (level := level_word(folded)) is not None:
            values["level"] = level
        elif is_level_option(folded) or (
            after_computer and folded not in GAME_OPTION_WORDS and near_levels(folded)
        ):
            raise ServiceError(level_refusal(word))
        elif (count := whole_number(folded)) is not None and not (
            rest and is_time_unit(rest[0].lower())
        ):
            values["players"] = count
        else:
            _refuse_a_near_miss(word)
            options.append(word)
    return {**values, "options": " ".join(options)} if options else values


def _refuse_a_near_miss(word: str) -> None:
    """A word of /new that no game reads but is near one of /new's own words ("brnacas")."""
    folded = word.lower()
    if len(folded) < NEAR_MISS_LENGTH or folded in GAME_OPTION_WORDS or is_time_unit(folded):
        return
    if any(character.isdigit() or character == "=" for character in folded):
        return  # a time control, a FEN, a number: read elsewhere
    if nearest(folded, NEW_WORDS):
        refusal = text("{word} is not an option of {/new}.", word=quote(word))
        raise ServiceError(with_nearest(refusal, folded, NEW_WORDS))


# Longer than any move in notation (a capture of 20 pieces on 10x10 is about 60 characters).
LONGEST_MOVE = 100


def typed_move(notation: str) -> str:
    """A move as typed, refused (with a short quote of it) when it is too long to be one:
    the refusals of the rules repeat the move whole."""
    move = notation.strip()
    if len(move) > LONGEST_MOVE:
        raise ServiceError(text("{move} is not a move.", move=quote(move)))
    return move
