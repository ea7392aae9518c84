"""The Discord front end: slash commands, boards as pictures with buttons and menus.

`serve(service, token)` runs it (bot/__main__.py starts it when DISCORD_TOKEN is set). Inside
this package `import discord` is discord.py: the modules use absolute imports only.
"""

from __future__ import annotations

from bot.discord.app import serve

__all__ = ["serve"]
