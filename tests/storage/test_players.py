"""Players and their platform identities."""

from __future__ import annotations

from dataclasses import replace

import pytest

from storage import GameRecord, Identity, NotFound, Player, Store


async def test_identity_gets_the_same_player_every_time(store: Store, ana: Player) -> None:
    again = await store.player_for_identity("telegram", "111", "Ana")
    assert again == ana
    assert ana.language == "pt-BR"
    assert ana.active_game_id is None


async def test_same_user_id_on_another_platform_is_another_player(
    store: Store, ana: Player
) -> None:
    other = await store.player_for_identity("discord", "111", "Ana D.")
    assert other.id != ana.id


async def test_display_name_follows_the_platform(store: Store, ana: Player) -> None:
    renamed = await store.player_for_identity("telegram", "111", "Ana Maria")
    assert renamed.display_name == "Ana Maria"
    (identity,) = await store.identities(ana.id)
    assert replace(identity, last_seen_at=None) == Identity("telegram", "111", ana.id, "Ana Maria")
    assert identity.last_seen_at is not None


async def test_chosen_language_beats_the_platform_hint(store: Store, ana: Player) -> None:
    chosen = await store.set_language(ana.id, "it")
    assert chosen.language == "it"
    seen_again = await store.player_for_identity("telegram", "111", "Ana", "en")
    assert seen_again.language == "it"


async def test_platform_hint_fills_a_missing_language(store: Store) -> None:
    first = await store.player_for_identity("console", "local", "Local")
    assert first.language is None
    hinted = await store.player_for_identity("console", "local", "Local", "en")
    assert hinted.language == "en"


async def test_active_game_is_set_and_cleared(store: Store, ana: Player, game: GameRecord) -> None:
    assert (await store.set_active_game(ana.id, game.id)).active_game_id == game.id
    assert (await store.get_player(ana.id)).active_game_id == game.id
    assert (await store.set_active_game(ana.id, None)).active_game_id is None


async def test_unknown_ids_are_not_found(store: Store, ana: Player) -> None:
    with pytest.raises(NotFound, match="no player with id 999"):
        await store.get_player(999)
    with pytest.raises(NotFound, match="no player with id 999"):
        await store.set_language(999, "en")
    with pytest.raises(NotFound, match="no player with id 999"):
        await store.identities(999)
    with pytest.raises(NotFound, match="no game with id 999"):
        await store.set_active_game(ana.id, 999)


async def test_identity_needs_platform_and_user_id(store: Store) -> None:
    with pytest.raises(ValueError, match="needs a platform and a user id"):
        await store.player_for_identity("telegram", "", "Nobody")
