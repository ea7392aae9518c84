"""What a command of the table is: its names in each language, its typed options (with their
choices and the words people type for them), its handler and whether it asks for a yes.

Every front end reads the same entries: the typed parser (typed.py) turns words into option
values, Discord builds its slash commands from the options, and both end in `run`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from bot.i18n import Text
from bot.i18n.commands import COMMANDS, SUBCOMMANDS, Names
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from bot.service.kernel.ids import known_id
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

    GAME = "game"  # a game number; Discord completes the person's games
    CHALLENGE = "challenge"  # a challenge number
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
    spaces, as Discord wants them), what it holds and what it is for."""

    name: str
    names: tuple[str, str]
    kind: Kind
    description: Text
    required: bool = False
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None


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


Handler = Callable[[GameService, Actor, ChatRef, Args], Awaitable[list[Event]]]
# Typed words to option values (the people named left as names: typed.resolved finds them).
Reader = Callable[[Sequence[str]], dict[str, object]]


@dataclass(frozen=True)
class Command:
    """One command of every front end. `name`: its key, whose names in English, Portuguese
    and Italian (`names`, as menus show them and messages name it) are bot/i18n/commands.py's;
    `aliases`: the other words people type for it."""

    name: str
    aliases: tuple[str, ...]
    usage: Text
    summary: Text
    handler: Handler
    read: Reader
    options: tuple[Option, ...] = field(default=())
    # Ends something for good: without a yes (`confirm`) the service asks for one.
    confirm: bool = False
    # Commands under this one ("/tournament join"), named by the first word typed after it;
    # without one, this command's own handler runs. Discord shows them as slash subcommands.
    subcommands: tuple[Command, ...] = ()
    # The command a subcommand is under ("tournament"), whose SUBCOMMANDS name it.
    parent: str | None = None

    @property
    def names(self) -> Names:
        if self.parent is not None:
            return SUBCOMMANDS[self.parent][self.name]
        return COMMANDS[self.name]

    @property
    def words(self) -> tuple[str, ...]:
        """Every word that names the command when typed."""
        return (self.name, *self.names, *self.aliases)
