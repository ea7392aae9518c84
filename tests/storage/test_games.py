"""The life of a game: moves, versions, draw offers, the end, snapshots, board messages."""

from __future__ import annotations

from datetime import timedelta

import pytest

from storage import (
    BoardMessage,
    ChatRef,
    GameRecord,
    GameResult,
    NotFound,
    Player,
    SeatRecord,
    StaleVersion,
    Store,
)
from storage.sql.engines.engine import ConstraintViolated, Engine
from tests.storage.conftest import CHAT


async def test_new_game_is_active_at_version_one(
    store: Store, game: GameRecord, ana: Player, bruno: Player
) -> None:
    assert (game.kind, game.options, game.status) == (
        "brazilian",
        {"variant": "brazilian"},
        "active",
    )
    assert (game.version, game.result, game.snapshot, game.draw_offer) == (1, None, "start", None)
    assert game.seats == (SeatRecord(0, ana.id), SeatRecord(1, bruno.id))
    assert game.chat == ChatRef("telegram", "-1001")
    assert game.created_at.utcoffset() == timedelta(0)
    assert await store.moves(game.id) == []
    assert await store.get_game(game.id) == game


async def test_game_against_the_computer_without_chat(store: Store, ana: Player) -> None:
    created = await store.create_game(
        "ludo", {}, [SeatRecord(1, None, "easy"), SeatRecord(0, ana.id)], "ludo-start", None
    )
    assert created.seats == (SeatRecord(0, ana.id), SeatRecord(1, None, "easy"))
    assert created.chat is None


async def test_full_life_cycle(store: Store, game: GameRecord, ana: Player, bruno: Player) -> None:
    played = await store.append_move(game.id, 1, "11-15", 0, ana.id, "after 1")
    assert (played.version, played.snapshot, played.status) == (2, "after 1", "active")
    offered = await store.set_draw_offer(game.id, 2, 0)
    assert (offered.version, offered.draw_offer) == (3, 0)
    # Answering with a move declines the offer.
    played = await store.append_move(game.id, 3, "22-18", 1, bruno.id, "after 2")
    assert (played.version, played.draw_offer) == (4, None)
    won: GameResult = {"winners": [0], "reason": "no_moves"}
    over = await store.append_move(game.id, 4, "15x22", 0, ana.id, "final", result=won)
    assert (over.status, over.result, over.version, over.snapshot) == ("finished", won, 5, "final")

    log = await store.moves(game.id)
    assert [(m.ply, m.notation, m.seat, m.player_id) for m in log] == [
        (1, "11-15", 0, ana.id),
        (2, "22-18", 1, bruno.id),
        (3, "15x22", 0, ana.id),
    ]
    assert log[0].played_at < log[1].played_at < log[2].played_at
    assert await store.get_game(game.id) == over
    with pytest.raises(StaleVersion, match=f"game {game.id} is finished") as stale:
        await store.append_move(game.id, 5, "22-26", 1, bruno.id, "x")
    assert (stale.value.current_version, stale.value.status) == (5, "finished")


async def test_chance_moves_have_no_player(store: Store, ana: Player) -> None:
    ludo = await store.create_game("ludo", {}, [SeatRecord(0, ana.id)], "s", None)
    await store.append_move(ludo.id, 1, "roll 6", -1, None, "s1")
    assert [(m.seat, m.player_id) for m in await store.moves(ludo.id)] == [(-1, None)]


async def test_stale_version_is_refused_and_changes_nothing(
    store: Store, game: GameRecord, ana: Player
) -> None:
    moved = await store.append_move(game.id, 1, "11-15", 0, ana.id, "after 1")
    with pytest.raises(StaleVersion) as stale:
        await store.append_move(game.id, 1, "11-16", 0, ana.id, "wrong")
    assert (stale.value.expected_version, stale.value.current_version) == (1, 2)
    assert "the board changed" in str(stale.value)
    with pytest.raises(StaleVersion):
        await store.set_draw_offer(game.id, 1, 0)
    with pytest.raises(StaleVersion):
        await store.finish_game(game.id, 1, "aborted", None)
    assert await store.get_game(game.id) == moved
    assert len(await store.moves(game.id)) == 1


async def test_resignation_and_abort_end_the_game(
    store: Store, game: GameRecord, ana: Player, bruno: Player
) -> None:
    resigned: GameResult = {"winners": [1], "reason": "resigned"}
    over = await store.finish_game(game.id, 1, "finished", resigned)
    assert (over.status, over.result, over.version) == ("finished", resigned, 2)
    other = await store.create_game(
        "italian", {}, [SeatRecord(0, ana.id), SeatRecord(1, bruno.id)], "s", None
    )
    aborted = await store.finish_game(other.id, 1, "aborted", None)
    assert (aborted.status, aborted.result) == ("aborted", None)


async def test_agreed_draw_clears_the_offer(store: Store, game: GameRecord) -> None:
    await store.set_draw_offer(game.id, 1, 1)
    agreed: GameResult = {"winners": [], "reason": "agreed"}
    drawn = await store.finish_game(game.id, 2, "finished", agreed)
    assert (drawn.draw_offer, drawn.result) == (None, agreed)


async def test_replace_snapshot_keeps_the_version(store: Store, game: GameRecord) -> None:
    await store.replace_snapshot(game.id, "rebuilt from the log")
    rebuilt = await store.get_game(game.id)
    assert rebuilt.snapshot == "rebuilt from the log"
    assert (rebuilt.version, rebuilt.updated_at) == (game.version, game.updated_at)
    with pytest.raises(NotFound):
        await store.replace_snapshot(999, "x")


async def test_snapshot_rebuilt_from_an_old_log_is_refused(
    store: Store, game: GameRecord, ana: Player
) -> None:
    moved = await store.append_move(game.id, 1, "11-15", 0, ana.id, "after 1")
    with pytest.raises(StaleVersion):
        await store.replace_snapshot(game.id, "start, rebuilt", expected_version=1)
    await store.replace_snapshot(game.id, "after 1, rebuilt", expected_version=2)
    assert (await store.get_game(game.id)).snapshot == "after 1, rebuilt"
    assert (await store.get_game(game.id)).version == moved.version


async def test_move_log_primary_key_refuses_a_second_ply(
    store: Store, game: GameRecord, ana: Player, raw: Engine
) -> None:
    await store.append_move(game.id, 1, "11-15", 0, ana.id, "after 1")
    with pytest.raises(ConstraintViolated, match=r"(?i)unique|duplicate key"):
        async with raw.writing() as connection:
            await connection.execute(
                "INSERT INTO moves (game_id, ply, notation, seat, player_id, played_at) "
                "VALUES ($1, 1, '11-16', 0, NULL, 'now')",
                game.id,
            )


async def test_games_of_player_newest_first_by_status(
    store: Store, game: GameRecord, ana: Player, bruno: Player
) -> None:
    newer = await store.create_game("italian", {}, [SeatRecord(0, ana.id)], "s", None)
    assert [g.id for g in await store.games_of_player(ana.id)] == [newer.id, game.id]
    await store.append_move(game.id, 1, "11-15", 0, ana.id, "after 1")
    assert [g.id for g in await store.games_of_player(ana.id)] == [game.id, newer.id]
    assert [g.id for g in await store.games_of_player(bruno.id)] == [game.id]
    await store.finish_game(newer.id, 1, "aborted", None)
    assert [g.id for g in await store.games_of_player(ana.id, "aborted")] == [newer.id]
    assert [g.id for g in await store.games_of_player(ana.id)] == [game.id]
    assert (await store.games_of_player(ana.id))[0].seats == game.seats


async def test_board_messages_one_per_chat(store: Store, game: GameRecord) -> None:
    await store.set_board_message(game.id, "telegram", "-1001", "10")
    await store.set_board_message(game.id, "discord", "55", "900")
    await store.set_board_message(game.id, "telegram", "-1001", "11")
    assert await store.board_messages(game.id) == [
        BoardMessage(game.id, "discord", "55", "900"),
        BoardMessage(game.id, "telegram", "-1001", "11"),
    ]
    with pytest.raises(NotFound):
        await store.set_board_message(999, "telegram", "-1001", "1")


async def test_every_message_that_showed_a_board_names_its_game(
    store: Store, game: GameRecord
) -> None:
    """A reply to a board is about its game, also after a newer message took its place, and
    even when a late, older board was not kept as the chat's board; a message of another
    chat with the same id, or one that never showed a board, names no game."""
    await store.set_board_message(game.id, "telegram", "-1001", "10", version=1)
    await store.set_board_message(game.id, "telegram", "-1001", "11", version=2)
    await store.set_board_message(game.id, "telegram", "-1001", "9", version=1)
    for message in ("9", "10", "11"):
        assert await store.game_shown_by("telegram", "-1001", message) == game.id
    assert await store.game_shown_by("telegram", "-1002", "10") is None
    assert await store.game_shown_by("discord", "-1001", "10") is None
    assert await store.game_shown_by("telegram", "-1001", "12") is None


async def test_a_board_keeps_its_thread(store: Store, game: GameRecord) -> None:
    """A board in a forum topic: the next board of the game (edited in place, or new) stays
    in it unless another thread is named."""
    await store.set_board_message(game.id, "telegram", "-1001", "10", 1, "7")
    kept = await store.set_board_message(game.id, "telegram", "-1001", "12", 2)
    assert kept == BoardMessage(game.id, "telegram", "-1001", "12", 2, "7")
    assert await store.board_messages(game.id) == [kept]


async def test_an_older_board_never_replaces_a_newer_one(store: Store, game: GameRecord) -> None:
    """Two processes show one chat's board: the one that records an older version last (it
    followed the other's change late) keeps the newer record, which it is answered."""
    await store.set_board_message(game.id, "telegram", "77", "4", version=2)
    late = await store.set_board_message(game.id, "telegram", "77", "3", version=1)
    assert late == BoardMessage(game.id, "telegram", "77", "4", 2)
    assert await store.board_messages(game.id) == [late]
    again = await store.set_board_message(game.id, "telegram", "77", "5", version=2)
    assert again.message_id == "5", "a new message of the same version replaces it"


async def test_boards_behind_the_stored_version(store: Store, game: GameRecord) -> None:
    """After a restart: the chats whose board is older than the game, and the game's own
    chat while no board was shown there yet; never a finished game's."""
    assert CHAT.platform == "telegram"
    assert await store.boards_behind("telegram") == [(game.id, CHAT.chat_id)]
    await store.set_board_message(game.id, "telegram", CHAT.chat_id, "10", version=1)
    await store.set_board_message(game.id, "telegram", "77", "3", version=1)
    assert await store.boards_behind("telegram") == []
    await store.append_move(game.id, 1, "11-15", 0, None, "after")
    assert await store.boards_behind("telegram") == [(game.id, CHAT.chat_id), (game.id, "77")]
    assert await store.boards_behind("discord") == []
    shown = await store.set_board_message(game.id, "telegram", "77", "4", version=2)
    assert shown == BoardMessage(game.id, "telegram", "77", "4", 2)
    assert await store.boards_behind("telegram") == [(game.id, CHAT.chat_id)]
    await store.finish_game(game.id, 2, "aborted", None)
    assert await store.boards_behind("telegram") == []


async def test_the_games_a_chat_sees(store: Store, game: GameRecord) -> None:
    """A chat's page lists the active games that live in the chat or were shown there,
    each once; never a finished game, never another chat's."""
    elsewhere = ChatRef("telegram", "77")
    assert await store.games_seen_in(CHAT) == [game.id]
    assert await store.games_seen_in(elsewhere) == []
    assert await store.games_seen_in(ChatRef("discord", CHAT.chat_id)) == []
    await store.set_board_message(game.id, "telegram", CHAT.chat_id, "10", version=1)
    await store.set_board_message(game.id, "telegram", "77", "3", version=1)
    assert await store.games_seen_in(CHAT) == [game.id]
    assert await store.games_seen_in(elsewhere) == [game.id]
    await store.finish_game(game.id, 1, "aborted", None)
    assert await store.games_seen_in(CHAT) == []
    assert await store.games_seen_in(elsewhere) == []


async def test_unknown_game_is_not_found(store: Store, ana: Player) -> None:
    with pytest.raises(NotFound, match="no game with id 999"):
        await store.get_game(999)
    with pytest.raises(NotFound, match="no game with id 999"):
        await store.moves(999)
    with pytest.raises(NotFound, match="no game with id 999"):
        await store.append_move(999, 1, "11-15", 0, ana.id, "x")
    with pytest.raises(NotFound, match="no player with id 999"):
        await store.create_game("brazilian", {}, [SeatRecord(0, 999)], "s", None)


@pytest.mark.parametrize(
    ("seats", "options", "problem"),
    [
        ([SeatRecord(0, None), SeatRecord(2, None)], {}, "numbered 0..n-1"),
        ([], {}, "numbered 0..n-1"),
        ([SeatRecord(0, 1, "easy")], {}, "both a player and a computer"),
        ([SeatRecord(0, None)], {"clock": float("nan")}, "not plain JSON"),
        ([SeatRecord(0, None)], {1: "x"}, "text keys"),
    ],
)
async def test_bad_new_game_is_refused(
    store: Store, seats: list[SeatRecord], options: dict[str, object], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        await store.create_game("brazilian", options, seats, "s", None)


@pytest.mark.usefixtures("ana")
async def test_bad_results_are_refused(store: Store, game: GameRecord) -> None:
    with pytest.raises(ValueError, match="needs a result"):
        await store.finish_game(game.id, 1, "finished", None)
    # A seat named as the callers' type forbids: what a careless caller could still send.
    wrong = {"winners": ["white"], "reason": "x"}
    with pytest.raises(ValueError, match="a result must look like"):
        await store.finish_game(game.id, 1, "finished", wrong)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a seat of game"):
        await store.set_draw_offer(game.id, 1, 7)
    assert await store.get_game(game.id) == game


async def test_take_back_removes_the_last_moves_at_the_expected_version(
    store: Store, game: GameRecord, ana: Player, bruno: Player
) -> None:
    await store.append_move(game.id, 1, "11-15", 0, ana.id, "after 1")
    await store.append_move(game.id, 2, "22-18", 1, bruno.id, "after 2")
    played = await store.append_move(game.id, 3, "15x22", 0, ana.id, "after 3")
    with pytest.raises(StaleVersion):
        await store.take_back(game.id, 3, 2, "after 1")
    with pytest.raises(ValueError, match="fewer"):
        await store.take_back(game.id, played.version, 4, "start")
    back = await store.take_back(game.id, played.version, 2, "after 1")
    assert back.version == played.version + 1
    assert back.snapshot == "after 1"
    assert [move.notation for move in await store.moves(game.id)] == ["11-15"]
    again = await store.append_move(game.id, back.version, "23-19", 1, bruno.id, "after 2b")
    assert [move.ply for move in await store.moves(game.id)] == [1, 2]
    assert again.status == "active"


async def test_a_chat_remembers_its_side(store: Store) -> None:
    assert await store.chat_flipped("telegram", "-1001") is False
    await store.set_chat_flipped("telegram", "-1001", True)
    assert await store.chat_flipped("telegram", "-1001") is True
    assert await store.chat_flipped("discord", "-1001") is False
    await store.set_chat_flipped("telegram", "-1001", False)
    assert await store.chat_flipped("telegram", "-1001") is False


async def test_a_chat_keeps_the_first_language_offered(store: Store) -> None:
    assert await store.chat_language("telegram", "-5", None) is None
    assert await store.chat_language("telegram", "-5", "pt") == "pt"
    assert await store.chat_language("telegram", "-5", "it") == "pt"
    await store.set_chat_flipped("telegram", "-5", True)
    assert await store.chat_language("telegram", "-5", "en") == "pt"
    assert await store.chat_flipped("telegram", "-5")


async def test_a_chat_keeps_the_language_its_administrators_chose(store: Store) -> None:
    """The choice is kept apart from the first language offered, which stays the fallback;
    a later choice replaces it, and other chats keep none."""
    assert await store.chosen_chat_language("discord", "7") is None
    assert await store.chat_language("discord", "7", "en") == "en"
    await store.set_chosen_chat_language("discord", "7", "pt")
    assert await store.chosen_chat_language("discord", "7") == "pt"
    assert await store.chat_language("discord", "7", None) == "en"
    await store.set_chosen_chat_language("discord", "7", "it")
    await store.set_chosen_chat_language("discord", "8", "en")
    assert await store.chosen_chat_language("discord", "7") == "it"
    assert await store.chosen_chat_language("discord", "8") == "en"
    assert await store.chosen_chat_language("telegram", "7") is None
