"""The arguments of `python -m bot` and its `--help`, in the system's language (LANG): the
options, the settings and the other commands, said through the catalogues."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bot.i18n import Text, text, translate
from bot.settings import default_database, endgame_folder, settings_help

# The commands beside the bot's start, each with what it does.
OTHER_COMMANDS: tuple[tuple[str, Text], ...] = (
    (
        "python -m bot check [--db DB] [--lang pt|it|en]",
        text("check the tokens and the database and say what to do (alias: doctor)"),
    ),
    (
        "python -m bot recompute-ratings [--db DB]",
        text("rebuild every rating from the stored results"),
    ),
    (
        "python -m bot puzzles [--db DB] [--after GAME]",
        text("search the finished draughts games for new puzzles"),
    ),
    (
        "python -m bot engine-worker [--db URL]",
        text("think the computer's moves for the bot processes of a PostgreSQL database"),
    ),
)


def _commands_help(language: str | None) -> str:
    """What --help says after the settings: the endgame databases and the other commands."""
    endgames = text(
        "endgame databases (optional; with them the computer plays endings of few pieces "
        "without error): python -m games.damas endgame build --variant brazilian writes them "
        "where the bot reads them, {folder}",
        folder=str(endgame_folder()),
    )
    lines = [*_wrapped(translate(language, endgames)), "", translate(language, text("commands:"))]
    for command, what in OTHER_COMMANDS:
        lines += [f"  {command}", f"{'':24}{translate(language, what)}"]
    lines += ["", translate(language, text("docs: README.md, docs/deploy.md, docs/web.md"))]
    return "\n".join(lines) + "\n"


def _wrapped(said: str) -> list[str]:
    """A paragraph in lines of at most 88 characters, the later ones indented."""
    words, lines = said.split(), [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + len(word) >= 88:
            lines.append(" ")
        lines[-1] = f"{lines[-1]} {word}" if lines[-1].strip() else f"{lines[-1]}{word}"
    return lines


class _Parser(argparse.ArgumentParser):
    """argparse's own words ("usage:", "options:", -h) in the reader's language too."""

    def __init__(self, language: str | None, description: str, epilog: str) -> None:
        super().__init__(
            prog="python -m bot",
            description=description,
            epilog=epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
            add_help=False,
        )
        self.language = language
        self._optionals.title = translate(language, text("options"))
        self.add_argument(
            "-h",
            "--help",
            action="help",
            help=translate(language, text("show this help and leave")),
        )

    def format_usage(self) -> str:
        return self._localized(super().format_usage())

    def format_help(self) -> str:
        return self._localized(super().format_help())

    def _localized(self, said: str) -> str:
        return said.replace("usage:", translate(self.language, text("usage:")), 1)


def arguments(argv: Sequence[str] | None, language: str | None = None) -> argparse.Namespace:
    """The start's options from `argv`; --help answers in `language`."""
    description = text(
        "damas-bot: draughts and Ludo in Telegram chats, Discord channels and the terminal. "
        "With no chat token set it plays in the terminal."
    )
    parser = _Parser(
        language,
        translate(language, description),
        settings_help(language) + "\n" + _commands_help(language),
    )
    database = text(
        "the database: an SQLite file, or postgresql://user:password@host/name (default: "
        "$DATABASE_URL, else {file})",
        file=str(default_database()),
    )
    parser.add_argument("--db", default=None, help=translate(language, database))
    fake_clock = text("test mode: time stands still until {/clock} +2d (or +5h, +30m) moves it on")
    parser.add_argument("--fake-clock", action="store_true", help=translate(language, fake_clock))
    parser.add_argument(
        "--player",
        default=None,
        metavar=translate(language, text("NAME")),
        help=translate(language, text("your name in the console (switch with {/as} NAME)")),
    )
    return parser.parse_args(argv)
