"""Tournaments: registration, the start with the draw of numbers, the rounds that start by
themselves as games end, withdrawals, the organiser's settle, pause, resume and cancel.

Nothing is kept in memory: each step reads the stored facts (tournament_state.py rebuilds
the pairing from them) and writes what it decides in one transaction, keyed so that it
happens once: a round's row and its games (storage `start_round`), the end. A game's end
reaches `game_over` through the kernel's finish listeners; `resume` after a restart picks up
every tournament whose round completed while nobody was listening.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta
from itertools import groupby

from bot.i18n import text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import (
    TOURNAMENT_OPTION,
    Actor,
    Event,
    GameState,
    PlayerNotice,
    ServiceError,
    TournamentUpdate,
)
from bot.service.kernel.families.draughts_ballots import seeded_ballot
from bot.service.kernel.game_flow.turns import seat_to_act
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.rated.rated_games import pool_of, rated_at_start
from bot.service.kernel.rated.seat_ratings import pool_rating
from bot.service.tournaments.arenas import Arenas
from bot.service.tournaments.lookup import entry_names, pick, require_organiser
from bot.service.tournaments.options import time_control
from bot.service.tournaments.state import entry_of, rebuild, round_json
from bot.service.tournaments.text import (
    eliminated_notice,
    final_notice,
    pairing_refusal,
    refusal,
    round_notice,
    stage_name,
)
from competition.pairing.draw import draw_numbers
from competition.pairing.errors import PairingError
from competition.pairing.tournament import Format, Game, Setup, Tournament
from games.base import find_game
from games.chance import commitment, new_seed
from storage import (
    ChatRef,
    NewTableGame,
    RatingStore,
    SeatRecord,
    TournamentFacts,
    TournamentRecord,
    TournamentRefused,
    TournamentStatus,
    TournamentStore,
)

logger = logging.getLogger(__name__)


class Tournaments(Capability):
    """The life of a tournament, over the kernel."""

    def __init__(
        self, kernel: Kernel, arenas: Arenas, ratings: RatingStore, tournaments: TournamentStore
    ) -> None:
        super().__init__(kernel)
        # An arena starts, pauses its players and goes on by rules of its own (arenas.py).
        self.arenas = arenas
        self.ratings = ratings
        self.tournaments = tournaments
        # One advance at a time per tournament in this process (storage keys make it right
        # across processes; this only saves work).
        self._advancing: dict[int, asyncio.Lock] = {}

    # -- start, pause, resume, cancel ----------------------------------------------------------

    @routed
    async def start(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None = None
    ) -> list[Event]:
        record = await pick(
            self.kernel, self.tournaments, chat, tournament_id, ("registering",), actor
        )
        await require_organiser(self.kernel, actor, record)
        return await self._start(record)

    async def _start(self, record: TournamentRecord) -> list[Event]:
        if record.status != "registering":
            raise ServiceError(refusal("not_registering", record.id))
        if record.format == Format.ARENA:
            return await self.arenas.begin(record)
        facts = await self.tournaments.tournament_facts(record.id)
        seed = new_seed()
        ratings = await self._seeding(record, facts) if record.options.get("seeded") else None
        order = draw_numbers([str(entry.id) for entry in facts.entries], seed, ratings)
        try:
            # The organiser's choices checked against the field before anything is stored.
            Setup(
                Format(record.format),
                order,
                seed,
                rounds=record.options.get("rounds"),
                bye_points=float(record.options.get("bye", 1.0)),
            )
        except PairingError as error:
            raise ServiceError(pairing_refusal(error)) from None
        numbers = {int(entry): number for number, entry in enumerate(order, 1)}
        try:
            started = await self.tournaments.start_tournament(
                record.id, seed.hex(), commitment(seed), numbers
            )
        except TournamentRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        names = await entry_names(self.kernel, await self.tournaments.tournament_facts(record.id))
        drawn = ", ".join(f"{n}. {names[entry]}" for n, entry in enumerate(order, 1))
        notice = text(
            "Tournament #{id} starts with {count} entries. The draw: {numbers}. "
            "The seed of the draw and the coin tosses is revealed at the end; its "
            "commitment: {commitment}",
            id=record.id,
            count=len(order),
            numbers=drawn,
            commitment=started.commitment,
        )
        return [TournamentUpdate(started, notice, len(order)), *await self.advance(record.id)]

    async def _seeding(
        self, record: TournamentRecord, facts: TournamentFacts
    ) -> dict[str, int | None]:
        """Each entry's rating in the pool of the tournament's games (a team's: its members'
        mean); None for an entry none of whose members has played a rated game there."""
        pool = pool_of(record.kind, record.options.get("game", {}))
        seeding: dict[str, int | None] = {}
        for entry in facts.entries:
            ratings = [await pool_rating(self.ratings, member, pool) for member in entry.members]
            rated = [rating.value for rating in ratings if rating.games > 0]
            seeding[str(entry.id)] = round(sum(rated) / len(rated)) if rated else None
        return seeding

    @routed
    async def set_status(
        self,
        actor: Actor,
        chat: ChatRef | None,
        status: TournamentStatus,
        tournament_id: int | None = None,
    ) -> list[Event]:
        """Pause ("paused"), resume ("running") or cancel ("cancelled"): the organiser's."""
        allowed: dict[TournamentStatus, tuple[TournamentStatus, ...]] = {
            "paused": ("running",),
            "running": ("paused",),
            "cancelled": ("registering", "running", "paused"),
        }
        record = await pick(
            self.kernel, self.tournaments, chat, tournament_id, allowed[status], actor
        )
        await require_organiser(self.kernel, actor, record)
        try:
            changed = await self.tournaments.set_tournament_status(
                record.id, status, allowed[status]
            )
        except TournamentRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        said = {
            "paused": text("Tournament #{id} is paused: no new games start.", id=record.id),
            "running": text("Tournament #{id} goes on.", id=record.id),
            "cancelled": text("Tournament #{id} is cancelled.", id=record.id),
        }[status]
        count = len((await self.tournaments.tournament_facts(record.id)).entries)
        events: list[Event] = [TournamentUpdate(changed, said, count)]
        if status == "running":
            events.extend(await self.advance(record.id))
            if record.format == Format.ARENA:
                events.extend(await self.arenas.pair(record.id, scored=True))
        return events

    # -- withdrawals and the organiser's decisions ----------------------------------------------

    @routed
    async def withdraw(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None = None
    ) -> list[Event]:
        """Leave a started tournament: the games going on and those to come are forfeited."""
        record = await pick(
            self.kernel, self.tournaments, chat, tournament_id, ("running", "paused"), actor
        )
        if record.format == Format.ARENA:
            return await self.arenas.pause(actor, record)
        player = await self.kernel.roster.player(actor)
        facts = await self.tournaments.tournament_facts(record.id)
        entry = entry_of(facts, player.id)
        if entry is None:
            raise ServiceError(refusal("not_entered", record.id))
        first_round = len(rebuild(facts).rounds) + 1
        if not await self.tournaments.withdraw_entry(record.id, entry, first_round):
            raise ServiceError(
                text("You have withdrawn from tournament #{id} already.", id=record.id)
            )
        names = await entry_names(self.kernel, facts)
        notice = text(
            "{name} withdraws from tournament #{id}; the games left are lost by forfeit.",
            name=names[str(entry)],
            id=record.id,
        )
        events: list[Event] = [TournamentUpdate(record, notice, len(names))]
        for game in facts.games:
            if game.game_id is not None and entry in (game.white_entry, game.black_entry):
                loser = 0 if game.white_entry == entry else 1
                events.extend(await self._end_game(game.game_id, [1 - loser], "withdrawn"))
        return [*events, *await self.advance(record.id)]

    @routed
    async def settle(
        self,
        actor: Actor,
        chat: ChatRef | None,
        table: int,
        winner: int,
        tournament_id: int | None = None,
    ) -> list[Event]:
        """The organiser decides the knockout match at `table` of the current round for the
        entry numbered `winner`; a game going on there is called off."""
        record = await pick(
            self.kernel, self.tournaments, chat, tournament_id, ("running", "paused"), actor
        )
        await require_organiser(self.kernel, actor, record)
        if record.format != Format.KNOCKOUT:
            raise ServiceError(text("Only a knockout match can be settled."))
        facts = await self.tournaments.tournament_facts(record.id)
        current = rebuild(facts).current_round
        paired = next((t for t in current.tables if t.number == table), None) if current else None
        if current is None or paired is None:
            raise ServiceError(text("The round being played has no table {table}.", table=table))
        numbers = {str(entry.id): entry.number for entry in facts.entries}
        chosen = next(
            (side for side in (paired.first, paired.second) if numbers[side] == winner), None
        )
        if chosen is None:
            raise ServiceError(
                text("Entry {number} does not play at table {table}.", number=winner, table=table)
            )
        await self.tournaments.settle_table(record.id, current.number, table, int(chosen))
        names = await entry_names(self.kernel, facts)
        notice = text(
            "The organiser settles table {table} of round {round}: {name} goes through.",
            table=table,
            round=current.number,
            name=names[chosen],
        )
        events: list[Event] = [TournamentUpdate(record, notice, len(names))]
        loser = paired.second if chosen == paired.first else paired.first
        events += _told_out(facts, rebuild(facts), current.number, loser)
        for game in facts.games:
            if (game.round, game.table) == (current.number, table) and game.game_id is not None:
                events.extend(await self._end_game(game.game_id, None, "aborted"))
        return [*events, *await self.advance(record.id)]

    async def _end_game(
        self, game_id: int, winners: list[int] | None, reason: str, version: int | None = None
    ) -> list[Event]:
        """End a table's game going on (a forfeit, or called off when `winners` is None);
        with `version`, only if the game has not moved on since."""
        async with self.kernel.lookup.lock(game_id):
            state = await self.kernel.state(game_id)
            if not state.active or version not in (None, state.version):
                return []
            if winners is None:
                return await self.kernel.changes.finish(state, None, "aborted")
            return await self.kernel.changes.finish(state, {"winners": winners, "reason": reason})

    # -- rounds --------------------------------------------------------------------------------

    async def advance(self, tournament_id: int) -> list[Event]:
        """Start whatever the results so far allow (the next games, a round, the end)."""
        lock = self._advancing.setdefault(tournament_id, asyncio.Lock())
        async with lock:
            events: list[Event] = []
            while True:
                facts = await self.tournaments.tournament_facts(tournament_id)
                if facts.tournament.status != "running" or facts.tournament.format == Format.ARENA:
                    return events
                try:
                    more = await self._next_step(facts, events)
                except PairingError:
                    logger.exception("tournament %s cannot go on", tournament_id)
                    return events
                if not more:
                    return events

    async def _next_step(self, facts: TournamentFacts, events: list[Event]) -> bool:
        """One step; True if it settled games without playing them (look again)."""
        record = facts.tournament
        state = rebuild(facts)
        if state.finished:
            try:
                done = await self.tournaments.set_tournament_status(
                    record.id, "finished", ("running",)
                )
            except TournamentRefused:
                return False
            names = await entry_names(self.kernel, facts)
            events.append(TournamentUpdate(done, final_notice(facts, state, names), len(names)))
            return False
        control = time_control(record.options)
        all_rounds = (
            control is not None
            and control.correspondence
            and record.format in (Format.ROUND_ROBIN, Format.DOUBLE_ROUND_ROBIN)
        )
        settled = False
        names = await entry_names(self.kernel, facts)
        for number, games in groupby(
            state.games_to_play(all_rounds=all_rounds), key=lambda g: g.round
        ):
            paired = state.rounds[number - 1]
            new = [await self._table_game(facts, game) for game in games]
            start = await self.tournaments.start_round(
                record.id, number, round_json(paired), new, record.chat
            )
            final = paired is state.final
            if start.new_round:
                notice = round_notice(facts, paired, names, final)
                events.append(TournamentUpdate(record, notice, len(names)))
            for game, stored in start.games:
                if stored is None:
                    settled = True
                    continue
                sides = {
                    "id": record.id,
                    "game": stored.id,
                    "white": names[str(game.white_entry)],
                    "black": names[str(game.black_entry)],
                }
                headline = (
                    text(
                        "Tournament #{id}, the final: game #{game}, {white} (White) - {black}.",
                        **sides,
                    )
                    if final
                    else text(
                        "Tournament #{id}, round {round}, table {table}: game #{game}, "
                        "{white} (White) - {black}.",
                        round=number,
                        table=game.table,
                        **sides,
                    )
                )
                events.extend(await self.kernel.changes.game_started(stored, headline))
        return settled

    async def _table_game(self, facts: TournamentFacts, game: Game) -> NewTableGame:
        record = facts.tournament
        white, black = int(game.white), int(game.black)
        entries = {entry.id: entry for entry in facts.entries}
        key = (game.table, game.index, white, black)
        if entries[white].withdrawn is not None or entries[black].withdrawn is not None:
            winner = "black" if entries[white].withdrawn is not None else "white"
            return NewTableGame(*key, settled=winner)
        kind = find_game(record.kind)
        chosen = dict(record.options.get("game", {}))
        chosen[TOURNAMENT_OPTION] = record.id
        if record.options.get("ballot") and record.seed is not None:
            chosen |= seeded_ballot(kind, bytes.fromhex(record.seed), _pairing(record, game))
        if record.team_size == 2:
            # Either member of a team may act for its seat (turns.seat_players).
            chosen["partners"] = {"0": entries[white].members[1:], "1": entries[black].members[1:]}
        options, snapshot, clock = self.kernel.changes.opening(kind, chosen)
        seats = (
            SeatRecord(0, entries[white].members[0]),
            SeatRecord(1, entries[black].members[0]),
        )
        # Tournament games count for the ratings of their pace's pool; a team's game does not
        # (a rating belongs to one person).
        rated = rated_at_start(seats, options, record.team_size == 1)
        return NewTableGame(*key, kind.key, options, seats, snapshot, clock, rated=rated)

    async def game_over(self, state: GameState) -> list[Event]:
        tournament_id = await self.tournaments.tournament_of_game(state.id)
        if tournament_id is None:
            return []
        if (await self.tournaments.get_tournament(tournament_id)).format == Format.ARENA:
            return []  # arenas.py's own listener
        if state.record.status == "aborted":
            await self.tournaments.replay_tournament_game(state.id)
        facts = await self.tournaments.tournament_facts(tournament_id)
        return [*_put_out(facts, state.id), *await self.advance(tournament_id)]

    async def resume(self) -> list[Event]:
        """After a start: carry on every running tournament (a round that completed while the
        service was down starts now, once)."""
        events: list[Event] = []
        for record in await self.tournaments.tournaments(("running",)):
            events.extend(await self.advance(record.id))
        await self.kernel.bus.publish(events)
        return events

    # -- what falls due ------------------------------------------------------------------------

    async def run_due(self, now: datetime) -> datetime | None:
        """Start tournaments whose registration deadline passed; forfeit no-shows. Returns
        when something is due next."""
        planned: list[datetime] = []
        for record in await self.tournaments.tournaments(("registering", "running")):
            if record.status == "registering" and record.deadline is not None:
                if record.deadline > now:
                    planned.append(record.deadline)
                    continue
                await self.kernel.bus.publish(await self._deadline(record))
            elif record.status == "running" and "noshow" in record.options:
                planned.extend(await self._no_shows(record, now))
        return min(planned, default=None)

    async def _deadline(self, record: TournamentRecord) -> list[Event]:
        try:
            return await self._start(record)
        except ServiceError as refused:
            changed = await self.tournaments.set_tournament_status(
                record.id, "cancelled", ("registering",)
            )
            notice = text(
                "Tournament #{id} cannot start at its deadline ({reason}); it is cancelled.",
                id=record.id,
                reason=refused.reason,
            )
            return [TournamentUpdate(changed, notice, 0)]

    async def _no_shows(self, record: TournamentRecord, now: datetime) -> list[datetime]:
        """Forfeit each player who has not made a first move within the no-show time."""
        allowed = timedelta(seconds=float(record.options["noshow"]))
        planned = []
        facts = await self.tournaments.tournament_facts(record.id)
        for game in facts.games:
            if game.game_id is None or game.status != "active":
                continue
            state = await self.kernel.current(game.game_id)
            seat = seat_to_act(state)
            if seat is None or state.plies >= 2:
                continue
            due = state.record.updated_at + allowed
            if due > now:
                planned.append(due)
                continue
            forfeit = await self._end_game(game.game_id, [1 - seat], "no_show", state.version)
            await self.kernel.bus.publish(forfeit)
        return planned


def _pairing(record: TournamentRecord, game: Game) -> str:
    """What a ballot is drawn for, so that a pairing plays it with both colours: each two
    games of a knockout match (a micro-match's pair, or a game and its replay with the
    colours swapped; the next two draw again); elsewhere the two entries, whose second game
    in a double round robin has the colours swapped."""
    if record.format == Format.KNOCKOUT:
        return f"knockout:{game.round}:{game.table}:{game.index // 2}"
    return "pair:" + ":".join(sorted((game.white, game.black)))


def _put_out(facts: TournamentFacts, game_id: int) -> list[Event]:
    """When the game that just finished decided its knockout table (the table's last game),
    the entry it put out is told."""
    game = next((game for game in facts.games if game.game_id == game_id), None)
    if facts.tournament.format != Format.KNOCKOUT or game is None:
        return []
    table = [g for g in facts.games if (g.round, g.table) == (game.round, game.table)]
    try:
        state = rebuild(facts)
    except PairingError:
        return []  # advance logs it: the tournament cannot go on
    loser = state.knockout_loser(game.round, game.table)
    if loser is None or game.index != max(g.index for g in table):
        return []
    return _told_out(facts, state, game.round, loser)


def _told_out(
    facts: TournamentFacts, state: Tournament, round_number: int, loser: str
) -> list[Event]:
    """Each member of the entry a knockout's round put out is told so."""
    stage = stage_name(round_number, state.rounds[round_number - 1] is state.final)
    members = next(entry.members for entry in facts.entries if str(entry.id) == loser)
    return [PlayerNotice(player, eliminated_notice(facts, stage), None) for player in members]
