"""/web and /web logout (issue 38, item 1): a personal link, given privately, opens one
session once; it expires; /web logout ends every session and link of that person only."""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import translate
from bot.service.command_table.commands import parse_command
from bot.service.command_table.dispatch import dispatch
from bot.service.command_table.spec import nobody
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, Reply, SignInPage
from bot.service.kernel.game_flow.clocks import ManualClock
from tests.bot.conftest import ANA, BIA, CHAT


async def typed(service: GameService, actor: Actor, line: str) -> list[Event]:
    return await dispatch(service, actor, CHAT, parse_command(line), nobody)


def key_of(events: list[Event]) -> str:
    (reply,) = events
    assert isinstance(reply, Reply)
    assert isinstance(reply.page, SignInPage)
    assert reply.private  # never in a shared chat: the link signs its holder in
    return reply.page.key


async def test_the_link_opens_one_session_for_its_person_once(service: GameService) -> None:
    key = key_of(await typed(service, ANA, "/web"))
    session = await service.web_sessions.open_session(key)
    assert session is not None
    assert await service.web_sessions.reader(session.token) == ANA
    assert await service.web_sessions.open_session(key) is None
    assert key not in session.token


async def test_logout_is_typed_in_every_language(service: GameService) -> None:
    for line in ("/web logout", "/web sair", "/web esci"):
        session = await service.web_sessions.open_session(key_of(await typed(service, BIA, "/web")))
        assert session is not None
        await typed(service, BIA, line)
        assert await service.web_sessions.reader(session.token) is None, line


async def test_logout_ends_every_session_of_that_person_only(service: GameService) -> None:
    ana = [await service.web_sessions.open_session(key_of(await typed(service, ANA, "/web")))]
    ana.append(await service.web_sessions.open_session(key_of(await typed(service, ANA, "/web"))))
    unused = key_of(await typed(service, ANA, "/web"))
    bia = await service.web_sessions.open_session(key_of(await typed(service, BIA, "/web")))
    assert bia is not None
    (reply,) = await typed(service, ANA, "/web logout")
    assert isinstance(reply, Reply)
    assert translate("en", reply.text) == "Signed out of the web pages everywhere."
    for session in ana:
        assert session is not None
        assert await service.web_sessions.reader(session.token) is None
    assert await service.web_sessions.open_session(unused) is None
    assert await service.web_sessions.reader(bia.token) == BIA
    (again,) = await typed(service, ANA, "/web logout")
    assert isinstance(again, Reply)
    assert translate("en", again.text) == "You are not signed in to the web pages."


async def test_a_link_expires_after_fifteen_minutes(timed: GameService, clock: ManualClock) -> None:
    early = key_of(await typed(timed, ANA, "/web"))
    late = key_of(await typed(timed, ANA, "/web"))
    clock.advance(timedelta(minutes=14))
    assert await timed.web_sessions.open_session(early) is not None
    clock.advance(timedelta(minutes=2))
    assert await timed.web_sessions.open_session(late) is None


async def test_any_text_as_a_session_signs_nobody_in(service: GameService) -> None:
    for token in ("", "x" * 500, "é", "\x00", "' OR 1=1 --"):
        assert await service.web_sessions.reader(token) is None
