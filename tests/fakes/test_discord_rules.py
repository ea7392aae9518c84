"""Each documented rule of Discord's application commands refuses a payload breaking exactly
it, with Discord's path and code, and lets a good payload through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from tests.fakes.discord_api import TOKEN, FakeDiscord
from tests.fakes.discord_rules import (
    EMBED_FIELDS_LIMIT,
    INVALID_FORM_BODY,
    LOCALES,
    TOO_MANY_COMMANDS,
    command_problems,
    command_size,
    form_body_error,
    message_limit_problems,
    refusal,
)

Command = dict[str, Any]


def good() -> Command:
    """A command that uses every kind of field the rules look at, within every limit."""
    return {
        "name": "new",
        "type": 1,
        "description": "Start a game",
        "name_localizations": {"pt-BR": "novo", "it": "nuovo"},
        "description_localizations": {"pt-BR": "Começar uma partida"},
        "options": [
            {
                "type": 3,
                "name": "game",
                "description": "the game",
                "required": True,
                "name_localizations": {"pt-BR": "jogo", "hi": "खेल", "th": "เกม"},
                "choices": [
                    {"name": "Brazilian", "value": "brazilian", "name_localizations": {"it": "B"}},
                    {"name": "Ludo", "value": "ludo"},
                ],
                "min_length": 0,
                "max_length": 6000,
            },
            {
                "type": 4,
                "name": "number",
                "description": "a number",
                "autocomplete": True,
                "min_value": -(2**53),
                "max_value": 2**53,
            },
            {
                "type": 10,
                "name": "weight",
                "description": "d",
                "choices": [{"name": "half", "value": 0.5}],
            },
            {"type": 5, "name": "o'clock", "description": "d"},
            {"type": 7, "name": "where", "description": "d", "channel_types": [0]},
        ],
    }


def grouped() -> Command:
    """A command of subcommand groups and subcommands."""
    return {
        "name": "tournament",
        "description": "Tournaments",
        "options": [
            {
                "type": 2,
                "name": "team",
                "description": "teams",
                "options": [
                    {
                        "type": 1,
                        "name": "join",
                        "description": "join",
                        "options": [
                            {"type": 6, "name": "partner", "description": "d", "required": True}
                        ],
                    }
                ],
            },
            {"type": 1, "name": "list", "description": "list"},
        ],
    }


def test_good_commands_are_taken() -> None:
    assert command_problems([good(), grouped()]) == []
    assert refusal([good(), grouped()]) is None


def _set(path: str, value: Any) -> Callable[[Command], None]:
    """Set (or, with DELETE, remove) the field at a dotted path of the good command."""

    def change(command: Command) -> None:
        *keys, last = path.split(".")
        node: Any = command
        for key in keys:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if value is DELETE:
            del node[last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


DELETE = object()
OPTION_1 = "options.1"

BROKEN = [
    # Naming: ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lowercase where there is one.
    ("name", "", "0.name", "BASE_TYPE_BAD_LENGTH"),
    ("name", "x" * 33, "0.name", "BASE_TYPE_BAD_LENGTH"),
    ("name", "two words", "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
    ("name", "New", "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
    ("name", "new!", "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
    (
        "name_localizations.pt-BR",
        "Novo",
        "0.name_localizations.pt-BR",
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    ("options.0.name", "Game", "0.options.0.name", "APPLICATION_COMMAND_INVALID_NAME"),
    (
        "options.0.name_localizations.it",
        "gio co",
        "0.options.0.name_localizations.it",
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    # Descriptions: 1-100, localizations alike.
    ("description", "", "0.description", "BASE_TYPE_BAD_LENGTH"),
    ("description", "d" * 101, "0.description", "BASE_TYPE_BAD_LENGTH"),
    ("description", DELETE, "0.description", "BASE_TYPE_REQUIRED"),
    (
        "description_localizations.pt-BR",
        "d" * 101,
        "0.description_localizations.pt-BR",
        "BASE_TYPE_BAD_LENGTH",
    ),
    ("options.1.description", "", "0.options.1.description", "BASE_TYPE_BAD_LENGTH"),
    # Localization keys among Discord's locales.
    ("name_localizations.pt", "novo", "0.name_localizations.pt", "ENUM_TYPE_COERCE"),
    (
        "options.0.choices.0.name_localizations.en",
        "B",
        "0.options.0.choices.0.name_localizations.en",
        "ENUM_TYPE_COERCE",
    ),
    # Options: at most 25, unique names, required first, known types.
    (
        "options",
        [{"type": 5, "name": f"o{i}", "description": "d"} for i in range(26)],
        "0.options",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "options.1.name",
        "game",
        "0.options.1.name",
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    ),
    (
        "options.1.name_localizations",
        {"pt-BR": "jogo"},
        "0.options.1.name",
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    ),
    ("options.2.required", True, "0.options.2", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"),
    ("options.1.type", 12, "0.options.1.type", "ENUM_TYPE_COERCE"),
    # Choices: STRING, INTEGER, NUMBER only, at most 25, never with autocomplete.
    (
        "options.0.autocomplete",
        True,
        "0.options.0",
        "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_CHOICES",
    ),
    (
        "options.0.choices",
        [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)],
        "0.options.0.choices",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "options.3.choices",
        [{"name": "yes", "value": 1}],
        "0.options.3.choices",
        "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
    ),
    (
        "options.3.autocomplete",
        True,
        "0.options.3.autocomplete",
        "APPLICATION_COMMAND_OPTION_INVALID",
    ),
    # Choice names 1-100; values of their option's type and within its limits.
    ("options.0.choices.0.name", "", "0.options.0.choices.0.name", "BASE_TYPE_BAD_LENGTH"),
    ("options.0.choices.0.name", "c" * 101, "0.options.0.choices.0.name", "BASE_TYPE_BAD_LENGTH"),
    (
        "options.0.choices.0.name_localizations.it",
        "c" * 101,
        "0.options.0.choices.0.name_localizations.it",
        "BASE_TYPE_BAD_LENGTH",
    ),
    ("options.0.choices.0.value", "v" * 101, "0.options.0.choices.0.value", "BASE_TYPE_BAD_LENGTH"),
    ("options.0.choices.0.value", 3, "0.options.0.choices.0.value", "STRING_TYPE_CONVERT"),
    ("options.2.choices.0.value", "half", "0.options.2.choices.0.value", "NUMBER_TYPE_COERCE"),
    (
        "options.2.choices.0.value",
        float("inf"),
        "0.options.2.choices.0.value",
        "NUMBER_TYPE_COERCE",
    ),
    ("options.2.choices.0.value", 2.0**53 + 2, "0.options.2.choices.0.value", "NUMBER_TYPE_MAX"),
    # min_value / max_value (INTEGER, NUMBER, within 2^53), min_length / max_length (STRING).
    ("options.1.min_value", -(2**53) - 1, "0.options.1.min_value", "NUMBER_TYPE_MIN"),
    ("options.1.max_value", 2**53 + 1, "0.options.1.max_value", "NUMBER_TYPE_MAX"),
    ("options.1.max_value", 1.5, "0.options.1.max_value", "NUMBER_TYPE_COERCE"),
    ("options.1.max_value", True, "0.options.1.max_value", "NUMBER_TYPE_COERCE"),
    ("options.0.min_value", 1, "0.options.0.min_value", "APPLICATION_COMMAND_OPTION_INVALID"),
    ("options.0.max_length", 0, "0.options.0.max_length", "NUMBER_TYPE_MAX"),
    ("options.0.max_length", 6001, "0.options.0.max_length", "NUMBER_TYPE_MAX"),
    ("options.0.min_length", -1, "0.options.0.min_length", "NUMBER_TYPE_MAX"),
    ("options.1.min_length", 1, "0.options.1.min_length", "APPLICATION_COMMAND_OPTION_INVALID"),
    (
        "options.3.channel_types",
        [0],
        "0.options.3.channel_types",
        "APPLICATION_COMMAND_OPTION_INVALID",
    ),
    # Nested options belong to subcommands and groups only.
    (
        "options.3.options",
        [{"type": 5, "name": "x", "description": "d"}],
        "0.options.3.options",
        "APPLICATION_COMMAND_OPTION_INVALID",
    ),
    # Subcommands apart from other option types.
    (
        "options.4",
        {"type": 1, "name": "sub", "description": "d"},
        "0.options",
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    ),
    # The type of the command.
    ("type", 9, "0.type", "ENUM_TYPE_COERCE"),
]


@pytest.mark.parametrize(
    ("path", "value", "where", "code"),
    BROKEN,
    ids=[f"{number}-{path}-{code}" for number, (path, _, _, code) in enumerate(BROKEN)],
)
def test_each_rule_refuses_what_breaks_it(path: str, value: Any, where: str, code: str) -> None:
    command = good()
    _set(path, value)(command)
    problems = command_problems([command])
    assert [(".".join(problem.path), problem.code) for problem in problems] == [(where, code)]


@pytest.mark.parametrize(
    ("path", "value", "where"),
    [
        (
            "options.0.options.0.options",
            [{"type": 1, "name": "deep", "description": "d"}],
            "0.options.0.options.0.options",
        ),
        (
            "options.0.options",
            [{"type": 5, "name": "flag", "description": "d"}],
            "0.options.0.options",
        ),
    ],
)
def test_subcommand_nesting(path: str, value: Any, where: str) -> None:
    """A group holds only subcommands; a subcommand holds no subcommand."""
    command = grouped()
    _set(path, value)(command)
    problems = command_problems([command])
    assert [(".".join(p.path), p.code) for p in problems] == [
        (where, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID")
    ]


def test_names_are_unique_per_command_type() -> None:
    problems = command_problems(
        [good(), good(), {**good(), "type": 2, "name": "new", "options": []}]
    )
    assert [(".".join(p.path), p.code) for p in problems] == [
        ("1.name", "APPLICATION_COMMANDS_DUPLICATE_NAME")
    ]


def test_user_and_message_commands_may_have_capitals_and_spaces() -> None:
    assert command_problems([{"type": 2, "name": "Show Profile", "description": ""}]) == []
    assert [
        p.code for p in command_problems([{"type": 3, "name": "x" * 33, "description": ""}])
    ] == ["BASE_TYPE_BAD_LENGTH"]


def _sized(name_length: int, localized_length: int) -> Command:
    """A command of one description of 100 and 39 options whose descriptions have
    `name_length` characters in English and `localized_length` in Portuguese."""
    return {
        "name": "n",
        "description": "d" * 100,
        "options": [
            {
                "type": 5,
                "name": f"o{index:02}",
                "description": "d" * name_length,
                "description_localizations": {"pt-BR": "p" * localized_length},
            }
            for index in range(25)
        ],
    }


def test_the_size_counts_the_longest_localization_of_each_field() -> None:
    # 1 + 100 + 25 * (3 + 100) = 2676: within 4000 whichever language is longest.
    assert command_size(_sized(100, 10)) == command_size(_sized(10, 100)) == 2676
    # Only the longest localization counts, not their sum (2676 + 25 * 100 would be refused).
    assert command_problems([_sized(100, 100)]) == []


def test_a_command_over_4000_characters_is_refused() -> None:
    command = _sized(100, 100)
    command["options"][0]["type"] = 3
    command["options"][0]["choices"] = [
        {"name": "c" * 100, "value": "v" * 100, "name_localizations": {"it": "i" * 100}}
        for _ in range(7)
    ]
    # 2676 + 7 * 200 = 4076.
    assert command_size(command) == 4076
    problems = command_problems([command])
    assert [(".".join(p.path), p.code) for p in problems] == [
        ("0", "APPLICATION_COMMAND_TOO_LARGE")
    ]
    command["options"][0]["choices"].pop()
    assert command_problems([command]) == []


def test_at_most_100_chat_input_commands() -> None:
    commands = [{"name": f"c{index}", "description": "d"} for index in range(100)]
    assert refusal(commands) is None
    body = refusal([*commands, {"name": "c100", "description": "d"}])
    assert body == {
        "code": TOO_MANY_COMMANDS,
        "message": "Maximum number of application commands reached (100)",
    }


def test_the_refusal_nests_errors_as_discord_does() -> None:
    command = good()
    command["options"][0]["autocomplete"] = True
    command["options"][1]["name"] = "Number"
    body = refusal([good(), command])
    assert body is not None
    assert body["code"] == INVALID_FORM_BODY
    assert body["message"] == "Invalid Form Body"
    options = body["errors"]["1"]["options"]
    assert options["0"]["_errors"][0]["code"] == "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_CHOICES"
    assert options["1"]["name"]["_errors"][0]["code"] == "APPLICATION_COMMAND_INVALID_NAME"
    assert form_body_error([])["errors"] == {}


def test_the_locales_are_discords() -> None:
    assert len(LOCALES) == 32
    assert {"pt-BR", "it", "en-US", "en-GB", "es-419", "zh-TW"} <= LOCALES
    assert "pt" not in LOCALES
    assert "en" not in LOCALES


# -- messages: content and embeds ------------------------------------------------------------


def embed(**fields: Any) -> dict[str, Any]:
    return {"title": "t", "description": "d", **fields}


def message_paths(payload: dict[str, Any]) -> list[tuple[tuple[str, ...], str]]:
    return [(problem.path, problem.code) for problem in message_limit_problems(payload)]


def test_a_message_within_every_limit_passes() -> None:
    fields = [{"name": "n" * 100, "value": "v" * 130} for _ in range(EMBED_FIELDS_LIMIT)]
    assert message_limit_problems({"content": "x" * 2000, "embeds": [embed(fields=fields)]}) == []
    assert message_limit_problems({"embeds": [embed()] * 10}) == []


@pytest.mark.parametrize(
    ("payload", "refused"),
    [
        ({"content": "x" * 2001}, [(("content",), "BASE_TYPE_MAX_LENGTH")]),
        ({"embeds": [embed()] * 11}, [(("embeds",), "BASE_TYPE_MAX_LENGTH")]),
        (
            {"embeds": [embed(title="t" * 257)]},
            [(("embeds", "0", "title"), "BASE_TYPE_MAX_LENGTH")],
        ),
        (
            {"embeds": [embed(), embed(description="d" * 4097)]},
            [(("embeds", "1", "description"), "BASE_TYPE_MAX_LENGTH")],
        ),
        (
            {"embeds": [embed(fields=[{"name": "n", "value": "v"}] * 26)]},
            [(("embeds", "0", "fields"), "BASE_TYPE_MAX_LENGTH")],
        ),
        (
            {"embeds": [embed(fields=[{"name": "n", "value": "v" * 1025}])]},
            [(("embeds", "0", "fields", "0", "value"), "BASE_TYPE_MAX_LENGTH")],
        ),
        (
            {"embeds": [embed(fields=[{"name": "n" * 257, "value": ""}])]},
            [
                (("embeds", "0", "fields", "0", "name"), "BASE_TYPE_MAX_LENGTH"),
                (("embeds", "0", "fields", "0", "value"), "BASE_TYPE_REQUIRED"),
            ],
        ),
        (
            {"embeds": [embed(footer={"text": "f" * 2049}, author={"name": "a" * 257})]},
            [
                (("embeds", "0", "footer", "text"), "BASE_TYPE_MAX_LENGTH"),
                (("embeds", "0", "author", "name"), "BASE_TYPE_MAX_LENGTH"),
            ],
        ),
        # Each embed within its own limits, 6001 characters across the two.
        (
            {
                "embeds": [
                    embed(title="", description="d" * 4000),
                    embed(title="", description="d" * 2001),
                ]
            },
            [(("embeds",), "MAX_EMBED_SIZE_EXCEEDED")],
        ),
    ],
)
def test_a_message_over_a_limit_is_refused_at_its_field(
    payload: dict[str, Any], refused: list[tuple[tuple[str, ...], str]]
) -> None:
    assert message_paths(payload) == refused


async def test_the_fake_refuses_a_long_message_with_discords_form_body_error() -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        async with aiohttp.ClientSession() as session:
            answer = await session.post(
                f"{fake.api_url}/channels/500000000000000001/messages",
                json={"content": "x" * 2001, "embeds": [embed(description="d" * 4097)]},
                headers={"Authorization": f"Bot {TOKEN}"},
            )
            assert answer.status == 400
            assert await answer.json() == {
                "code": INVALID_FORM_BODY,
                "message": "Invalid Form Body",
                "errors": {
                    "content": {
                        "_errors": [
                            {
                                "code": "BASE_TYPE_MAX_LENGTH",
                                "message": "Must be 2000 or fewer in length.",
                            }
                        ]
                    },
                    "embeds": {
                        "0": {
                            "description": {
                                "_errors": [
                                    {
                                        "code": "BASE_TYPE_MAX_LENGTH",
                                        "message": "Must be 4096 or fewer in length.",
                                    }
                                ]
                            }
                        }
                    },
                },
            }
    finally:
        await fake.close()
    assert len(fake.violations) == 2
