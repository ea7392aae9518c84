"""`python -m bot check` for Discord: the application and its bot user, the intents, the
invite link with the permissions the code uses, and the slash commands registered."""

from __future__ import annotations

from typing import Any

import aiohttp

from bot.checks.findings import Finding, fine, problem
from bot.discord.permissions import invite_url, permissions_integer
from bot.i18n import text

UNAUTHORIZED = 401


class _Refused(Exception):
    pass


async def discord_findings(token: str, api_url: str) -> list[Finding]:
    api = api_url.rstrip("/")
    headers = {"Authorization": f"Bot {token}"}
    try:
        async with aiohttp.ClientSession(headers=headers) as session:
            return await _findings(session, api)
    except _Refused:
        return [
            problem(
                text(
                    "Discord refused DISCORD_TOKEN: in the Developer Portal open your "
                    "application, Bot, Reset Token, and copy the new token."
                )
            )
        ]
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        return [
            problem(
                text(
                    "Discord is out of reach ({error}). Check that this computer reaches the "
                    "internet and resolves names (ping discord.com), and that no firewall or "
                    "proxy (HTTPS_PROXY) blocks it; DISCORD_API_URL, if set, must be Discord's "
                    "API address.",
                    error=str(error),
                )
            )
        ]


async def _get(session: aiohttp.ClientSession, url: str) -> Any:
    async with session.get(url) as answer:
        if answer.status == UNAUTHORIZED:
            raise _Refused
        answer.raise_for_status()
        return await answer.json()


async def _findings(session: aiohttp.ClientSession, api: str) -> list[Finding]:
    user = await _get(session, f"{api}/users/@me")
    application = await _get(session, f"{api}/oauth2/applications/@me")
    commands = await _get(session, f"{api}/applications/{application['id']}/commands")
    found = [
        fine(
            text(
                "Discord: the application {application}, its bot user {name}.",
                application=application.get("name", ""),
                name=user.get("username", ""),
            )
        ),
        fine(
            text(
                "Intents: the bot needs only Guilds, which needs no switch in the Developer Portal."
            )
        ),
        fine(
            text(
                "Invite it to a server with {url} (scopes bot and applications.commands; "
                "permissions {permissions}: view channels, send messages, embed links, attach "
                "files, read message history, create public threads, send messages in threads).",
                url=invite_url(str(application["id"])),
                permissions=permissions_integer(),
            )
        ),
    ]
    if commands:
        found.append(fine(text("{count} slash commands are registered.", count=len(commands))))
    else:
        found.append(
            fine(
                text(
                    "No slash command is registered yet: the bot registers them when it starts "
                    "(Discord may take a minute to show them)."
                )
            )
        )
    return found
