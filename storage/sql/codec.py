"""How values are stored in columns and read back: times, options, results, entrants.

Reading a column that does not decode raises a CorruptRecord naming the row, so that one bad
row is reported clearly and never mistaken for a bug."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from storage.errors import CorruptRecord
from storage.records import GameResult


def encode_time(moment: datetime) -> str:
    if moment.tzinfo is None:
        raise ValueError(f"the clock gave a naive time {moment}; it must give aware UTC times")
    # Fixed width with microseconds, so that times sort correctly as text.
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def epoch(moment: datetime) -> float:
    """A clock or vacation time: Unix seconds, so that deadlines are plain arithmetic in SQL."""
    return moment.timestamp()


def moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def encode_options(options: dict[str, Any]) -> str:
    if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
        raise ValueError(f"options must be a dict with text keys, not {options!r}")
    try:
        return json.dumps(options, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise ValueError(f"options {options!r} are not plain JSON data: {error}") from error


def encode_result(result: GameResult) -> str:
    winners = result.get("winners")
    reason = result.get("reason")
    if (
        not isinstance(winners, list)
        or not all(isinstance(seat, int) and seat >= 0 for seat in winners)
        or not isinstance(reason, str)
        or not reason
    ):
        raise ValueError(
            f'a result must look like {{"winners": [0], "reason": "no_moves"}} (seats, a '
            f"non-empty reason), not {result!r}"
        )
    return json.dumps({"winners": winners, "reason": reason})


Status = TypeVar("Status", bound=str)


class Decoder:
    """Turns the columns of one row into Python values, or a CorruptRecord naming the row."""

    def __init__(self, record: str) -> None:
        self.record = record

    def corrupt(self, problem: str) -> CorruptRecord:
        return CorruptRecord(self.record, problem)

    def time(self, text: str) -> datetime:
        try:
            moment = datetime.fromisoformat(text)
        except (TypeError, ValueError):
            raise self.corrupt(f"{text!r} is not an ISO 8601 time") from None
        if moment.tzinfo is None:
            raise self.corrupt(f"the time {text!r} has no time zone")
        return moment

    def optional_time(self, text: str | None) -> datetime | None:
        return None if text is None else self.time(text)

    def status(self, text: str, known: Sequence[Status], what: str) -> Status:
        """One of the `known` statuses (of a game or a challenge)."""
        for status in known:
            if text == status:
                return status
        raise self.corrupt(f"unknown {what} status {text!r}")

    def options(self, text: str) -> dict[str, Any]:
        try:
            options = json.loads(text)
        except (TypeError, ValueError):
            raise self.corrupt(f"the options {text!r} are not JSON") from None
        if not isinstance(options, dict):
            raise self.corrupt(f"the options {text!r} are not a JSON object")
        return options

    def result(self, text: str | None) -> GameResult | None:
        if text is None:
            return None
        try:
            result = json.loads(text)
            winners, reason = result["winners"], result["reason"]
        except (TypeError, ValueError, KeyError):
            raise self.corrupt(f"the result {text!r} is not a JSON winners/reason object") from None
        if not (isinstance(winners, list) and all(isinstance(s, int) for s in winners)):
            raise self.corrupt(f"the winners in {text!r} are not a list of seats")
        if not isinstance(reason, str):
            raise self.corrupt(f"the reason in {text!r} is not text")
        return {"winners": winners, "reason": reason}

    def entrants(self, text: str) -> tuple[int, ...]:
        try:
            entrants = json.loads(text)
        except (TypeError, ValueError):
            raise self.corrupt(f"the entrants {text!r} are not JSON") from None
        if not (isinstance(entrants, list) and all(isinstance(p, int) for p in entrants)):
            raise self.corrupt(f"the entrants {text!r} are not a list of player ids")
        return tuple(entrants)
