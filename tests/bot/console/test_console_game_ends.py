"""Typed endings answered at once (issue 21, item 3), through the console as people type them:
/resign and /abort of someone who does not play the game are refused before any "are you
sure?", as the board's buttons are; the player who offered a draw and types /draw accept is
told the offer is theirs and how to take it back; and /lang chat sets the chat's language."""

from __future__ import annotations

import io

from bot.console import CHAT, Console
from bot.service.game_service import GameService
from storage import Store


async def transcript(console: Console, output: io.StringIO, *lines: str) -> list[str]:
    """What the console wrote for these lines, one line after another."""
    start = len(output.getvalue())
    for line in lines:
        assert await console.handle(line)
    return output.getvalue()[start:].splitlines()


async def duel(service: GameService) -> tuple[Console, io.StringIO]:
    """Ana challenges Bia to Brazilian draughts (game #1), Bia accepts; Ana is at the keyboard."""
    output = io.StringIO()
    console = Console(service, output)
    await transcript(
        console, output, "/as ana", "/new brazilian vs bia white", "/as bia", "/accept", "/as ana"
    )
    return console, output


async def test_someone_not_playing_is_refused_before_any_confirmation(
    service: GameService,
) -> None:
    console, output = await duel(service)
    for command in ("/resign 1", "/abort 1", "/desistir 1", "/annulla 1"):
        said = await transcript(console, output, "/as caio", command)
        assert said[-1] == "You are not playing in game #1.", (command, said)
    assert (await service.kernel.state(1)).active
    # The players are still asked first, and only before the first move for an abort.
    said = await transcript(console, output, "/as ana", "/abort 1")
    assert said[-1] == "Call off game #1? To confirm, type /abort 1 yes."
    said = await transcript(console, output, "/move c3-d4", "/as bia", "/abort 1")
    assert said[-1] == "A game can be aborted only before its first move."
    said = await transcript(console, output, "/resign 1")
    assert said[-1] == "Resign game #1? To confirm, type /resign 1 yes."
    assert (await service.kernel.state(1)).active


async def test_the_one_who_offered_a_draw_learns_it_is_his_and_can_withdraw_it(
    service: GameService,
) -> None:
    console, output = await duel(service)
    await transcript(console, output, "/draw")
    said = await transcript(console, output, "/draw accept")
    assert said == [
        "This draw offer is yours: your opponent accepts or declines it. To withdraw it, "
        "decline it yourself (/draw decline)."
    ]
    assert (await service.kernel.state(1)).record.draw_offer == 0
    said = await transcript(console, output, "/draw decline")
    assert "ana withdraws the draw offer." in said
    assert (await service.kernel.state(1)).record.draw_offer is None
    said = await transcript(console, output, "/as bia", "/draw accept")
    assert said[-1] == "There is no draw offer to accept."
    # In Portuguese the way back is written with the Portuguese command.
    said = await transcript(console, output, "/as ana", "/lang pt", "/empate", "/empate aceitar")
    assert said[-1].endswith("(/empate recusar)."), said


async def test_the_chat_language_is_set_by_whoever_sits_at_the_console(
    service: GameService, store: Store
) -> None:
    output = io.StringIO()
    console = Console(service, output)
    said = await transcript(console, output, "/lang chat it", "/lingua gruppo pt")
    assert said == [
        "This chat's boards and public messages are in Italian now.",
        "This chat's boards and public messages are in Portuguese now.",
    ]
    assert await store.chosen_chat_language(CHAT.platform, CHAT.chat_id) == "pt"
    languages = "Languages: pt (português), it (italiano), en (English)."
    said = await transcript(console, output, "/lang chat klingon", "/lang chat")
    assert said == [languages, languages]
    assert (await service.kernel.roster.player(console.actor)).language is None, (
        "the person's own is unchanged"
    )
