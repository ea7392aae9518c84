"""Each command's options are declared once (issue 35, item 5): its usage line shows every
option people type and nothing else, in every language; the words a usage describes are read
back as the values they say; and a command reads its words itself only where the options'
own reading would read them otherwise."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import translate
from bot.i18n.commands import COMMAND_MARK, WORDS, name_in, named
from bot.service.command_table.entry import Command
from bot.service.command_table.games import NEW
from bot.service.command_table.play import DRAW
from bot.service.command_table.spec import Kind, Option
from bot.service.command_table.table import TABLE
from bot.service.command_table.typed import Misread, read_typed
from bot.service.command_table.usage import SETTINGS, SUBCOMMAND
from bot.service.kernel.events import ServiceError

LANGUAGES = ("en", "pt", "it")
COMMANDS = {
    " ".join(part for part in (command.parent, command.name) if part): command
    for entry in TABLE
    for command in (entry, *entry.subcommands)
}


def shown_words(words: Sequence[str], language: str) -> str:
    """A list of typed words as a usage shows it: its first, a key of WORDS, in `language`."""
    return name_in(WORDS[words[0]], language)


def parts(option: Option, language: str) -> list[str]:
    """What a usage must show of an option, in order: its lead, then its value's
    placeholder, its words (a flag's yes and no, each choice's) or its choices or range."""
    lead = [shown_words(option.lead, language)] if option.lead else []
    if option.placeholder is not None:
        return [*lead, translate(language, option.placeholder)]
    if option.kind is Kind.FLAG:
        return [
            *lead,
            *(shown_words(words, language) for words in (option.yes, option.no) if words),
        ]
    if option.choices and all(choice.words for choice in option.choices):
        return [*lead, *(shown_words(choice.words, language) for choice in option.choices)]
    if option.choices:
        return [*lead, *(str(choice.value) for choice in option.choices)]
    return [*lead, f"{option.low}-{option.high}"]


def disagreement(usage: str, command: Command, language: str) -> list[str]:
    """What a usage (as its reader reads it) leaves out of the command's typed options, in
    their order, and what it shows that no option declares."""
    key = " ".join(part for part in (command.parent, command.name) if part)
    said = named(COMMAND_MARK + key, language) or ""
    if not usage.startswith(said):
        return [f"does not start with {said}"]
    rest, at, problems = usage.removeprefix(said), 0, []
    expected = [
        part
        for option in command.options
        if option.typed and not option.setting
        for part in parts(option, language)
    ]
    if any(option.setting for option in command.options):
        expected.append(translate(language, SETTINGS))
    if command.subcommands:
        expected.append(translate(language, SUBCOMMAND))
    for part in expected:
        found = re.search(rf"(?<![^\s\[|]){re.escape(part)}(?![^\s\]|])", rest[at:])
        if found is None:
            problems.append(f"{part} left out")
            continue
        start, end = at + found.start(), at + found.end()
        rest, at = rest[:start] + " " * (end - start) + rest[end:], end
    problems += [f"no option says {word}" for word in re.findall(r"[^\s\[\]|]+", rest)]
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", sorted(COMMANDS))
def test_every_usage_shows_each_typed_option_and_nothing_else(key: str, language: str) -> None:
    command = COMMANDS[key]
    assert disagreement(translate(language, command.usage), command, language) == []


def test_the_check_finds_a_usage_that_disagrees_with_the_options() -> None:
    """The hand-written usage /draw had (its game left out), and one showing a value that
    /draw has no option for."""
    assert disagreement("/draw [offer|accept|decline]", DRAW, "en") == ["#GAME left out"]
    wrong = "/empate [oferecer|aceitar|recusar] [#PARTIDA] [DIAS]"
    assert disagreement(wrong, DRAW, "pt") == ["no option says DIAS"]


def test_every_word_a_usage_shows_is_a_key_of_words_and_is_read() -> None:
    """A usage shows the first of each list of typed words in the reader's language: that
    word is in bot/i18n/commands.py's WORDS, and each of its languages' words is in the list
    (so what the usage says is read)."""
    for command in COMMANDS.values():
        for option in command.options:
            if not option.typed or option.setting:
                continue
            lists = [option.lead, option.yes, option.no]
            if option.placeholder is None:
                lists += [choice.words for choice in option.choices]
            for words in filter(None, lists):
                assert words[0] in WORDS, (command.name, option.name, words[0])
                assert set(WORDS[words[0]]) <= set(words), (command.name, option.name)


def test_options_typed_with_another_name_it_and_come_right_after_it() -> None:
    for command in COMMANDS.values():
        names = [option.name for option in command.options]
        for index, option in enumerate(command.options):
            if option.within is not None:
                assert names[index - 1] == option.within, (command.name, option.name)
            if option.either:
                assert index > 0, (command.name, option.name)
                assert not option.required, (command.name, option.name)


@pytest.mark.parametrize(
    ("line", "refused"),
    [
        ("/top live corr", True),  # two paces: "corr" is no game
        ("/remind on off", True),
        ("/tournament join with", True),  # "with" names nobody
        ("/lang chat", False),  # the chat's language, not a language called "chat"
    ],
)
def test_a_word_an_option_has_as_its_own_is_no_other_options_value(
    line: str, refused: bool
) -> None:
    key, *words = line.removeprefix("/").split()
    command = COMMANDS[key]
    if key == "tournament":
        command, words = COMMANDS[f"tournament {words[0]}"], words[1:]
    read = outcome(command.read, " ".join(words))
    assert (read is Misread or isinstance(read, str)) is refused, read
    if not refused:
        assert read == {"channel": True}


# -- readers of their own ----------------------------------------------------------------------

# Per command that reads its words itself, a line the options' own reading reads otherwise:
# why it needs a reader of its own.
SPECIAL = {
    # A bare name is one of the game's own options, and "vs computer" the computer.
    "new": "brazilian vs computer",
    # A word that names a game is the variant; any other, a move.
    "puzzle": "brazilian",
    # Settings are typed name=value, in any of the three languages.
    "tournament new": "brazilian swiss rodadas=3",
    # A third name is a team too big, said as such.
    "tournament join": "ana bia",
}


def outcome(read: Callable[[Sequence[str]], object], line: str) -> object:
    try:
        return read(line.split())
    except Misread:
        return Misread
    except ServiceError as error:
        return translate("en", error.reason)


def test_a_command_reads_its_words_itself_only_where_the_options_read_them_otherwise() -> None:
    special = {key for key, command in COMMANDS.items() if command.special_reader is not None}
    assert special == set(SPECIAL)
    for key, line in SPECIAL.items():
        command = COMMANDS[key]
        generic = outcome(partial(read_typed, command.options), line)
        assert outcome(command.read, line) != generic, key


# -- words made from the declaration, read back ----------------------------------------------

NAMES = st.from_regex(r"[a-z]{3,8}", fullmatch=True)
SQUARES = st.from_regex(r"[a-h][1-8]-[a-h][1-8]", fullmatch=True)
# A move as typed: squares, or a Ludo pawn (a bare number) and its squares.
MOVES = st.builds(
    lambda first, rest: [first, *rest],
    st.one_of(SQUARES, st.from_regex(r"[1-4]", fullmatch=True)),
    st.lists(SQUARES, max_size=2),
)
# Free words of a command whose reader is its own, as that reader takes them.
EXAMPLES = {
    ("tournament new", "time"): ("10m", "3d"),
    ("tournament new", "tiebreaks"): ("solkoff,sb", "wins"),
    ("tournament new", "noshow"): ("10m", "2h"),
    ("tournament new", "deadline"): ("2d", "12h"),
    ("new", "options"): ("three-sixes", "towers-block", "numbers", "3d", "5m", "rated", "casual"),
}


@st.composite
def typed_value(draw: st.DrawFn, key: str, option: Option) -> tuple[list[str], object]:
    """The words of one option's value, as its usage shows it, and the value they give."""
    command = COMMANDS[key]
    if (key, option.name) in EXAMPLES:
        pool = EXAMPLES[key, option.name]
        if option.kind is Kind.WORDS:
            words = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))
            return words, " ".join(words)
        word = draw(st.sampled_from(pool))
        return [word], word
    if option.kind is Kind.FLAG and option.setting:
        return [], True  # typed by its name alone
    if option.kind is Kind.FLAG:
        yes = draw(st.sampled_from([True, False] if option.no else [True]))
        return [draw(st.sampled_from(option.yes if yes else option.no))], yes
    if any(choice.words for choice in option.choices):
        choice = draw(st.sampled_from(option.choices))
        return [draw(st.sampled_from(choice.words))], choice.value
    if option.choices:
        value = draw(st.sampled_from(option.choices)).value
        return [str(value)], value
    if option.kind in (Kind.GAME, Kind.CHALLENGE, Kind.TOURNAMENT, Kind.SIMUL, Kind.CLUB_MATCH):
        number = draw(st.integers(0, 10**12))
        beside_a_move = any(other.kind is Kind.MOVE for other in command.options)
        return [
            draw(st.sampled_from(["#", ""] if not beside_a_move else ["#"])) + str(number)
        ], number
    if option.kind is Kind.NUMBER:
        number = draw(st.integers(option.low or 0, option.high or 10**6))
        return [str(number)], number
    if option.kind is Kind.MOVE:
        moves = draw(MOVES)
        return moves, " ".join(moves)
    if option.kind is Kind.WORDS:
        words = draw(st.lists(NAMES, min_size=2, max_size=5))
        return words, " ".join(words)
    word = draw(MOVES)[0] if option.placeholder is not None and key == "puzzle" else draw(NAMES)
    return [word], word


@st.composite
def typed_line(draw: st.DrawFn, key: str) -> tuple[list[str], dict[str, object]]:
    """The words of a random choice of the command's options, in the order and shape of its
    usage (a lead before its value, one of each set of alternatives, an option typed with
    another after it; settings as name=value), and the values they give."""
    command = COMMANDS[key]
    typed = [option for option in command.options if option.typed]
    slots: list[list[Option]] = []
    for option in typed:
        if option.within is None and not option.setting:
            if option.either and slots:
                slots[-1].append(option)
            else:
                slots.append([option])
    words: list[str] = []
    values: dict[str, object] = {}
    for slot in slots:
        if not slot[0].required and draw(st.booleans()):
            continue
        chosen = [draw(st.sampled_from(slot))]
        chosen += [o for o in typed if o.within == chosen[0].name and draw(st.booleans())]
        for option in chosen:
            said, value = draw(typed_value(key, option))
            lead = [draw(st.sampled_from(option.lead))] if option.lead else []
            # As typed: a phrase ("ao vivo") is two words.
            words += [word for phrase in lead + said for word in phrase.split()]
            values[option.name] = value
    for option in typed:
        if option.setting and draw(st.booleans()):
            said, value = draw(typed_value(key, option))
            name = draw(st.sampled_from((option.name, *option.names)))
            words.append(name if value is True else f"{name}={said[0]}")
            values[option.name] = value
    return words, values


@pytest.mark.parametrize("key", sorted(COMMANDS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_words_a_usage_describes_are_read_back_as_their_values(
    key: str, data: st.DataObject
) -> None:
    words, values = data.draw(typed_line(key))
    assert COMMANDS[key].read(words) == values, words


def test_a_number_before_a_whole_time_control_is_the_players() -> None:
    """ "/new ludo 2 3d": two players, 3 days a move (the number was left among the game's
    words, where it made "23d" of the clock: 23 days, refused)."""
    assert NEW.read(["ludo", "2", "3d"]) == {"game": "ludo", "players": 2, "options": "3d"}
    assert NEW.read(["ludo", "3", "days"]) == {"game": "ludo", "options": "3 days"}


@pytest.mark.parametrize(
    "words",
    [["5"], ["5g"], ["5", "giorni"], ["5", "dias"], ["5D"], ["5", "days"], ["5gg"]],
)
def test_vacation_days_are_read_with_their_unit_or_without(words: list[str]) -> None:
    assert COMMANDS["vacation"].read(words) == {"days": 5}


@pytest.mark.parametrize("words", [["5", "ore"], ["5h"], ["g5"], ["5", "giorni", "giorni"]])
def test_a_unit_other_than_days_is_no_vacation(words: list[str]) -> None:
    with pytest.raises(Misread):
        COMMANDS["vacation"].read(words)
