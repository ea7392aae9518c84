"""The bot's settings, read once at start (`load_settings`) from the environment and a .env
file, validated, with their defaults; then each part receives its own: the front ends their
token and addresses, the web server its address and key, the scheduler its interval, every
command its database. Nothing else reads the environment (tests/bot/settings/test_settings.py).

The variables, their defaults and what they do: bot/settings/variables.py, shown by `python
-m bot --help` and in docs/deploy.md (Settings)."""

from bot.settings.environment import load_language, load_settings
from bot.settings.parts import (
    ChatSettings,
    DiscordSettings,
    Settings,
    SettingsLoader,
    Shards,
    TelegramSettings,
    WebSettings,
)
from bot.settings.values import read_settings
from bot.settings.variables import (
    DISCORD_API_URL,
    DISCORD_GATEWAY_URL,
    TELEGRAM_API_URL,
    default_database,
    endgame_folder,
    settings_help,
)

__all__ = [
    "DISCORD_API_URL",
    "DISCORD_GATEWAY_URL",
    "TELEGRAM_API_URL",
    "ChatSettings",
    "DiscordSettings",
    "Settings",
    "SettingsLoader",
    "Shards",
    "TelegramSettings",
    "WebSettings",
    "default_database",
    "endgame_folder",
    "load_language",
    "load_settings",
    "read_settings",
    "settings_help",
]
