"""Typed commands to service calls, shared by the console and the chat front ends: the
command's entry in the table, its words read into option values, and `run`."""

from __future__ import annotations

from bot.service.command_table.commands import CommandLine
from bot.service.command_table.spec import (
    AdministratorCheck,
    Args,
    Kind,
    OpponentResolver,
    no_administrator,
)
from bot.service.command_table.table import BY_NAME, run, subcommand, usage_refusal
from bot.service.command_table.typed import Misread, resolved
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from bot.service.reviews.reviews import Progress, no_progress
from storage import ChatRef


async def dispatch(
    service: GameService,
    actor: Actor,
    chat: ChatRef,
    line: CommandLine,
    resolve_opponent: OpponentResolver,
    administrator: AdministratorCheck = no_administrator,
    progress: Progress = no_progress,
    board_game: int | None = None,
    *,
    whole_chat_paced: bool = False,
) -> list[Event]:
    """Run one typed command for `actor` in `chat` (`whole_chat_paced`: see Args). Raises
    ServiceError with the reason when the service refuses it. `board_game`: the game of the
    board the command answers (typed as a reply to it), which a command about a game is about
    unless it names another."""
    command, words = subcommand(BY_NAME[line.name], line.args)
    try:
        values = command.read(words)
    except Misread:
        raise usage_refusal(command) from None
    for option in command.options:
        if board_game is not None and option.kind is Kind.GAME and values.get(option.name) is None:
            values = {**values, option.name: board_game}
    values = await resolved(values, resolve_opponent)
    args = Args(
        values,
        resolve_opponent,
        administrator,
        progress=progress,
        whole_chat_paced=whole_chat_paced,
    )
    return await run(command, service, actor, chat, args)
