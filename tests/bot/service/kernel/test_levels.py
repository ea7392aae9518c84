"""The computer's levels: typed in three languages, stored with the game, kept over a restart,
shown in the computer's name, played at; and the workers shared fairly between games."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from bot.i18n import translate
from bot.service.command_table.commands import parse_command
from bot.service.command_table.dispatch import dispatch
from bot.service.game_service import GameService, events_state
from bot.service.kernel.computer.computer_players import ComputerPlayers, choose_notation
from bot.service.kernel.events import Actor, GameState, ServiceError
from bot.service.kernel.families import seat_name
from games.base import find_game, replay
from games.computer import CORRESPONDENCE_LEVELS, LEVELS, Limit
from storage import Store
from tests.bot.conftest import ANA, CHAT
from tests.waiting import eventually


async def nobody(_name: str) -> Actor | None:
    return None


async def typed(service: GameService, line: str) -> GameState:
    state = events_state(await dispatch(service, ANA, CHAT, parse_command(line), nobody))
    assert state is not None
    return state


@pytest.mark.parametrize(
    ("line", "level"),
    [
        ("/new brazilian vs computer strong white", "strong"),
        ("/new brazilian vs computador forte white", "strong"),
        ("/new brazilian contra computador iniciante white", "beginner"),
        ("/new italian contro computer principiante white", "beginner"),
        ("/new brazilian vs computer fácil white", "easy"),
        ("/new italian vs computer facile white", "easy"),
        ("/new italian vs computer normale white", "normal"),
        ("/new brazilian vs computer level=strong white", "strong"),
        ("/new brazilian vs computer white", "normal"),
        # The words people use for a level (issue 37, item 5).
        ("/new brazilian vs computer hard white", "strong"),
        ("/new brazilian vs computer expert white", "strong"),
        ("/new brazilian contra computador difícil", "strong"),
        ("/new brazilian contra computador avançado", "strong"),
        ("/new italian contro computer difficile", "strong"),
        ("/new italian contro computer esperto", "strong"),
        ("/new italian contro computer medio", "normal"),
        ("/new brazilian vs computer novice white", "beginner"),
    ],
)
async def test_the_level_is_read_and_stored(service: GameService, line: str, level: str) -> None:
    state = await typed(service, line)
    assert state.record.options["level"] == level
    assert (await service.kernel.state(state.id)).record.options["level"] == level


@pytest.mark.parametrize(
    "line",
    ["/new brazilian vs computer level=mighty", "/new brazilian strong", "/new brazilian forte"],
)
async def test_a_wrong_level_is_refused_in_words(service: GameService, line: str) -> None:
    with pytest.raises(ServiceError):
        await typed(service, line)


async def test_the_computer_is_named_with_its_level(service: GameService) -> None:
    state = await typed(service, "/new brazilian vs computer strong white")
    name = seat_name(state, 1)
    assert translate("en", name) == "Computer (strong)"
    assert translate("pt", name) == "Computador (forte)"
    assert translate("it", name) == "Computer (forte)"


async def test_ludo_against_the_computer_is_played_at_the_level_typed(
    service: GameService,
) -> None:
    state = await typed(service, "/new ludo contro computer difficile")
    assert state.record.options["level"] == "strong"
    # Green's pawn on c8 has gone 46 of its 56 steps; red (to move, a 3) can take it.
    snapshot = "4,29,-1,-1/46,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 1 3 0 -"
    options = {"players": 4}
    for level in ("normal", "strong"):
        assert choose_notation("ludo", options, snapshot, LEVELS[level]) == "p1 c5xc8"
    beginner = {choose_notation("ludo", options, snapshot, LEVELS["beginner"]) for _ in range(40)}
    assert beginner == {"p1 c5xc8", "p2 c30-c33"}


class Recording:
    """A chooser that notes each limit it was given and plays the first legal move."""

    def __init__(self) -> None:
        self.limits: list[Limit] = []

    def __call__(self, kind: str, rules: Mapping[str, Any], snapshot: str, limit: Limit) -> str:
        self.limits.append(limit)
        position = find_game(kind).from_snapshot(snapshot, rules)
        return position.notation(position.legal_moves()[0])


@pytest.mark.parametrize(
    ("words", "limit"),
    [("strong", LEVELS["strong"]), ("forte 3d", CORRESPONDENCE_LEVELS["strong"])],
)
async def test_a_restarted_service_plays_at_the_stored_level(
    store: Store, words: str, limit: Limit
) -> None:
    first = GameService(store, ComputerPlayers(ThreadPoolExecutor(1)))
    state = await typed(first, f"/new brazilian vs computer white {words}")
    await first.kernel.close()
    chooser = Recording()
    restarted = GameService(store, ComputerPlayers(ThreadPoolExecutor(1), chooser=chooser))
    try:
        await restarted.play.move(ANA, "c3-d4", state.id)
        await restarted.kernel.background.idle()
        assert (await restarted.kernel.state(state.id)).plies == 2
    finally:
        await restarted.kernel.close()
    assert chooser.limits == [limit]


async def test_the_beginner_plays_legal_moves(store: Store) -> None:
    service = GameService(store, ComputerPlayers(ThreadPoolExecutor(1)))
    try:
        state = await typed(service, "/new brazilian vs computer beginner white")
        for _ in range(5):
            if state.position.outcome() is not None:
                break
            await service.play.move(ANA, state.position.notation(state.position.legal_moves()[0]))
            await service.kernel.background.idle()
            state = await service.kernel.state(state.id)
        log = [move.notation for move in await store.moves(state.id)]
    finally:
        await service.kernel.close()
    assert len(log) >= 8
    assert replay("brazilian", state.record.options, log) == state.position


class Gated:
    """A chooser whose long thinks (more than a second) last until the test lets them end;
    it notes the order in which the thinks reached a worker."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.release = threading.Event()

    def __call__(self, _kind: str, _rules: Mapping[str, Any], snapshot: str, limit: Limit) -> str:
        self.started.append(snapshot)
        if limit.seconds is not None and limit.seconds > 1:
            assert self.release.wait(10), "the test never let the long think end"
        return snapshot


async def test_two_strong_games_do_not_hold_up_a_beginner() -> None:
    chooser = Gated()
    with ThreadPoolExecutor(2) as pool:
        await think_in_turn(ComputerPlayers(pool, workers=2, chooser=chooser), chooser)


async def think_in_turn(computers: ComputerPlayers, chooser: Gated) -> None:
    strong = [
        asyncio.create_task(computers.think("brazilian", {}, name, LEVELS["strong"]))
        for name in ("strong-1", "strong-2")
    ]
    # Both strong thinks are asked for first: one reaches a worker, the other waits its turn.
    await eventually(lambda: chooser.started, "the first strong think at a worker")
    beginner = await computers.think("brazilian", {}, "beginner", LEVELS["beginner"])
    assert beginner.notation == "beginner"
    assert not any(task.done() for task in strong), "a strong think ended before its release"
    # The second strong think has not reached a worker: its time has not started.
    assert sorted(chooser.started) == ["beginner", "strong-1"]
    chooser.release.set()
    await asyncio.gather(*strong)
    assert chooser.started[-1] == "strong-2"
