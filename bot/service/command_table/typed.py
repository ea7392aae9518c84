"""Typed words to option values: how the console and chat messages give a command its
options ("/resign #12 yes", "/new brazilian vs ana black 3d"). A reader raises `Misread`
where the words do not fit; the command's usage answers it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import joined, quote, text
from bot.service.command_table.options import SIDES
from bot.service.command_table.spec import Choice, OpponentResolver, Reader
from bot.service.command_table.words import (
    CHAT_WORDS,
    COMPUTER_WORDS,
    CONFIRM_WORDS,
    DONE_WORDS,
    SWITCH_WORDS,
    VERSUS_WORDS,
)
from bot.service.events import ServiceError
from bot.service.ids import game_number, whole_number
from bot.service.levels import LEVEL_TEXTS, is_level_option, level_word
from bot.service.rating_views import PACE_WORDS

Values = dict[str, object]


class Misread(Exception):
    """Words that do not fit the command: answered with its usage."""


def chosen(choices: Sequence[Choice], word: str) -> str | int | None:
    """The value of the choice `word` names, else None."""
    folded = word.lower()
    return next((choice.value for choice in choices if folded in choice.words), None)


async def nothing(words: Sequence[str], resolve: OpponentResolver) -> Values:
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


async def one_game(words: Sequence[str], resolve: OpponentResolver) -> Values:
    """Nothing, or the game's number ("12", "#12")."""
    return _number(words, "game")


async def one_challenge(words: Sequence[str], resolve: OpponentResolver) -> Values:
    return _number(words, "challenge")


async def confirmed_game(words: Sequence[str], resolve: OpponentResolver) -> Values:
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

    async def read(words: Sequence[str], resolve: OpponentResolver) -> Values:
        values, rest = leading_game(words)
        if len(rest) > 1:
            raise Misread
        answer = chosen(choices, rest[0]) if rest else "offer"
        if answer is None:
            raise Misread
        return {**values, "answer": answer}

    return read


async def move(words: Sequence[str], resolve: OpponentResolver) -> Values:
    values, rest = leading_game(words)
    if not rest:
        raise Misread
    return {**values, "move": " ".join(rest)}


async def done(words: Sequence[str], resolve: OpponentResolver) -> Values:
    if len(words) > 1 or (words and words[0].lower() not in DONE_WORDS):
        raise Misread
    return {"done": True} if words else {}


async def switch(words: Sequence[str], resolve: OpponentResolver) -> Values:
    """Nothing (the setting shown), or on or off."""
    if len(words) > 1 or (words and words[0].lower() not in SWITCH_WORDS):
        raise Misread
    return {"on": SWITCH_WORDS[words[0].lower()]} if words else {}


async def vacation(words: Sequence[str], resolve: OpponentResolver) -> Values:
    """Nothing (the setting shown), on (every day left), off, or a number of days."""
    if len(words) == 1 and words[0].lower() not in SWITCH_WORDS:
        days = whole_number(words[0])
        if days is None or not 0 < days <= 366:
            raise Misread
        return {"days": days}
    return await switch(words, resolve)


async def language(words: Sequence[str], resolve: OpponentResolver) -> Values:
    """ "pt", or "chat pt" for the chat's own language."""
    if len(words) == 2 and words[0].lower() in CHAT_WORDS:
        return {"channel": True, "language": words[1]}
    if len(words) != 1:
        raise Misread
    return {"language": words[0]}


async def one_word(words: Sequence[str], resolve: OpponentResolver, name: str) -> Values:
    if len(words) > 1:
        raise Misread
    return {name: words[0]} if words else {}


async def code(words: Sequence[str], resolve: OpponentResolver) -> Values:
    return await one_word(words, resolve, "code")


async def game_kind(words: Sequence[str], resolve: OpponentResolver) -> Values:
    return await one_word(words, resolve, "game")


async def someone(words: Sequence[str], resolve: OpponentResolver) -> Values:
    """Nothing (yourself) or a person's name."""
    values = await one_word(words, resolve, "player")
    if not words:
        return values
    person = await resolve(words[0])
    if person is None:
        raise ServiceError(text("I do not know {name}.", name=quote(words[0])))
    return {"player": person}


async def leaderboard(words: Sequence[str], resolve: OpponentResolver) -> Values:
    """A game and a pace, both optional, in any order."""
    paces = [word for word in words if word.lower() in PACE_WORDS]
    games = [word for word in words if word.lower() not in PACE_WORDS]
    if len(paces) > 1 or len(games) > 1:
        raise Misread
    values: Values = {"game": games[0]} if games else {}
    return {**values, "pace": paces[0]} if paces else values


async def action(words: Sequence[str], resolve: OpponentResolver) -> Values:
    """/tournament: the action and its words, as typed."""
    if not words:
        return {}
    return {"action": words[0], "options": " ".join(words[1:])}


async def new_game(words: Sequence[str], resolve: OpponentResolver) -> Values:
    """/new GAME [vs NAME|computer [LEVEL]] [white|black] [2-4] [OPTION...]."""
    if not words:
        raise Misread
    values: Values = {"game": words[0]}
    options: list[str] = []
    rest = list(words[1:])
    while rest:
        word = rest.pop(0)
        folded = word.lower()
        if folded in VERSUS_WORDS:
            if not rest:
                raise ServiceError(text("Whom do you play against? Write vs NAME or vs computer."))
            name = rest.pop(0)
            if name.lower() in COMPUTER_WORDS:
                values["computer"] = True
                continue
            opponent = await resolve(name)
            if opponent is None:
                raise ServiceError(text("I do not know {name}.", name=quote(name)))
            values["opponent"] = opponent
        elif folded in COMPUTER_WORDS:
            values["computer"] = True
        elif (side := chosen(SIDES, folded)) is not None:
            values["side"] = side
        elif (level := level_word(folded)) is not None:
            values["level"] = level
        elif is_level_option(folded):
            raise ServiceError(
                text("The levels are {levels}.", levels=joined(list(LEVEL_TEXTS.values()), ", "))
            )
        elif (count := whole_number(folded)) is not None:
            values["players"] = count
        else:
            options.append(word)
    return {**values, "options": " ".join(options)} if options else values


# Longer than any move in notation (a capture of 20 pieces on 10x10 is about 60 characters).
LONGEST_MOVE = 100


def typed_move(notation: str) -> str:
    """A move as typed, refused (with a short quote of it) when it is too long to be one:
    the refusals of the rules repeat the move whole."""
    move = notation.strip()
    if len(move) > LONGEST_MOVE:
        raise ServiceError(text("{move} is not a move.", move=quote(move)))
    return move
