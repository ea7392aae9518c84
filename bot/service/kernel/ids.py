"""Numbers from outside (typed, in button data, in slash options) as ids of stored things:
read only when they are plain digits of a sane length, and refused with the store's own
words when no stored id can be that large."""

from __future__ import annotations

from bot.i18n import quote, text
from bot.service.kernel.events import ServiceError

# SQLite keeps integers of 64 bits: no larger number names a stored game or challenge.
LARGEST_ID = 2**63 - 1
# Longer digit strings are not read as numbers at all (Python refuses past 4300 digits).
MAX_DIGITS = 1000


def whole_number(word: str) -> int | None:
    """The number `word` writes in ASCII digits (any size up to MAX_DIGITS digits), else None."""
    if not (word.isascii() and word.isdigit()) or len(word) > MAX_DIGITS:
        return None
    return int(word)


def game_number(word: str) -> int | None:
    """A game or challenge id as people write it: "12" or "#12" (any size: see `known_id`)."""
    return whole_number(word.removeprefix("#"))


def known_id(number: int, *, challenge: bool = False) -> int:
    """`number` when it can name a stored game (or challenge); else the refusal, as the store
    would refuse an id it does not hold (SQLite cannot even look up a larger one)."""
    if 0 < number <= LARGEST_ID:
        return number
    shown = quote(str(number))
    if challenge:
        raise ServiceError(text("There is no challenge {id}.", id=shown))
    raise ServiceError(text("There is no game {game}.", game=shown))


def known_tournament(number: int) -> int:
    """`number` when it can name a stored tournament; else the refusal the store would give."""
    if 0 < number <= LARGEST_ID:
        return number
    raise ServiceError(text("There is no tournament #{id}.", id=quote(str(number))))


def known_simul(number: int) -> int:
    """`number` when it can name a stored simul; else the refusal the store would give."""
    if 0 < number <= LARGEST_ID:
        return number
    raise ServiceError(text("There is no simul #{id}.", id=quote(str(number))))


def known_club_match(number: int) -> int:
    """`number` when it can name a stored club match; else the refusal the store would give."""
    if 0 < number <= LARGEST_ID:
        return number
    raise ServiceError(text("There is no club match #{id}.", id=quote(str(number))))
