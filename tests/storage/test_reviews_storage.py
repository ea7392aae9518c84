"""Reviews kept by key on both engines: the first kept for a key stays and is answered to a
second writer; a stored game's review goes with the game."""

from __future__ import annotations

from storage import GameRecord, Store


async def test_the_first_review_of_a_key_stays(store: Store, game: GameRecord) -> None:
    key = f"game:{game.id}"
    assert await store.review(key) is None
    assert await store.save_review(key, game.id, 20_000, '{"first": 1}') == '{"first": 1}'
    # A second review finished at the same time keeps the first one.
    assert await store.save_review(key, game.id, 3_000, '{"second": 2}') == '{"first": 1}'
    assert await store.review(key) == '{"first": 1}'


async def test_a_pdn_review_has_no_game(store: Store) -> None:
    key = "pdn:" + "0" * 64
    assert await store.save_review(key, None, 20_000, "{}") == "{}"
    assert await store.review(key) == "{}"
    assert await store.review("pdn:" + "1" * 64) is None
