"""Arenas: a tournament that runs for a fixed time (docs/arenas.md). A player whose game ends
is paired again at once with a free player near his score, not his last opponent
(competition/pairing/arena.py); players join and pause at any time; a leaderboard follows
every change; when the time is up no game starts, the games going on finish and count, and
the podium ends it.

Nothing is kept in memory: each pairing reads the stored facts and starts its games with
storage's `start_arena_games`, which checks under the arena's lock, in the transaction that
creates them, that neither player has a game going on or paused: several processes, or one
that died half-way, never pair a player twice at once.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

from bot.i18n import text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import (
    BERSERK_OPTION,
    TOURNAMENT_OPTION,
    Actor,
    BoardUpdate,
    Event,
    GameState,
    ServiceError,
    TournamentUpdate,
    standings_clock,
)
from bot.service.kernel.families.draughts_ballots import seeded_ballot
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.rated.rated_games import rated_at_start
from bot.service.tournaments.arena_state import (
    LEADERBOARD_LINES,
    ArenaView,
    leaderboard,
    podium,
    view_of,
)
from bot.service.tournaments.lookup import entry_names
from bot.service.tournaments.text import refusal
from competition.pairing.arena import pair_free, rematch_due
from competition.pairing.draw import draw_numbers
from competition.pairing.tournament import Format
from games.base import find_game
from games.chance import commitment, new_seed
from storage import (
    ChatRef,
    NewTableGame,
    SeatRecord,
    TournamentFacts,
    TournamentRecord,
    TournamentRefused,
    TournamentStore,
)


class Arenas(Capability):
    """The life of an arena, over the kernel: its start, its pairings, joins and pauses, its
    end."""

    def __init__(self, kernel: Kernel, tournaments: TournamentStore) -> None:
        super().__init__(kernel)
        self.tournaments = tournaments
        # One pairing at a time per arena in this process (storage's lock makes it right
        # across processes; this only saves work).
        self._pairing: dict[int, asyncio.Lock] = {}

    async def begin(self, record: TournamentRecord) -> list[Event]:
        """Start an arena: numbers drawn, the end fixed, everyone present paired."""
        facts = await self.tournaments.tournament_facts(record.id)
        if len(facts.entries) < 2:
            raise ServiceError(
                text(
                    "A tournament needs at least 2 entries to start; it has {count}.",
                    count=len(facts.entries),
                )
            )
        seed = new_seed()
        order = draw_numbers([str(entry.id) for entry in facts.entries], seed)
        numbers = {int(entry): number for number, entry in enumerate(order, 1)}
        ends_at = self.kernel.clock() + timedelta(seconds=float(record.options["duration"]))
        try:
            started = await self.tournaments.start_tournament(
                record.id, seed.hex(), commitment(seed), numbers, ends_at
            )
        except TournamentRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        self.kernel.schedule.poke()
        notice = text(
            "Arena #{id} starts with {count} players and ends at {end} UTC. Whoever finishes "
            "a game is paired again at once. Join at any time with {/tournament join} {id}; "
            "take a break with {/tournament leave} {id}.",
            id=record.id,
            count=len(order),
            end=ends_at.strftime("%H:%M"),
        )
        return [TournamentUpdate(started, notice, len(order)), *await self.pair(record.id)]

    # -- joining and pausing --------------------------------------------------------------------

    async def join(self, actor: Actor, record: TournamentRecord) -> list[Event]:
        """Enter a running arena, or come back after a pause; paired at once if someone is
        free."""
        player = await self.kernel.roster.player(actor)
        try:
            entry = await self.tournaments.enter_arena(record.id, player.id)
        except TournamentRefused as refused:
            if refused.why == "already_entered":
                raise ServiceError(text("You are in arena #{id} already.", id=record.id)) from None
            raise ServiceError(refusal(refused.why, record.id)) from None
        count = len((await self.tournaments.tournament_facts(record.id)).entries)
        notice = text(
            "{name} joins arena #{id} as number {number}.",
            name=actor.display_name,
            id=record.id,
            number=entry.number,
        )
        return [TournamentUpdate(record, notice, count), *await self.pair(record.id, True)]

    async def pause(self, actor: Actor, record: TournamentRecord) -> list[Event]:
        """Take a break: not paired again until `join`; a game going on is played out."""
        player = await self.kernel.roster.player(actor)
        try:
            await self.tournaments.pause_arena_entry(record.id, player.id)
        except TournamentRefused as refused:
            if refused.why == "state_changed":
                raise ServiceError(
                    text("You are on a break from arena #{id} already.", id=record.id)
                ) from None
            raise ServiceError(refusal(refused.why, record.id)) from None
        count = len((await self.tournaments.tournament_facts(record.id)).entries)
        notice = text(
            "{name} takes a break from arena #{id} (a game going on is played out); "
            "{/tournament join} {id} to come back.",
            name=actor.display_name,
            id=record.id,
        )
        return [TournamentUpdate(record, notice, count)]

    @routed
    async def berserk(
        self, actor: Actor, chat: ChatRef | None, game_id: int | None = None
    ) -> list[Event]:
        """Go berserk in one's arena game, before one's first move: half the time for each
        of one's moves (the clocks here are per move), a point more for a win if the game
        lasts seven moves each (competition/pairing/arena.py)."""
        player = await self.kernel.roster.player(actor)
        target = await self.kernel.lookup.game_id_for(player, game_id)
        async with self.kernel.lookup.lock(target):
            state = await self.kernel.state(target)
            await self.kernel.lookup.check_visible(state, player.id, chat)
            arena = state.tournament
            record = None if arena is None else await self.tournaments.get_tournament(arena)
            if record is None or record.format != Format.ARENA:
                raise ServiceError(text("Berserk is for the games of an arena."))
            self.kernel.lookup.check_version(state, None)
            seat = self.kernel.lookup.own_seats(state, player.id)[0]
            chosen = dict(state.record.options.get(BERSERK_OPTION, {}))
            if str(seat) in chosen:
                raise ServiceError(text("You went berserk in this game already."))
            if state.plies > seat:
                raise ServiceError(text("Berserk is only before your first move."))
            options = {**state.record.options, BERSERK_OPTION: {**chosen, str(seat): True}}
            changed = await self.tournaments.berserk_arena_game(
                state.id, seat, state.version, options
            )
            if changed is None:
                raise ServiceError(text("The game changed meanwhile; look again."))
            self.kernel.schedule.poke()  # a clock was shortened
            fresh = await self.kernel.state(state.id)
            news = text(
                "{name} goes berserk: half the time for each move, a point more for a win.",
                name=actor.display_name,
            )
            return [BoardUpdate(fresh, news, fresh.record.chat)]

    # -- pairing --------------------------------------------------------------------------------

    async def pair(self, tournament_id: int, scored: bool = False) -> list[Event]:
        """Pair whoever is free (the end once the time is up), then the leaderboard if a
        game started or the scores changed (`scored`), read after the pairing's lock is let
        go: the next pairing does not wait for it."""
        lock = self._pairing.setdefault(tournament_id, asyncio.Lock())
        async with lock:
            events, over = await self._pair_free(tournament_id)
        if over or not (events or scored):
            return events
        return [*events, await self.leaderboard_update(tournament_id)]

    async def _pair_free(self, tournament_id: int) -> tuple[list[Event], bool]:
        """The games started now, and whether the arena is over."""
        events: list[Event] = []
        while True:
            facts = await self.tournaments.tournament_facts(tournament_id)
            record = facts.tournament
            if record.status != "running":
                return events, False
            now = self.kernel.clock()
            view = view_of(facts, now)
            if record.ends_at is not None and now >= record.ends_at:
                ended = await self._end(facts, view)
                return [*events, *ended], bool(ended)
            pairs = pair_free(view.waiting, view.ranking, now, others_playing=bool(view.playing))
            if not pairs:
                return events, False
            games = [self._new_game(facts, white, black) for white, black in pairs]
            started = await self.tournaments.start_arena_games(record.id, games, record.chat)
            names = await entry_names(self.kernel, facts)
            for game, stored in started:
                headline = text(
                    "Arena #{id}: game #{game}, {white} (White) - {black}.",
                    id=record.id,
                    game=stored.id,
                    white=names[str(game.white_entry)],
                    black=names[str(game.black_entry)],
                )
                events.extend(await self.kernel.changes.game_started(stored, headline))
            if len(started) == len(games):
                return events, False
            # Some were paired meanwhile by another process: look again.

    def _new_game(self, facts: TournamentFacts, white: str, black: str) -> NewTableGame:
        record = facts.tournament
        entries = {str(entry.id): entry for entry in facts.entries}
        kind = find_game(record.kind)
        chosen = dict(record.options.get("game", {}))
        chosen[TOURNAMENT_OPTION] = record.id
        chosen[BERSERK_OPTION] = {}  # an arena's game: each player may go berserk
        if record.options.get("ballot") and record.seed is not None:
            # Each meeting of two players draws its own ballot from the seed.
            meetings = sum(
                {str(g.white_entry), str(g.black_entry)} == {white, black} for g in facts.games
            )
            pairing = "arena:" + ":".join(sorted((white, black))) + f":{meetings}"
            chosen |= seeded_ballot(kind, bytes.fromhex(record.seed), pairing)
        options, snapshot, clock = self.kernel.changes.opening(kind, chosen)
        seats = (
            SeatRecord(0, entries[white].members[0]),
            SeatRecord(1, entries[black].members[0]),
        )
        rated = rated_at_start(seats, options, True)
        return NewTableGame(
            1, 0, int(white), int(black), kind.key, options, seats, snapshot, clock, rated=rated
        )

    async def leaderboard_update(self, tournament_id: int) -> TournamentUpdate:
        """The leaderboard as news that replaces the arena's earlier leaderboard (each front
        end edits one message, as often as its chat allows)."""
        read_at = standings_clock()
        facts = await self.tournaments.tournament_facts(tournament_id)
        now = self.kernel.clock()
        view = view_of(facts, now)
        names = await entry_names(self.kernel, facts)
        board = leaderboard(facts, view, names, now, LEADERBOARD_LINES)
        return TournamentUpdate(
            facts.tournament, board, len(facts.entries), leaderboard=True, read_at=read_at
        )

    async def _end(self, facts: TournamentFacts, view: ArenaView) -> list[Event]:
        """Time is up: once no game goes on, the arena is over, with its podium."""
        record = facts.tournament
        if view.playing:
            return []
        try:
            done = await self.tournaments.set_tournament_status(record.id, "finished", ("running",))
        except TournamentRefused:
            return []
        names = await entry_names(self.kernel, facts)
        count = len(facts.entries)
        final = await self.leaderboard_update(record.id)
        return [final, TournamentUpdate(done, podium(facts, view, names), count)]

    # -- what happens by itself -----------------------------------------------------------------

    async def game_over(self, state: GameState) -> list[Event]:
        """A game of an arena ended: its players are free again."""
        tournament_id = await self.tournaments.tournament_of_game(state.id)
        if tournament_id is None:
            return []
        record = await self.tournaments.get_tournament(tournament_id)
        if record.format != Format.ARENA:
            return []
        return await self.pair(tournament_id, scored=True)

    async def run_due(self, now: datetime) -> datetime | None:
        """The arenas whose time is up end (once their games are over); players who waited
        long enough for someone else meet their last opponent again. Returns when something
        is due next."""
        planned: list[datetime] = []
        for record in await self.tournaments.tournaments(("running",)):
            if record.format != Format.ARENA:
                continue
            await self.kernel.bus.publish(await self.pair(record.id))
            facts = await self.tournaments.tournament_facts(record.id)
            if facts.tournament.status != "running":
                continue
            if record.ends_at is not None and record.ends_at > now:
                planned.append(record.ends_at)
            again = rematch_due(view_of(facts, now).waiting)
            if again is not None and again > now:
                planned.append(again)
        return min(planned, default=None)

    async def resume(self) -> list[Event]:
        """After a start: pair whoever waits in every running arena (the games that ended
        while nobody was listening)."""
        events: list[Event] = []
        for record in await self.tournaments.tournaments(("running",)):
            if record.format == Format.ARENA:
                events.extend(await self.pair(record.id))
        await self.kernel.bus.publish(events)
        return events
