"""One command of the table: its names in each language, its options (declared once, in
spec.py), its handler and whether it asks for a yes. Its usage line and its typed reading
are made from its options; only a command whose typed words the options cannot say (/new's
free-form settings) brings a reader of its own."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.i18n import Text
from bot.i18n.commands import COMMAND_MARK, COMMANDS, SUBCOMMANDS, Names
from bot.service.command_table.spec import Args, Option
from bot.service.command_table.typed import Values, read_typed
from bot.service.command_table.usage import usage_line
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from storage import ChatRef

Handler = Callable[[GameService, Actor, ChatRef, Args], Awaitable[list[Event]]]
# Typed words to option values (the people named left as names: typed.resolved finds them).
Reader = Callable[[Sequence[str]], Values]


@dataclass(frozen=True)
class Command:
    """One command of every front end. `name`: its key, whose names in English, Portuguese
    and Italian (`names`, as menus show them and messages name it) are bot/i18n/commands.py's;
    `aliases`: the other words people type for it."""

    name: str
    aliases: tuple[str, ...]
    summary: Text
    handler: Handler
    options: tuple[Option, ...] = ()
    # Ends something for good: without a yes (`confirm`) the service asks for one.
    confirm: bool = False
    # Commands under this one ("/tournament join"), named by the first word typed after it;
    # without one, this command's own handler runs. Discord shows them as slash subcommands.
    subcommands: tuple[Command, ...] = ()
    # The command a subcommand is under ("tournament"), whose SUBCOMMANDS name it.
    parent: str | None = None
    # Reads the typed words where the options cannot say how (its docstring says why);
    # None: the options' own reading (typed.read_typed).
    special_reader: Reader | None = None

    @property
    def names(self) -> Names:
        if self.parent is not None:
            return SUBCOMMANDS[self.parent][self.name]
        return COMMANDS[self.name]

    @property
    def words(self) -> tuple[str, ...]:
        """Every word that names the command when typed."""
        return (self.name, *self.names, *self.aliases)

    @property
    def usage(self) -> Text:
        """How to type it, in the reader's words: "/draw [#GAME] [offer|accept|decline]"."""
        named = " ".join(name for name in (self.parent, self.name) if name is not None)
        return usage_line(COMMAND_MARK + named, self.options, more=bool(self.subcommands))

    def read(self, words: Sequence[str]) -> Values:
        """The option values the typed words give; Misread where they do not fit."""
        if self.special_reader is not None:
            return self.special_reader(words)
        return read_typed(self.options, words)
