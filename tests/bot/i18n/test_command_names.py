"""Commands named in messages are the reader's (issue 25, item 1).

A message names a command only through a placeholder ({/accept}, {/draw accept}, {=on|off})
that translate() fills from bot/i18n/commands.py, the names the command table reads: so no
Portuguese or Italian message can name a command of another language, and every command a
message names is one the parser takes, with its words, in the reader's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from string import Formatter

import pytest
from babel.messages.pofile import read_po

from bot.console import CONSOLE_WORDS
from bot.i18n import Text, extract, translate
from bot.i18n.commands import (
    COMMAND_MARK,
    COMMANDS,
    CONSOLE_COMMANDS,
    NAME_LANGUAGES,
    SUBCOMMANDS,
    WORD_MARK,
    WORDS,
    name_in,
    named,
)
from bot.service.command_table.commands import parse_command
from bot.service.command_table.table import BY_NAME, TABLE, subcommand
from bot.service.command_table.typed import Misread
from bot.service.ratings.views import PACE_WORDS
from games.base import find_game

LANGUAGE_OF_LOCALE = {"pt_BR": "pt", "it": "it"}
# Every word that names a command when typed, in any language.
COMMAND_WORDS = {word for command in TABLE for word in command.words} | set(CONSOLE_WORDS)
SLASHED = re.compile(r"(?<![\w{/])/([^\W\d_][\w-]*)")


def catalogue(locale: str) -> dict[str, str]:
    """Each message of a catalogue (each form of a counted one) and its translation."""
    with extract.catalogue_path(locale).open("rb") as po_file:
        entries = [entry for entry in read_po(po_file, locale=locale) if entry.id]
    found: dict[str, str] = {}
    for entry in entries:
        if isinstance(entry.id, str) and isinstance(entry.string, str):
            found[entry.id] = entry.string
        elif isinstance(entry.id, tuple) and isinstance(entry.string, tuple):
            found.update({f"{entry.id[1]} ({n})": form for n, form in enumerate(entry.string)})
    return found


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def rendered(language: str, message: str) -> str:
    """The message as its reader sees it, each value shown as <name>."""
    values = {name: f"<{name}>" for name in fields(message)}
    return translate(language, Text(message, values))


def readers_names(language: str) -> set[str]:
    names = {**COMMANDS, **CONSOLE_COMMANDS}.values()
    return {name_in(each, language) for each in names}


@pytest.mark.parametrize("locale", sorted(LANGUAGE_OF_LOCALE))
def test_no_pt_or_it_message_names_a_command_that_is_not_the_readers(locale: str) -> None:
    """Every pt and it message as its reader reads it: a /word that names a command is the
    reader's name of it, never the English one (nor the other language's)."""
    language = LANGUAGE_OF_LOCALE[locale]
    others = COMMAND_WORDS - readers_names(language)
    wrong = {
        message: said
        for message in catalogue(locale)
        if (said := rendered(language, message))
        and any(word.lower() in others for word in SLASHED.findall(said))
    }
    assert wrong == {}


def test_the_scan_finds_an_english_command_in_a_translation() -> None:
    """The scan of the test above, on a translation that names /accept in Portuguese."""
    others = COMMAND_WORDS - readers_names("pt")
    said = "Desafio 2: /as NOME e depois /accept 2 ou /recusar 2"
    assert [word for word in SLASHED.findall(said) if word in others] == ["as", "accept"]


def every_message() -> Iterator[tuple[str, str]]:
    """(where, text) of every English message and every translation."""
    for message in extract.find_messages():
        yield from (("en", each) for each in ((message,) if isinstance(message, str) else message))
    for locale in LANGUAGE_OF_LOCALE:
        for translation in catalogue(locale).values():
            yield locale, translation


def test_no_message_writes_a_command_itself() -> None:
    """A command in a message (English or translated) is a placeholder, so that the one list
    of names decides what every reader reads."""
    written = [
        (where, message)
        for where, message in every_message()
        if any(word.lower() in COMMAND_WORDS for word in SLASHED.findall(message))
    ]
    assert written == []


def placeholders() -> set[str]:
    return {
        name
        for _, message in every_message()
        for name in fields(message)
        if name.startswith((COMMAND_MARK, WORD_MARK))
    }


def test_every_placeholder_names_a_command_and_words_of_the_list() -> None:
    unknown = set()
    for placeholder in placeholders():
        command, _, words = placeholder.partition(" ")
        if command.startswith(COMMAND_MARK):
            if command[1:] not in {**COMMANDS, **CONSOLE_COMMANDS}:
                unknown.add(placeholder)
            first, _, rest = words.partition(" ")
            if first in SUBCOMMANDS.get(command[1:], {}):
                words = rest
        else:
            words = placeholder
        for word in re.split(r"[ |]", words.removeprefix(WORD_MARK)):
            if word and word not in WORDS:
                unknown.add(placeholder)
    assert unknown == set()


def test_names_are_distinct_in_every_language() -> None:
    for index in range(len(NAME_LANGUAGES)):
        names = [each[index] for each in {**COMMANDS, **CONSOLE_COMMANDS}.values()]
        assert len(names) == len(set(names)), names
    # The console's own words never hide a command of the table.
    assert set(CONSOLE_WORDS) & {word for command in TABLE for word in command.words} == set()


def canonical(values: dict[str, object]) -> dict[str, object]:
    """What the service reads of the values a typed command gives: a game by its key, a
    pace."""
    found: dict[str, object] = {}
    for name, value in values.items():
        if isinstance(value, str) and name == "game":
            found[name] = find_game(value).key
        elif isinstance(value, str) and name == "pace":
            found[name] = PACE_WORDS[value.lower()]
        else:
            found[name] = value
    return found


def read(line: str) -> tuple[str, object]:
    """The command (a subcommand: "tournament join") a line names and what it gives the
    service (or the refusal of a bare command that needs words: "Start one with /new" names
    it for its usage)."""
    typed = parse_command(line, extra=tuple(CONSOLE_WORDS))
    name = CONSOLE_WORDS.get(typed.name, typed.name)
    if name in CONSOLE_COMMANDS:
        return name, typed.args
    command, words = subcommand(BY_NAME[name], typed.args)
    if command is not BY_NAME[name]:
        name = f"{name} {command.name}"
    try:
        return name, canonical(command.read(words))
    except Misread:
        return name, Misread


@pytest.mark.parametrize(
    "placeholder", sorted(name for name in placeholders() if name.startswith(COMMAND_MARK))
)
@pytest.mark.parametrize("language", ["pt", "it"])
def test_every_named_command_is_read_as_the_english_one(placeholder: str, language: str) -> None:
    """Typed as a message names it, in the reader's language, a command does what the
    English one does: the same command, the same option values."""
    said = named(placeholder, language)
    assert said is not None
    assert read(said) == read(named(placeholder, "en") or "")


@pytest.mark.parametrize(
    ("placeholder", "language", "said"),
    [
        ("/accept", "pt", "/aceitar"),
        ("/draw accept", "pt", "/empate aceitar"),
        ("/draw decline", "it", "/patta rifiuta"),
        ("/new brazilian vs computer", "pt", "/novo brasileira contra computador"),
        ("/as", "it", "/sono"),
        ("=on|off", "pt", "sim|não"),
        ("/lang", "en", "/language"),
        ("/tournament join", "it", "/torneo partecipa"),
        ("/tournament new italian knockout", "pt", "/torneio novo italiana mata-mata"),
        ("name", "pt", None),
    ],
)
def test_a_placeholder_says_the_readers_words(
    placeholder: str, language: str, said: str | None
) -> None:
    assert named(placeholder, language) == said
