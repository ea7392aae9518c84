"""/puzzle: a puzzle, an answer to it, or the chat's daily puzzle."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import text
from bot.service.command_table.entry import Command
from bot.service.command_table.spec import Args, Choice, Kind, Option
from bot.service.command_table.typed import Misread, Values, chosen, typed_move
from bot.service.command_table.words import (
    DAILY_WORDS,
    OFF_WORDS,
    ON_WORDS,
    SHOW_WORDS,
    SOLUTION_WORDS,
)
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from bot.service.kernel.families import game_title
from bot.service.kernel.ids import whole_number
from bot.service.puzzles.shipped import VARIANTS
from games.base import find_game
from storage import ChatRef

DAILY_CHOICES = (
    Choice("on", text("on"), ON_WORDS),
    Choice("off", text("off"), OFF_WORDS),
    Choice("show", text("show the setting"), SHOW_WORDS),
)


async def _puzzle(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    daily, hour, variant = args.text("daily"), args.number("hour"), args.text("variant")
    if daily is not None or hour is not None:
        if daily == "show" and hour is None and variant is None:
            return await service.daily.daily(actor, chat, None, None, None, False)
        on = daily != "off"
        return await service.daily.daily(actor, chat, on, hour, variant, await args.administrator())
    if args.flag("solution"):
        return await service.puzzles.reveal(actor, chat)
    answer = args.text("answer")
    if answer is not None:
        return await service.puzzles.answer(actor, chat, typed_move(answer))
    return await service.puzzles.puzzle(actor, chat, variant)


def read_puzzle(words: Sequence[str]) -> Values:
    """/puzzle's typed words, a reader of its own: a move and a variant are each one word
    that nothing marks (a word that names a game is the variant: the service says which
    games have puzzles); "solution" in the move's place asks for the solution (of the
    puzzle under way: a variant after it says nothing more); "daily" first takes the daily
    puzzle's setting, the hour and the variant after it in any order."""
    if not words:
        return {}
    if words[0].lower() in DAILY_WORDS:
        return _daily(words[1:])
    first: Values = (
        {"solution": True} if words[0].lower() in SOLUTION_WORDS else {"answer": words[0]}
    )
    if len(words) == 1:
        return {"variant": words[0]} if _names_a_game(words[0]) else first
    if len(words) == 2 and _names_a_game(words[1]):
        return {**first, "variant": words[1]}
    raise Misread


def _names_a_game(word: str) -> bool:
    try:
        find_game(word)
    except KeyError:
        return False
    return True


def _daily(words: Sequence[str]) -> Values:
    values: Values = {"daily": "show"}
    for word in words:
        if (setting := chosen(DAILY_CHOICES, word)) is not None:
            values["daily"] = setting
        elif (hour := whole_number(word)) is not None and "hour" not in values:
            values["hour"] = hour
        elif "variant" not in values:
            values["variant"] = word
        else:
            raise Misread
    return values


PUZZLE = Command(
    "puzzle",
    ("puzzles", "tactic", "tatica", "tática", "tattica"),
    # At most 100 characters in every language: Discord's limit on a description.
    text(
        "a puzzle, your answer (after a miss, again), its solution, or this chat's daily "
        "puzzle (admins)"
    ),
    _puzzle,
    (
        Option(
            "answer",
            ("resposta", "risposta"),
            Kind.TEXT,
            text("your move in the puzzle you are solving"),
            placeholder=text("MOVE"),
        ),
        Option(
            "solution",
            ("solução", "soluzione"),
            Kind.FLAG,
            text("the solution of the puzzle you are solving (a miss, if not missed yet)"),
            yes=SOLUTION_WORDS,
            either=True,
        ),
        Option(
            "daily",
            ("diario", "giornaliero"),
            Kind.TEXT,
            text("this chat's daily puzzle: on, off, or the setting shown"),
            choices=DAILY_CHOICES,
            lead=DAILY_WORDS,
            either=True,
        ),
        Option(
            "hour",
            ("hora", "ora"),
            Kind.NUMBER,
            text("the hour (UTC) of the daily puzzle"),
            low=0,
            high=23,
            placeholder=text("HOUR"),
            within="daily",
        ),
        # With a move, it only names a game: the answer goes to the puzzle being solved.
        Option(
            "variant",
            ("variante", "variante"),
            Kind.TEXT,
            text("the draughts variant of the puzzle (default: Brazilian)"),
            choices=tuple(Choice(key, game_title(key)) for key in VARIANTS),
            placeholder=text("VARIANT"),
        ),
    ),
    special_reader=read_puzzle,
)
