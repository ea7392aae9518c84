"""Time in correspondence play: time controls, the time left, the vacation allowance, clocks.

Pure helpers without I/O; the correspondence capability
(bot/service/correspondence/correspondence.py) acts on them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.i18n import Text, plural, text
from bot.service.kernel.events import ServiceError
from storage import VacationRecord

Clock = Callable[[], datetime]

CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 10, 14)
LIVE_MINUTES = range(1, 61)
VACATION_DAYS_PER_YEAR = 30
# The scheduler looks again at least this often, whatever it expects: what another process
# scheduled after this one last looked (several processes on one database) is found then.
MAX_SLEEP = timedelta(minutes=10)

# The units people type, in every language: those the clocks show ("3g 0h", "5min") too.
_UNITS = {
    "days": ("d", "day", "days", "dia", "dias", "g", "gg", "giorno", "giorni"),
    "hours": ("h", "hour", "hours", "hora", "horas", "ora", "ore"),
    "minutes": ("m", "min", "mins", "minute", "minutes", "minuto", "minutos", "minuti"),
}
DAY_WORDS = _UNITS["days"]
_DAYS = re.compile(rf"^(\d{{1,2}})\s*(?:{'|'.join(_UNITS['days'])})$")
_MINUTES = re.compile(rf"^(\d{{1,2}})\s*(?:{'|'.join(_UNITS['minutes'])})$")


def is_time_unit(word: str) -> bool:
    """Whether a word is the unit of a time control typed as two words ("3 days")."""
    return bool(_DAYS.match(f"1{word}") or _MINUTES.match(f"1{word}"))


def utc_now() -> datetime:
    return datetime.now(UTC)


class ManualClock:
    """A clock that moves only when told: for tests and the console's --fake-clock."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or utc_now()

    def __call__(self) -> datetime:
        return self.now

    def advance(self, span: timedelta) -> None:
        self.now += span


_SPAN = re.compile(r"^\+?(\d{1,4})\s*([a-z]+)$")
_SPAN_UNITS = {unit: timedelta(**{length: 1}) for length, units in _UNITS.items() for unit in units}


def parse_span(word: str) -> timedelta | None:
    """'+2d', '+2g', '5h', '+30m', '+30min' as a time span, else None."""
    found = _SPAN.match(word.strip().lower())
    if found is None or found.group(2) not in _SPAN_UNITS:
        return None
    return int(found.group(1)) * _SPAN_UNITS[found.group(2)]


@dataclass(frozen=True)
class TimeControl:
    """How long a player has for each move: days (correspondence) or minutes (live)."""

    per_move: timedelta
    correspondence: bool

    @property
    def word(self) -> str:
        """As people type it: "3d", "10m"."""
        if self.correspondence:
            return f"{self.per_move.days}d"
        return f"{int(self.per_move.total_seconds() // 60)}m"

    def to_options(self) -> dict[str, Any]:
        return {"per_move": self.per_move.total_seconds(), "correspondence": self.correspondence}

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> TimeControl | None:
        stored = options.get("time")
        if not isinstance(stored, dict):
            return None
        return cls(timedelta(seconds=float(stored["per_move"])), bool(stored["correspondence"]))


def split_time_control(words: Sequence[str]) -> tuple[TimeControl | None, list[str]]:
    """The time control among the words of /new ("3d", "3 days", "5m", "7 giorni"), and the
    other words. Raises ServiceError for a time the bot does not offer."""
    control: TimeControl | None = None
    rest: list[str] = []
    index = 0
    while index < len(words):
        word = words[index].lower()
        # "3 days": the number and the unit as two words.
        if word.isdecimal() and index + 1 < len(words):
            joined = word + words[index + 1].lower()
            if _DAYS.match(joined) or _MINUTES.match(joined):
                word = joined
                index += 1
        days, minutes = _DAYS.match(word), _MINUTES.match(word)
        if days:
            count = int(days.group(1))
            if count not in CORRESPONDENCE_DAYS:
                raise ServiceError(
                    text("Correspondence games take 1, 2, 3, 5, 7, 10 or 14 days per move.")
                )
            control = TimeControl(timedelta(days=count), correspondence=True)
        elif minutes:
            count = int(minutes.group(1))
            if count not in LIVE_MINUTES:
                raise ServiceError(text("Live games take 1 to 60 minutes per move."))
            control = TimeControl(timedelta(minutes=count), correspondence=False)
        else:
            rest.append(words[index])
        index += 1
    return control, rest


def clock_words(control: TimeControl | None) -> Text:
    """A competition's clock as its news says it: "3 days a move", "10 minutes a player"."""
    if control is None:
        return text("no clock")
    if control.correspondence:
        return plural("{count} day a move", "{count} days a move", control.per_move.days)
    return plural(
        "{count} minute a player",
        "{count} minutes a player",
        int(control.per_move.total_seconds() // 60),
    )


def describe_time(left: timedelta) -> Text:
    """'2d 5h', '3h 20m', '45m', '30s' left, rounded up to the unit shown: a 5-minute clock
    that has run for a second still shows 5m, and a clock shows 0 only when it ran out."""
    seconds = max(0, math.ceil(left.total_seconds()))
    if seconds < 60:
        return text("{seconds}s", seconds=seconds)
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return text("{minutes}m", minutes=minutes)
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return text("{hours}h {minutes}m", hours=hours, minutes=minutes)
    days, hours = divmod(math.ceil(seconds / 3_600), 24)
    return text("{days}d {hours}h", days=days, hours=hours)


def vacation_days_used(vacations: Sequence[VacationRecord], year: int, now: datetime) -> float:
    """The days of vacation a player took in a calendar year (a vacation going on counts up to
    now)."""
    start = datetime(year, 1, 1, tzinfo=UTC)
    end = datetime(year + 1, 1, 1, tzinfo=UTC)
    used = timedelta()
    for vacation in vacations:
        until = vacation.ended_at or min(vacation.ends_at, now)
        overlap = min(until, end) - max(vacation.started_at, start)
        if overlap > timedelta():
            used += overlap
    return used / timedelta(days=1)
