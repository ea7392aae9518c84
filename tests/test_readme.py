"""Every command in README.md's shell blocks runs as written.

Each line of a ```sh block is split at `&&`; each command is checked by what it is:
- the set-up steps (a virtual environment, `pip install -e .` with an extra) are not run:
  their form is checked, and the extra must exist in pyproject.toml;
- `python -m pytest` is this suite itself;
- everything else runs in a shell from the repository root with this interpreter as
  `python`, and must exit 0 without a traceback. Interactive ones (`python -m bot`, `play`)
  get `/quit` and then the end of input. Numbers and `name=value` figures in the line's
  comment (`# 37628`, `# illegal=0`) must appear in the output.
Heavy commands run as written with -m slow (long simulations) or never (benchmarks, which
install peer libraries from PyPI); the normal suite checks them with a tiny size or --help.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.processes import ROOT, bot_environment

SHELL_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)
SET_UP = (re.compile(r"python3 -m venv \.venv"), re.compile(r"\. \.venv/bin/activate"))
INSTALL = re.compile(r'pip install -e (?:\.|"\.\[(?P<extra>[a-z]+)\]")')
# Commands that wait for the person: what they read before ending.
INTERACTIVE = re.compile(r"^python -m (bot|games\.\w+ play)\b")
# Command prefixes too slow for the normal suite, and how it runs them instead. The
# benchmarks are only ever checked with --help: on first use they install their peer
# libraries from PyPI, and the tests stay offline.
HEAVY: dict[str, Callable[[str], str]] = {
    "python bench/": lambda command: f"{command} --help",
    "python -m games.ludo simulate": lambda command: command.replace("--games 1000", "--games 3"),
}
NEVER_AS_WRITTEN = ("python bench/",)


def readme_commands() -> list[tuple[str, str]]:
    """(command, the comment of its line) for every command of the README's shell blocks."""
    found = []
    for block in SHELL_BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8")):
        for line in block.splitlines():
            command_part, _, comment = line.partition("  #")
            for command in command_part.split("&&"):
                if command.strip():
                    found.append((command.strip(), comment.strip()))
    return found


COMMANDS = readme_commands()


def extras() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(project["project"]["optional-dependencies"])


def run(command: str, tmp_path: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    environment = bot_environment(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        # `python -m bot` keeps its database in the per-user data folder: here, a temporary one.
        XDG_DATA_HOME=str(tmp_path),
    )
    return subprocess.run(
        ["bash", "-c", command],
        input="/quit\n" if INTERACTIVE.match(command) else "",
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env=environment,
    )


def check(command: str, comment: str, tmp_path: Path, timeout: float) -> None:
    completed = run(command, tmp_path, timeout)
    output = completed.stdout + completed.stderr
    assert "Traceback" not in output, output[-3000:]
    if INTERACTIVE.match(command) and completed.returncode == 2:
        # A game left at the end of input says so and ends with status 2 (as a usage error).
        assert "error: the input ended" in completed.stderr, output[-3000:]
    else:
        assert completed.returncode == 0, output[-3000:]
    for figure in re.findall(r"\b\d{3,}\b|\b\w+=\d+\b", comment):
        assert figure in output, f"the README promises {figure!r}: {output[-2000:]}"


def test_the_readme_has_commands_of_every_kind() -> None:
    commands = [command for command, _ in COMMANDS]
    assert 'pip install -e ".[test]"' in commands
    assert "python -m bot" in commands
    assert any(command.startswith("python -m games.damas") for command in commands)


@pytest.mark.parametrize(("command", "comment"), COMMANDS, ids=[c for c, _ in COMMANDS])
def test_a_readme_command_works(command: str, comment: str, tmp_path: Path) -> None:
    if any(step.fullmatch(command) for step in SET_UP):
        return  # the environment this suite already runs in
    install = INSTALL.fullmatch(command)
    if command.startswith("pip"):
        assert install is not None, f"not an install of this project: {command}"
        assert install["extra"] is None or install["extra"] in extras(), command
        return
    if shlex.split(command)[:3] == ["python", "-m", "pytest"]:
        return  # this very suite
    heavy = next((quick for prefix, quick in HEAVY.items() if command.startswith(prefix)), None)
    check(heavy(command) if heavy else command, "" if heavy else comment, tmp_path, 120)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "comment"),
    [
        (c, comment)
        for c, comment in COMMANDS
        if c.startswith(tuple(HEAVY)) and not c.startswith(NEVER_AS_WRITTEN)
    ],
)
def test_a_heavy_readme_command_works_as_written(
    command: str, comment: str, tmp_path: Path
) -> None:
    check(command, comment, tmp_path, 1800)
