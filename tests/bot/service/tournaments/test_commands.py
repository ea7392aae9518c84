"""`/tournament` typed in the three languages, through dispatch as every front end uses it."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest

from bot.i18n import Text, translate
from bot.service.command_table.commands import parse_command
from bot.service.command_table.dispatch import dispatch
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, ServiceError, TurnNotice
from tests.bot.service.tournaments.helpers import CHAT, notices, people

ANA, BIA, CAIO, DINO = people(4)
KNOWN = {actor.display_name.lower(): actor for actor in (ANA, BIA, CAIO, DINO)}


async def typed(service: GameService, actor: Actor, line: str) -> list[Event]:
    async def resolve(name: str) -> Actor | None:
        return KNOWN.get(name.lower())

    return await dispatch(service, actor, CHAT, parse_command(line), resolve)


async def test_a_team_tournament_in_portuguese_and_italian(service: GameService) -> None:
    # By correspondence (3 days a move), so that each member of the team to move is told.
    await typed(service, ANA, "/torneio novo brazilian chave duplas 3d")
    await typed(service, ANA, "/torneio entrar com p2")
    await typed(service, CAIO, "/torneo partecipa con P4")
    assert "A team has two players" in translate(
        "en",
        (await _refusal(typed(service, CAIO, "/torneo partecipa con p2 p1"))),
    )
    started = await typed(service, ANA, "/torneio iniciar")
    assert "starts with 2 entries" in notices(started)[0]
    assert "P1 & P2" in notices(started)[0]
    facts = await service.store.tournament_facts(1)
    game_id = facts.games[0].game_id
    state = await service.kernel.state(game_id or 0)
    white_team = [p for p in (ANA, BIA, CAIO, DINO) if p.display_name in state.seat_names[0]]
    black_team = [p for p in (ANA, BIA, CAIO, DINO) if p not in white_team]
    # Either member of a team moves for it (here the partner who joined second); both
    # members of the other team are told it is their turn.
    moved = await typed(service, white_team[1], "/move 22-18")
    assert (await service.kernel.state(game_id or 0)).plies == 1
    told = {e.player_id for e in moved if isinstance(e, TurnNotice)}
    assert told == {(await service.kernel.roster.player(actor)).id for actor in black_team}


async def test_settle_needs_a_table_and_a_number(service: GameService) -> None:
    await typed(service, ANA, "/tournament new brazilian knockout")
    with pytest.raises(ServiceError):
        await typed(service, ANA, "/tournament settle 1")


async def _refusal(call: Awaitable[object]) -> Text:
    with pytest.raises(ServiceError) as error:
        await call
    return error.value.reason


async def test_the_number_written_in_the_notices_names_the_tournament(
    service: GameService,
) -> None:
    # The opening notice says "Join with /tournament join 1": a bare number is the id.
    await typed(service, ANA, "/tournament new brazilian knockout")
    await typed(service, ANA, "/tournament new brazilian swiss rounds=2")
    assert "joins tournament #1" in notices(await typed(service, BIA, "/tournament join 1"))[0]
    assert "joins tournament #1" in notices(await typed(service, CAIO, "/torneio entrar #1"))[0]
    started = await typed(service, ANA, "/tournament start 1")
    assert "starts with 2 entries" in notices(started)[0]
    for line in ("/tournament join 99999999999999999999999", "/tournament show #0"):
        reason = translate("en", await _refusal(typed(service, DINO, line)))
        assert "There is no tournament" in reason
    assert not (await service.store.tournament_facts(2)).entries
