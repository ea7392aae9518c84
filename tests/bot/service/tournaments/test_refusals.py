"""Bad input about tournaments: a clear refusal in the person's language, nothing stored
changes."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, ServiceError
from storage import TournamentFacts
from tests.bot.service.tournaments.helpers import CHAT, ORGANISER, open_with, people

PT = Actor("test", "pt", "Rui", "pt-BR")
IT = Actor("test", "it", "Gina", "it")


async def refused(call: Awaitable[object], language: str = "en") -> str:
    with pytest.raises(ServiceError) as error:
        await call
    return translate(language, error.value.reason)


async def unchanged(service: GameService, tournament_id: int, before: TournamentFacts) -> None:
    assert await service.store.tournament_facts(tournament_id) == before


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["ludo", "knockout"], "Unknown variant ludo"),
        (["chess", "knockout"], "Unknown variant chess"),
        (["brazilian", "ladder"], "Unknown format ladder"),
        (["brazilian", "swiss", "rounds=-2"], "rounds must be 1 or more"),
        (["brazilian", "swiss", "rounds=0"], "rounds must be 1 or more"),
        (["brazilian", "swiss"], "needs its number of rounds"),
        (["brazilian", "knockout", "rounds=3"], "Only a Swiss"),
        (["brazilian", "roundrobin", "micro"], "Micro-matches are for knockouts"),
        (["brazilian", "knockout", "max=1"], "2 to 512 entries"),
        (["brazilian", "knockout", "bye=2"], "a bye scores 1, 0.5 or 0"),
        (["brazilian", "swiss", "rounds=3", "tiebreaks=sb,sb"], "each once"),
        (["brazilian", "knockout", "99m"], "1 to 60 minutes"),
        (["brazilian", "knockout", "banana"], "I do not understand banana"),
        (["brazilian"], "Write the variant and the format"),
    ],
)
async def test_bad_settings_are_refused_and_nothing_is_stored(
    service: GameService, words: list[str], says: str
) -> None:
    assert says in await refused(service.entries.create(ORGANISER, CHAT, words))
    assert await service.store.tournaments(("registering",)) == []


async def test_refusals_speak_the_persons_language(service: GameService) -> None:
    pt = await refused(service.entries.create(PT, CHAT, ["brazilian", "ladder"]), "pt")
    it = await refused(service.entries.create(IT, CHAT, ["brazilian", "ladder"]), "it")
    assert "Formato desconhecido" in pt
    assert "Formato sconosciuto" in it


async def test_joining_twice_joining_late_and_starting_alone_are_refused(
    service: GameService,
) -> None:
    ana, bia, caio = people(3)
    tournament_id = await open_with(service, [ana], ["brazilian", "knockout"])
    before = await service.store.tournament_facts(tournament_id)
    assert "already have an entry" in await refused(service.entries.join(ana, CHAT, tournament_id))
    assert "at least 2 entries" in await refused(
        service.tournaments.start(ORGANISER, CHAT, tournament_id)
    )
    await unchanged(service, tournament_id, before)
    await service.entries.join(bia, CHAT, tournament_id)
    assert "Only the organiser" in await refused(service.tournaments.start(bia, CHAT, None))
    assert "Only the organiser" in await refused(
        service.tournaments.set_status(bia, CHAT, "cancelled", None)
    )
    await service.tournaments.start(ORGANISER, CHAT, None)
    before = await service.store.tournament_facts(tournament_id)
    assert "There is no tournament here" in await refused(service.entries.join(caio, CHAT))
    assert "not taking entries" in await refused(service.entries.join(caio, CHAT, tournament_id))
    assert "not taking entries" in await refused(service.entries.leave(ana, CHAT, tournament_id))
    await unchanged(service, tournament_id, before)


async def test_a_swiss_with_more_rounds_than_the_field_allows_does_not_start(
    service: GameService,
) -> None:
    tournament_id = await open_with(service, people(4), ["brazilian", "swiss", "rounds=9"])
    before = await service.store.tournament_facts(tournament_id)
    assert "1 to 3 rounds" in await refused(service.tournaments.start(ORGANISER, CHAT, None))
    await unchanged(service, tournament_id, before)


async def test_teams_need_exactly_two_players(service: GameService) -> None:
    ana, bia, caio = people(3)
    tournament_id = await open_with(service, [], ["brazilian", "knockout", "teams"])
    assert "teams of two" in await refused(service.entries.join(ana, CHAT, tournament_id))
    assert "two different players" in await refused(
        service.entries.join(ana, CHAT, tournament_id, ana)
    )
    await service.entries.join(ana, CHAT, tournament_id, bia)
    assert "already have an entry" in await refused(
        service.entries.join(caio, CHAT, tournament_id, bia)
    )
    facts = await service.store.tournament_facts(tournament_id)
    assert [len(entry.members) for entry in facts.entries] == [2]
