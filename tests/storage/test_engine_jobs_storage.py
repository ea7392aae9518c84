"""The computer's thinks as jobs (migration 22), on both engines: a job is taken by one worker
at a time, taken again once its worker's lease ran out, its result written by its holder
only; a job past its deadline is taken by none; workers count as alive for a while."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from storage import Store
from tests.storage.conftest import TickingClock


async def test_a_job_is_taken_by_one_worker_and_again_after_its_lease(
    store: Store, clock: TickingClock
) -> None:
    job = await store.post_engine_job(1, 3, "think", deadline=1000)
    taken = await asyncio.gather(
        store.take_engine_job("w1", lease=60), store.take_engine_job("w2", lease=60)
    )
    holders = [name for name, got in zip(("w1", "w2"), taken, strict=True) if got is not None]
    assert len(holders) == 1
    (holder,) = holders
    other = "w2" if holder == "w1" else "w1"
    await store.renew_engine_job(job, holder, lease=60)
    clock.now += timedelta(seconds=30)
    assert await store.take_engine_job(other, lease=60) is None  # renewed: still held
    clock.now += timedelta(seconds=100)  # the holder died
    again = await store.take_engine_job(other, lease=60)
    assert again is not None
    assert (again.id, again.request) == (job, "think")
    assert not await store.finish_engine_job(job, holder, "c3-d4")  # no longer its own
    assert await store.engine_job_result(job) is None
    assert await store.finish_engine_job(job, other, "c3-b4")
    assert await store.engine_job_result(job) == "c3-b4"
    assert await store.take_engine_job(holder, lease=60) is None  # done
    await store.drop_engine_job(job)
    assert await store.engine_job_result(job) is None


async def test_a_job_past_its_deadline_is_taken_by_none(store: Store, clock: TickingClock) -> None:
    await store.post_engine_job(1, 3, "think", deadline=10)
    clock.now += timedelta(seconds=20)
    assert await store.take_engine_job("w1", lease=60) is None


async def test_a_worker_is_alive_for_a_while_after_it_said_so(
    store: Store, clock: TickingClock
) -> None:
    assert await store.workers_alive(10) == 0
    await store.worker_alive("w1")
    await store.worker_alive("w2")
    assert await store.workers_alive(10) == 2
    clock.now += timedelta(seconds=30)
    await store.worker_alive("w2")
    assert await store.workers_alive(10) == 1
