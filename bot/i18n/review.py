"""Which translations changed since someone who writes the language last read them.

Each catalogue has beside it a `reviewed` file: one fingerprint per translation that a
native writer has read (the SHA-256 of the message and its translation, so that a changed
message or a changed translation is new again). tests/bot/i18n/test_i18n.py fails while a
translation is unread.

    python -m bot.i18n.review            list every translation changed since the last review
    python -m bot.i18n.review --mark     after reading them: record them all as reviewed
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Message

from bot.i18n.extract import LOCALE_ROOT, locales, read_catalogue

REVIEWED_FILE = "reviewed"


def fingerprint(entry: Message) -> str:
    forms = entry.id if isinstance(entry.id, tuple) else (entry.id,)
    strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
    text = "\0".join((*forms, "\0", *strings))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def reviewed_path(locale: str, locale_root: Path = LOCALE_ROOT) -> Path:
    return locale_root / locale / REVIEWED_FILE


def reviewed(locale: str, locale_root: Path = LOCALE_ROOT) -> set[str]:
    path = reviewed_path(locale, locale_root)
    if not path.exists():
        return set()
    return {line.split()[0] for line in path.read_text(encoding="utf-8").splitlines() if line}


def unreviewed(locale: str, locale_root: Path = LOCALE_ROOT) -> list[Message]:
    """The translated entries nobody has read since they changed."""
    read = reviewed(locale, locale_root)
    return [
        entry
        for entry in read_catalogue(locale, locale_root)
        if entry.id and entry.string and fingerprint(entry) not in read
    ]


def mark(locale: str, locale_root: Path = LOCALE_ROOT) -> int:
    """Record every translation of the catalogue as read; how many were new."""
    entries = [entry for entry in read_catalogue(locale, locale_root) if entry.id and entry.string]
    new = len(unreviewed(locale, locale_root))
    lines = sorted(f"{fingerprint(entry)}\n" for entry in entries)
    reviewed_path(locale, locale_root).write_text("".join(lines), encoding="utf-8")
    return new


def main(argv: Sequence[str] | None = None, *, locale_root: Path = LOCALE_ROOT) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.i18n.review",
        description="List the translations changed since the last review, or mark them read.",
    )
    parser.add_argument("--mark", action="store_true", help="record every translation as read")
    arguments = parser.parse_args(argv)
    left = 0
    for locale in locales(locale_root):
        if arguments.mark:
            print(f"{locale}: {mark(locale, locale_root)} translations marked as reviewed")
            continue
        for entry in unreviewed(locale, locale_root):
            left += 1
            print(f"{locale}: {entry.id!r}\n    {entry.string!r}")
    if left:
        print(f"{left} translations to read; then: python -m bot.i18n.review --mark")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
