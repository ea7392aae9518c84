"""The host's desk and what everyone reads of a simul: the boards that wait for the host,
oldest first, with the next one shown (and made the host's game, so that a typed move goes
there); the simul's boards and score; every board's game in one PDN file."""

from __future__ import annotations

from bot.i18n import joined, language_of, text, translate
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import (
    Actor,
    BoardUpdate,
    Event,
    FileReady,
    GameState,
    Reply,
    ServiceError,
    SimulDesk,
)
from bot.service.kernel.families import family_of, game_title
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.words.file_names import file_name
from bot.service.simuls.lookup import EVERY, pick, require_host, waits_for_host
from bot.service.simuls.text import (
    board_result,
    desk_text,
    idle_desk,
    score,
    waiting_line,
)
from games.base import find_game
from storage import ChatRef, PlayerStore, SimulStore


class SimulDesks(Capability):
    """The host's desk, a simul's boards and its PDN."""

    def __init__(self, kernel: Kernel, players: PlayerStore, simuls: SimulStore) -> None:
        super().__init__(kernel)
        self.players = players
        self.simuls = simuls

    @routed
    async def desk(
        self,
        actor: Actor,
        chat: ChatRef | None,
        simul_id: int | None = None,
        after: int | None = None,
    ) -> list[Event]:
        """The boards that wait for the host, oldest waiting first, and the board shown: the
        first, or with `after` (a game of the simul) the one that follows it in that order."""
        record = await pick(self.kernel, self.simuls, actor, chat, simul_id, ("running",))
        await require_host(self.kernel, actor, record)
        if record.status == "registering":
            raise ServiceError(text("Simul #{id} has not started.", id=record.id))
        facts = await self.simuls.simul_facts(record.id)
        playing = [b for b in facts.boards if b.game_id is not None and b.status == "active"]
        waiting: list[tuple[GameState, int, int]] = []
        for each in playing:
            assert each.game_id is not None  # a board of a running simul has its game
            assert each.board is not None
            state = await self.kernel.current(each.game_id)
            if waits_for_host(state, record.host_id):
                waiting.append((state, each.board, each.player_id))
        if not waiting:
            return [SimulDesk(record, idle_desk(record, len(playing)))]
        waiting.sort(key=lambda each: (each[0].record.updated_at, each[1]))
        games = [state.id for state, _, _ in waiting]
        index = (games.index(after) + 1) % len(games) if after in games else 0
        shown, board, _ = waiting[index]
        now = self.kernel.clock()
        lines = [
            waiting_line(
                number, await self.kernel.roster.name(player), now - state.record.updated_at
            )
            for state, number, player in waiting
        ]
        # A typed move of the host goes to the board shown.
        await self.players.set_active_game(record.host_id, shown.id)
        said = desk_text(record, lines, board, shown.id)
        headline = await self.kernel.changes.latest_headline(shown)
        return [
            SimulDesk(record, said, shown.id, more=len(waiting) > 1),
            BoardUpdate(shown, headline, None),
        ]

    @routed
    async def show(
        self, actor: Actor, chat: ChatRef | None, simul_id: int | None = None
    ) -> list[Event]:
        """The simul: its host, its boards and their results, the host's score."""
        record = await pick(self.kernel, self.simuls, actor, chat, simul_id, EVERY)
        facts = await self.simuls.simul_facts(record.id)
        host = await self.kernel.roster.name(record.host_id)
        names = [await self.kernel.roster.name(board.player_id) for board in facts.boards]
        if record.status == "registering":
            listing = joined(names, ", ") if names else text("nobody yet")
            return [
                Reply(
                    text(
                        "Simul #{id} by {host}, {game}, {count} of {boards} boards taken: {names}.",
                        id=record.id,
                        host=host,
                        game=game_title(record.kind),
                        names=listing,
                        count=len(names),
                        boards=record.max_boards,
                    )
                )
            ]
        results = [
            board_result(record, board, name)
            for board, name in zip(facts.boards, names, strict=True)
        ]
        return [
            Reply(
                text(
                    "Simul #{id} by {host}, {game}: {results}. The host's score: {score}.",
                    id=record.id,
                    host=host,
                    game=game_title(record.kind),
                    results=joined(results, "; "),
                    score=score(record, facts.boards),
                )
            )
        ]

    @routed
    async def export_pdn(
        self, actor: Actor, chat: ChatRef | None, simul_id: int | None = None
    ) -> list[Event]:
        """Every board's game in one PDN file, each tagged with the simul (Event) and its
        board (Round), the names in the reader's language."""
        record = await pick(self.kernel, self.simuls, actor, chat, simul_id, EVERY)
        facts = await self.simuls.simul_facts(record.id)
        player = await self.kernel.roster.player(actor)
        language = player.language or language_of(actor.language)
        event = text("Simul #{id}: {game}", id=record.id, game=game_title(record.kind))
        parts = []
        for board in facts.boards:
            if board.game_id is None:
                continue
            state = await self.kernel.state(board.game_id)
            tags = {"Event": translate(language, event), "Round": str(board.board)}
            content = family_of(find_game(state.record.kind)).pdn(state, state.log, language, tags)
            if content is not None:
                parts.append(content.strip() + "\n")
        if not parts:
            raise ServiceError(text("Simul #{id} has not started.", id=record.id))
        return [
            FileReady(
                file_name("simul", record.id, "pdn", language),
                "\n".join(parts).encode(),
                text("Every board of simul #{id} in PDN.", id=record.id),
            )
        ]
