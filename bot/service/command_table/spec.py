"""What the options of a command are: each declared once, with what it holds, its names in
each language, its choices and the words people type for them.

Every front end reads the same declarations: the typed reader (typed.py) turns words into
option values, the usage line (usage.py) shows how to type them, Discord builds its slash
options from them; the values, whichever front end gave them, reach the handler as `Args`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from bot.i18n import Text
from bot.service.kernel.events import Actor
from bot.service.kernel.ids import known_club_match, known_id, known_simul, known_tournament
from bot.service.reviews.reviews import Progress, no_progress
from storage import ChatRef

OpponentResolver = Callable[[str], Awaitable[Actor | None]]
# Whether the person who gave the command administers the chat (asked of the platform only
# when a command needs it).
AdministratorCheck = Callable[[], Awaitable[bool]]
# Discord's /new in a thread of its own: the chat the game goes to.
ThreadOpener = Callable[[ChatRef, Actor, str, Actor | None], Awaitable[ChatRef]]


async def no_administrator() -> bool:
    """Where a front end cannot tell (a press that runs a typed command): nobody is."""
    return False


async def everyone_administers() -> bool:
    """The console: whoever sits at the keyboard owns the chat."""
    return True


async def nobody(_name: str) -> Actor | None:
    """Where options name members themselves (Discord), a typed name is nobody."""
    return None


class Kind(Enum):
    """What an option holds, which says how each front end asks for it."""

    GAME = "game"  # a game number ("12", "#12"); Discord completes the person's games
    CHALLENGE = "challenge"  # a challenge number
    TOURNAMENT = "tournament"  # a tournament number
    SIMUL = "simul"  # a simul number
    CLUB_MATCH = "club_match"  # a club match number
    NUMBER = "number"  # a whole number between `low` and `high`
    TEXT = "text"  # one word (a choice where the option has choices)
    MOVE = "move"  # a move; Discord completes the legal moves
    WORDS = "words"  # several words, as typed
    FLAG = "flag"  # yes or no; absent is neither
    MEMBER = "member"  # a person of the chat
    FILE = "file"  # a file the person sends (a PdnFile); never typed


@dataclass(frozen=True)
class Choice:
    """One value an option may take, its label for menus and the words people type for it."""

    value: str | int
    label: Text
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Option:
    """One option: its English name and its Portuguese and Italian ones (lowercase, no
    spaces, as Discord wants them), what it holds and what it is for.

    How people type it (typed.py reads it so, usage.py shows it so): `placeholder`, the word
    a usage shows for a value typed freely ("GAME", "NAME"); a flag's words for yes (`yes`)
    and for no (`no`), as a choice's are its `words`; `lead`, words that may come before the
    value ("vs NAME", "with PARTNER"); `either`, typed instead of the option before it
    ("[DAYS|on|off]"); `within`, typed only after the option of that name ("computer
    [LEVEL]"); `setting`, typed as name=value (the settings of /tournament new); `unit`, the
    words of a number's unit, which may follow it or stick to it ("5 giorni", "5g"). The first
    of each list of words is a key of bot/i18n/commands.py's WORDS: the one a usage shows, in
    the reader's language."""

    name: str
    names: tuple[str, str]
    kind: Kind
    description: Text
    required: bool = False
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None
    placeholder: Text | None = None
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    lead: tuple[str, ...] = ()
    either: bool = False
    within: str | None = None
    setting: bool = False
    unit: tuple[str, ...] = ()

    @property
    def typed(self) -> bool:
        """Whether people type it: a file is sent, and a flag with no words to type (a game's
        thread of its own) only Discord gives."""
        if self.kind is Kind.FILE:
            return False
        return self.kind is not Kind.FLAG or bool(self.yes) or self.setting


@dataclass(frozen=True)
class Args:
    """The option values of one command, from whichever front end, and what the front end
    lends the handler: a name resolver, the administrator check, a thread opener, whether
    the platform paces the chat as a whole."""

    values: Mapping[str, object]
    resolve: OpponentResolver = nobody
    administrator: AdministratorCheck = no_administrator
    open_thread: ThreadOpener | None = None
    # How the person gives a yes: typed ("/resign 12 yes") or as the `confirm` option.
    slash: bool = False
    # How the front end shows the stages of long work (/review): a message, then its edits.
    progress: Progress = no_progress
    # Whether the chat's messages share one budget, whichever game they belong to (a
    # Telegram group: twenty a minute, its topics included): a live tournament opened there
    # sends its boards privately unless its organiser says where.
    whole_chat_paced: bool = False

    def game(self, name: str = "game") -> int | None:
        """A game number, refused if no stored game can have it."""
        number = self.number(name)
        return None if number is None else known_id(number)

    def challenge(self) -> int | None:
        number = self.number("challenge")
        return None if number is None else known_id(number, challenge=True)

    def tournament(self) -> int | None:
        """A tournament number (None: the chat's latest), refused if none can have it."""
        number = self.number("tournament")
        return None if number is None else known_tournament(number)

    def simul(self) -> int | None:
        """A simul number (None: the chat's latest), refused if none can have it."""
        number = self.number("simul")
        return None if number is None else known_simul(number)

    def club_match(self) -> int | None:
        """A club match number (None: the chat's latest), refused if none can have it."""
        number = self.number("match")
        return None if number is None else known_club_match(number)

    def number(self, name: str) -> int | None:
        value = self.values.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def text(self, name: str) -> str | None:
        value = self.values.get(name)
        return value if isinstance(value, str) else None

    def words(self, name: str) -> list[str]:
        return (self.text(name) or "").split()

    def flag(self, name: str) -> bool | None:
        value = self.values.get(name)
        return value if isinstance(value, bool) else None

    def member(self, name: str) -> Actor | None:
        value = self.values.get(name)
        return value if isinstance(value, Actor) else None
