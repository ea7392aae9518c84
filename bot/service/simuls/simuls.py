"""The life of a simul: opened by its host, challengers who take a board, the start that
creates every board's game at once, each board's result and the summary at the end.

Nothing is kept in memory: each step reads the stored facts and writes what it decides in one
transaction that happens once (storage's `start_simul` moves the simul to running and creates
its games together; `finish_simul` ends it once). A game's end reaches `game_over` through the
kernel's finish listeners; `resume` after a restart ends a simul whose last board ended while
nobody was listening.
"""

from __future__ import annotations

from bot.i18n import plural, text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import (
    SIMUL_HOST_OPTION,
    SIMUL_OPTION,
    Actor,
    Event,
    GameState,
    ServiceError,
    SimulUpdate,
)
from bot.service.kernel.families import family_of, game_title
from bot.service.kernel.game_flow.clocks import split_time_control
from bot.service.kernel.kernel import Kernel
from bot.service.simuls.lookup import HOST_COLOURS, host_seat, pick, require_host
from bot.service.simuls.text import (
    board_headline,
    opened,
    refusal,
    result_notice,
    summary,
)
from games.base import GameKind, find_game
from storage import (
    ChatRef,
    NewSimulGame,
    SeatRecord,
    SimulFacts,
    SimulRecord,
    SimulRefused,
    SimulStore,
)

# The most boards one host plays at once.
MOST_BOARDS = 50


class Simuls(Capability):
    """Simuls from their opening to their summary, over the kernel."""

    def __init__(self, kernel: Kernel, simuls: SimulStore) -> None:
        super().__init__(kernel)
        self.simuls = simuls

    @routed
    async def create(
        self,
        actor: Actor,
        chat: ChatRef,
        game_name: str,
        boards: int,
        time: str | None = None,
        host: str = "white",
    ) -> list[Event]:
        """Open a simul of `game_name` in `chat` for up to `boards` challengers; `time` a
        clock as /new takes it ("10m", "3d"), `host` the host's colour (HOST_COLOURS)."""
        kind = _draughts(game_name)
        if not 1 <= boards <= MOST_BOARDS:
            raise ServiceError(text("A simul has 1 to {most} boards.", most=MOST_BOARDS))
        if host not in HOST_COLOURS:
            raise ServiceError(text("The host plays {=white}, {=black} or {=alternate}."))
        control, rest = split_time_control(time.split() if time else [])
        if rest:
            raise ServiceError(text("A simul's clock is written as {/new} writes it: 10m, 3d."))
        game = family_of(kind).new_options(kind, None, [])
        if control is not None:
            game["time"] = control.to_options()
        player = await self.kernel.roster.player(actor)
        record = await self.simuls.create_simul(
            chat, player.id, kind.key, boards, {"host": host, "game": game}
        )
        await self.kernel.first_players.played(actor, chat)
        return [SimulUpdate(record, opened(record, actor.display_name, game_title(kind.key)))]

    @routed
    async def join(
        self, actor: Actor, chat: ChatRef | None, simul_id: int | None = None
    ) -> list[Event]:
        record = await pick(self.kernel, self.simuls, actor, chat, simul_id, ("registering",))
        player = await self.kernel.roster.player(actor)
        if player.id == record.host_id:
            raise ServiceError(
                text("The host plays every board of simul #{id}, not one of them.", id=record.id)
            )
        try:
            count = await self.simuls.join_simul(record.id, player.id)
        except SimulRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        said = text(
            "{name} takes a board in simul #{id} ({count} of {boards}).",
            name=actor.display_name,
            id=record.id,
            count=count,
            boards=record.max_boards,
        )
        return [SimulUpdate(record, said)]

    @routed
    async def leave(
        self, actor: Actor, chat: ChatRef | None, simul_id: int | None = None
    ) -> list[Event]:
        record = await pick(self.kernel, self.simuls, actor, chat, simul_id, ("registering",))
        player = await self.kernel.roster.player(actor)
        try:
            await self.simuls.leave_simul(record.id, player.id)
        except SimulRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        count = len((await self.simuls.simul_facts(record.id)).boards)
        said = text(
            "{name} leaves simul #{id} ({count} of {boards}).",
            name=actor.display_name,
            id=record.id,
            count=count,
            boards=record.max_boards,
        )
        return [SimulUpdate(record, said)]

    @routed
    async def start(
        self, actor: Actor, chat: ChatRef | None, simul_id: int | None = None
    ) -> list[Event]:
        """The host starts: every challenger's board is numbered in the order of joining and
        its game created, all in one transaction."""
        record = await pick(self.kernel, self.simuls, actor, chat, simul_id, ("registering",))
        await require_host(self.kernel, actor, record)
        facts = await self.simuls.simul_facts(record.id)
        if not facts.boards:
            raise ServiceError(text("Nobody has taken a board in simul #{id} yet.", id=record.id))
        kind = find_game(record.kind)
        games = [
            self._board_game(record, kind, board, challenger.player_id)
            for board, challenger in enumerate(facts.boards, 1)
        ]
        try:
            started = await self.simuls.start_simul(record.id, games)
        except SimulRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        host = await self.kernel.roster.name(record.host_id)
        notice = plural(
            "Simul #{id} starts: {host} against {count} challenger. The host sees the boards "
            "that wait for him with {/simul desk}.",
            "Simul #{id} starts: {host} against {count} challengers. The host sees the boards "
            "that wait for him with {/simul desk}.",
            id=record.id,
            host=host,
            count=len(games),
        )
        events: list[Event] = [SimulUpdate(started.simul, notice)]
        for board, game in started.games:
            white, black = [await self._name(seat.player_id) for seat in game.seats]
            headline = board_headline(record, board, game.id, white, black)
            events.extend(await self.kernel.changes.game_started(game, headline))
        return events

    async def _name(self, player_id: int | None) -> str:
        assert player_id is not None  # every seat of a simul's board has its player
        return await self.kernel.roster.name(player_id)

    def _board_game(
        self, record: SimulRecord, kind: GameKind, board: int, challenger: int
    ) -> NewSimulGame:
        host = host_seat(record, board)
        chosen = {
            **record.options.get("game", {}),
            SIMUL_OPTION: record.id,
            SIMUL_HOST_OPTION: host,
        }
        options, snapshot, clock = self.kernel.changes.opening(kind, chosen)
        seats = sorted(
            (SeatRecord(host, record.host_id), SeatRecord(1 - host, challenger)),
            key=lambda seat: seat.seat,
        )
        return NewSimulGame(challenger, kind.key, options, tuple(seats), snapshot, clock)

    @routed
    async def cancel(
        self, actor: Actor, chat: ChatRef | None, simul_id: int | None = None
    ) -> list[Event]:
        """The host calls the simul off: the boards still played are aborted."""
        record = await pick(self.kernel, self.simuls, actor, chat, simul_id)
        await require_host(self.kernel, actor, record)
        cancelled = await self.simuls.cancel_simul(record.id)
        if cancelled is None:
            raise ServiceError(text("Simul #{id} is over already.", id=record.id))
        events: list[Event] = [
            SimulUpdate(cancelled, text("Simul #{id} is cancelled.", id=record.id))
        ]
        for board in (await self.simuls.simul_facts(record.id)).boards:
            if board.game_id is not None and board.status == "active":
                events.extend(await self.kernel.call_off(board.game_id))
        return events

    # -- the end of boards and of the simul ---------------------------------------------------

    async def game_over(self, state: GameState) -> list[Event]:
        """A board ended: its result in the simul's chat, and the summary after the last."""
        if state.simul is None:
            return []
        facts = await self.simuls.simul_facts(state.simul)
        board = next((b for b in facts.boards if b.game_id == state.id), None)
        if board is None or facts.simul.status == "cancelled":
            return []
        name = await self.kernel.roster.name(board.player_id)
        notice = result_notice(facts.simul, board, name, facts.boards)
        return [SimulUpdate(facts.simul, notice), *await self._finish(facts)]

    async def _finish(self, facts: SimulFacts) -> list[Event]:
        """The summary, once, when every board has ended."""
        if any(board.status in (None, "active") for board in facts.boards):
            return []
        done = await self.simuls.finish_simul(facts.simul.id)
        if done is None:
            return []
        names = {b.player_id: await self.kernel.roster.name(b.player_id) for b in facts.boards}
        host = await self.kernel.roster.name(done.host_id)
        return [SimulUpdate(done, summary(done, host, facts.boards, names))]

    async def resume(self) -> list[Event]:
        """After a start: end every running simul whose last board ended while the service
        was down (its summary, once)."""
        events: list[Event] = []
        for record in await self.simuls.simuls(("running",)):
            events.extend(await self._finish(await self.simuls.simul_facts(record.id)))
        await self.kernel.bus.publish(events)
        return events


def _draughts(name: str) -> GameKind:
    """The game of a simul: a draughts game of two (a host at every board needs one
    opponent a board)."""
    try:
        kind = find_game(name)
    except KeyError:
        kind = None
    if kind is None or not family_of(kind).in_tournaments():
        raise ServiceError(
            text(
                "A simul is played at draughts: brazilian, international, italian or "
                "italian-familiar."
            )
        )
    return kind
