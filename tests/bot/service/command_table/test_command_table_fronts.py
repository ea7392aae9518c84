"""One table of commands (issue 23): every command, typed in the console, typed to the bot on
Telegram and given as Discord's slash command, reaches the same service call with the same
arguments and the same result. Each front end runs on a service of its own (the same ids), the
service's methods recorded: the call, its arguments (people and chats left out, as they are
each platform's own) and its refusal or its answer in English."""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AsyncExitStack
from functools import reduce, wraps
from pathlib import Path
from typing import Any

import pytest

from bot.console import Console
from bot.i18n import translate
from bot.service.command_table.table import TABLE
from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.events import Actor, Reply, ServiceError
from bot.telegram import stop_front
from games.computer import Limit
from storage import ChatRef, open_store
from tests.bot.discord.clicks import ANA, CHANNEL, act
from tests.bot.discord.conftest import Connect
from tests.bot.telegram.conftest import start_bot
from tests.fakes.discord_api import FakeDiscord
from tests.fakes.telegram_api import FakeBotApi

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from tests.bot.discord.conftest import connect as connect  # the fixtures
    from tests.bot.discord.conftest import fake as fake
from tests.bot.telegram.conftest import api as api  # the fixture

# Per case: the typed line and the slash command's options. Game and challenge 7 exist
# nowhere: the service refuses them alike wherever they come from.
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "new": ("/new brazilian vs computer white", {"game": "brazilian", "computer": True, "side": 0}),
    "accept": ("/accept 7", {"challenge": 7}),
    "begin": ("/begin 7", {"challenge": 7}),
    "decline": ("/decline 7", {"challenge": 7}),
    "move": ("/move #7 c3-d4", {"move": "c3-d4", "game": 7}),
    "roll": ("/roll 7", {"game": 7}),
    "board": ("/board 7", {"game": 7}),
    "moves": ("/moves 7", {"game": 7}),
    "games": ("/games done", {"done": True}),
    "use": ("/use 7", {"game": 7}),
    "resign": ("/resign 7 yes", {"game": 7, "confirm": True}),
    "resign-asks": ("/resign 7", {"game": 7}),
    "draw": ("/draw #7 accept", {"answer": "accept", "game": 7}),
    "claim": ("/claim 7", {"game": 7}),
    "abort": ("/abort 7 yes", {"game": 7, "confirm": True}),
    "abort-asks": ("/abort 7", {"game": 7}),
    "history": ("/history 7", {"game": 7}),
    "pdn": ("/pdn 7", {"game": 7}),
    "review": ("/analise 7", {"game": 7}),
    "review-pdn": (
        '/review [GameType "26"] 1. c3-d4 f6-g5 *',
        {"pdn": '[GameType "26"] 1. c3-d4 f6-g5 *'},
    ),
    "profile": ("/profile", {}),
    "top": ("/top brazilian live", {"game": "brazilian", "pace": "live"}),
    "vacation": ("/vacation", {}),
    "vacation-days": ("/vacation 3", {"days": 3}),
    "remind": ("/remind off", {"on": False}),
    "link": ("/link NOCODE", {"code": "NOCODE"}),
    # /web's link is a new key each time: its logout is the same call everywhere.
    "web": ("/web sair", {"logout": True}),
    "flip": ("/flip", {}),
    "lang": ("/lang it", {"language": "it"}),
    "takeback": ("/takeback #7 decline", {"answer": "decline", "game": 7}),
    "rematch": ("/rematch 7", {"game": 7}),
    "verify": ("/verify 7", {"game": 7}),
    "rules": ("/rules", {}),
    "tournament": ("/tournament", {}),
    "tournament-show": ("/torneio mostrar 7", {"tournament": 7}),
    "tournament-new": (
        "/torneo nuovo brasileira svizzero 10m turni=3 riposo=0.5",
        {"variant": "brazilian", "format": "swiss", "time": "10m", "rounds": 3, "bye": "0.5"},
    ),
    "tournament-join": ("/tournament join #7", {"tournament": 7}),
    "tournament-games": ("/torneio partidas 7 todos", {"tournament": 7, "all": True}),
    "tournament-settle": ("/tournament settle 7 1 2", {"tournament": 7, "table": 1, "entry": 2}),
    "tournament-verify": ("/torneo verifica 7", {"tournament": 7}),
    "tournament-help": ("/torneio ajuda", {}),
    "simul": ("/simul", {}),
    "simul-new": (
        "/simultanea nuova italiana 10 10m alternato",
        {"variant": "italian", "boards": 10, "time": "10m", "colour": "alternate"},
    ),
    "simul-join": ("/simul join #7", {"simul": 7}),
    "simul-desk": ("/simultanea mesa 7", {"simul": 7}),
    "simul-pdn": ("/simul pdn 7", {"simul": 7}),
    "clubmatch": ("/clubmatch", {}),
    "clubmatch-new": (
        "/confronto novo italiana 4 3d",
        {"variant": "italian", "boards": 4, "time": "3d"},
    ),
    "clubmatch-join": ("/incontro aderisci QWERTY", {"code": "QWERTY"}),
    "clubmatch-sign": ("/clubmatch sign b #7", {"side": "b", "match": 7}),
    "clubmatch-settle": (
        "/confronto decidir 2 1 empate 7",
        {"board": 2, "game": 1, "result": "draw", "match": 7},
    ),
    "puzzle": ("/puzzle brazilian", {"variant": "brazilian"}),
    "puzzle-answer": ("/puzzle c3-d4", {"answer": "c3-d4"}),
    "puzzle-daily": ("/problema diario", {"daily": "show"}),
    "help": ("/help", {}),
}
# The service calls the commands make (beside the reads every front end makes to show them).
RECORDED = [
    "web_sessions.log_out",
    "challenges.new_game",
    "challenges.accept",
    "challenges.begin",
    "challenges.decline",
    "play.move",
    "play.roll",
    "records.board",
    "records.legal_moves",
    "records.my_games",
    "records.use",
    "results.resign",
    "results.draw",
    "results.claim",
    "results.abort",
    "records.history",
    "records.export_pdn",
    "reviews.review",
    "ratings.profile",
    "ratings.leaderboards",
    "correspondence.vacation",
    "correspondence.vacation_status",
    "correspondence.set_reminders",
    "correspondence.reminder_status",
    "identities.link",
    "chats.flip",
    "identities.set_language",
    "chats.set_chat_language",
    "takebacks.takeback",
    "challenges.rematch",
    "reports.show",
    "reports.games",
    "reports.verify",
    "entries.create",
    "entries.join",
    "tournaments.settle",
    "simuls.create",
    "simuls.join",
    "desks.desk",
    "desks.show",
    "desks.export_pdn",
    "club_matches.create",
    "club_matches.join",
    "club_matches.sign",
    "club_matches.settle",
    "club_match_views.show",
    "puzzles.puzzle",
    "puzzles.answer",
    "daily.daily",
]

Call = tuple[str, tuple[Any, ...], Any]


def shown(value: Any) -> Any:
    """An argument as the comparison sees it: a platform's people and chats as what they are."""
    if isinstance(value, Actor):
        return "person"
    if isinstance(value, ChatRef):
        return "chat"
    if callable(value):
        return "the front end's"  # what a front end lends a call (the stages of a review)
    if isinstance(value, list | tuple):
        return tuple(map(shown, value))
    return value


# A time said in an answer ("until 2026-12-02 02:36 UTC"): the three fronts run one after the
# other, so a time counted from the call's moment may fall in the next minute on a busy machine.
SAID_TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC")


def result(value: Any) -> Any:
    """The answer in English: replies as text (a time said in it as `<time>`), other events by
    kind (a board, a file)."""
    if isinstance(value, list):
        return [
            SAID_TIME.sub("<time>", translate(None, event.text))
            if isinstance(event, Reply)
            else type(event).__name__
            for event in value
        ]
    return type(value).__name__


def record(service: GameService, calls: list[Call]) -> None:
    """Note each command call on `service`: its name, arguments and result or refusal (/top's
    call is the `leaderboards` it reads: Telegram and Discord show those as pictures)."""
    for name in RECORDED:
        path, _, attribute = name.rpartition(".")
        owner = reduce(getattr, path.split("."), service)
        method = getattr(owner, attribute)

        def recorded(method: Callable[..., Awaitable[Any]], name: str) -> Callable[..., Any]:
            @wraps(method)
            async def call(*args: Any, **kwargs: Any) -> Any:
                arguments = shown((*args, *sorted(kwargs.items())))
                try:
                    value = await method(*args, **kwargs)
                except ServiceError as error:
                    calls.append((name, arguments, ("refused", translate(None, error.reason))))
                    raise
                answer = result(value)
                calls.append((name, arguments, answer))
                return value

            return call

        setattr(owner, attribute, recorded(method, name))


async def a_service(folder: Path, stack: AsyncExitStack) -> GameService:
    """A service on a store of its own, closed with `stack`."""
    folder.mkdir()
    store = await stack.enter_async_context(await open_store(folder / "games.sqlite3"))
    computers = ComputerPlayers(ThreadPoolExecutor(max_workers=1), Limit(depth=1, seconds=0.1))
    service = GameService(store, computers)
    stack.push_async_callback(service.kernel.close)
    return service


async def console_calls(tmp_path: Path, stack: AsyncExitStack, line: str) -> list[Call]:
    service = await a_service(tmp_path / "console", stack)
    calls: list[Call] = []
    record(service, calls)
    # Files (/pdn, /profile's chart) go to the test's folder, not the working one.
    await Console(service, io.StringIO(), player="Ana", folder=tmp_path).handle(line)
    await service.kernel.background.idle()
    return calls


async def telegram_calls(
    tmp_path: Path, stack: AsyncExitStack, api: FakeBotApi, line: str
) -> list[Call]:
    service = await a_service(tmp_path / "telegram", stack)
    calls: list[Call] = []
    record(service, calls)
    bot = await start_bot(service, api)
    try:
        ana = api.user(1001, "Ana")
        chat = api.private_chat(ana)
        api.send_text(ana, chat, line)
        await api.wait_for(lambda: api.texts(chat) or api.boards(chat), f"an answer to {line}")
        await service.kernel.background.idle()
    finally:
        await stop_front(bot.front, bot.settings)
    return calls


async def discord_calls(
    tmp_path: Path,
    stack: AsyncExitStack,
    fake: FakeDiscord,
    connect: Connect,
    case: str,
    options: dict[str, Any],
) -> list[Call]:
    name = next(command.names[0] for command in TABLE if command.name == case.split("-")[0])
    service = await a_service(tmp_path / "discord", stack)
    calls: list[Call] = []
    record(service, calls)
    await connect(service)
    # Discord has no bare /tournament, /simul or /clubmatch: their subcommand `show` is what
    # the typed one does.
    subcommanded = ("tournament", "simul", "clubmatch")
    sub = (case.partition("-")[2] or "show") if name in subcommanded else None
    interaction = await act(fake, await fake.slash(ANA, CHANNEL, name, options, subcommand=sub))
    # /review shows its stages in the answer first: the result comes in a later edit.
    await fake.wait_for(
        lambda: not interaction.ephemeral_text.startswith("Reviewing"), what="the review"
    )
    await service.kernel.background.idle()
    return calls


def test_every_command_has_a_case() -> None:
    assert {case.split("-")[0] for case in CASES} == {command.name for command in TABLE}


@pytest.mark.parametrize("case", CASES)
async def test_a_command_is_the_same_call_in_every_front(
    case: str,
    tmp_path: Path,
    api: FakeBotApi,
    fake: FakeDiscord,
    connect: Connect,
) -> None:
    line, options = CASES[case]
    async with AsyncExitStack() as stack:
        console = await console_calls(tmp_path, stack, line)
        telegram = await telegram_calls(tmp_path, stack, api, line)
        discord = await discord_calls(tmp_path, stack, fake, connect, case, options)
    assert console == telegram == discord
    if case not in ("help", "tournament-help"):
        assert console, f"{line} reached no service call"
