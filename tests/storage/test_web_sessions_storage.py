"""The web companion's sign-ins (migration 20), on both engines: found by hash and kind until
they expire, a link taken once however many ask at once, a person's all revoked at once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from storage import Store, WebSessionKind, WebSessionRecord

NOW = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def record(
    token_hash: str, kind: WebSessionKind = "session", user_id: str = "7"
) -> WebSessionRecord:
    return WebSessionRecord(
        token_hash,
        kind,
        "telegram",
        user_id,
        "ana",
        NOW + timedelta(hours=1),
    )


async def test_a_session_is_found_by_its_hash_and_kind_until_it_expires(store: Store) -> None:
    await store.add_web_session(record("h1"))
    assert await store.web_session("h1", "session", NOW) == record("h1")
    assert await store.web_session("h1", "link", NOW) is None
    assert await store.web_session("h2", "session", NOW) is None
    assert await store.web_session("h1", "session", NOW + timedelta(hours=1)) is None


async def test_a_link_is_taken_once_even_by_two_at_once(store: Store) -> None:
    await store.add_web_session(record("k1", "link"))
    taken = await asyncio.gather(
        store.take_web_session("k1", "link", NOW), store.take_web_session("k1", "link", NOW)
    )
    assert sorted(taken, key=lambda found: found is None) == [record("k1", "link"), None]
    assert await store.web_session("k1", "link", NOW) is None


async def test_an_expired_link_is_not_taken(store: Store) -> None:
    await store.add_web_session(record("k1", "link"))
    assert await store.take_web_session("k1", "link", NOW + timedelta(hours=2)) is None


async def test_revoking_forgets_every_sign_in_of_that_person_only(store: Store) -> None:
    await store.add_web_session(record("a"))
    await store.add_web_session(record("b", "link"))
    await store.add_web_session(record("c", user_id="8"))
    assert await store.revoke_web_sessions("telegram", "7") == 2
    assert await store.web_session("a", "session", NOW) is None
    assert await store.web_session("c", "session", NOW) == record("c", user_id="8")
    assert await store.revoke_web_sessions("discord", "7") == 0
