"""What the club match capabilities share over the kernel: the match a command means, who may
see it from where, the organiser's check, the side a chat or a word gives."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import text
from bot.service.kernel.events import Actor, ServiceError
from bot.service.kernel.kernel import Kernel
from storage import ChatRef, ClubMatchRecord, ClubMatchStatus, ClubMatchStore, NotFound, Side

OPEN: tuple[ClubMatchStatus, ...] = ("registering", "running")
EVERY: tuple[ClubMatchStatus, ...] = (*OPEN, "finished", "cancelled")


async def pick(
    kernel: Kernel,
    matches: ClubMatchStore,
    actor: Actor,
    chat: ChatRef | None,
    match_id: int | None,
    statuses: Sequence[ClubMatchStatus] = OPEN,
) -> ClubMatchRecord:
    """The match a command names, else the latest one in `statuses` of the chat (either
    side's). One named from a chat of neither side is refused as an unknown one, unless
    `actor` organises it or plays in it."""
    if match_id is not None:
        unknown = ServiceError(text("There is no club match #{id}.", id=match_id))
        try:
            record = await matches.get_club_match(match_id)
        except NotFound:
            raise unknown from None
        if (
            chat is not None
            and chat not in record.chats
            and not await _takes_part(kernel, matches, actor, record)
        ):
            raise unknown
        return record
    found = await matches.club_matches(statuses, chat) if chat is not None else []
    if not found:
        raise ServiceError(text("There is no club match here. Open one with {/clubmatch new}."))
    return found[-1]


async def _takes_part(
    kernel: Kernel, matches: ClubMatchStore, actor: Actor, record: ClubMatchRecord
) -> bool:
    player = await kernel.roster.player(actor)
    if player.id == record.organiser_id:
        return True
    facts = await matches.club_match_facts(record.id)
    return any(signed.player_id == player.id for signed in facts.players)


async def require_organiser(kernel: Kernel, actor: Actor, record: ClubMatchRecord) -> None:
    player = await kernel.roster.player(actor)
    if player.id != record.organiser_id:
        raise ServiceError(
            text("Only the organiser of club match #{id} can do that.", id=record.id)
        )


def side_of(record: ClubMatchRecord, chat: ChatRef | None, asked: str | None) -> Side:
    """The side a player signs for: his chat's when each side has its own chat; in one chat,
    the side he names."""
    if record.away_chat is not None and chat in record.chats:
        side: Side = "a" if chat == record.chat else "b"
        if asked not in (None, side):
            raise ServiceError(text("In this chat you sign for side {side}.", side=side.upper()))
        return side
    if record.away_chat is not None:
        raise ServiceError(
            text("Each club signs in its own chat: sign there for club match #{id}.", id=record.id)
        )
    if asked == "a":
        return "a"
    if asked == "b":
        return "b"
    raise ServiceError(
        text("Both sides sign in this chat: say which, {/clubmatch sign} a or {/clubmatch sign} b.")
    )
