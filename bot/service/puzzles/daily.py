"""The daily puzzle of a chat: switched on by its administrators with an hour (UTC) and a
variant, posted by the service's scheduler once per day. The day's post is a row with the
chat and the day as its key (the store's `claim_daily_post`), so that it happens once however
many restarts and processes look at it, and after a restart later that day too."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

from bot.i18n import Text, text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import Actor, Event, Reply, ServiceError
from bot.service.kernel.families import game_title
from bot.service.kernel.kernel import Kernel
from bot.service.puzzles.puzzles import puzzle_variant, usual_variant
from bot.service.puzzles.shipped import add_shipped
from bot.service.puzzles.views import headline, picture_event, puzzle_of, to_move
from storage import ChatRef, DailyPuzzle, PuzzleStore

DEFAULT_HOUR = 9  # UTC
DAY = timedelta(days=1)


class DailyPuzzles(Capability):
    def __init__(self, kernel: Kernel, puzzles: PuzzleStore) -> None:
        super().__init__(kernel)
        self.puzzles = puzzles
        self._shipped_added = False

    @routed
    async def daily(
        self,
        actor: Actor,
        chat: ChatRef,
        on: bool | None,
        hour: int | None,
        variant: str | None,
        administrator: bool,
    ) -> list[Event]:
        """`/puzzle daily [on|off] [HOUR] [VARIANT]`: the chat's setting, or (its
        administrators) a new one."""
        settings = {setting.chat: setting for setting in await self.puzzles.daily_puzzles()}
        current = settings.get(chat)
        if on is None and hour is None and variant is None:
            return [Reply(_status(current))]
        if not administrator:
            raise ServiceError(text("Only the chat's administrators can set its daily puzzle."))
        if on is False:
            await self.puzzles.set_daily_puzzle(chat, "", None)
            return [Reply(text("The daily puzzle is off in this chat."))]
        if hour is not None and not 0 <= hour <= 23:
            raise ServiceError(text("The hour is a whole number from 0 to 23 (UTC)."))
        if variant:
            key = puzzle_variant(variant)
        else:
            key = (current.variant if current else "") or await usual_variant(self.kernel, actor)
        chosen = hour if hour is not None else current.hour if current else DEFAULT_HOUR
        await self.puzzles.set_daily_puzzle(chat, key, chosen)
        self.kernel.schedule.poke()  # the scheduler looks at the new hour
        return [Reply(_status(DailyPuzzle(chat, key, chosen)))]

    async def post_due(self, now: datetime) -> datetime | None:
        """Post each chat's puzzle of today whose hour has come and that nobody posted yet;
        when the next one falls due."""
        settings = await self.puzzles.daily_puzzles()
        if settings and not self._shipped_added:
            await add_shipped(self.puzzles)
            self._shipped_added = True
        wake: datetime | None = None
        for setting in settings:
            due = datetime.combine(now.date(), time(setting.hour), UTC)
            if now >= due:
                await self._post(setting, now)
                due += DAY
            wake = due if wake is None else min(wake, due)
        return wake

    async def _post(self, setting: DailyPuzzle, now: datetime) -> None:
        puzzle_id = await self.puzzles.claim_daily_post(setting.chat, now.date(), setting.variant)
        if puzzle_id is None:
            return  # posted already (here or by another process), or none left
        record = await self.puzzles.puzzle(puzzle_id)
        assert record is not None  # just claimed
        puzzle = puzzle_of(record)
        caption = text(
            "Daily puzzle. {headline}: {to_move} Answer with {/puzzle} and your move; "
            "the solution comes with your answer.",
            headline=headline(record),
            to_move=to_move(puzzle),
        )
        await self.kernel.bus.publish([await picture_event(record, 0, caption, setting.chat)])


def _status(setting: DailyPuzzle | None) -> Text:
    if setting is None:
        return text("This chat has no daily puzzle: {/puzzle daily on} 9 posts one at 9:00 UTC.")
    return text(
        "This chat's daily puzzle: {game}, at {hour}:00 UTC.",
        game=game_title(setting.variant),
        hour=setting.hour,
    )
