"""Correspondence play: reminders before deadlines, losses on time, vacations, and the
scheduler that does what falls due.

Deadlines, reminders and vacations are rows in the database (storage's clocks, vacations
and notices). The scheduler sleeps until the next one falls due (or until something changes),
then does what is due: reminders 24 hours and 1 hour before a deadline (each once per turn,
marked in the same transaction that queues its notice), losses on time, the planned ends of
vacations, and the delivery of the queued notices. After a restart it simply looks again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.i18n import Text, text
from bot.service.kernel.capability import Capability
from bot.service.kernel.events import (
    Actor,
    BoardChanged,
    BoardUpdate,
    Event,
    GameState,
    PlayerNotice,
    Reply,
    ServiceError,
    TurnPing,
)
from bot.service.kernel.families import family_of
from bot.service.kernel.game_flow.clocks import (
    MAX_SLEEP,
    VACATION_DAYS_PER_YEAR,
    describe_time,
    vacation_days_used,
)
from bot.service.kernel.game_flow.turn_pings import ping_text, still_waiting
from bot.service.kernel.game_flow.turns import events_state, seat_to_act
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.words.counts import days_count
from games.base import find_game
from storage import (
    TURN_PING,
    ClockRecord,
    ClockStore,
    GameResult,
    GameStore,
    NoticeStore,
    OnVacation,
    PlayerStore,
    TournamentStore,
    VacationStore,
)

logger = logging.getLogger(__name__)

# Reminders before a deadline: name -> how long before, the most urgent last. Each is sent once
# per turn, and only in turns longer than that.
REMINDERS = {"24h": timedelta(hours=24), "1h": timedelta(hours=1)}


class Correspondence(Capability):
    """Clocks, reminders and vacations."""

    def __init__(
        self,
        kernel: Kernel,
        players: PlayerStore,
        games: GameStore,
        clocks: ClockStore,
        vacations: VacationStore,
        notices: NoticeStore,
        tournaments: TournamentStore,
    ) -> None:
        super().__init__(kernel)
        self.players = players
        self.games = games
        self.clocks = clocks
        self.vacations = vacations
        self.notices = notices
        self.tournaments = tournaments

    async def remind(self, clock: ClockRecord, names: Sequence[str]) -> None:
        """The reminders `names` (most urgent last) due together for the turn of a clock: each
        marked once, and one of them queued, unless the player muted them: after a scheduler
        that was down, the 24-hour and the 1-hour reminder would say the same thing twice."""
        record = await self.games.get_game(clock.game_id)
        player_id = record.seats[clock.seat].player_id
        if player_id is not None and not (await self.players.get_player(player_id)).reminders:
            player_id = None
        *passed, urgent = names
        for name in passed:
            await self.clocks.remind(clock.game_id, clock.seat, name, None)
        await self.clocks.remind(clock.game_id, clock.seat, urgent, player_id)

    async def timeout(self, clock: ClockRecord) -> None:
        """The deadline of a turn passed: a loss on time (in Ludo the player leaves and the
        others play on). Checked again under the game's lock, so it happens once."""
        async with self.kernel.lookup.lock(clock.game_id):
            state = await self.kernel.state(clock.game_id)
            current = await self.clocks.clock(clock.game_id)
            if (
                current is None
                or current.seat != clock.seat
                or current.due_at is None
                or current.due_at > self.kernel.clock()
                or seat_to_act(state) != clock.seat
            ):
                return
            if state.record.seats[clock.seat].computer is not None:
                self.kernel.computer_turns.wake(state)
                return
            family = family_of(find_game(state.record.kind))
            loser = state.seat_names[clock.seat]
            # As on lichess: a two-player game whose first player never moved is called off,
            # not lost on time (a Ludo table plays on without the player who left).
            # A tournament game is the exception: its table must be decided, so the late
            # player loses.
            unstarted = (
                state.plies == 0
                and not family.multi_seat(state)
                and await self.tournaments.tournament_of_game(state.id) is None
            )
            kind = f"aborted:{clock.seat}" if unstarted else f"timeout:{clock.seat}"
            # Written with the result: a crash cannot keep the loss and lose the notices.
            notices = [
                (seat.player_id, kind) for seat in state.record.seats if seat.player_id is not None
            ]
            try:
                if unstarted:
                    events = await self.kernel.changes.finish(state, None, "aborted", notices)
                elif family.multi_seat(state):
                    events = await self.kernel.changes.commit(
                        state, family.leave(state, clock.seat), clock.seat, None, notices
                    )
                else:
                    winners = [seat.seat for seat in state.record.seats if seat.seat != clock.seat]
                    result: GameResult = {"winners": winners, "reason": "timeout"}
                    events = await self.kernel.changes.finish(state, result, notices=notices)
            except BoardChanged:
                # Another process moved or ended the game first (the version check decided).
                return
        headline = text("{name} ran out of time.", name=loser)
        if unstarted:
            headline = text(
                "Game #{game} is aborted: {name} made no first move in time.",
                game=state.id,
                name=loser,
            )
        fresh = events_state(events)
        assert fresh is not None
        await self.kernel.bus.publish(
            [BoardUpdate(fresh, headline, fresh.record.chat), *events[1:]]
        )
        self.kernel.computer_turns.wake(fresh)

    async def deliver_notices(self) -> None:
        """Deliver the queued notices that are due (reminders, losses on time, turn pings),
        each claimed first, so that of several processes one sends it, and marked sent after:
        if this process dies in between, another sends it when the claim's lease has run out."""
        for notice in await self.notices.unsent_notices():
            platform = await self.kernel.roster.where_seen(notice.player_id)
            if not self.kernel.bus.serves(platform):
                continue  # for a process whose front end serves it (this one, later)
            if not await self.notices.claim_notice(notice.id):
                continue
            state = None
            if notice.game_id is not None:
                try:
                    state = await self.kernel.state(notice.game_id)
                except ServiceError:
                    state = None
            if notice.kind.startswith(TURN_PING):
                # A ping whose turn is over (the player acted, the game ended) is dropped.
                if state is not None and still_waiting(state, notice.kind, notice.player_id):
                    ping = TurnPing(notice.player_id, ping_text(state), state, platform)
                    await self.kernel.bus.publish([ping])
            else:
                message = _notice_text(notice.kind, notice.game_id, notice.player_id, state)
                await self.kernel.bus.publish(
                    [PlayerNotice(notice.player_id, message, state, platform)]
                )
            await self.notices.notice_sent(notice.id)

    async def vacation(self, actor: Actor, days: int | None) -> list[Event]:
        """Start a vacation of `days` (None: every day left this year), or with 0 end it."""
        player = await self.kernel.roster.player(actor)
        now = self.kernel.clock()
        if days == 0:
            if await self.vacations.end_vacation(player.id) is None:
                raise ServiceError(text("You are not on vacation."))
            self.kernel.schedule.poke()
            return [Reply(text("Welcome back: your clocks run again."))]
        used = vacation_days_used(
            await self.vacations.vacations(
                player.id, now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
            ),
            now.year,
            now,
        )
        left = int(VACATION_DAYS_PER_YEAR - used)
        if left < 1:
            raise ServiceError(text("You have no vacation days left this year."))
        wanted = left if days is None else days
        if not 1 <= wanted <= left:
            raise ServiceError(
                text("You can take at most {left} of vacation this year.", left=days_count(left))
            )
        until = now + timedelta(days=wanted)
        try:
            await self.vacations.start_vacation(player.id, until)
        except OnVacation:
            raise ServiceError(
                text("You are on vacation already: {/vacation off} ends it.")
            ) from None
        self.kernel.schedule.poke()
        return [
            Reply(
                text(
                    "On vacation for {days}, until {until}: your clocks stop in every "
                    "game. Any move of yours ends the vacation.",
                    days=days_count(wanted),
                    until=until.strftime("%Y-%m-%d %H:%M UTC"),
                )
            )
        ]

    async def vacation_status(self, actor: Actor) -> list[Event]:
        """A bare /vacation: on vacation until when, or the days left this year."""
        player = await self.kernel.roster.player(actor)
        now = self.kernel.clock()
        vacations = await self.vacations.vacations(
            player.id, now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
        )
        current = next((vacation for vacation in vacations if vacation.ended_at is None), None)
        if current is not None:
            return [
                Reply(
                    text(
                        "You are on vacation until {until}: {/vacation off} ends it.",
                        until=current.ends_at.strftime("%Y-%m-%d %H:%M UTC"),
                    )
                )
            ]
        left = int(VACATION_DAYS_PER_YEAR - vacation_days_used(vacations, now.year, now))
        return [
            Reply(
                text(
                    "You are not on vacation; {left} left this year: {/vacation} DAYS "
                    "or {/vacation on} takes them.",
                    left=days_count(left),
                )
            )
        ]

    async def reminder_status(self, actor: Actor) -> list[Event]:
        player = await self.kernel.roster.player(actor)
        if player.reminders:
            return [Reply(text("Reminders before your deadlines are on."))]
        return [Reply(text("Reminders before your deadlines are off."))]

    async def set_reminders(self, actor: Actor, on: bool) -> list[Event]:
        player = await self.kernel.roster.player(actor)
        await self.players.set_reminders(player.id, on)
        if on:
            return [Reply(text("Reminders before your deadlines are on."))]
        return [Reply(text("Reminders before your deadlines are off."))]


class Scheduler:
    """Does what falls due, when it falls due; `poke` it when something changed."""

    def __init__(self, correspondence: Correspondence) -> None:
        self.correspondence = correspondence
        self.kernel = correspondence.kernel
        self.clocks = correspondence.clocks
        self.vacations = correspondence.vacations
        self.notices = correspondence.notices
        # When the other due jobs (kernel.schedule.jobs) next have something to do.
        self._planned: list[datetime] = []

    def poke(self) -> None:
        self.kernel.schedule.poke()

    async def run(self, interval: timedelta = MAX_SLEEP) -> None:
        """Run until cancelled, looking at the database at least every `interval`."""
        while True:
            try:
                await self.run_due()
            except Exception as error:
                self.kernel.failures.log(
                    error, logger, "the scheduler failed; it tries again shortly"
                )
            wake = await self.clocks.next_wakeup(REMINDERS)
            for planned in self._planned:
                wake = planned if wake is None else min(wake, planned)
            delay = interval if wake is None else min(wake - self.kernel.clock(), interval)
            self.kernel.schedule.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    self.kernel.schedule.changed.wait(), max(delay.total_seconds(), 0.05)
                )

    async def run_due(self) -> None:
        """Everything due now: vacations that end, reminders, losses on time, then deliver the
        notices waiting (also those of before a restart)."""
        now = self.kernel.clock()
        for vacation in await self.vacations.vacations_due(now):
            # Of several processes, the one whose call ended it tells the player.
            if await self.vacations.end_vacation(vacation.player_id) is not None:
                await self.notices.add_notice(vacation.player_id, None, "vacation_over")
        due: dict[tuple[int, int], tuple[ClockRecord, list[str]]] = {}
        for name, before in REMINDERS.items():
            for clock in await self.clocks.clocks_to_remind(now, name, before):
                due.setdefault((clock.game_id, clock.seat), (clock, []))[1].append(name)
        for clock, names in due.values():
            await self.correspondence.remind(clock, names)
        for clock in await self.clocks.due_clocks(now):
            await self.correspondence.timeout(clock)
        await self.correspondence.deliver_notices()
        planned = [await job(now) for job in self.kernel.schedule.jobs]
        self._planned = [moment for moment in planned if moment is not None]


def _notice_text(kind: str, game_id: int | None, player_id: int, state: GameState | None) -> Text:
    """What a queued notice says to its player."""
    if kind == "vacation_over":
        return text("Your vacation is over: your clocks run again.")
    if kind.startswith("reminder_") and state is not None and state.time_left is not None:
        return text(
            "Game #{game}: it is your move, {left} left.",
            game=game_id,
            left=describe_time(state.time_left),
        )
    if kind.startswith("timeout:") and state is not None:
        seat = int(kind.split(":")[1])
        if state.record.seats[seat].player_id == player_id:
            return text("You ran out of time in game #{game}.", game=game_id)
        return text(
            "{name} ran out of time in game #{game}.", name=state.seat_names[seat], game=game_id
        )
    if kind.startswith("aborted:") and state is not None:
        seat = int(kind.split(":")[1])
        return text(
            "Game #{game} is aborted: {name} made no first move in time.",
            game=game_id,
            name=state.seat_names[seat],
        )
    return text("Game #{game} needs you.", game=game_id)
