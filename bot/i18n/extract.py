"""Keeps the message catalogues in step with the messages that bot/ writes.

`python -m bot.i18n.extract` finds every message literal in bot/ (the first argument of a
`text("...")` or `Text("...")` call, read with `ast`) and updates each catalogue under
bot/i18n/locales/: translations are kept, new messages are added untranslated, messages no
longer used are dropped, and a reworded message gets its old translation marked fuzzy (as
gettext's msgmerge does) so that a translator reviews it instead of starting over.

`python -m bot.i18n.extract --check` changes nothing; it lists what a catalogue lacks or
has too much (missing, untranslated, fuzzy, obsolete, wrong placeholders) and exits 1 if
anything is listed. Lines that merely moved are not a problem: the next update refreshes
the references.
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from string import Formatter

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from bot.i18n.commands import COMMAND_MARK

PROJECT = "damas-bot"
SOURCE_ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "bot"
LOCALE_ROOT = Path(__file__).resolve().parent / "locales"
CATALOGUE_FILE = Path("LC_MESSAGES") / "messages.po"
MESSAGE_CALLS = frozenset({"text", "Text"})
# A counted message: its singular and plural (bot.i18n.plural), one entry with plural forms.
PLURAL_CALL = "plural"
# Tells translation tools (Poedit, Weblate) to check the `{name}` placeholders.
BRACE_FORMAT = "python-brace-format"

# A message, or a counted message's singular and plural.
MessageId = str | tuple[str, str]
# Each message and where it is written: (path relative to the source root, line).
Messages = dict[MessageId, list[tuple[str, int]]]


def placeholders(template: str) -> set[str]:
    """The `{...}` fields of a str.format template as written: "{name}", "{count:d}".

    Raises ValueError for a template that str.format cannot read ("{name", "a } b")."""
    fields: set[str] = set()
    for _literal, name, spec, conversion in Formatter().parse(template):
        if name is not None:
            bang = f"!{conversion}" if conversion else ""
            colon = f":{spec}" if spec else ""
            fields.add(f"{{{name}{bang}{colon}}}")
    return fields


def _has_words(message: str) -> bool:
    """Whether a message has anything to translate besides its placeholders."""
    try:
        literal = "".join(part for part, *_ in Formatter().parse(message))
    except ValueError:
        return True  # broken: kept, so that --check points at it
    # "{reason}" alone has no words of its own: its translation could only be itself.
    return bool(literal.strip())


def _is_call_of(call: ast.Call, names: frozenset[str]) -> bool:
    function = call.func
    if isinstance(function, ast.Name):
        return function.id in names
    # `i18n.text(...)`; other `.text(...)` methods (Pillow's ImageDraw.text) are no messages.
    return (
        isinstance(function, ast.Attribute)
        and function.attr in names
        and isinstance(function.value, ast.Name)
        and function.value.id == "i18n"
    )


def _plural_id(call: ast.Call) -> tuple[str, str] | None:
    """The singular and plural of a `plural("...", "...", count)` call."""
    if not _is_call_of(call, frozenset({PLURAL_CALL})) or len(call.args) < 2:
        return None
    one, many = (
        argument.value if isinstance(argument, ast.Constant) else None for argument in call.args[:2]
    )
    if isinstance(one, str) and isinstance(many, str):
        return one, many
    return None


def _message_argument(call: ast.Call) -> ast.expr | None:
    if call.args:
        return call.args[0]
    return next((word.value for word in call.keywords if word.arg == "message"), None)


def messages_in(source: str, path: str) -> Messages:
    """The message literals of one Python source file, each with the lines it is on.

    Implicit concatenation ("a " "b") is one literal already in the syntax tree; a message
    built at run time (`Text(line)`) is not a literal and has no catalogue entry."""
    found: Messages = {}
    for node in ast.walk(ast.parse(source, filename=path)):
        if not isinstance(node, ast.Call):
            continue
        counted = _plural_id(node)
        if counted is not None:
            found.setdefault(counted, []).append((path, node.lineno))
        if not _is_call_of(node, MESSAGE_CALLS):
            continue
        argument = _message_argument(node)
        if isinstance(argument, ast.JoinedStr):
            print(
                f"{path}:{node.lineno}: an f-string cannot be translated; write "
                'text("... {name} ...", name=value) instead',
                file=sys.stderr,
            )
        elif (
            isinstance(argument, ast.Constant)
            and isinstance(argument.value, str)
            and _has_words(argument.value)
        ):
            found.setdefault(argument.value, []).append((path, node.lineno))
    return found


def find_messages(source_root: Path = SOURCE_ROOT, package: str = PACKAGE) -> Messages:
    """Every message literal in the package's Python files, each with all its places."""
    found: Messages = {}
    for file in sorted((source_root / package).rglob("*.py")):
        path = file.relative_to(source_root).as_posix()
        for message, places in messages_in(file.read_text(encoding="utf-8"), path).items():
            found.setdefault(message, []).extend(places)
    for places in found.values():
        places.sort()
    return found


def _template(messages: Messages) -> Catalog:
    template = Catalog(fuzzy=False)
    for message, places in messages.items():
        flags = [BRACE_FORMAT] if "{" in str(message) else []
        template.add(message, locations=places, flags=flags)
    return template


def _project_version() -> str:
    try:
        return metadata.version(PROJECT)
    except metadata.PackageNotFoundError:
        return "0"


def _new_catalogue(locale: str) -> Catalog:
    language = Locale.parse(locale)
    return Catalog(
        locale=locale,
        header_comment=(
            f"# {language.english_name} translations of the messages of {PROJECT}.\n"
            "# Update the list of messages with: python -m bot.i18n.extract\n#"
        ),
        project=PROJECT,
        version=_project_version(),
        creation_date=datetime.now(UTC),
        revision_date=datetime.now(UTC),
        last_translator=f"{PROJECT} translators",
        language_team=f"{language.get_display_name(locale)} <{locale}>",
        fuzzy=False,
    )


def catalogue_path(locale: str, locale_root: Path = LOCALE_ROOT) -> Path:
    return locale_root / locale / CATALOGUE_FILE


def locales(locale_root: Path = LOCALE_ROOT) -> list[str]:
    """The locales that have a folder under the locale root ("it", "pt_BR")."""
    return sorted(folder.name for folder in locale_root.iterdir() if folder.is_dir())


def read_catalogue(locale: str, locale_root: Path = LOCALE_ROOT) -> Catalog:
    """The catalogue of a locale, or a new empty one with its header if there is none yet."""
    path = catalogue_path(locale, locale_root)
    if not path.exists():
        return _new_catalogue(locale)
    with path.open("rb") as po_file:
        catalogue = read_po(po_file, locale=locale)
    for message in catalogue:
        # Babel reads a "#| msgid" line (the previous msgid of a fuzzy entry, written by
        # gettext tools) as a translator comment "| msgid ..."; left alone, it would stay
        # on the entry for ever.
        message.user_comments = [
            comment for comment in message.user_comments if not comment.startswith("| ")
        ]
    return catalogue


def _render(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalogue, sort_by_file=True, ignore_obsolete=True)
    return out.getvalue()


def update(locale: str, messages: Messages, locale_root: Path = LOCALE_ROOT) -> list[str]:
    """Bring one catalogue in step with `messages`; what changed, for people to read.

    The file is written only when its entries change, so that running this twice leaves
    no trace in version control."""
    path = catalogue_path(locale, locale_root)
    catalogue = read_catalogue(locale, locale_root)
    before = {message.id: message.string for message in catalogue if message.id}
    catalogue.update(_template(messages), update_creation_date=False)
    changes = [_change(catalogue[message]) for message in messages if message not in before]
    changes += [f"dropped: {message!r}" for message in before if message not in messages]
    old_text = path.read_bytes() if path.exists() else b""
    if _render(catalogue) == old_text:
        return []
    catalogue.revision_date = datetime.now(UTC)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_render(catalogue))
    return changes or ["references refreshed"]


def _change(entry: Message) -> str:
    if entry.previous_id:
        return f"new, with the translation of {entry.previous_id[0]!r} to review: {entry.id!r}"
    return f"new: {entry.id!r}"


def problems(locale: str, messages: Messages, locale_root: Path = LOCALE_ROOT) -> list[str]:
    """What keeps a catalogue from translating every message in `messages` correctly."""
    catalogue = read_catalogue(locale, locale_root)
    entries = {message.id: message for message in catalogue if message.id}
    found = []
    for message, places in messages.items():
        where = f"{places[0][0]}:{places[0][1]}"
        entry = entries.get(message)
        if entry is None:
            found.append(f"missing ({where}): {message!r}")
        elif not entry.string or not all(entry.string):
            found.append(f"untranslated ({where}): {message!r}")
        elif entry.fuzzy:
            found.append(f"fuzzy, to be reviewed ({where}): {message!r}")
        elif isinstance(message, tuple):
            # Every form of a counted message has the plural's placeholders; a form for one
            # thing may leave the count out ("una partita").
            for form in entry.string:
                found.extend(_placeholder_problems(message[1], form, where, optional="{count}"))
        else:
            found.extend(_placeholder_problems(message, str(entry.string), where))
    found += [f"obsolete: {message!r}" for message in entries if message not in messages]
    return found


def _placeholder_problems(
    message: str, translation: str, where: str, optional: str = ""
) -> list[str]:
    try:
        wanted = placeholders(message)
    except ValueError as error:
        return [f"the message is no str.format template ({where}, {error}): {message!r}"]
    try:
        given = placeholders(translation)
    except ValueError as error:
        return [f"the translation is no str.format template ({where}, {error}): {message!r}"]
    if compared(given) - {optional} == compared(wanted) - {optional}:
        return []
    return [
        f"placeholders differ ({where}): {message!r} has {sorted(wanted)}, "
        f"its translation {translation!r} has {sorted(given)}"
    ]


def compared(fields: set[str]) -> set[str]:
    """The placeholders as a translation must keep them: every value, and every command by
    its name alone, since a translation may name other words of the reader's language after
    it ("{/new italian vs computer}" for "{/new brazilian vs computer}")."""
    return {
        field[1:-1].split()[0] if field.startswith("{" + COMMAND_MARK) else field
        for field in fields
    }


def main(
    argv: Sequence[str] | None = None,
    *,
    source_root: Path = SOURCE_ROOT,
    locale_root: Path = LOCALE_ROOT,
) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.i18n.extract",
        description="Update the message catalogues of bot/i18n/locales from the source of bot/.",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; list what is missing or obsolete and exit 1 if anything is",
    )
    arguments = parser.parse_args(argv)
    messages = find_messages(source_root)
    failed = False
    for locale in locales(locale_root):
        if arguments.check:
            report = problems(locale, messages, locale_root)
            failed = failed or bool(report)
        else:
            report = update(locale, messages, locale_root)
        for line in report:
            print(f"{locale}: {line}")
    if failed:
        print(
            "Run `python -m bot.i18n.extract` to update the catalogues, then translate every "
            "empty msgstr and review every fuzzy entry (delete its fuzzy flag when done).",
            file=sys.stderr,
        )
    if not arguments.check:
        names = ", ".join(locales(locale_root))
        print(f"{len(messages)} messages in {PACKAGE}/; catalogues: {names}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
