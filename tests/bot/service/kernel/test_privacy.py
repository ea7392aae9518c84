"""Who sees what across chats (issue 22, item 11): a game is seen by its players anywhere and
by anyone in the chats where it lives or is shown; a tournament in the chat it was created in,
by its organiser and entrants anywhere, and elsewhere only if its organiser made it open.
Everyone else gets exactly the answer an id nothing has gets: ids reveal nothing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import ServiceError
from storage import ChatRef
from tests.bot.conftest import ANA, BIA, CAIO, CHAT
from tests.bot.service.test_service import two_player_game

ELSEWHERE = ChatRef("test", "chat-2")
NOBODY_HAS = 999


async def refusal(call: Awaitable[object]) -> str:
    with pytest.raises(ServiceError) as refused:
        await call
    return translate("en", refused.value.reason)


GameCall = Callable[[GameService, int, ChatRef], Awaitable[object]]
GAME_CALLS: dict[str, GameCall] = {
    "board": lambda service, game, chat: service.records.board(CAIO, game, chat),
    "moves": lambda service, game, chat: service.records.legal_moves(CAIO, game, chat),
    "history": lambda service, game, chat: service.records.history(CAIO, game, chat),
    "pdn": lambda service, game, chat: service.records.export_pdn(CAIO, game, chat),
    "move": lambda service, game, chat: service.play.move(CAIO, "c3-d4", game, chat=chat),
    "draw": lambda service, game, chat: service.results.draw(CAIO, None, game, chat=chat),
    "resign": lambda service, game, chat: service.results.resign(CAIO, game, chat),
    "abort": lambda service, game, chat: service.results.abort(CAIO, game, chat),
    "claim": lambda service, game, chat: service.results.claim(CAIO, game, chat),
    "takeback": lambda service, game, chat: service.takebacks.takeback(CAIO, None, game, chat),
    "use": lambda service, game, chat: service.records.use(CAIO, game, chat),
    "rematch": lambda service, game, chat: service.challenges.rematch(CAIO, game, chat),
    "button": lambda service, game, chat: service.records.visible_state(CAIO, game, chat),
}


@pytest.mark.parametrize("name", GAME_CALLS)
async def test_another_chats_game_answers_as_an_unknown_one(
    service: GameService, name: str
) -> None:
    game = (await two_player_game(service, "brazilian", "casual")).id
    call = GAME_CALLS[name]
    unknown = await refusal(call(service, NOBODY_HAS, ELSEWHERE))
    assert unknown == f"There is no game {NOBODY_HAS}."
    assert await refusal(call(service, game, ELSEWHERE)) == f"There is no game {game}."


async def test_a_game_is_seen_where_it_lives_and_by_its_players_anywhere(
    service: GameService,
) -> None:
    game = (await two_player_game(service, "brazilian", "casual")).id
    assert await service.records.board(CAIO, game, CHAT)
    assert await service.records.history(BIA, game, ELSEWHERE)
    assert await refusal(service.results.resign(CAIO, game, CHAT)) == (
        f"You are not playing in game #{game}."
    )
    await service.play.move(ANA, "c3-d4", game, chat=ELSEWHERE)
    assert (await service.kernel.state(game)).plies == 1


async def test_a_game_shown_in_another_chat_is_seen_there(service: GameService) -> None:
    game = (await two_player_game(service, "brazilian", "casual")).id
    await service.records.board_shown(game, ELSEWHERE, "77", 1)
    assert await service.records.board(CAIO, game, ELSEWHERE)


async def test_another_chats_tournament_answers_as_an_unknown_one(service: GameService) -> None:
    await service.entries.create(ANA, CHAT, ["brazilian", "swiss", "rounds=3"])
    await service.entries.join(BIA, CHAT, None)
    unknown = await refusal(service.reports.show(CAIO, ELSEWHERE, NOBODY_HAS))
    assert unknown == f"There is no tournament #{NOBODY_HAS}."
    for call in (
        service.reports.show(CAIO, ELSEWHERE, 1),
        service.reports.pairings(CAIO, ELSEWHERE, 1),
        service.reports.export_pdn(CAIO, ELSEWHERE, 1),
        service.reports.export_csv(CAIO, ELSEWHERE, 1),
        service.entries.join(CAIO, ELSEWHERE, 1),
    ):
        assert await refusal(call) == "There is no tournament #1."
    # Its organiser and its entrants see it from anywhere; anyone in its own chat does.
    assert await service.reports.show(ANA, ELSEWHERE, 1)
    assert await service.reports.show(BIA, ELSEWHERE, 1)
    assert await service.reports.show(CAIO, CHAT, 1)


async def test_an_open_tournament_is_seen_and_joined_from_any_chat(
    service: GameService,
) -> None:
    await service.entries.create(ANA, CHAT, ["brazilian", "swiss", "rounds=3", "open"])
    assert await service.reports.show(CAIO, ELSEWHERE, 1)
    await service.entries.join(CAIO, ELSEWHERE, 1)
    facts = await service.store.tournament_facts(1)
    caio = await service.kernel.roster.player(CAIO)
    assert [entry.members for entry in facts.entries] == [(caio.id,)]


@pytest.mark.parametrize("words", [[], ["open"]])
async def test_an_open_tournaments_games_are_seen_from_any_chat(
    service: GameService, words: list[str]
) -> None:
    await service.entries.create(ANA, CHAT, ["brazilian", "swiss", "rounds=1", *words])
    for player in (ANA, BIA):
        await service.entries.join(player, CHAT, 1)
    await service.tournaments.start(ANA, CHAT, 1)
    game = next(g.game_id for g in (await service.store.tournament_facts(1)).games if g.game_id)
    board = service.records.board(CAIO, game, ELSEWHERE)
    if words:
        assert await board
        assert await refusal(service.results.resign(CAIO, game, ELSEWHERE)) == (
            f"You are not playing in game #{game}."
        )
    else:
        assert await refusal(board) == f"There is no game {game}."
