"""The message catalogues (Portuguese of Brazil, Italian) and the tools around them.

The real catalogues must translate every message that bot/ writes, with the same
placeholders; the extractor must find every message literal and keep catalogues in step
without losing translations; translate() must fall back to English rather than fail.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import bot.i18n
from bot.i18n import Text, decimal, extract, language_of, plural, review, text, translate
from bot.i18n.commands import named

REAL_LOCALES = ("pt_BR", "it")
LANGUAGE_OF_LOCALE = {"pt_BR": "pt", "it": "it"}


def _entries(locale: str, locale_root: Path = extract.LOCALE_ROOT) -> dict[str, str]:
    with extract.catalogue_path(locale, locale_root).open("rb") as po_file:
        catalogue = read_po(po_file, locale=locale)
    entries = {}
    for message in catalogue:
        # Counted messages (plural entries: id and string are tuples) are tested apart.
        if message.id and isinstance(message.id, str):
            assert isinstance(message.string, str), message.id
            entries[message.id] = message.string
    return entries


def _placeholder_values(message: str) -> dict[str, str]:
    """A value for each placeholder of a message, telling which placeholder it filled."""
    return {field.strip("{}"): f"<{field.strip('{}')}>" for field in extract.placeholders(message)}


# -- (a) the real catalogues are complete ---------------------------------------------------


def test_every_supported_language_but_english_has_a_catalogue() -> None:
    assert extract.locales() == sorted(REAL_LOCALES)
    assert set(bot.i18n.LANGUAGES) == {*LANGUAGE_OF_LOCALE.values(), "en"}


@pytest.mark.parametrize("locale", REAL_LOCALES)
def test_the_catalogue_translates_every_message_of_bot(locale: str) -> None:
    messages = extract.find_messages()
    assert len(messages) > 50, "the extractor found almost no messages in bot/"
    problems = extract.problems(locale, messages)
    assert problems == [], "run `python -m bot.i18n.extract` and translate:\n" + "\n".join(problems)


def test_the_check_command_passes_on_the_repository() -> None:
    finished = subprocess.run(
        [sys.executable, "-m", "bot.i18n.extract", "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert finished.returncode == 0, finished.stdout + finished.stderr
    assert finished.stdout == ""
    # Warnings, such as an f-string given to text(): a message no catalogue can translate.
    assert finished.stderr == ""


# -- (b) placeholders -------------------------------------------------------------------------


@pytest.mark.parametrize("locale", REAL_LOCALES)
def test_every_translation_keeps_exactly_the_placeholders_of_its_message(locale: str) -> None:
    """Every value and every command; a command may name other words of the reader's
    language after it ("{/new italian vs computer}")."""
    entries = _entries(locale)
    assert entries
    differ = {
        message: translation
        for message, translation in entries.items()
        if extract.compared(extract.placeholders(translation))
        != extract.compared(extract.placeholders(message))
    }
    assert differ == {}


@pytest.mark.parametrize(
    ("template", "fields"),
    [
        ("no fields", set()),
        ("{name} played {move}.", {"{name}", "{move}"}),
        ("{id} or {id}", {"{id}"}),
        ("{count:d} {name!r}", {"{count:d}", "{name!r}"}),
        ("{{literal braces}}", set()),
    ],
)
def test_placeholders_are_the_fields_as_written(template: str, fields: set[str]) -> None:
    assert extract.placeholders(template) == fields


@pytest.mark.parametrize("broken", ["{name", "a } b"])
def test_placeholders_refuse_a_template_that_format_cannot_read(broken: str) -> None:
    with pytest.raises(ValueError, match=r"expected '}' before end of string|Single '}'"):
        extract.placeholders(broken)


def test_check_reports_a_translation_with_other_placeholders(tmp_path: Path) -> None:
    source = tmp_path / "src"
    _write(source / "bot" / "a.py", 'text("{name} played {move}.")\n')
    locale_root = tmp_path / "locales"
    (locale_root / "it").mkdir(parents=True)
    messages = extract.find_messages(source)
    extract.update("it", messages, locale_root)
    _translate(locale_root, "it", {"{name} played {move}.": "{nome} ha giocato {move}."})

    [problem] = extract.problems("it", messages, locale_root)
    assert "placeholders differ (bot/a.py:1)" in problem
    assert "{nome}" in problem


def test_the_extractor_finds_counted_messages_and_check_wants_every_form(tmp_path: Path) -> None:
    source = tmp_path / "src"
    _write(source / "bot" / "a.py", 'plural("{count} game", "{count} games", n)\n')
    locale_root = tmp_path / "locales"
    (locale_root / "it").mkdir(parents=True)
    messages = extract.find_messages(source)
    assert messages == {("{count} game", "{count} games"): [("bot/a.py", 1)]}
    extract.update("it", messages, locale_root)
    assert extract.problems("it", messages, locale_root) == [
        "untranslated (bot/a.py:1): ('{count} game', '{count} games')"
    ]


# -- review: what a native writer has not read yet ----------------------------------------


def test_every_translation_was_read_by_someone_who_writes_the_language() -> None:
    """After reading the listed translations: python -m bot.i18n.review --mark."""
    for locale in REAL_LOCALES:
        assert [entry.id for entry in review.unreviewed(locale)] == [], locale


def test_a_changed_translation_is_listed_until_it_is_marked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "src"
    _write(source / "bot" / "a.py", 'text("Game over.")\ntext("Bye.")\n')
    locale_root = tmp_path / "locales"
    (locale_root / "it").mkdir(parents=True)
    extract.update("it", extract.find_messages(source), locale_root)
    _translate(locale_root, "it", {"Game over.": "Partita finita.", "Bye.": "Ciao."})
    assert review.main(["--mark"], locale_root=locale_root) == 0
    assert review.main([], locale_root=locale_root) == 0
    path = extract.catalogue_path("it", locale_root)
    path.write_text(path.read_text().replace('"Ciao."', '"Arrivederci."'), encoding="utf-8")
    capsys.readouterr()
    assert review.main([], locale_root=locale_root) == 1
    listed = capsys.readouterr().out
    assert "'Bye.'" in listed
    assert "'Arrivederci.'" in listed
    assert "Game over." not in listed
    review.main(["--mark"], locale_root=locale_root)
    assert review.unreviewed("it", locale_root) == []


# -- (c) translate() --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pt", "Partida #3 vencida por Ana: desistência."),
        ("it", "Partita #3 vinta da Ana: abbandono."),
        ("en", "Ana won game #3: resignation."),
        (None, "Ana won game #3: resignation."),
    ],
)
def test_translate_writes_the_language_and_translates_nested_values(
    language: str | None, expected: str
) -> None:
    message = text(
        "{names} won game #{game}: {reason}.", names="Ana", game=3, reason=text("resignation")
    )
    assert translate(language, message) == expected


@pytest.mark.parametrize("locale", REAL_LOCALES)
def test_translate_gives_every_translation_of_the_catalogue(locale: str) -> None:
    language = LANGUAGE_OF_LOCALE[locale]
    for message, translation in _entries(locale).items():
        values = _placeholder_values(message)
        # A command's placeholder is the reader's command, whatever the values say.
        commands = {
            field.strip("{}"): named(field.strip("{}"), language)
            for field in extract.placeholders(translation)
            if named(field.strip("{}"), language) is not None
        }
        expected = translation.format(**{**values, **commands})
        assert translate(language, Text(message, values)) == expected


@pytest.mark.parametrize(
    ("language", "counts", "expected"),
    [
        ("pt", (1, 0, 2), "1 vitória, 0 empates, 2 derrotas"),
        ("it", (1, 0, 2), "1 vinta, 0 patte, 2 perse"),
        ("en", (1, 0, 2), "1 win, 0 draws, 2 losses"),
        ("pt", (3, 1, 1), "3 vitórias, 1 empate, 1 derrota"),
        ("it", (3, 1, 1), "3 vinte, 1 patta, 1 persa"),
    ],
)
def test_counted_messages_take_the_plural_forms_of_the_readers_language(
    language: str, counts: tuple[int, int, int], expected: str
) -> None:
    """Zero is many in all three, as a Brazilian writes "0 empates" (the pt_BR catalogue's
    Plural-Forms is n != 1, not CLDR's n > 1)."""
    wins, draws, losses = counts
    said = text(
        "{a}, {b}, {c}",
        a=plural("{count} win", "{count} wins", wins),
        b=plural("{count} draw", "{count} draws", draws),
        c=plural("{count} loss", "{count} losses", losses),
    )
    assert translate(language, said) == expected


@pytest.mark.parametrize("locale", REAL_LOCALES)
def test_every_counted_message_has_every_plural_form(locale: str) -> None:
    with extract.catalogue_path(locale).open("rb") as po_file:
        catalogue = read_po(po_file, locale=locale)
    counted = [message for message in catalogue if isinstance(message.id, tuple)]
    assert counted
    for message in counted:
        assert isinstance(message.string, tuple), message.id
        assert len(message.string) == catalogue.num_plurals, message.id
        assert all("{count}" in form for form in message.string), message.id


@pytest.mark.parametrize("language", ["pt", "it", "en", None, "de", "klingon"])
def test_translate_falls_back_to_english_for_an_unknown_message(language: str | None) -> None:
    unknown = text("A message nobody translated, for {name}.", name="Bia")
    assert translate(language, unknown) == "A message nobody translated, for Bia."


@pytest.mark.parametrize("language", ["de", "fr", "", "pt_BR"])
def test_translate_writes_english_for_a_language_without_catalogue(language: str) -> None:
    # Front ends pass language codes from language_of(); a raw locale name is no code.
    assert translate(language, text("Challenge accepted.")) == "Challenge accepted."


def test_translate_accepts_a_plain_string() -> None:
    assert translate("pt", "Done.") == "Feito."
    assert translate("it", "Done.") == "Fatto."


@pytest.mark.parametrize(
    "broken",
    [
        "Olá {nome}",  # a placeholder the message does not have
        "Olá {0}",  # a positional field
        "Olá {name",  # unclosed
        "Olá }",  # a lone closing brace
        "Olá {name:s}",  # a format the value (an int) does not take
        "{name!z}",  # no such conversion
        "Olá {name.missing}",  # an attribute the value does not have
        "Olá {name[0]}",  # an index into a value that takes none
    ],
)
def test_translate_writes_english_when_the_translation_is_broken(
    broken: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken_catalogue = bot.i18n.Catalogue({"Hello {name}!": broken}, {}, lambda _count: 0)
    monkeypatch.setattr(bot.i18n, "catalogue", lambda _language: broken_catalogue)
    assert translate("pt", text("Hello {name}!", name=7)) == "Hello 7!"


# -- (d) language_of ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hint", "language"),
    [
        ("pt-BR", "pt"),
        ("pt_BR", "pt"),
        ("pt", "pt"),
        ("Português", "pt"),
        ("it-IT", "it"),
        ("it", "it"),
        ("Italiano", "it"),
        ("en-US", "en"),
        ("en_GB", "en"),
        ("  EN  ", "en"),
        ("de", None),
        ("de-DE", None),
        ("fr", None),
        ("", None),
        (None, None),
    ],
)
def test_language_of_maps_locale_hints(hint: str | None, language: str | None) -> None:
    assert language_of(hint) == language


# -- the extractor on a source tree of its own -----------------------------------------------


def _write(path: Path, content: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")


def _translate(locale_root: Path, locale: str, translations: dict[str, str]) -> None:
    """What a translator does: fill msgstrs (by editing the file)."""
    path = extract.catalogue_path(locale, locale_root)
    content = path.read_text(encoding="utf-8")
    for message, translation in translations.items():
        entry = f'msgid "{message}"\nmsgstr ""\n'
        assert entry in content, f"{message!r} is not an untranslated entry of {path}"
        content = content.replace(entry, f'msgid "{message}"\nmsgstr "{translation}"\n')
    path.write_text(content, encoding="utf-8")


MODULE = '''\
"""A module that writes messages in every way the extractor must understand."""
from bot import i18n
from bot.i18n import Text, text

GREETING = text("Hello {name}!")
SPEC = CommandSpec("new", (), "/new", text("start a game"))


def say(line, draw):
    draw.text((0, 0), "not a message: Pillow draws it")
    Text(line)  # built at run time: nothing to extract
    i18n.text(message="by keyword")
    return text(
        "one message "
        "in two literals",
        count=2,
    )


def again():
    return Text("Hello {name}!"), text("{reason}"), text("{name} ({side})")
'''


def test_the_extractor_finds_each_literal_message_with_its_places(tmp_path: Path) -> None:
    _write(tmp_path / "bot" / "module.py", MODULE)
    _write(
        tmp_path / "bot" / "sub" / "other.py", 'from bot.i18n import text\ntext("start a game")\n'
    )
    _write(tmp_path / "elsewhere.py", 'text("outside bot/")\n')

    assert extract.find_messages(tmp_path) == {
        "Hello {name}!": [("bot/module.py", 5), ("bot/module.py", 21)],
        "start a game": [("bot/module.py", 6), ("bot/sub/other.py", 2)],
        "by keyword": [("bot/module.py", 12)],
        "one message in two literals": [("bot/module.py", 13)],
        "{name} ({side})": [("bot/module.py", 21)],
    }


def test_the_extractor_warns_about_an_f_string(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path / "bot" / "bad.py", 'name = "Ana"\ntext(f"Hello {name}")\n')
    assert extract.find_messages(tmp_path) == {}
    assert "bot/bad.py:2: an f-string cannot be translated" in capsys.readouterr().err


def test_update_writes_a_proper_catalogue_sorted_by_file_and_line(tmp_path: Path) -> None:
    _write(tmp_path / "src" / "bot" / "b.py", 'text("from b")\n')
    _write(tmp_path / "src" / "bot" / "a.py", '\n\ntext("from a, line 3")\ntext("{n} later")\n')
    locale_root = tmp_path / "locales"
    (locale_root / "pt_BR").mkdir(parents=True)

    changes = extract.update("pt_BR", extract.find_messages(tmp_path / "src"), locale_root)

    assert sorted(changes) == [
        "new: 'from a, line 3'",
        "new: 'from b'",
        "new: '{n} later'",
    ]
    content = extract.catalogue_path("pt_BR", locale_root).read_text(encoding="utf-8")
    assert '"Language: pt_BR\\n"' in content
    # The formula is Babel's CLDR data (2.19 gives Portuguese three forms): not ours to fix.
    assert '"Plural-Forms: nplurals=' in content
    assert '"Content-Type: text/plain; charset=utf-8\\n"' in content
    assert "#, fuzzy" not in content
    assert content.index("#: bot/a.py:3\n") < content.index("#: bot/a.py:4\n")
    assert content.index("#: bot/a.py:4\n") < content.index("#: bot/b.py:1\n")
    assert '#: bot/a.py:4\n#, python-brace-format\nmsgid "{n} later"\nmsgstr ""\n' in content


def test_update_keeps_translations_adds_drops_and_marks_rewordings_fuzzy(tmp_path: Path) -> None:
    source = tmp_path / "src"
    module = source / "bot" / "game.py"
    _write(module, 'text("Game over.")\ntext("Your turn, {name}.")\ntext("Bye.")\n')
    locale_root = tmp_path / "locales"
    (locale_root / "it").mkdir(parents=True)
    extract.update("it", extract.find_messages(source), locale_root)
    _translate(
        locale_root,
        "it",
        {
            "Game over.": "Partita finita.",
            "Your turn, {name}.": "Tocca a te, {name}.",
            "Bye.": "Ciao.",
        },
    )
    assert extract.problems("it", extract.find_messages(source), locale_root) == []

    # A new message on top, "Bye." gone, the turn message reworded a little.
    _write(
        module,
        'text("Challenge accepted.")\ntext("Game over.")\ntext("It is your turn, {name}.")\n',
    )
    messages = extract.find_messages(source)
    assert sorted(extract.problems("it", messages, locale_root)) == [
        "missing (bot/game.py:1): 'Challenge accepted.'",
        "missing (bot/game.py:3): 'It is your turn, {name}.'",
        "obsolete: 'Bye.'",
        "obsolete: 'Your turn, {name}.'",
    ]

    changes = extract.update("it", messages, locale_root)

    assert sorted(changes) == [
        "dropped: 'Bye.'",
        "dropped: 'Your turn, {name}.'",
        "new, with the translation of 'Your turn, {name}.' to review: 'It is your turn, {name}.'",
        "new: 'Challenge accepted.'",
    ]
    entries = _entries("it", locale_root)
    assert entries == {
        "Challenge accepted.": "",
        "Game over.": "Partita finita.",
        "It is your turn, {name}.": "Tocca a te, {name}.",
    }
    content = extract.catalogue_path("it", locale_root).read_text(encoding="utf-8")
    assert "Bye." not in content
    assert '#, fuzzy, python-brace-format\nmsgid "It is your turn, {name}."\n' in content
    assert sorted(extract.problems("it", messages, locale_root)) == [
        "fuzzy, to be reviewed (bot/game.py:3): 'It is your turn, {name}.'",
        "untranslated (bot/game.py:1): 'Challenge accepted.'",
    ]


def test_update_twice_leaves_the_file_untouched(tmp_path: Path) -> None:
    _write(tmp_path / "src" / "bot" / "a.py", 'text("one")\ntext("two {x}")\n')
    locale_root = tmp_path / "locales"
    (locale_root / "it").mkdir(parents=True)
    messages = extract.find_messages(tmp_path / "src")
    extract.update("it", messages, locale_root)
    # A previous msgid written by gettext tools, which Babel reads as a comment.
    path = extract.catalogue_path("it", locale_root)
    path.write_text(
        path.read_text("utf-8").replace('msgid "one"', '#, fuzzy\n#| msgid "on"\nmsgid "one"'),
        "utf-8",
    )
    extract.update("it", messages, locale_root)
    assert 'msgid "on"' not in path.read_text("utf-8")
    written = extract.catalogue_path("it", locale_root).read_bytes()

    assert extract.update("it", messages, locale_root) == []
    assert extract.catalogue_path("it", locale_root).read_bytes() == written


def test_update_refreshes_moved_references_that_check_does_not_mind(tmp_path: Path) -> None:
    module = tmp_path / "src" / "bot" / "a.py"
    _write(module, 'text("one")\n')
    locale_root = tmp_path / "locales"
    (locale_root / "it").mkdir(parents=True)
    extract.update("it", extract.find_messages(tmp_path / "src"), locale_root)
    _translate(locale_root, "it", {"one": "uno"})

    _write(module, '\n\n\ntext("one")\n')
    messages = extract.find_messages(tmp_path / "src")
    assert extract.problems("it", messages, locale_root) == []
    assert extract.update("it", messages, locale_root) == ["references refreshed"]
    assert "#: bot/a.py:4\n" in extract.catalogue_path("it", locale_root).read_text("utf-8")


def test_the_command_line_check_lists_problems_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "src"
    _write(source / "bot" / "a.py", 'text("one")\n')
    locale_root = tmp_path / "locales"
    for locale in REAL_LOCALES:
        (locale_root / locale).mkdir(parents=True)

    assert extract.main(["--check"], source_root=source, locale_root=locale_root) == 1
    output = capsys.readouterr()
    assert output.out.splitlines() == [
        "it: missing (bot/a.py:1): 'one'",
        "pt_BR: missing (bot/a.py:1): 'one'",
    ]
    assert "python -m bot.i18n.extract" in output.err
    assert list(locale_root.rglob("*.po")) == []

    assert extract.main([], source_root=source, locale_root=locale_root) == 0
    assert len(list(locale_root.rglob("messages.po"))) == 2
    for locale in REAL_LOCALES:
        _translate(locale_root, locale, {"one": "um" if locale == "pt_BR" else "uno"})
    assert extract.main(["--check"], source_root=source, locale_root=locale_root) == 0


def test_a_decimal_is_written_as_the_reader_writes_it() -> None:
    loss = text(
        "{name}: {moves} moves, average loss {loss} points; inaccuracies {inaccuracies}, "
        "mistakes {mistakes}, blunders {blunders}.",
        name="Ana",
        moves=12,
        loss=decimal(3.46),
        inaccuracies=1,
        mistakes=0,
        blunders=0,
    )
    assert "perda média de 3,5 pontos" in translate("pt", loss)
    assert "perdita media di 3,5 punti" in translate("it", loss)
    assert "average loss 3.5 points" in translate("en", loss)
    assert translate("it", text("{value}", value=decimal(1234.5, 2))) == "1234,50"
