"""Where the settings are read: the process's environment and the .env file of the folder the
bot starts in, the environment winning (a variable set there, even empty, is the one that
counts). The one module of bot/ and storage/ that reads the environment."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from bot.refusals import SettingsRefused
from bot.settings.env_file import read_env_file
from bot.settings.parts import Settings
from bot.settings.values import read_settings, system_language
from bot.settings.variables import ENV_FILE, NAMES

logger = logging.getLogger(__name__)


def load_language(folder: Path) -> str | None:
    """The system's language for a start in `folder` (LC_ALL, LC_MESSAGES, LANG), before
    the settings are read: `--help` speaks it."""
    try:
        env_file = read_env_file(folder / ENV_FILE)
    except SettingsRefused:
        env_file = None  # the settings' reading says what is wrong with it
    return system_language({**(env_file.values if env_file else {}), **os.environ})


def load_settings(folder: Path, database: str | None = None) -> Settings:
    """The settings of a start in `folder` (`database`: the one given with --db);
    SettingsRefused saying what cannot work. A name in .env that is no setting is said in
    the log: a mistyped name is otherwise silently without effect."""
    env_file = read_env_file(folder / ENV_FILE)
    if env_file is None:
        return read_settings(os.environ, database)
    for name, line in env_file.lines.items():
        if name not in NAMES:
            logger.warning(
                "line %d of %s: %s is no setting of damas-bot, and is ignored "
                "(python -m bot --help lists them)",
                line,
                env_file.path,
                name,
            )
    return read_settings({**env_file.values, **os.environ}, database, env_file.path)
