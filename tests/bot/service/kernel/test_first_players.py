"""A chat's language is its first player's (issue 34, item 7): opening a game or challenge
there, or a move in one of its games, teaches it; nothing else does, and the first stays."""

from __future__ import annotations

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from storage import ChatRef

GROUP = ChatRef("test", "group-1")


async def test_a_chat_learns_its_language_from_its_first_play_only(service: GameService) -> None:
    nobody = Actor("test", "zed", "Zed")  # no language known
    italian = Actor("test", "gio", "Gio", "it")
    brazilian = Actor("test", "rui", "Rui", "pt-BR")
    # Commands that are not plays teach nothing; a play by someone without a language neither.
    await service.identities.language_setting(italian)
    await service.challenges.new_game(nobody, GROUP, "brazilian", opponent=italian, seat=1)
    assert await service.chats.chat_language(GROUP) is None
    await service.challenges.accept(italian, 1, GROUP)
    assert await service.chats.chat_language(GROUP) is None, "accepting is not yet playing"
    # Gio's first move is the chat's first play by someone with a language.
    await service.play.move(italian, "c3-d4", 1)
    assert await service.chats.chat_language(GROUP) == "it"
    await service.challenges.new_game(brazilian, GROUP, "brazilian", computer=True, seat=0)
    assert await service.chats.chat_language(GROUP) == "it", "the first stays"
    # A place's language (a server's locale) comes before it.
    assert await service.chats.chat_language(GROUP, place_language="pt") == "pt"
