"""When each bot last wrote on its platform (migration 18), on both engines: unknown until
noted, one time per platform and bot, never moved back by an older note."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from storage import Store

AT = datetime(2026, 5, 4, 9, 0, 0, 250_000, tzinfo=UTC)


async def test_a_bot_never_noted_has_no_last_send(store: Store) -> None:
    assert await store.last_send("telegram", "0123abcd") is None


async def test_the_latest_note_is_kept_per_platform_and_bot(store: Store) -> None:
    await store.note_send("telegram", "bot-a", AT)
    await store.note_send("telegram", "bot-a", AT + timedelta(seconds=5))
    await store.note_send("telegram", "bot-b", AT + timedelta(seconds=9))
    assert await store.last_send("telegram", "bot-a") == AT + timedelta(seconds=5)
    assert await store.last_send("telegram", "bot-b") == AT + timedelta(seconds=9)
    assert await store.last_send("discord", "bot-a") is None


async def test_an_older_note_does_not_move_the_last_send_back(store: Store) -> None:
    """Two processes of one bot (a rolling restart): the one whose note comes last may
    have written earlier."""
    await store.note_send("telegram", "bot-a", AT)
    await store.note_send("telegram", "bot-a", AT - timedelta(seconds=3))
    assert await store.last_send("telegram", "bot-a") == AT
