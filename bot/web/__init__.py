"""The web companion (docs/web.md): live pages of games, tournaments and players, and the
Telegram Mini App board, served by the bot's own process when WEB_URL is set.

aiohttp serves them: the bot already runs on it (discord.py and python-telegram-bot's
test doubles), so the pages add no dependency, and its server streams server-sent events
from the same event loop as the service, whose events it shows as they happen.
"""

from bot.web.server import serving_web

__all__ = ["serving_web"]
