"""/puzzle: a puzzle, an answer to it, or the chat's daily puzzle."""

from __future__ import annotations

from bot.i18n import text
from bot.service.command_table import typed
from bot.service.command_table.spec import Args, Choice, Command, Kind, Option
from bot.service.command_table.words import SHOW_WORDS, SWITCH_WORDS
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from bot.service.kernel.families import game_title
from bot.service.puzzles.shipped import VARIANTS
from storage import ChatRef

DAILY_CHOICES = (
    Choice("on", text("on"), tuple(word for word, on in SWITCH_WORDS.items() if on)),
    Choice("off", text("off"), tuple(word for word, on in SWITCH_WORDS.items() if not on)),
    Choice("show", text("show the setting"), tuple(SHOW_WORDS)),
)


async def _puzzle(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    daily, hour, variant = args.text("daily"), args.number("hour"), args.text("variant")
    if daily is not None or hour is not None:
        if daily == "show" and hour is None and variant is None:
            return await service.daily.daily(actor, chat, None, None, None, False)
        on = daily != "off"
        return await service.daily.daily(actor, chat, on, hour, variant, await args.administrator())
    answer = args.text("answer")
    if answer is not None:
        return await service.puzzles.answer(actor, chat, typed.typed_move(answer))
    return await service.puzzles.puzzle(actor, chat, variant)


PUZZLE = Command(
    "puzzle",
    ("puzzles", "tactic", "tatica", "tática", "tattica"),
    text("{/puzzle} [VARIANT|MOVE] | {/puzzle daily} [{=on|off}] [HOUR] [VARIANT]"),
    text("a puzzle to solve, your answer to it, or this chat's daily puzzle (admins)"),
    _puzzle,
    typed.puzzle,
    (
        Option(
            "answer",
            ("resposta", "risposta"),
            Kind.TEXT,
            text("your move in the puzzle you are solving"),
        ),
        Option(
            "variant",
            ("variante", "variante"),
            Kind.TEXT,
            text("the draughts variant of the puzzle (default: Brazilian)"),
            choices=tuple(Choice(key, game_title(key)) for key in VARIANTS),
        ),
        Option(
            "daily",
            ("diario", "giornaliero"),
            Kind.TEXT,
            text("this chat's daily puzzle: on, off, or the setting shown"),
            choices=DAILY_CHOICES,
        ),
        Option(
            "hour",
            ("hora", "ora"),
            Kind.NUMBER,
            text("the hour (UTC) of the daily puzzle"),
            low=0,
            high=23,
        ),
    ),
)
