"""Registration for tournaments: an organiser opens one, players (or teams of two) join and
leave until it starts. A front end's join and leave buttons call `join`/`leave` with the
tournament's id."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import Actor, Event, ServiceError, TournamentUpdate
from bot.service.kernel.families import family_of
from bot.service.kernel.kernel import Kernel
from bot.service.tournaments.arenas import Arenas
from bot.service.tournaments.lookup import pick
from bot.service.tournaments.options import read_plan, time_control
from bot.service.tournaments.text import FORMAT_NAMES, joined, refusal, settings_line
from competition.pairing.tournament import Format
from storage import (
    ChatRef,
    TournamentRecord,
    TournamentRefused,
    TournamentStatus,
    TournamentStore,
)

# A tournament taking entries, and one under way (an arena takes entries then too).
UNDER_WAY: tuple[TournamentStatus, ...] = ("registering", "running", "paused")

# Said when a live tournament's boards go privately because its group is paced as a whole.
PRIVATE_FOR_PACE = text(
    "Boards: privately to each game's players, with a line here when a game starts and when "
    "it ends (a player who has never written to me privately plays here). To keep every "
    "board here, open it with boards=group."
)


class TournamentEntries(Capability):
    """Opening a tournament, joining and leaving it."""

    def __init__(self, kernel: Kernel, arenas: Arenas, tournaments: TournamentStore) -> None:
        super().__init__(kernel)
        # A running arena is joined and left (paused) by its own rules (arenas.py).
        self.arenas = arenas
        self.tournaments = tournaments

    async def _pick(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None
    ) -> TournamentRecord:
        """The tournament a join or leave names, else the chat's latest taking entries, else
        its latest arena under way (joined and left at any time)."""
        try:
            return await pick(
                self.kernel, self.tournaments, chat, tournament_id, ("registering",), actor
            )
        except ServiceError:
            if chat is None or tournament_id is not None:
                raise
            under_way = await self.tournaments.tournaments(UNDER_WAY, chat)
            arenas = [record for record in under_way if record.format == Format.ARENA]
            if not arenas:
                raise
            return arenas[-1]

    @routed
    async def create(
        self, actor: Actor, chat: ChatRef, words: Sequence[str], *, whole_chat_paced: bool = False
    ) -> list[Event]:
        """Open a tournament in `chat` as `words` say (tournament_options.read_plan; in a chat
        paced as a whole a live one's boards go privately unless the words say where)."""
        plan = read_plan(list(words), whole_chat_paced=whole_chat_paced)
        player = await self.kernel.roster.player(actor)
        deadline = None if plan.deadline is None else self.kernel.clock() + plan.deadline
        record = await self.tournaments.create_tournament(
            chat,
            player.id,
            plan.kind.key,
            str(plan.format),
            plan.options,
            team_size=plan.team_size,
            max_entries=plan.max_entries,
            deadline=deadline,
        )
        self.kernel.schedule.poke()
        how = (
            text("{/tournament join} {id} {=with} PARTNER", id=record.id)
            if plan.team_size == 2
            else text("{/tournament join} {id}", id=record.id)
        )
        opening = text(
            "{name} opens tournament #{id}: {game}, {format}. Join with {how}.",
            name=actor.display_name,
            id=record.id,
            game=family_of(plan.kind).title(plan.kind),
            format=FORMAT_NAMES[plan.format],
            how=how,
        )
        settings = settings_line(plan.format, plan.options, time_control(plan.options))
        lines = [opening, settings, *([PRIVATE_FOR_PACE] if plan.private_for_pace else [])]
        return [TournamentUpdate(record, joined(lines), 0)]

    @routed
    async def join(
        self,
        actor: Actor,
        chat: ChatRef | None,
        tournament_id: int | None = None,
        partner: Actor | None = None,
    ) -> list[Event]:
        """Enter alone, or (a tournament of teams) with `partner` as one entry; a running
        arena at any time, alone."""
        record = await self._pick(actor, chat, tournament_id)
        if record.format == Format.ARENA and record.status in UNDER_WAY[1:]:
            if partner is not None:
                raise ServiceError(text("Tournament #{id} is for single players.", id=record.id))
            return await self.arenas.join(actor, record)
        player = await self.kernel.roster.player(actor)
        members = [player.id]
        if record.team_size == 2:
            if partner is None:
                raise ServiceError(
                    text(
                        "Tournament #{id} is for teams of two: "
                        "{/tournament join} {id} {=with} PARTNER.",
                        id=record.id,
                    )
                )
            mate = await self.kernel.roster.player(partner)
            if mate.id == player.id:
                raise ServiceError(text("A team has two different players."))
            members.append(mate.id)
        elif partner is not None:
            raise ServiceError(text("Tournament #{id} is for single players.", id=record.id))
        try:
            await self.tournaments.join_tournament(record.id, members)
        except TournamentRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        names = " & ".join([actor.display_name, *([partner.display_name] if partner else [])])
        count = len((await self.tournaments.tournament_facts(record.id)).entries)
        return [
            TournamentUpdate(
                record,
                text(
                    "{name} joins tournament #{id} (entries: {count}).",
                    name=names,
                    id=record.id,
                    count=count,
                ),
                count,
            )
        ]

    @routed
    async def leave(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None = None
    ) -> list[Event]:
        """Leave before the start; from a running arena, take a break (a pause)."""
        record = await self._pick(actor, chat, tournament_id)
        if record.format == Format.ARENA and record.status in UNDER_WAY[1:]:
            return await self.arenas.pause(actor, record)
        player = await self.kernel.roster.player(actor)
        try:
            await self.tournaments.leave_tournament(record.id, player.id)
        except TournamentRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        count = len((await self.tournaments.tournament_facts(record.id)).entries)
        return [
            TournamentUpdate(
                record,
                text(
                    "{name} leaves tournament #{id} (entries: {count}).",
                    name=actor.display_name,
                    id=record.id,
                    count=count,
                ),
                count,
            )
        ]
