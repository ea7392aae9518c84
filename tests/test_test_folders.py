"""tests/ mirrors the code's folders (tests/README.md): every folder of tests is named after a
package or a module at the same place in the code, and no test sits beside the folder of its
own subject."""

from __future__ import annotations

from pathlib import Path

from tests.processes import ROOT

TESTS = ROOT / "tests"
# The tests' own tools, which mirror nothing of the code: the chat platforms' fakes (with the
# tests that hold them to the platforms' documentation) and the data files.
SUPPORT = ("fakes", "data")


def folders_of(tests: Path) -> list[Path]:
    """Every folder below `tests`, its support folders and tools' caches left out."""
    return sorted(
        folder
        for folder in tests.rglob("*")
        if folder.is_dir()
        and not any(part.startswith((".", "__")) for part in folder.relative_to(tests).parts)
        and folder.relative_to(tests).parts[0] not in SUPPORT
    )


def unmirrored(tests: Path, code: Path) -> list[str]:
    """The folders of `tests` that name neither a package nor a module at their place in
    `code`."""
    return [
        str(folder.relative_to(tests))
        for folder in folders_of(tests)
        if not (code / folder.relative_to(tests)).is_dir()
        and not (code / folder.relative_to(tests)).with_suffix(".py").is_file()
    ]


def beside_their_folder(tests: Path) -> list[str]:
    """The test modules that sit beside a folder named after their subject (test_console_x.py
    next to console/): their place is in it."""
    return [
        str(module.relative_to(tests))
        for folder in [tests, *folders_of(tests)]
        for module in sorted(folder.glob("test_*.py"))
        for subject in folder.iterdir()
        if subject.is_dir()
        and subject.name not in SUPPORT
        and (
            module.stem == f"test_{subject.name}" or module.stem.startswith(f"test_{subject.name}_")
        )
    ]


def test_every_test_folder_names_a_folder_or_module_of_the_code() -> None:
    assert unmirrored(TESTS, ROOT) == [], "a test folder that mirrors no code (tests/README.md)"


def test_no_test_sits_beside_the_folder_of_its_subject() -> None:
    assert beside_their_folder(TESTS) == []


def test_a_folder_without_its_code_and_a_test_beside_its_folder_are_found(tmp_path: Path) -> None:
    code = tmp_path / "code"
    for package in ("bot/service/playing", "bot/settings"):
        (code / package).mkdir(parents=True)
    (code / "bot" / "console.py").touch()
    tests = code / "tests"
    for folder in ("bot/service/playing", "bot/console", "bot/service/tournaments", "fakes"):
        (tests / folder).mkdir(parents=True)
    (tests / "bot" / "test_console_words.py").touch()
    (tests / "bot" / "test_consoles.py").touch()
    (tests / "bot" / "service" / "test_service.py").touch()
    assert unmirrored(tests, code) == ["bot/service/tournaments"]
    assert beside_their_folder(tests) == ["bot/test_console_words.py"]
