"""The `.env` file: `NAME=value` lines, read strictly. A line that is not a setting stops the
start naming its number, never its text (it may hold a token)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from bot.i18n import text
from bot.refusals import SettingsRefused

# `NAME=value`, as a shell would take it after `export` (which may precede it).
SETTING = re.compile(r"(?:export\s+)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<value>.*)")
QUOTES = ("'", '"')


@dataclass(frozen=True)
class EnvFile:
    """The settings of a .env file and the line of each."""

    path: Path
    values: dict[str, str]
    lines: dict[str, int]


def _value(written: str, path: Path, number: int) -> str:
    """The value of a line: as written, or between a pair of quotes (kept as they are)."""
    if written[:1] not in QUOTES:
        return written
    if len(written) < 2 or written[-1] != written[0]:
        raise SettingsRefused(
            text(
                "Line {line} of {path} opens a quote it does not close: write "
                'NAME=value, or NAME="value" with the quote closed.',
                line=number,
                path=str(path),
            )
        )
    return written[1:-1]


def read_env_file(path: Path) -> EnvFile | None:
    """The settings of the file at `path`, None when there is none; SettingsRefused saying
    which line is wrong, or why the file cannot be read."""
    if not path.exists():
        return None
    try:
        content = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise SettingsRefused(
            text("{path} is not UTF-8 text: save it as UTF-8.", path=str(path))
        ) from None
    except OSError as error:
        raise SettingsRefused(
            text(
                "Cannot read the settings in {path} ({reason}).",
                path=str(path),
                reason=error.strerror or str(error),
            )
        ) from None
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    for number, written in enumerate(content.splitlines(), 1):
        line = written.strip()
        if not line or line.startswith("#"):
            continue
        found = SETTING.fullmatch(line)
        if found is None:
            raise SettingsRefused(
                text(
                    "Line {line} of {path} is not a setting: write NAME=value, one a line "
                    "(a line starting with # is a comment).",
                    line=number,
                    path=str(path),
                )
            )
        name = found["name"]
        if name in lines:
            raise SettingsRefused(
                text(
                    "Line {line} of {path} sets {name} again (line {first} set it): keep one.",
                    line=number,
                    path=str(path),
                    name=name,
                    first=lines[name],
                )
            )
        values[name] = _value(found["value"].strip(), path, number)
        lines[name] = number
    return EnvFile(path, values, lines)
