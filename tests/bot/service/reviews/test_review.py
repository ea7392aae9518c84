"""/review through the service and the console: the planted blunder marked `??` with the
better move a plain search proves, its picture and annotated PDN; the review stored and shown
again without a search; bad input (an unfinished game, Ludo, another chat's game, PDN that
does not read) answered clearly in the reader's language; a PDN given as text or as a file."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.console import CHAT as CONSOLE_CHAT
from bot.console import Console
from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate, Event, FileReady, Reply, ServiceError
from bot.service.reviews.record import Review, ReviewedGame
from games.damas.pdn import read_games
from games.damas.review import Searched, review_limit, search_position
from storage import ChatRef
from tests import planted_blunder as planted
from tests.bot.conftest import ANA, BIA, CAIO, CHAT
from tests.bot.review_games import PDN, TEST_NODES, TEST_SECOND_LOOK, blundered_game, opening_pdn

ELSEWHERE = ChatRef("test", "chat-2")


@pytest.fixture
def reviews(service: GameService) -> GameService:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    return service


def jobs_of(service: GameService) -> list[tuple[Any, ...]]:
    """The worker jobs the service asks for from now on."""
    jobs: list[tuple[Any, ...]] = []
    work = service.kernel.computers.work

    async def counted(job: Callable[..., Any], *args: Any) -> Any:
        jobs.append(args)
        return await work(job, *args)

    service.kernel.computers.work = counted  # type: ignore[method-assign]
    return jobs


def replies(events: list[Event], language: str | None = None) -> str:
    return "\n".join(translate(language, e.text) for e in events if isinstance(e, Reply))


def files(events: list[Event]) -> dict[str, bytes]:
    return {event.name: event.content for event in events if isinstance(event, FileReady)}


async def refusal(call: Any, language: str | None = None) -> str:
    with pytest.raises(ServiceError) as refused:
        await call
    return translate(language, refused.value.reason)


async def test_the_planted_blunder_is_marked_with_the_better_move(reviews: GameService) -> None:
    game = await blundered_game(reviews, ANA, BIA, CHAT)
    stages: list[str] = []

    async def progress(stage: Any) -> None:
        stages.append(translate(None, stage))

    events = await reviews.reviews.review(BIA, CHAT, game, progress=progress)
    assert stages == [
        f"Reviewing game #{game}: move 1 of 1.",
        f"Reviewing game #{game}: a second, deeper look at the marked moves (1).",
    ]
    message = replies(events)
    assert "Each move marked a mistake or a blunder was searched again with 6000 nodes" in message
    assert f"1... {planted.BLUNDER}?? blunder" in message
    assert f"better {planted.BETTER} ({planted.BETTER} " in message
    assert "Bia: 1 moves" in message
    assert "blunders 1." in message
    assert "Ana: 0 moves" in message
    found = files(events)
    assert found[f"review-{game}-worst.png"].startswith(b"\x89PNG")
    [record] = read_games(found[f"review-{game}.pdn"].decode())
    assert record.moves == (planted.BLUNDER,)
    assert record.tags["FEN"] == planted.FEN
    pdn = found[f"review-{game}.pdn"].decode()
    assert f"{planted.BLUNDER}?? {{blunder (" in pdn
    assert f"better {planted.BETTER}" in pdn


async def test_a_review_is_stored_and_shown_again_without_a_search(reviews: GameService) -> None:
    game = await blundered_game(reviews, ANA, BIA, CHAT)
    jobs = jobs_of(reviews)
    first = await reviews.reviews.review(ANA, CHAT, game)
    # The position before the move, and the one after it (a resignation ends no position),
    # then both again, deeper: the move is marked.
    assert [job[-1] for job in jobs] == [TEST_NODES] * 2 + [TEST_SECOND_LOOK] * 2
    again = await reviews.reviews.review(BIA, CHAT, game)
    assert len(jobs) == 4
    assert replies(again).startswith("The stored review")
    assert replies(first) in replies(again)
    assert files(again) == files(first)


async def test_without_a_number_the_players_last_finished_game_is_reviewed(
    reviews: GameService,
) -> None:
    game = await blundered_game(reviews, ANA, BIA, CHAT)
    events = await reviews.reviews.review(BIA, CHAT)
    assert f"Review of game #{game}" in replies(events)
    assert "no finished game" in await refusal(reviews.reviews.review(CAIO, CHAT))


async def test_bad_games_are_refused_in_the_readers_language(reviews: GameService) -> None:
    game = await blundered_game(reviews, ANA, BIA, CHAT, finish=False)
    assert await refusal(reviews.reviews.review(ANA, CHAT, game)) == (
        f"Game #{game} is still being played: it can be reviewed once it is over."
    )
    pt = Actor("test", "ana", "Ana", "pt-BR")
    assert "ainda" in await refusal(reviews.reviews.review(pt, CHAT, game), "pt")
    # Another chat's game: as if there were none (the same answer as /pdn's).
    await reviews.results.resign(BIA, game)
    elsewhere = await refusal(reviews.reviews.review(CAIO, ELSEWHERE, game))
    assert elsewhere == f"There is no game {game}."
    with pytest.raises(ServiceError) as pdn_refusal:
        await reviews.records.export_pdn(CAIO, game, ELSEWHERE)
    assert translate(None, pdn_refusal.value.reason) == elsewhere
    # Ludo is no draughts game.
    events = await reviews.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=2, seat=0)
    ludo_game = next(event.state.id for event in events if isinstance(event, BoardUpdate))
    assert await refusal(reviews.reviews.review(ANA, CHAT, ludo_game)) == (
        f"Only draughts games can be reviewed: game #{ludo_game} is not one."
    )
    assert "damas" in await refusal(reviews.reviews.review(pt, CHAT, ludo_game), "pt")


@pytest.mark.parametrize(
    ("pdn", "reason"),
    [
        ('[GameType "99"] 1. c3-d4 *', "That PDN does not read: game at line 1: GameType '99'"),
        ('[GameType "26"] 1. c3-d9 *', "That PDN does not replay: move 1. c3-d9:"),
        ('[GameType "26"] *', "That PDN has no moves to review."),
        ("[White " * 20_000, "That PDN is too long"),
    ],
)
async def test_a_pdn_that_does_not_read_is_refused(
    reviews: GameService, pdn: str, reason: str
) -> None:
    assert (await refusal(reviews.reviews.review(ANA, CHAT, pdn=pdn))).startswith(reason)


async def test_a_pdn_given_as_text_is_reviewed_and_stored(reviews: GameService) -> None:
    jobs = jobs_of(reviews)
    events = await reviews.reviews.review(ANA, CHAT, pdn=PDN)
    message = replies(events)
    assert "Review of the game Ana - Bia" in message
    assert f"1... {planted.BLUNDER}?? blunder" in message
    assert "Bia: 1 moves" in message
    assert len(jobs) == 4  # two positions, and both again for the second look
    [record] = read_games(files(events)["review.pdn"].decode())
    assert record.moves == (planted.BLUNDER,)
    assert record.tags["White"] == "Ana"
    await reviews.reviews.review(BIA, CHAT, pdn=PDN)
    assert len(jobs) == 4


async def test_the_console_reviews_a_game_a_pasted_pdn_and_a_pdn_file(
    reviews: GameService, tmp_path: Path
) -> None:
    output = io.StringIO()
    console = Console(reviews, output, player="Bia", folder=tmp_path)
    ana, bia = Actor("console", "ana", "Ana"), Actor("console", "bia", "Bia")
    game = await blundered_game(reviews, ana, bia, CONSOLE_CHAT)
    await console.handle(f"/review {game}")
    shown = output.getvalue()
    assert f"Reviewing game #{game}: move 1 of 1." in shown
    assert f"1... {planted.BLUNDER}?? blunder" in shown
    assert (tmp_path / f"review-{game}.pdn").exists()
    assert (tmp_path / f"review-{game}-worst.png").read_bytes().startswith(b"\x89PNG")
    await console.handle(f"/analisi {PDN}")
    assert "Reviewing the game Ana - Bia: move 1 of 1." in output.getvalue()
    record = tmp_path / "record.pdn"
    record.write_text(PDN.replace("] ", "]\n"), encoding="utf-8")
    await console.handle(f"/review {record}")
    assert output.getvalue().count("Review of the game Ana - Bia") == 2
    assert "The stored review" in output.getvalue()  # the same record: not searched again
    await console.handle(f"/review {tmp_path / 'missing.pdn'}")
    assert "Could not read" in output.getvalue()
    await console.handle("/review [GameType 26] 1. c3-d9 *")
    assert "That PDN does not" in output.getvalue()
    assert "Traceback" not in output.getvalue()


async def test_a_review_never_holds_up_another_game(service: GameService) -> None:
    """A review at the default budget runs in the workers: meanwhile another game's moves
    are played and answered."""
    game = await blundered_game(service, ANA, BIA, CHAT, finish=False)
    started = asyncio.Event()

    async def progress(_stage: Any) -> None:
        started.set()

    review = asyncio.create_task(
        service.reviews.review(CAIO, CHAT, pdn=opening_pdn(8), progress=progress)
    )
    await started.wait()
    events = await service.play.move(ANA, "b2xd4", game)
    assert any(isinstance(event, BoardUpdate) for event in events)
    assert not review.done()  # eight positions of 20,000 nodes each are still being searched
    assert "Review of the game Ana - Bia" in replies(await review)


def test_a_review_stored_before_the_men_reads_them_back_from_its_chances() -> None:
    game = ReviewedGame("brazilian", planted.FEN, (planted.BLUNDER,))
    before, after = game.positions()
    searched: list[Searched | None] = [
        search_position(before, review_limit(TEST_NODES)),
        search_position(after, review_limit(TEST_NODES)),
    ]
    review = Review.of(game, TEST_NODES, searched)
    data = json.loads(review.to_json())
    data["reviews"] = [row[:7] for row in data["reviews"]]  # the stored form before the men
    [old] = Review.from_json(json.dumps(data)).moves
    [new] = review.moves
    assert new.men >= 2.0
    assert old.men == pytest.approx(new.men, abs=0.1)
    assert old.mark == new.mark == "blunder"
