"""Issue 40, item 4: a match between two clubs through the service, from its opening to its
end: side B's chat joining by the code, each side ordered by rating, each board's coin toss
and its two games with the colours swapped (one in each club's chat), the organiser's settling
of a game, the score by board points in both chats, PDN and CSV; who may do what, and from
where."""

from __future__ import annotations

import csv
import io

import pytest

from bot.i18n import translate
from bot.service.clubmatches.matches import MOST_BOARDS
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, FileReady, Reply, ServiceError
from bot.service.kernel.players.names import NAME_LIMIT
from storage import ChatRef
from tests.bot.service.clubmatches.helpers import (
    AWAY,
    HOME,
    ORGANISER,
    SIDE_A,
    SIDE_B,
    boards,
    news,
    signed,
    updates,
)

STRANGER = Actor("test", "x", "X")
ELSEWHERE = ChatRef("test", "elsewhere")
# Discord's limit of a message's content, the stricter of the two platforms'.
DISCORD_MESSAGE = 2000


async def test_a_match_from_its_opening_to_its_end(service: GameService) -> None:
    match_id = await signed(service)
    with pytest.raises(ServiceError, match="Only the organiser"):
        await service.club_matches.start(SIDE_A[0], HOME, match_id)
    started = await service.club_matches.start(ORGANISER, AWAY, match_id)
    [home_news] = news(started, HOME)
    assert news(started, AWAY) == [home_news], "both clubs read the start"
    # Board 1 pairs each side's highest rated (A2 1700, B1 1500), board 2 the others.
    assert home_news.startswith(
        "Club match #1 starts: side A against side B, two games a board. Board 1: A2 - B1 "
        "(coin toss: White "
    )
    assert "; Board 2: A1 - B2 (coin toss: White " in home_news
    facts = await service.store.club_match_facts(match_id)
    states = {(g.board, g.leg): await service.kernel.state(g.game_id) for g in facts.games}
    assert sorted(states) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    for board, (a, b) in ((1, ("A2", "B1")), (2, ("A1", "B2"))):
        first, second = states[board, 1], states[board, 2]
        tossed = "A2" if board == 1 else "A1"
        white = tossed if f"{a} - {b} (coin toss: White {tossed}" in home_news else b
        # The toss gives White in the first game; the second swaps the colours.
        assert first.seat_names == ((white, b) if white == a else (white, a))
        assert second.seat_names == tuple(reversed(first.seat_names))
        assert (first.record.chat, second.record.chat) == (HOME, AWAY)
        assert first.club_match == match_id
        assert first.record.rated
    assert boards(started, HOME)[0].startswith("Club match #1, side A - side B: 0-0\nBoard 1")
    assert boards(started, AWAY), "the score board in both chats"

    def game(board: int, leg: int) -> int:
        return states[board, leg].id

    resigned = await service.results.resign(SIDE_A[1], game(1, 1))
    assert news(resigned, AWAY) == ["Club match #1, board 1: game 1 0-1. The match: 0-1."]
    await service.results.draw(SIDE_A[1], None, game(1, 2))
    drawn = await service.results.draw(SIDE_B[0], "accept", game(1, 2))
    assert news(drawn) == ["Club match #1, board 1: game 2 0.5-0.5. The match: 0.5-1.5."]
    with pytest.raises(ServiceError, match="Only the organiser"):
        await service.club_matches.settle(SIDE_A[0], HOME, 2, 1, "a")
    settled = await service.club_matches.settle(ORGANISER, HOME, 2, 1, "a")
    assert news(settled) == ["Club match #1, board 2: game 1 1-0. The match: 1.5-1.5."]
    assert (await service.kernel.state(game(2, 1))).record.result == {
        "winners": [states[2, 1].seat_names.index("A1")],
        "reason": "settled",
    }
    with pytest.raises(ServiceError, match=f"Game #{game(2, 1)} is over already"):
        await service.club_matches.settle(ORGANISER, HOME, 2, 1, "b")
    ended = await service.results.resign(SIDE_B[1], game(2, 2))
    for chat in (HOME, AWAY):
        assert news(ended, chat) == [
            "Club match #1, board 2: game 2 1-0. The match: 2.5-1.5.",
            "Club match #1 is over: side A wins 2.5-1.5. Every game: /clubmatch pdn 1, the "
            "table: /clubmatch csv 1. The seed of the coin tosses: " + facts.match.options["seed"],
        ]
    final = (
        "Club match #1, side A - side B: 2.5-1.5\n"
        "Board 1: A2 - B1 0.5-1.5 (game 1 0-1, game 2 0.5-0.5)\n"
        "Board 2: A1 - B2 2-0 (game 1 1-0, game 2 1-0)"
    )
    assert boards(ended, HOME)[-1] == final
    [shown] = await service.club_match_views.show(STRANGER, AWAY, None)
    assert isinstance(shown, Reply)
    assert translate("en", shown.text) == final
    assert (await service.store.get_club_match(match_id)).status == "finished"

    [pdn] = [
        e
        for e in await service.club_match_views.export_pdn(SIDE_B[1], AWAY, match_id)
        if isinstance(e, FileReady)
    ]
    content = pdn.content.decode()
    assert pdn.name == "clubmatch-1.pdn"
    assert content.count('[Event "Club match #1: Italian draughts"]') == 4
    assert all(f'[Round "{b}.{g}"]' in content for b in (1, 2) for g in (1, 2))
    [table] = [
        e
        for e in await service.club_match_views.export_csv(SIDE_A[0], HOME, match_id)
        if isinstance(e, FileReady)
    ]
    rows = list(csv.reader(io.StringIO(table.content.decode())))
    assert rows[0][:4] == ["board", "game", "side A", "side B"]
    assert [row[:2] + row[5:] for row in rows[1:]] == [
        ["1", "1", "0", "1"],
        ["1", "2", "0.5", "0.5"],
        ["2", "1", "1", "0"],
        ["2", "2", "1", "0"],
    ]


async def test_two_sides_in_one_chat_name_their_side(service: GameService) -> None:
    events = await service.club_matches.create(ORGANISER, HOME, "italian", 1)
    [opened] = updates(events)
    assert [e.chat for e in updates(events)] == [HOME], "one chat until another joins"
    said = translate("en", opened.text)
    assert f"/clubmatch join {opened.match.code}" in said
    assert "commitment: " + opened.match.options["commitment"] in said
    with pytest.raises(ServiceError, match="say which"):
        await service.club_matches.sign(SIDE_A[0], HOME)
    await service.club_matches.sign(SIDE_A[0], HOME, "a")
    with pytest.raises(ServiceError, match="That side of club match #1 is full"):
        await service.club_matches.sign(SIDE_A[1], HOME, "a")
    with pytest.raises(ServiceError, match="Side B of club match #1 has 0 of 1 players"):
        await service.club_matches.start(ORGANISER, HOME)
    await service.club_matches.sign(SIDE_B[0], HOME, "b")
    with pytest.raises(ServiceError, match="has its two sides already"):
        await service.club_matches.join(STRANGER, AWAY, opened.match.code)
    [shown] = await service.club_match_views.show(STRANGER, HOME)
    assert isinstance(shown, Reply)
    assert translate("en", shown.text) == (
        "Club match #1, Italian draughts: side A (1 of 1): A1; side B (1 of 1): B1."
    )
    await service.club_matches.start(ORGANISER, HOME)
    facts = await service.store.club_match_facts(1)
    assert len(facts.games) == 2
    states = [await service.kernel.state(g.game_id) for g in facts.games]
    assert [state.record.chat for state in states] == [HOME, HOME]
    cancelled = await service.club_matches.cancel(ORGANISER, HOME)
    assert news(cancelled) == ["Club match #1 is cancelled."]
    for state in states:
        assert (await service.kernel.state(state.id)).record.status == "aborted"


async def test_who_may_do_what(service: GameService) -> None:
    with pytest.raises(ServiceError, match="draughts"):
        await service.club_matches.create(ORGANISER, HOME, "ludo", 2)
    with pytest.raises(ServiceError, match="1 to 12 boards"):
        await service.club_matches.create(ORGANISER, HOME, "italian", 13)
    with pytest.raises(ServiceError, match="clock"):
        await service.club_matches.create(ORGANISER, HOME, "italian", 2, "tomorrow")
    with pytest.raises(ServiceError, match="No club match has that code"):
        await service.club_matches.join(STRANGER, AWAY, "NOCODE")
    match_id = await signed(service)
    record = await service.store.get_club_match(match_id)
    with pytest.raises(ServiceError, match="This chat opened club match #1"):
        await service.club_matches.join(STRANGER, HOME, record.code)
    with pytest.raises(ServiceError, match="In this chat you sign for side B"):
        await service.club_matches.sign(STRANGER, AWAY, "a")
    with pytest.raises(ServiceError, match="Each club signs in its own chat"):
        await service.club_matches.sign(SIDE_A[1], ELSEWHERE, "a", match_id)
    with pytest.raises(ServiceError, match="You play in club match #1 already"):
        await service.club_matches.sign(SIDE_A[0], HOME)
    # A chat of neither club does not see the match; its players and organiser do.
    with pytest.raises(ServiceError, match="There is no club match #1"):
        await service.club_match_views.show(STRANGER, ELSEWHERE, match_id)
    assert await service.club_match_views.show(SIDE_B[0], ELSEWHERE, match_id)
    with pytest.raises(ServiceError, match="There is no club match here"):
        await service.club_match_views.show(STRANGER, ELSEWHERE)
    with pytest.raises(ServiceError, match="Club match #1 has not started"):
        await service.club_match_views.export_pdn(SIDE_A[0], HOME, match_id)
    await service.club_matches.leave(SIDE_A[0], HOME)
    with pytest.raises(ServiceError, match="Side A of club match #1 has 1 of 2 players"):
        await service.club_matches.start(ORGANISER, HOME)
    await service.club_matches.sign(SIDE_A[0], HOME)
    await service.club_matches.start(ORGANISER, HOME)
    with pytest.raises(ServiceError, match="no game 1 on board 3"):
        await service.club_matches.settle(ORGANISER, HOME, 3, 1, "draw")
    with pytest.raises(ServiceError, match="Club match #1 no longer takes players"):
        await service.club_matches.sign(STRANGER, HOME, match_id=match_id)


@pytest.mark.parametrize("language", ["en", "pt", "it"])
async def test_the_largest_score_board_is_one_message_on_every_platform(
    service: GameService, language: str
) -> None:
    """Every board of the largest match, with the longest names and the longest results,
    still fits one message on Discord (2,000 characters; Telegram takes 4,096)."""
    events = await service.club_matches.create(ORGANISER, HOME, "italian", MOST_BOARDS)
    match_id = updates(events)[0].match.id
    for n in range(MOST_BOARDS):
        for side in ("a", "b"):
            name = f"{side}{n:02d}".ljust(NAME_LIMIT, "W")
            await service.club_matches.sign(Actor("test", f"{side}{n}", name), HOME, side)
    started = await service.club_matches.start(ORGANISER, HOME, match_id)
    [board] = [e for e in updates(started) if e.standings]
    shown = translate(language, board.text)
    assert shown.count("\n") == MOST_BOARDS
    assert len(shown) <= DISCORD_MESSAGE
