"""Issue 40, item 4: a match between two clubs' Discord channels through the fake: /clubmatch
as a slash command of its own (its subcommands and options localised, well within Discord's
size limit), opened in an Italian channel, joined by its code from a Portuguese one, each
side signed in its channel, started (a game in each channel), a game resigned and the other
settled by the organiser; the news in both channels, each in its language, and the score
board one message in each, edited to the end."""

from __future__ import annotations

import re

import pytest

from bot.discord.posting import arena_boards
from bot.service.game_service import GameService
from storage import ChatRef
from tests.bot.discord.clicks import ANA, BIA, CAIO, CHANNEL, act
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord
from tests.fakes.discord_rules import LARGEST_COMMAND, command_size
from tests.waiting import eventually

OTHER = "500000000000000002"


async def test_a_match_between_two_channels_in_their_languages(
    fake: FakeDiscord, connect: Connect, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(arena_boards, "LEADERBOARD_EVERY", 0.2)
    await connect(service)
    names = {command["name"]: command for command in fake.commands}
    command = names["clubmatch"]
    assert command["name_localizations"] == {"pt-BR": "confronto", "it": "incontro"}
    assert command_size(command) < LARGEST_COMMAND * 0.75
    subcommands = {sub["name"]: sub for sub in command["options"]}
    assert subcommands["sign"]["name_localizations"] == {"pt-BR": "inscrever", "it": "iscriviti"}
    settle = {option["name"]: option for option in subcommands["settle"]["options"]}
    assert [choice["value"] for choice in settle["result"]["choices"]] == ["a", "b", "draw"]

    async def slash(who: dict[str, str], channel: str, sub: str, **options: object) -> str:
        locale = "it" if channel == CHANNEL else "pt-BR"
        interaction = await fake.slash(
            who, channel, "clubmatch", dict(options), subcommand=sub, locale=locale
        )
        return (await act(fake, interaction)).ephemeral_text

    opened = await slash(ANA, CHANNEL, "new", variant="italian", boards=1)
    found = re.search(r"/incontro aderisci ([A-Z]+)", opened)
    assert found is not None, opened
    joined = await slash(CAIO, OTHER, "join", code=found.group(1))
    assert "como equipe B" in joined
    assert "si iscrive per la squadra A" in await slash(BIA, CHANNEL, "sign")
    assert "se inscreve pela equipe B" in await slash(CAIO, OTHER, "sign")
    assert "L'incontro #1 comincia" in await slash(ANA, CHANNEL, "start")

    def contents(channel: str) -> list[str]:
        return [message["content"] for message in fake.channel_messages(channel)]

    assert any(c.startswith("L'incontro #1 comincia") for c in contents(CHANNEL))
    assert any(c.startswith("O confronto #1 começa") for c in contents(OTHER))
    facts = await service.store.club_match_facts(1)
    first, second = [await service.kernel.state(g.game_id) for g in facts.games]
    assert (first.record.chat, second.record.chat) == (
        ChatRef("discord", CHANNEL),
        ChatRef("discord", OTHER),
    )

    resign = {"game": first.id, "confirm": True}
    await act(fake, await fake.slash(CAIO, OTHER, "resign", resign, locale="pt-BR"))
    assert "Solo l'organizzatore" in await slash(
        BIA, CHANNEL, "settle", board=1, game=2, result="a"
    )
    await slash(ANA, CHANNEL, "settle", board=1, game=2, result="draw")
    final = {
        CHANNEL: "Incontro #1, squadra A - squadra B: 1,5-0,5\n"
        "Damiera 1: Bia - Caio 1,5-0,5 (partita 1 1-0, partita 2 0,5-0,5)",
        OTHER: "Confronto #1, equipe A - equipe B: 1,5-0,5\n"
        "Tabuleiro 1: Bia - Caio 1,5-0,5 (partida 1 1-0, partida 2 0,5-0,5)",
    }

    def final_boards() -> bool:
        """Each channel has one score board, and it shows the end."""
        return all(
            [c for c in contents(channel) if c.startswith(board[:20])] == [board]
            for channel, board in final.items()
        )

    await eventually(final_boards, "one score board a channel, edited to the end")
    assert any("vince la squadra A per 1,5-0,5" in c for c in contents(CHANNEL))
    assert any("a equipe A vence por 1,5-0,5" in c for c in contents(OTHER))
