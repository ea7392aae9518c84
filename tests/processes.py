"""For tests that start `python -m bot` (or another command of the project) as a process."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOKENS = ("TELEGRAM_TOKEN", "DISCORD_TOKEN")


def bot_environment(**settings: str) -> dict[str, str]:
    """This environment with the worktree's packages first, no chat token (a console) and
    an English system, plus `settings` (a token, an API address, a LANG)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
    for variable in (*TOKENS, "LC_ALL", "LC_MESSAGES"):
        environment.pop(variable, None)
    return {**environment, **settings}
