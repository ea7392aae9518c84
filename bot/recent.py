"""What a front end remembers of people, chats, messages and games, bounded: a bot runs for
months, and each of these grows with every chat and game it ever saw. Every such memory of a
front end is a `Recent` of one of the sizes below; each is a shortcut or a courtesy, so what
it forgot is asked of the service or the platform again (or, for a message's buttons, merely
left on an old message, whose press the service refuses)."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

# People (their names for `vs @name`, their private chats): the many.
REMEMBERED_PEOPLE = 50_000
# Chats and channels (their languages), and the messages of their challenges and tournaments.
REMEMBERED_CHATS = 10_000
# Games (the newest board shown of each, where it is, the buttons a press put on it).
REMEMBERED_BOARDS = 10_000


class Recent(OrderedDict[K, V]):
    """A dict that forgets its least recently written entries beyond `size`: what the bot
    remembers of people and chats must not grow for as long as it runs."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
