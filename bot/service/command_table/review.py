"""/review: a finished game, or a PDN record pasted after the command (Discord: its `pdn`
option) or sent as a file (a Telegram document, Discord's `file` option; the console takes a
file's path), reviewed move by move."""

from __future__ import annotations

from bot.i18n import text
from bot.service.command_table.entry import Command
from bot.service.command_table.options import GAME
from bot.service.command_table.spec import Args, Kind, Option
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from bot.service.reviews.pdn_files import PdnFile
from storage import ChatRef

PDN = Option(
    "pdn",
    ("pdn", "pdn"),
    Kind.WORDS,
    text("a PDN game to review instead (its text)"),
    placeholder=text("PDN"),
    either=True,
)
FILE = Option("file", ("arquivo", "file"), Kind.FILE, text("a PDN file to review instead"))


async def _review(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    given = args.values.get("file")
    file = given if isinstance(given, PdnFile) else None
    return await service.reviews.review(
        actor, chat, args.game(), args.text("pdn"), progress=args.progress, file=file
    )


REVIEW = Command(
    "review",
    ("analisar", "analizza", "revisao", "revisão"),
    text("review a finished draughts game (or a pasted PDN): marks, better moves, annotated PDN"),
    _review,
    (GAME, PDN, FILE),
)
