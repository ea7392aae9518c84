"""/puzzle in the console and the service: a puzzle solved move by move, a miss, both
ratings changing, the solution hidden until the answer, /profile's puzzle rating; the daily
puzzle posted once per day per group across a restart and with two services on one
database."""

from __future__ import annotations

import asyncio
import io
from datetime import timedelta
from pathlib import Path

import pytest

from bot.console import Console
from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, FileReady, PlayerNotice, ServiceError
from bot.service.kernel.game_flow.clocks import ManualClock
from storage import ChatRef, Store, open_store
from tests.bot.conftest import ANA, BIA, START, make_service
from tests.bot.puzzle_set import SHOT, use_known_puzzles

GROUP = ChatRef("test", "group-1")


@pytest.fixture(autouse=True)
def known_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    use_known_puzzles(monkeypatch)


async def typed(console: Console, output: io.StringIO, line: str) -> str:
    output.seek(0)
    output.truncate()
    await console.handle(line)
    return output.getvalue()


async def test_a_puzzle_solved_in_the_console(
    service: GameService, store: Store, tmp_path: Path
) -> None:
    output = io.StringIO()
    console = Console(service, output, player="Ana", folder=tmp_path)
    shown = await typed(console, output, "/puzzle")
    assert "Puzzle #1 (Brazilian draughts, rated 1500): Black to move and win (easy)." in shown
    assert (tmp_path / "puzzle-1.png").read_bytes().startswith(b"\x89PNG")
    # Nobody sees the solution before answering: no move of the line is shown.
    assert not any(move in shown for move in SHOT.line)
    right = await typed(console, output, "/problema c5-b4")
    assert "Right! a3xc5 is the answer: your move again." in right
    assert "b6xh4" not in right
    solved = await typed(console, output, "/puzzle b6xh4")
    assert "Solved!" in solved
    assert "The solution: c5-b4 a3xc5 b6xh4. Black wins material worth 2 men; a shot" in solved
    assert "Your puzzle rating (Brazilian draughts): 1662 (+162)." in solved
    puzzle = await store.puzzle(1)
    assert puzzle is not None
    assert puzzle.rating.rating < 1500
    profile = await typed(console, output, "/profile")
    assert "Puzzles, Brazilian draughts: 1662 (1 solved, 0 missed)" in profile
    again = await typed(console, output, "/puzzle b6xh4")
    assert "You have no puzzle under way: /puzzle gives you one." in again


async def test_a_wrong_move_misses_and_a_mistyped_one_does_not(
    service: GameService, store: Store
) -> None:
    await service.puzzles.puzzle(ANA, GROUP, "brasileira")
    with pytest.raises(ServiceError) as refused:
        await service.puzzles.answer(ANA, GROUP, "a1-b2")
    assert "is not legal" in translate(None, refused.value.reason)
    refutation, rating, retry = await service.puzzles.answer(ANA, GROUP, "h6-g5")
    # The opponent's answer to the miss, drawn; the loss rated at once; the same position
    # again, whose buttons offer the solution too.
    assert isinstance(refutation, FileReady)
    assert translate("pt", refutation.caption) == ("Não foi desta vez: h6-g5 tem a resposta e3-d4.")
    assert refutation.content.startswith(b"\x89PNG")
    assert refutation.puzzle is None
    assert translate("pt", rating.text).startswith(  # type: ignore[union-attr]
        "Sua pontuação em problemas (Damas brasileiras): 1338 (-162)."
    )
    assert isinstance(retry, FileReady)
    assert retry.puzzle is not None
    assert retry.puzzle.retry
    assert retry.puzzle.step == 0
    assert not any("b6xh4" in translate(None, event.caption) for event in (refutation, retry))
    player = await service.kernel.roster.player(ANA)
    [rating_row] = await store.puzzle_ratings(player.id)
    assert rating_row.rating.rating < 1500
    assert (rating_row.solved, rating_row.failed) == (0, 1)
    puzzle = await store.puzzle(1)
    assert puzzle is not None
    assert puzzle.rating.rating > 1500
    # The next puzzle is one not tried yet.
    [picture] = await service.puzzles.puzzle(ANA, GROUP)
    assert isinstance(picture, FileReady)
    assert picture.name == "puzzle-2.png"


async def test_a_button_answers_its_own_step_only(service: GameService) -> None:
    [picture] = await service.puzzles.puzzle(ANA, GROUP)
    assert isinstance(picture, FileReady)
    assert picture.puzzle is not None
    step = picture.puzzle
    # The buttons offer the moves as a game's board does: by piece and destination.
    [first] = [choice for choice in step.choices if choice.notation == "c5-b4"]
    assert (first.piece, first.target) == ("c5", "b4")
    assert await service.puzzles.step(ANA, GROUP, 1, 0) == step
    [right, later] = await service.puzzles.press(ANA, GROUP, 1, 0, first.index)
    assert translate(None, right.text).startswith("Right!")  # type: ignore[union-attr]
    assert isinstance(later, FileReady)
    assert later.puzzle is not None
    assert [choice.notation for choice in later.puzzle.choices] == ["b6xh4"]
    with pytest.raises(ServiceError) as refused:
        await service.puzzles.step(ANA, GROUP, 1, 0)
    assert "has moved on" in translate(None, refused.value.reason)
    # The first picture's buttons are old now: refused, nothing counted.
    with pytest.raises(ServiceError) as refused:
        await service.puzzles.press(ANA, GROUP, 1, 0, 0)
    assert "has moved on" in translate(None, refused.value.reason)
    verdict, _solution, _rating = await service.puzzles.press(ANA, GROUP, 1, 1, 0)
    assert translate(None, verdict.text) == "Solved!"  # type: ignore[union-attr]


async def test_only_the_draughts_variants_have_puzzles(service: GameService) -> None:
    with pytest.raises(ServiceError) as refused:
        await service.puzzles.puzzle(ANA, GROUP, "ludo")
    assert translate(None, refused.value.reason) == (
        "Puzzles are for Brazilian, International and Italian draughts, the soffio's too."
    )
    # The household game has puzzles of its own, none among these test puzzles.
    with pytest.raises(ServiceError) as refused:
        await service.puzzles.puzzle(ANA, GROUP, "familiare")
    assert translate(None, refused.value.reason).startswith(
        "No puzzles of Italian draughts with the soffio"
    )


def posts(events: list[Event]) -> list[FileReady]:
    return [event for event in events if isinstance(event, FileReady) and event.chat == GROUP]


async def test_the_daily_puzzle_posts_once_a_day_across_a_restart_and_two_services(
    tmp_path: Path,
) -> None:
    clock = ManualClock(START)  # 9:00 UTC
    database = tmp_path / "games.sqlite3"
    first_store = await open_store(database, clock=clock)
    first = make_service(first_store, clock)
    published: list[Event] = []

    async def sink(event: Event) -> None:
        published.append(event)

    first.kernel.bus.subscribe(sink)
    with pytest.raises(ServiceError):
        await first.daily.daily(BIA, GROUP, True, 10, None, administrator=False)
    [status] = await first.daily.daily(ANA, GROUP, True, 10, "brazilian", administrator=True)
    assert translate(None, status.text) == (  # type: ignore[union-attr]
        "This chat's daily puzzle: Brazilian draughts, at 10:00 UTC."
    )
    await first.scheduler.run_due()
    assert posts(published) == []
    clock.advance(timedelta(hours=1, minutes=30))
    await first.scheduler.run_due()
    await first.scheduler.run_due()
    [post] = posts(published)
    assert "Daily puzzle. Puzzle #1" in translate(None, post.caption)
    # Bia answers it in the group: the daily puzzle is hers to solve.
    [right, _picture] = await first.puzzles.answer(BIA, GROUP, "c5-b4")
    assert translate(None, right.text).startswith("Right!")  # type: ignore[union-attr]
    # The end: the group reads the verdict, Bia alone the solution.
    verdict, rating, notice = await first.puzzles.answer(BIA, GROUP, "b6xh4")
    assert translate(None, verdict.text) == (  # type: ignore[union-attr]
        "Solved! The solution is in your private messages."
    )
    assert isinstance(notice, PlayerNotice)
    assert translate(None, notice.text).startswith("The solution: c5-b4 a3xc5 b6xh4.")
    assert "c5-b4" not in translate(None, rating.text)  # type: ignore[union-attr]
    await first.kernel.close()
    await first_store.close()

    # A restart the same day posts nothing more; the next day two services on the same
    # database post the day's puzzle once between them.
    stores = [await open_store(database, clock=clock) for _ in range(2)]
    services = [make_service(store, clock) for store in stores]
    later: list[Event] = []

    async def later_sink(event: Event) -> None:
        later.append(event)

    for service in services:
        service.kernel.bus.subscribe(later_sink)
    await services[0].scheduler.run_due()
    assert posts(later) == []
    clock.advance(timedelta(days=1))
    await asyncio.gather(*(service.scheduler.run_due() for service in services))
    [next_day] = posts(later)
    assert "Puzzle #2" in translate(None, next_day.caption)
    for service, store in zip(services, stores, strict=True):
        await service.kernel.close()
        await store.close()


async def test_the_daily_puzzle_never_repeats_within_a_year_in_a_chat(tmp_path: Path) -> None:
    clock = ManualClock(START)  # 9:00 UTC
    store = await open_store(tmp_path / "games.sqlite3", clock=clock)
    service = make_service(store, clock)
    published: list[Event] = []

    async def sink(event: Event) -> None:
        published.append(event)

    service.kernel.bus.subscribe(sink)
    await service.daily.daily(ANA, GROUP, True, 9, "brazilian", administrator=True)
    posted: dict[int, str] = {}
    for day in range(366 + 3):
        await service.scheduler.run_due()
        for post in posts(published):
            posted[day] = translate(None, post.caption).split("Puzzle #")[1].split(" ")[0]
        published.clear()
        clock.advance(timedelta(days=1))
    # Two puzzles: each posted once, then nothing until a year has gone by.
    assert posted == {0: "1", 1: "2", 366: "1", 367: "2"}
    await service.kernel.close()
    await store.close()


async def test_a_bare_puzzle_is_of_the_players_own_variant(service: GameService) -> None:
    """An Italian with no game is not given a Brazilian puzzle; a player's latest draughts
    game names the variant (none of either is in the known set: the refusal names it)."""
    italian = Actor("test", "gio", "Gio", language="it")
    with pytest.raises(ServiceError) as refused:
        await service.puzzles.puzzle(italian, GROUP)
    assert translate(None, refused.value.reason) == "No puzzles of Italian draughts yet."
    await service.challenges.new_game(BIA, GROUP, "international", computer=True)
    with pytest.raises(ServiceError) as refused:
        await service.puzzles.puzzle(BIA, GROUP)
    assert translate(None, refused.value.reason) == "No puzzles of International draughts yet."
    # A Portuguese speaker, or anyone asking for a variant by name, as before.
    await service.puzzles.puzzle(ANA, GROUP)
    await service.puzzles.puzzle(italian, GROUP, "brazilian")
