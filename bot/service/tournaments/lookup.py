"""What the tournament capabilities share over the kernel: finding the tournament a command
means, the organiser's check, the entries' names, the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import language_of, text
from bot.service.kernel.events import Actor, ServiceError
from bot.service.kernel.kernel import Kernel
from storage import (
    ChatRef,
    NotFound,
    TournamentFacts,
    TournamentRecord,
    TournamentStatus,
    TournamentStore,
)

OPEN: tuple[TournamentStatus, ...] = ("registering", "running", "paused")
EVERY: tuple[TournamentStatus, ...] = (*OPEN, "finished", "cancelled")


async def pick(
    kernel: Kernel,
    tournaments: TournamentStore,
    chat: ChatRef | None,
    tournament_id: int | None,
    statuses: Sequence[TournamentStatus] = OPEN,
    actor: Actor | None = None,
) -> TournamentRecord:
    """The tournament a command names, else the chat's latest one in `statuses`. One named
    from another chat than its own is refused as an unknown one (ids are sequential: any
    other answer would tell what other chats run), unless its organiser made it open or
    `actor` takes part in it."""
    if tournament_id is not None:
        unknown = ServiceError(text("There is no tournament #{id}.", id=tournament_id))
        try:
            record = await tournaments.get_tournament(tournament_id)
        except NotFound:
            raise unknown from None
        elsewhere = chat is not None and record.chat != chat and not record.options.get("open")
        if elsewhere and (
            actor is None or not await _takes_part(kernel, tournaments, actor, record)
        ):
            raise unknown
        return record
    found = await tournaments.tournaments(statuses, chat) if chat is not None else []
    if not found:
        raise ServiceError(text("There is no tournament here. Open one with {/tournament new}."))
    return found[-1]


async def _takes_part(
    kernel: Kernel, tournaments: TournamentStore, actor: Actor, record: TournamentRecord
) -> bool:
    player = await kernel.roster.player(actor)
    if player.id == record.organiser_id:
        return True
    facts = await tournaments.tournament_facts(record.id)
    return any(player.id in entry.members for entry in facts.entries)


async def require_organiser(kernel: Kernel, actor: Actor, record: TournamentRecord) -> None:
    player = await kernel.roster.player(actor)
    if player.id != record.organiser_id:
        raise ServiceError(
            text("Only the organiser of tournament #{id} can do that.", id=record.id)
        )


async def entry_names(kernel: Kernel, facts: TournamentFacts) -> dict[str, str]:
    """Each entry's name (a team: both names) by its pairing key."""
    names = {}
    for entry in facts.entries:
        members = [await kernel.roster.name(player) for player in entry.members]
        names[str(entry.id)] = " & ".join(members)
    return names


async def reader_language(kernel: Kernel, actor: Actor) -> str | None:
    """The language to write a file or picture in for `actor`."""
    player = await kernel.roster.player(actor)
    return player.language or language_of(actor.language)
