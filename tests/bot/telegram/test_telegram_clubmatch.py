"""Issue 40, item 4: a match between two clubs' Telegram groups, end to end through the fake
Bot API (with Telegram's flood limits): opened in a Portuguese group, joined by its code from
an Italian one, each side signed in its own group, started (a game in each group), a game
resigned and the other settled by the organiser; the news in both groups, each in its
language, and the score board one message in each, edited to the end."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from bot.service.game_service import GameService
from tests.bot.telegram.conftest import Bot
from tests.fakes.telegram_api import FakeBotApi

# Short, so that the test need not wait for the production pacing (15 s).
INTERVAL = 0.5


def said(api: FakeBotApi, group: dict[str, Any], words: str) -> list[str]:
    return [line for line in api.texts(group) if words in line]


def score_boards(api: FakeBotApi, group: dict[str, Any], head: str) -> list[dict[str, Any]]:
    return [m for m in api.bot_messages(group) if m.get("text", "").startswith(head)]


def final_board(api: FakeBotApi, group: dict[str, Any], head: str) -> list[dict[str, Any]]:
    return [m for m in score_boards(api, group, head) if m["text"].startswith(f"{head}: 2-0")]


async def test_a_match_between_two_groups_in_their_languages(
    api: FakeBotApi, service: GameService, bot: Bot
) -> None:
    bot.front.showing.arena_boards.edits.interval = INTERVAL
    ana = api.user(1, "Ana", "ana", "pt-br")
    bia = api.user(2, "Bia", "bia", "pt-br")
    carla = api.user(3, "Carla", "carla", "it")
    dario = api.user(4, "Dario", "dario", "it")
    home = api.group(-100501, "Clube Paulista")
    away = api.group(-100502, "Circolo Romano")
    api.send_text(ana, home, "/confronto novo italiana 1")
    [opened] = await api.wait_for(lambda: said(api, home, "abre o confronto"), "the opening")
    found = re.search(r"/confronto entrar ([A-Z]+)", opened)
    assert found is not None, opened
    api.send_text(carla, away, f"/incontro aderisci {found.group(1)}")
    await api.wait_for(lambda: said(api, away, "come squadra B"), "side B's chat joins")
    await api.wait_for(lambda: said(api, home, "como equipe B"), "side A's chat told")
    api.send_text(bia, home, "/confronto inscrever")
    api.send_text(dario, away, "/incontro iscriviti")
    await api.wait_for(lambda: said(api, away, "Dario si iscrive per la squadra B"), "signed")
    await api.wait_for(lambda: said(api, home, "Bia se inscreve pela equipe A"), "signed")

    api.send_text(ana, home, "/confronto iniciar")
    await api.wait_for(lambda: said(api, home, "O confronto #1 começa"), "the start")
    [start] = await api.wait_for(lambda: said(api, away, "L'incontro #1 comincia"), "the start")
    assert "Damiera 1: Bia - Dario (lancio della moneta: il bianco a " in start
    # The first game in side A's group, the second in side B's.
    await api.wait_for(lambda: api.boards(home) and api.boards(away), "a board in each group")
    home_head, away_head = "Confronto #1, equipe A - equipe B", "Incontro #1, squadra A - squadra B"
    await api.wait_for(lambda: score_boards(api, away, away_head), "the score board")

    api.send_text(dario, away, "/abbandona 1 sì")
    await api.wait_for(
        lambda: said(api, home, "Confronto #1, tabuleiro 1: partida 1 1-0"), "the result"
    )
    api.send_text(bia, home, "/confronto decidir 1 2 a")
    await api.wait_for(lambda: said(api, home, "Só o organizador do confronto #1"), "refused")
    api.send_text(ana, home, "/confronto decidir 1 2 a")
    await api.wait_for(
        lambda: said(api, away, "L'incontro #1 è finito: vince la squadra A per 2-0."), "end"
    )
    await api.wait_for(lambda: said(api, home, "a equipe A vence por 2-0"), "the end")
    for group, head in ((home, home_head), (away, away_head)):
        await api.wait_for(partial(final_board, api, group, head), "the final score board")
        assert len(score_boards(api, group, head)) == 1, "one score board, edited"
    assert (await service.store.get_club_match(1)).status == "finished"
