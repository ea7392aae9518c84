"""Typed words to option values: how the console and chat messages give a command its
options ("/resign #12 yes", "/top ao vivo brasileira"). One reader, `read_typed`, reads every
command from its declared options (spec.Option), the same way for all:

- "#12" names the command's game (or challenge, or tournament) wherever it stands;
- a word an option has as its own (a choice's or a flag's words; "ao vivo" as one) gives
  that option its value wherever it stands, and a lead ("vs", "with") may come before a
  value;
- the other words fill the other options in their declared order, an optional one left out
  where the words need the next, a bare 12 a game's number too (except beside a move: a Ludo
  pawn is a bare number); a move or several words (MOVE, WORDS) take the rest as typed.

A reading raises `Misread` where the words do not fit, which the command's usage answers; it
leaves the people named as `Name`s, which `resolved` finds through the front end."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from bot.i18n import quote, text
from bot.service.command_table.spec import Choice, Kind, OpponentResolver, Option
from bot.service.kernel.events import ServiceError
from bot.service.kernel.ids import game_number, whole_number

Values = dict[str, object]
# The kinds people name by a number, also written "#12".
NUMBERED = frozenset({Kind.GAME, Kind.CHALLENGE, Kind.TOURNAMENT, Kind.SIMUL, Kind.CLUB_MATCH})
# The kinds that take the rest of the line, as typed.
REST = frozenset({Kind.MOVE, Kind.WORDS})


class Misread(Exception):
    """Words that do not fit the command: answered with its usage."""


class Name(str):
    """A person as typed, for a member option: `resolved` finds who it is."""

    __slots__ = ()


async def resolved(values: Values, resolve: OpponentResolver) -> Values:
    """The values with every typed name the person the front end knows by it."""
    people: Values = {}
    for option, value in values.items():
        if isinstance(value, Name):
            person = await resolve(value)
            if person is None:
                raise ServiceError(text("I do not know {name}.", name=quote(value)))
            people[option] = person
    return {**values, **people}


def chosen(choices: Sequence[Choice], word: str) -> str | int | None:
    """The value of the choice `word` names, else None."""
    folded = word.lower()
    return next((choice.value for choice in choices if folded in choice.words), None)


def read_typed(options: Sequence[Option], words: Sequence[str]) -> Values:
    """The values the words give the options (see the module's docstring)."""
    typed = tuple(option for option in options if option.typed and not option.setting)
    found = _Line(typed, tuple(words)).read(0, {}, 0)
    if found is None:
        raise Misread
    return found


def own_value(option: Option, phrase: str) -> object | None:
    """The value `phrase` gives an option that has it as its own word, else None."""
    folded = phrase.lower()
    if option.kind is Kind.FLAG:
        return True if folded in option.yes else False if folded in option.no else None
    return chosen(option.choices, folded)


def free_value(option: Option, word: str) -> object | None:
    """The value a word typed in the option's place gives it, else None."""
    if option.kind in NUMBERED:
        return game_number(word)
    if option.kind is Kind.NUMBER:
        number = whole_number(_without_unit(option, word))
        below = number is not None and option.low is not None and number < option.low
        above = number is not None and option.high is not None and number > option.high
        return None if below or above else number
    return Name(word) if option.kind is Kind.MEMBER else word


def _without_unit(option: Option, word: str) -> str:
    """A number typed with its unit stuck to it ("5g") without the unit."""
    folded = word.lower()
    for unit in option.unit:
        if folded.endswith(unit) and folded[: -len(unit)].isdigit():
            return folded[: -len(unit)]
    return word


def value_after_lead(option: Option, word: str) -> object | None:
    """The value a word after the option's lead ("with ana") gives it, else None."""
    return free_value(option, word) if takes_free_words(option) else own_value(option, word)


def takes_free_words(option: Option) -> bool:
    """Whether a value is typed in the option's place (a flag, a choice with words to type
    for it, says which option it is by itself)."""
    return option.kind is not Kind.FLAG and not any(choice.words for choice in option.choices)


@dataclass(frozen=True)
class _Line:
    """One typed line, read against the options: each reading tries the ways a word may be
    read, in the order of the module's docstring, and goes back where the rest cannot be read
    (an optional option left out after all: "/tournament settle 1 2")."""

    options: tuple[Option, ...]
    words: tuple[str, ...]

    @cached_property
    def in_place(self) -> tuple[Option, ...]:
        """The options typed in their declared place; a bare number names no game beside a
        move."""
        beside_a_move = any(option.kind is Kind.MOVE for option in self.options)
        return tuple(
            option
            for option in self.options
            if takes_free_words(option) and not (beside_a_move and option.kind in NUMBERED)
        )

    @cached_property
    def longest(self) -> int:
        """The most words one of the options' own words has ("ao vivo": 2)."""
        return max((len(word.split()) for word in self.own_words), default=1)

    @cached_property
    def own_words(self) -> frozenset[str]:
        """The words some option has as its own: no option takes one as a free value."""
        return frozenset(
            word
            for option in self.options
            for words in (option.yes, option.no, option.lead, *(c.words for c in option.choices))
            for word in words
        )

    def read(self, at: int, values: Values, place: int) -> Values | None:
        """The values of the words from `at` on, after `values`; `place`: the first of the
        options typed in place that may still come."""
        if at == len(self.words):
            missing = [o for o in self.options if o.required and o.name not in values]
            return None if missing else values
        for length, option, value, next_place in self._readings(at, values, place):
            found = self.read(at + length, {**values, option.name: value}, next_place)
            if found is not None:
                return found
        return None

    def _open(self, option: Option, values: Values) -> bool:
        """Whether the option may still take a value: not given, none of its alternatives
        given, the option it comes with given."""
        if option.name in values or (option.within and option.within not in values):
            return False
        index = self.options.index(option)
        group = index
        while group > 0 and self.options[group].either:
            group -= 1
        end = index + 1
        while end < len(self.options) and self.options[end].either:
            end += 1
        return not any(other.name in values for other in self.options[group:end])

    def _readings(
        self, at: int, values: Values, place: int
    ) -> Iterator[tuple[int, Option, object, int]]:
        """Each way the word at `at` may be read: (words read, option, value, place)."""
        word, opened = self.words[at], [o for o in self.options if self._open(o, values)]
        if word.startswith("#") and (number := game_number(word)) is not None:
            yield from ((1, o, number, place) for o in opened if o.kind in NUMBERED)
        for length in range(min(self.longest, len(self.words) - at), 0, -1):
            phrase = " ".join(self.words[at : at + length])
            for option in opened:
                if (value := own_value(option, phrase)) is not None:
                    yield length, option, value, place
        if at + 1 < len(self.words):
            for option in opened:
                led = word.lower() in option.lead
                if led and (value := value_after_lead(option, self.words[at + 1])) is not None:
                    yield 2, option, value, place
        yield from self._in_place(at, values, place)

    def _in_place(
        self, at: int, values: Values, place: int
    ) -> Iterator[tuple[int, Option, object, int]]:
        """The word as the value of the next option typed in place (an optional one left
        out), or the rest of the line as a move's or several words' value."""
        word = self.words[at]
        for index in range(place, len(self.in_place)):
            option = self.in_place[index]
            if not self._open(option, values):
                continue
            if option.kind in REST:
                yield len(self.words) - at, option, " ".join(self.words[at:]), index + 1
            elif word.lower() not in self.own_words:
                value = free_value(option, word)
                if value is not None:
                    if self._unit_at(at + 1, option):
                        yield 2, option, value, index + 1
                    yield 1, option, value, index + 1
            if option.required:
                return

    def _unit_at(self, at: int, option: Option) -> bool:
        """Whether the word at `at` is the unit of the option's number ("5 giorni")."""
        return at < len(self.words) and self.words[at].lower() in option.unit


# Longer than any move in notation (a capture of 20 pieces on 10x10 is about 60 characters).
LONGEST_MOVE = 100


def typed_move(notation: str) -> str:
    """A move as typed, refused (with a short quote of it) when it is too long to be one:
    the refusals of the rules repeat the move whole."""
    move = notation.strip()
    if len(move) > LONGEST_MOVE:
        raise ServiceError(text("{move} is not a move.", move=quote(move)))
    return move
