"""The options several commands share, and the choices of options, with their menu labels
and the words people type for them."""

from __future__ import annotations

from bot.i18n import text
from bot.service.command_table.spec import Choice, Kind, Option
from bot.service.command_table.words import (
    ACCEPT_WORDS,
    BLACK_WORDS,
    CONFIRM_WORDS,
    DECLINE_WORDS,
    OFFER_WORDS,
    WHITE_WORDS,
)
from bot.service.kernel.families import family_of
from games.base import game_kinds as registered_kinds

GAME = Option(
    "game",
    ("jogo", "gioco"),
    Kind.GAME,
    text("the game number (default: your current game)"),
    placeholder=text("#GAME"),
)
CHALLENGE = Option(
    "challenge",
    ("desafio", "sfida"),
    Kind.CHALLENGE,
    text("the challenge number (default: the last)"),
    placeholder=text("CHALLENGE"),
)
CONFIRM = Option(
    "confirm",
    ("confirmar", "conferma"),
    Kind.FLAG,
    text("yes: do it (without it I ask first)"),
    yes=CONFIRM_WORDS,
)
# A kind of game ("brazilian", "ludo"), where a usage shows it.
GAME_KIND = text("GAME")


def game_kinds() -> tuple[Choice, ...]:
    """The games to choose from in the menus of `/new` and `/top`: every registered game, by
    its title in the reader's language."""
    return tuple(Choice(kind.key, family_of(kind).title(kind)) for kind in registered_kinds())


SIDES = (Choice(0, text("White"), WHITE_WORDS), Choice(1, text("Black"), BLACK_WORDS))
DRAW_ANSWERS = (
    Choice("offer", text("offer a draw"), OFFER_WORDS),
    Choice("accept", text("accept the draw"), ACCEPT_WORDS),
    Choice("decline", text("decline the draw"), DECLINE_WORDS),
)
TAKEBACK_ANSWERS = (
    Choice("offer", text("ask to take your last move back"), OFFER_WORDS),
    Choice("accept", text("accept the takeback"), ACCEPT_WORDS),
    Choice("decline", text("decline the takeback"), DECLINE_WORDS),
)
