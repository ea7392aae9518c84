"""Discord's documented rules for application commands, as a pure checker of the payloads a
bulk overwrite sends (PUT /applications/{id}/commands and its guild twin).

The rules are those of Discord's developer documentation, "Application Commands"
(discord.com/developers/docs/interactions/application-commands): "Application Command Naming",
"Application Command Structure", "Application Command Option Structure", "Application Command
Option Type", "Application Command Option Choice Structure", "Registering a Command" (the
limits) and "Slash Commands" (the combined size); the locales are those of "Reference",
"Locales". A refusal is the body Discord answers with: HTTP 400, JSON code 50035 "Invalid
Form Body", its `errors` nested by the path of the offending field, so that discord.py
reports "In 0.options.1.name: ..." as it would for Discord. The `_errors` codes are Discord's
where its answers are on record (BASE_TYPE_BAD_LENGTH, BASE_TYPE_MAX_LENGTH,
APPLICATION_COMMAND_INVALID_NAME, APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID,
APPLICATION_COMMAND_OPTIONS_TYPE_INVALID, APPLICATION_COMMAND_TOO_LARGE, ENUM_TYPE_COERCE);
the others are named in the same style.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

INVALID_FORM_BODY = 50035
# JSON error code 30032: "Maximum number of application commands reached (100)".
TOO_MANY_COMMANDS = 30032

# "Reference", "Locales": the keys a localization dictionary may have.
LOCALES = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
        "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
        "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
    }
)  # fmt: skip

CHAT_INPUT, USER, MESSAGE, PRIMARY_ENTRY_POINT = 1, 2, 3, 4
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, NUMBER, CHANNEL = 1, 2, 3, 4, 10, 7
OPTION_TYPES = range(1, 12)
# The parent of a command's own options, for the nesting rules (neither group nor subcommand).
TOP_LEVEL = 0
CHOICE_TYPES = (STRING, INTEGER, NUMBER)
# "Registering a Command": up to 100 global (and 100 per guild) CHAT_INPUT commands, 5 USER
# and 5 MESSAGE ones.
COMMANDS_PER_TYPE = {CHAT_INPUT: 100, USER: 5, MESSAGE: 5}
MAX_OPTIONS = 25
MAX_CHOICES = 25
# "Application Command Option Type": INTEGER and NUMBER are between -2^53 and 2^53.
LARGEST_NUMBER = 2**53
LONGEST_STRING_OPTION = 6000
# "Slash Commands": "Slash commands can have a maximum of 4000 characters for combined name,
# description, and value properties for each command, its options (including subcommands and
# groups), and choices. When localization fields are present, only the longest localization
# for each field (including the default value) is counted towards the size limit." (A newer
# revision of the page says 8000; 4000 is the stricter and the one Discord has enforced.)
LARGEST_COMMAND = 4000

# "Application Command Naming": the regex ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ with
# the unicode flag. Python's `re` has no \p classes: letters and numbers are read from the
# Unicode categories, the two scripts from their blocks (Devanagari, Devanagari Extended and
# Extended-A, Thai).
NAME_PUNCTUATION = frozenset("-_'")
SCRIPT_BLOCKS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))


@dataclass(frozen=True)
class Problem:
    """One refused field: its path in the payload (as Discord's `errors` nest it), Discord's
    error code and message."""

    path: tuple[str, ...]
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(self.path)}: {self.message} ({self.code})"


def _name_character(character: str) -> bool:
    point = ord(character)
    return (
        character in NAME_PUNCTUATION
        or unicodedata.category(character)[0] in "LN"
        or any(low <= point <= high for low, high in SCRIPT_BLOCKS)
    )


def _length(where: tuple[str, ...], value: Any, low: int, high: int) -> Iterator[Problem]:
    if not isinstance(value, str):
        yield Problem(where, "BASE_TYPE_REQUIRED", "This field is required")
    elif not low <= len(value) <= high:
        yield Problem(where, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _chat_input_name(where: tuple[str, ...], name: Any) -> Iterator[Problem]:
    """ "CHAT_INPUT command names and command option names must match the following regex ...
    If there is a lowercase variant of any letters used, you must use those." """
    problems = list(_length(where, name, 1, 32))
    yield from problems
    if problems:
        return
    if not all(_name_character(character) for character in name):
        yield Problem(where, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    elif any(character.lower() != character for character in name):
        yield Problem(where, "APPLICATION_COMMAND_INVALID_NAME", "Command name must be lowercase")


def _localized(
    where: tuple[str, ...], field: str, item: dict[str, Any], check: Any
) -> Iterator[Problem]:
    """The field and its localizations ("Values follow the same restrictions as name"), whose
    keys are among Discord's locales."""
    yield from check((*where, field), item.get(field))
    localizations = item.get(f"{field}_localizations")
    if localizations is None:
        return
    if not isinstance(localizations, dict):
        yield Problem(
            (*where, f"{field}_localizations"),
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used.",
        )
        return
    for locale, value in localizations.items():
        place = (*where, f"{field}_localizations", str(locale))
        if locale not in LOCALES:
            yield Problem(place, "ENUM_TYPE_COERCE", f'Value "{locale}" is not a valid enum value.')
        else:
            yield from check(place, value)


def _description(where: tuple[str, ...], value: Any) -> Iterator[Problem]:
    return _length(where, value, 1, 100)


def _choice_name(where: tuple[str, ...], value: Any) -> Iterator[Problem]:
    return _length(where, value, 1, 100)


def _number(where: tuple[str, ...], value: Any, option_type: int) -> Iterator[Problem]:
    """An INTEGER's or NUMBER's value: of its type, between -2^53 and 2^53."""
    whole = isinstance(value, int) and not isinstance(value, bool)
    if option_type == INTEGER and not whole:
        yield Problem(where, "NUMBER_TYPE_COERCE", f'Value "{value}" is not int.')
    elif option_type == NUMBER and not (
        whole or (isinstance(value, float) and math.isfinite(value))
    ):
        yield Problem(where, "NUMBER_TYPE_COERCE", f'Value "{value}" is not a valid number.')
    elif value > LARGEST_NUMBER:
        yield Problem(
            where, "NUMBER_TYPE_MAX", f"Value should be less than or equal to {LARGEST_NUMBER}."
        )
    elif value < -LARGEST_NUMBER:
        yield Problem(
            where,
            "NUMBER_TYPE_MIN",
            f"Value should be greater than or equal to {-LARGEST_NUMBER}.",
        )


def _choices(where: tuple[str, ...], option: dict[str, Any]) -> Iterator[Problem]:
    choices = option.get("choices")
    option_type = option.get("type")
    if choices is None:
        return
    if option_type not in CHOICE_TYPES:
        yield Problem(
            (*where, "choices"),
            "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
            "Choices are only allowed for STRING, INTEGER and NUMBER options",
        )
        return
    if len(choices) > MAX_CHOICES:
        yield Problem(
            (*where, "choices"),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {MAX_CHOICES} or fewer in length.",
        )
    # "`autocomplete` may not be set to true if `choices` are present."
    if choices and option.get("autocomplete"):
        yield Problem(
            where,
            "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_CHOICES",
            "Autocomplete cannot be set on an option with choices",
        )
    for index, choice in enumerate(choices):
        place = (*where, "choices", str(index))
        yield from _localized(place, "name", choice, _choice_name)
        value = choice.get("value")
        if option_type == STRING:
            # "Value for the choice, up to 100 characters if string".
            if not isinstance(value, str):
                yield Problem(
                    (*place, "value"), "STRING_TYPE_CONVERT", "Could not interpret as string."
                )
            else:
                yield from _length((*place, "value"), value, 1, 100)
        else:
            yield from _number((*place, "value"), value, option_type)


def _bounds(where: tuple[str, ...], option: dict[str, Any]) -> Iterator[Problem]:
    """min_value and max_value (INTEGER, NUMBER), min_length (0 to 6000) and max_length (1 to
    6000, STRING), channel_types (CHANNEL), autocomplete (STRING, INTEGER, NUMBER)."""
    option_type = option.get("type")
    for field in ("min_value", "max_value"):
        if field in option:
            if option_type in (INTEGER, NUMBER):
                yield from _number((*where, field), option[field], option_type)
            else:
                yield _not_for((*where, field), field, "INTEGER and NUMBER")
    for field, low in (("min_length", 0), ("max_length", 1)):
        if field in option:
            value = option[field]
            if option_type != STRING:
                yield _not_for((*where, field), field, "STRING")
            elif not isinstance(value, int) or not low <= value <= LONGEST_STRING_OPTION:
                yield Problem(
                    (*where, field),
                    "NUMBER_TYPE_MAX",
                    f"Must be between {low} and {LONGEST_STRING_OPTION}.",
                )
    if option.get("channel_types") and option_type != CHANNEL:
        yield _not_for((*where, "channel_types"), "channel_types", "CHANNEL")
    if option.get("autocomplete") and option_type not in CHOICE_TYPES:
        yield _not_for((*where, "autocomplete"), "autocomplete", "STRING, INTEGER and NUMBER")


def _not_for(where: tuple[str, ...], field: str, types: str) -> Problem:
    return Problem(
        where, "APPLICATION_COMMAND_OPTION_INVALID", f"{field} is only allowed for {types} options"
    )


def _option(where: tuple[str, ...], option: dict[str, Any]) -> Iterator[Problem]:
    option_type = option.get("type")
    if option_type not in OPTION_TYPES:
        yield Problem(
            (*where, "type"),
            "ENUM_TYPE_COERCE",
            f'Value "{option_type}" is not a valid enum value.',
        )
        return
    yield from _localized(where, "name", option, _chat_input_name)
    yield from _localized(where, "description", option, _description)
    yield from _choices(where, option)
    yield from _bounds(where, option)
    if option_type in (SUB_COMMAND, SUB_COMMAND_GROUP):
        yield from _options((*where, "options"), option.get("options") or [], option_type)
    elif option.get("options"):
        yield _not_for((*where, "options"), "options", "SUB_COMMAND and SUB_COMMAND_GROUP")


def _options(
    where: tuple[str, ...], options: list[dict[str, Any]], parent: int
) -> Iterator[Problem]:
    """An options array: at most 25, unique names (in every locale), required ones first;
    subcommands and groups apart from other types, a group holding only subcommands and a
    subcommand none."""
    if len(options) > MAX_OPTIONS:
        yield Problem(where, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_OPTIONS} or fewer in length.")
    types = {option.get("type") for option in options}
    nesting = types & {SUB_COMMAND, SUB_COMMAND_GROUP}
    if nesting and types - nesting:
        yield Problem(
            where,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive to all "
            "other types",
        )
    elif (parent == SUB_COMMAND_GROUP and types - {SUB_COMMAND}) or (
        parent == SUB_COMMAND and nesting
    ):
        yield Problem(
            where,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "A sub-command group holds only sub-commands, and a sub-command none",
        )
    seen: dict[str, set[str]] = {}
    optional_seen = False
    for index, option in enumerate(options):
        place = (*where, str(index))
        if option.get("required"):
            if optional_seen:
                yield Problem(
                    place,
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        elif option.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
            optional_seen = True
        clashes = [
            (locale, name)
            for locale, name in _names_by_locale(option)
            if name in seen.setdefault(locale, set())
        ]
        if clashes:
            locale, name = clashes[0]
            yield Problem(
                (*place, "name"),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                f"Option name {name!r} is already used ({locale})",
            )
        for locale, name in _names_by_locale(option):
            seen[locale].add(name)
        yield from _option(place, option)


def _names_by_locale(item: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """The name a person reads in each locale: its localization, else the default name."""
    localized = item.get("name_localizations") or {}
    for locale in sorted(LOCALES):
        yield locale, str(localized.get(locale, item.get("name")))


def _longest(item: dict[str, Any], field: str) -> int:
    """A field's share of the size: "only the longest localization for each field (including
    the default value) is counted"."""
    values = [item.get(field), *(item.get(f"{field}_localizations") or {}).values()]
    return max((len(str(value)) for value in values if value is not None), default=0)


def command_size(item: dict[str, Any]) -> int:
    """The characters Discord counts towards LARGEST_COMMAND: every name, description and
    choice name (each its longest localization) and every choice value, of the command, its
    options, subcommands and groups."""
    size = _longest(item, "name") + _longest(item, "description")
    for choice in item.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size + sum(command_size(option) for option in item.get("options") or [])


def _command(index: int, command: dict[str, Any]) -> Iterator[Problem]:
    where = (str(index),)
    command_type = command.get("type", CHAT_INPUT)
    if command_type not in (CHAT_INPUT, USER, MESSAGE, PRIMARY_ENTRY_POINT):
        yield Problem(
            (*where, "type"),
            "ENUM_TYPE_COERCE",
            f'Value "{command_type}" is not a valid enum value.',
        )
        return
    if command_type != CHAT_INPUT:
        # USER and MESSAGE names may have capitals and spaces; options are CHAT_INPUT's only.
        yield from _localized(
            where, "name", command, lambda place, name: _length(place, name, 1, 32)
        )
        if command.get("options"):
            yield _not_for((*where, "options"), "options", "CHAT_INPUT commands'")
        return
    yield from _localized(where, "name", command, _chat_input_name)
    yield from _localized(where, "description", command, _description)
    yield from _options((*where, "options"), command.get("options") or [], TOP_LEVEL)
    if command_size(command) > LARGEST_COMMAND:
        yield Problem(
            where,
            "APPLICATION_COMMAND_TOO_LARGE",
            f"Command exceeds maximum size ({LARGEST_COMMAND})",
        )


def command_problems(commands: list[dict[str, Any]]) -> list[Problem]:
    """Everything Discord refuses in a bulk overwrite's commands (not their number: see
    `refusal`), command names unique per command type."""
    problems: list[Problem] = []
    names: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        problems.extend(_command(index, command))
        key = (command.get("type", CHAT_INPUT), str(command.get("name")))
        if key in names:
            problems.append(
                Problem(
                    (str(index), "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique",
                )
            )
        names.add(key)
    return problems


def form_body_error(problems: list[Problem]) -> dict[str, Any]:
    """Discord's 50035 answer: `errors` nested by path, each leaf's `_errors` a list of codes
    and messages."""
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for key in problem.path:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return {"code": INVALID_FORM_BODY, "message": "Invalid Form Body", "errors": errors}


def refusal(commands: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Discord's error body for a bulk overwrite it refuses (with HTTP 400), None if it takes
    it: too many commands of a type, else the first problems of the form body."""
    for command_type, limit in COMMANDS_PER_TYPE.items():
        count = sum(1 for command in commands if command.get("type", CHAT_INPUT) == command_type)
        if count > limit:
            return {
                "code": TOO_MANY_COMMANDS,
                "message": f"Maximum number of application commands reached ({limit})",
            }
    problems = command_problems(commands)
    return form_body_error(problems) if problems else None


# "Message Resource", "Create Message": content of up to 2000 characters, up to 10 embeds.
# "Embed Limits": a title of 256 characters, a description of 4096, up to 25 fields of a
# name of 256 and a value of 1024 (both required), a footer text of 2048, an author name
# of 256; and "the combined sum of characters in all title, description, field.name,
# field.value, footer.text, and author.name fields across all embeds attached to a message
# must not exceed 6000 characters". Discord answers 400, 50035 Invalid Form Body.
CONTENT_LIMIT = 2000
EMBEDS_LIMIT = 10
EMBED_TOTAL_LIMIT = 6000
EMBED_FIELDS_LIMIT = 25
EMBED_TEXT_LIMITS = {"title": 256, "description": 4096}
FIELD_TEXT_LIMITS = {"name": 256, "value": 1024}


def _at_most(where: tuple[str, ...], value: Any, high: int) -> Iterator[Problem]:
    if isinstance(value, str) and len(value) > high:
        yield Problem(where, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")


def _embed_texts(embed: dict[str, Any]) -> Iterator[str]:
    """The texts of an embed that count towards a message's 6000 characters."""
    for key in EMBED_TEXT_LIMITS:
        yield embed.get(key) or ""
    for field in embed.get("fields") or []:
        yield field.get("name") or ""
        yield field.get("value") or ""
    yield (embed.get("footer") or {}).get("text") or ""
    yield (embed.get("author") or {}).get("name") or ""


def _embed_problems(where: tuple[str, ...], embed: dict[str, Any]) -> Iterator[Problem]:
    for key, high in EMBED_TEXT_LIMITS.items():
        yield from _at_most((*where, key), embed.get(key), high)
    fields = embed.get("fields") or []
    if len(fields) > EMBED_FIELDS_LIMIT:
        yield Problem(
            (*where, "fields"),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {EMBED_FIELDS_LIMIT} or fewer in length.",
        )
    for number, field in enumerate(fields):
        for key, high in FIELD_TEXT_LIMITS.items():
            place = (*where, "fields", str(number), key)
            if not field.get(key):
                yield Problem(place, "BASE_TYPE_REQUIRED", "This field is required")
            yield from _at_most(place, field.get(key), high)
    yield from _at_most((*where, "footer", "text"), (embed.get("footer") or {}).get("text"), 2048)
    yield from _at_most((*where, "author", "name"), (embed.get("author") or {}).get("name"), 256)


def message_limit_problems(payload: dict[str, Any]) -> list[Problem]:
    """What Discord refuses in a message's content and embeds (the limits above)."""
    problems = list(_at_most(("content",), payload.get("content"), CONTENT_LIMIT))
    embeds = payload.get("embeds") or []
    if len(embeds) > EMBEDS_LIMIT:
        problems.append(
            Problem(
                ("embeds",), "BASE_TYPE_MAX_LENGTH", f"Must be {EMBEDS_LIMIT} or fewer in length."
            )
        )
    for number, embed in enumerate(embeds):
        problems.extend(_embed_problems(("embeds", str(number)), embed))
    total = sum(len(text) for embed in embeds for text in _embed_texts(embed))
    if total > EMBED_TOTAL_LIMIT:
        problems.append(
            Problem(
                ("embeds",),
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {EMBED_TOTAL_LIMIT}",
            )
        )
    return problems
