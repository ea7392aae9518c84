"""Every entry point's --help (issue 24, item 4): it runs without installing or writing
anything, says what the command does, and `python -m bot --help` names every setting and
every command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import ROOT, bot_environment

MODULES = [
    "bot",
    "bot check",
    "bot doctor",
    "bot recompute-ratings",
    "storage",
    "storage copy",
    "games.damas",
    "games.damas perft",
    "games.damas moves",
    "games.damas check-pdn",
    "games.damas play",
    "games.damas endgame",
    "games.damas endgame build",
    "games.damas endgame verify",
    "games.ludo",
    "games.ludo simulate",
    "games.ludo play",
    "learning.generate",
    "learning.label",
    "learning.fit",
    "learning.write",
]
SCRIPTS = sorted(
    path.name
    for path in (ROOT / "bench").glob("*.py")
    if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")
)


def help_of(command: list[str], folder: Path, **environment: str) -> str:
    done = subprocess.run(
        [sys.executable, *command, "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=folder,
        env=bot_environment(**environment),
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


@pytest.mark.parametrize("module", MODULES)
def test_every_command_explains_itself(module: str, tmp_path: Path) -> None:
    shown = help_of(["-m", *module.split()], tmp_path)
    assert shown.startswith("usage: "), shown
    assert list(tmp_path.iterdir()) == [], "--help wrote a file"


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_benchmark_explains_itself_without_installing(script: str, tmp_path: Path) -> None:
    peers = ROOT / ".peers"
    before = sorted(peers.rglob("*")) if peers.exists() else []
    shown = help_of([str(ROOT / "bench" / script)], tmp_path)
    assert shown.startswith("usage: "), shown
    assert (sorted(peers.rglob("*")) if peers.exists() else []) == before, "it installed"


def test_the_bots_help_names_every_setting_and_command(tmp_path: Path) -> None:
    shown = help_of(["-m", "bot"], tmp_path)
    for name in (
        "TELEGRAM_TOKEN",
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "SCHEDULER_INTERVAL",
        "DISCORD_SHARD_COUNT",
        "DISCORD_SHARD_IDS",
        "TELEGRAM_API_URL",
        "DISCORD_API_URL",
        "DISCORD_GATEWAY_URL",
        "python -m bot check",
        "doctor",
        "python -m bot recompute-ratings",
    ):
        assert name in shown, name


@pytest.mark.parametrize(
    ("environment", "lines"),
    [
        (
            {"LANG": "pt_BR.UTF-8"},
            [
                "uso: python -m bot [-h] [--db DB] [--fake-clock] [--player NOME]",
                "damas-bot: damas e Ludo em chats do Telegram",
                "opções:",
                "mostrar esta ajuda e sair",
                "seu nome no console (troque com /sou NOME)",
                "configurações (variáveis de ambiente",
                "o token do bot do Telegram (do @BotFather); liga o bot no",
                "comandos:",
                "docs/hosting.pt.md",
            ],
        ),
        (
            # LC_ALL comes before LANG, as in every POSIX program.
            {"LANG": "pt_BR.UTF-8", "LC_ALL": "it_IT.UTF-8"},
            [
                "uso: python -m bot [-h] [--db DB] [--fake-clock] [--player NOME]",
                "opzioni:",
                "il tuo nome nella console (cambialo con /sono NOME)",
                "/orologio +2g",
                "impostazioni (variabili d'ambiente",
                "comandi:",
                "docs/hosting.it.md",
            ],
        ),
    ],
)
def test_the_bots_help_speaks_the_systems_language(
    tmp_path: Path, environment: dict[str, str], lines: list[str]
) -> None:
    shown = help_of(["-m", "bot"], tmp_path, **environment)
    for line in lines:
        assert line in shown, shown
    for english in ("usage:", "show this help", "Default:", "the database:"):
        assert english not in shown
