"""A command's usage line, made from its declared options as the typed reader reads them:
"/draw [#GAME] [offer|accept|decline]", in the reader's words ("/empate [#PARTIDA]
[oferecer|aceitar|recusar]").

The line is a `Text` whose template names the command and the option words through the
placeholders of bot/i18n/commands.py ({/draw}, {=offer|accept}) and holds each option's
placeholder ("GAME", a catalogue message) as a value: `translate` gives each reader the
line in his language, and no usage is written by hand."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Text, text
from bot.i18n.commands import WORD_MARK
from bot.service.command_table.spec import Kind, Option

# After a command with subcommands: the first word names one.
SUBCOMMAND = text("SUBCOMMAND ...")
# The options typed as name=value (/tournament new's), which its help lists one by one.
SETTINGS = text("SETTINGS")


def usage_line(named: str, options: Sequence[Option], *, more: bool) -> Text:
    """The usage of the command `named` ("/tournament join"); `more`: subcommands follow."""
    return _Usage(tuple(option for option in options if option.typed)).line(named, more)


class _Usage:
    """The parts of one usage line and the placeholders they hold."""

    def __init__(self, options: tuple[Option, ...]) -> None:
        self.options = options
        self.values: dict[str, Text] = {}

    def line(self, named: str, more: bool) -> Text:
        parts = ["{" + named + "}", *map(self.slot, self.slots())]
        if any(option.setting for option in self.options):
            parts.append(f"[{self.value(SETTINGS)}]")
        if more:
            parts.append(f"[{self.value(SUBCOMMAND)}]")
        return Text(" ".join(parts), self.values)

    def slots(self) -> list[list[Option]]:
        """The options in their order, each with its alternatives (`either`); those typed
        with another (`within`) or as settings are shown elsewhere."""
        slots: list[list[Option]] = []
        for option in self.options:
            if option.within is not None or option.setting:
                continue
            if option.either and slots:
                slots[-1].append(option)
            else:
                slots.append([option])
        return slots

    def slot(self, options: list[Option]) -> str:
        """One place of the line: "MOVE", "[DAYS|on|off]"."""
        said = "|".join(map(self.fragment, options))
        return said if options[0].required else f"[{said}]"

    def fragment(self, option: Option) -> str:
        """An option as typed: its lead, its value, the options typed with it."""
        lead = self.words((option.lead,)) + " " if option.lead else ""
        inner = [
            f" [{self.fragment(other)}]" for other in self.options if other.within == option.name
        ]
        return lead + self.shape(option) + "".join(inner)

    def shape(self, option: Option) -> str:
        """The value: its placeholder, its words, its choices or its range."""
        if option.placeholder is not None:
            return self.value(option.placeholder)
        if option.kind is Kind.FLAG:
            return self.words((option.yes, option.no))
        if option.choices and all(choice.words for choice in option.choices):
            return self.words(tuple(choice.words for choice in option.choices))
        if option.choices:
            return "|".join(str(choice.value) for choice in option.choices)
        if option.low is not None and option.high is not None:
            return f"{option.low}-{option.high}"
        raise ValueError(f"the option {option.name} has no placeholder, words or range")

    @staticmethod
    def words(lists: Sequence[Sequence[str]]) -> str:
        """The first word of each list, in the reader's language: "{=on|off}"."""
        return "{" + WORD_MARK + "|".join(words[0] for words in lists if words) + "}"

    def value(self, placeholder: Text) -> str:
        name = f"p{len(self.values)}"
        self.values[name] = placeholder
        return "{" + name + "}"
