"""What `python -m bot check` found: a line for the person, and whether it is a problem."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Text


@dataclass(frozen=True)
class Finding:
    text: Text
    problem: bool = False


def fine(text: Text) -> Finding:
    return Finding(text)


def problem(text: Text) -> Finding:
    return Finding(text, problem=True)
