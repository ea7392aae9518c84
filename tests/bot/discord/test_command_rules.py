"""Every application command the bot registers (one per entry of the command table) keeps
Discord's documented rules (tests/fakes/discord_rules.py), checked on the exact payload
discord.py's sync sends, every locale's translation included, with no fake in between; and a
command breaking a rule is refused through the real client as Discord refuses it (400, 50035,
the field's path)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.app import CommandsRefused, DamasClient, install_commands, point_at
from bot.discord.commands import slash
from bot.service.command_table.games import NEW
from bot.service.command_table.spec import Kind
from bot.service.command_table.table import TABLE
from bot.service.game_service import GameService
from tests.fakes.discord_api import APPLICATION_ID, TOKEN, FakeDiscord
from tests.fakes.discord_rules import INVALID_FORM_BODY, command_problems, refusal


async def synced_commands(service: GameService) -> list[dict[str, Any]]:
    """The commands the client's `tree.sync()` sends to Discord, caught at discord.py's HTTP
    call (the payload built by `get_translated_payload` with the bot's translator)."""
    client = DamasClient(service, None)
    await install_commands(client.tree, client.front)
    sent: list[list[dict[str, Any]]] = []

    # Keeps the name of discord.py's parameter, which may be passed by name.
    async def overwrite(application_id: int | str, payload: list[dict[str, Any]]) -> list[Any]:  # noqa: ARG001
        sent.append(payload)
        return []

    client._connection.application_id = APPLICATION_ID
    client.http.bulk_upsert_global_commands = overwrite  # type: ignore[method-assign]
    await client.tree.sync()
    assert len(sent) == 1
    return sent[0]


async def test_every_command_the_bot_registers_keeps_discords_rules(
    service: GameService,
) -> None:
    commands = await synced_commands(service)
    assert command_problems(commands) == []
    assert refusal(commands) is None
    # The check saw every command in every language the bot speaks.
    english = {command.names[0] for command in TABLE}
    assert {command["name"] for command in commands} == english
    new = next(command for command in commands if command["name"] == "new")
    assert new["name_localizations"] == {"pt-BR": "novo", "it": "nuova"}
    assert any(option.get("description_localizations", {}).get("it") for option in new["options"])


async def test_no_option_has_both_choices_and_autocomplete(service: GameService) -> None:
    """The fault Discord refused at start-up: /new's `game`, a choice of kinds, was also given
    game-number autocompletion. Game numbers still complete where they are typed."""
    commands = await synced_commands(service)
    options = [option for command in commands for option in command.get("options", [])]
    assert [o["name"] for o in options if o.get("choices") and o.get("autocomplete")] == []
    completed = {
        command["name"]
        for command in commands
        for option in command.get("options", [])
        if option["name"] == "game" and option.get("autocomplete")
    }
    assert {"board", "move", "draw", "resign"} <= completed
    assert "new" not in completed


async def test_a_command_breaking_a_rule_is_refused_through_the_real_client(
    service: GameService, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's start-up sync against the fake, with the old fault put back (every `game`
    option autocompleted, /new's choice of kinds too): Discord's 400 / 50035, naming the field,
    refuses the start."""
    new_game = NEW.options[0]
    monkeypatch.setattr(
        slash, "_completes_games", lambda option: option.kind is Kind.GAME or option is new_game
    )
    point_at(fake.api_url, fake.gateway_url)
    try:
        async with DamasClient(service, None) as client:
            with pytest.raises(CommandsRefused) as refused:
                await client.login(TOKEN)
    finally:
        point_at()
    # discord.py flattens Discord's nested errors: /new is command 0, `game` its option 0.
    assert refused.value.reason == (
        f"400, code {INVALID_FORM_BODY}: Invalid Form Body; In 0.options.0: Autocomplete "
        "cannot be set on an option with choices"
    )
    assert fake.calls_to("PUT", r"/applications/\d+/commands$")[-1].status == 400
    assert fake.violations == [
        "application commands: 0.options.0: Autocomplete cannot be set on an option with "
        "choices (APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_CHOICES)"
    ]
