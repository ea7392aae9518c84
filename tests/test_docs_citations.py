"""The documents cite only what the repository holds: every markdown link of README.md and
docs/ to a file, every document named by its file name (`RULES.md`), and every test or test
file named by its path (tests/bot/service/test_service.py), is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.processes import ROOT

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
# A document named in prose: an upper-case markdown file name such as RULES.md.
NAMED = re.compile(r"\b([A-Z][A-Z_]+\.md)\b")
# A path under tests/ in prose, which moves with the tests (tests/README.md): a sentence's
# full stop after it is no part of it.
TEST_PATH = re.compile(r"(?<![\w/.-])(tests/[\w/.-]*[\w/])")


def _cited(document: Path) -> list[str]:
    words = document.read_text(encoding="utf-8")
    links = [link for link in LINK.findall(words) if "://" not in link]
    return links + NAMED.findall(words)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_document_a_document_cites_is_in_the_repository(document: Path) -> None:
    missing = [
        cited
        for cited in _cited(document)
        if not (document.parent / cited).exists() and not (ROOT / cited).exists()
    ]
    assert missing == [], f"{document.name} cites files the repository lacks: {missing}"


def test_the_rules_cite_the_settled_rules_beside_them() -> None:
    rules = (ROOT / "docs" / "rules-applied.md").read_text(encoding="utf-8")
    assert "[RULES.md](RULES.md)" in rules
    assert "## Ludo" in (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_test_path_a_document_names_is_in_the_repository(document: Path) -> None:
    named = TEST_PATH.findall(document.read_text(encoding="utf-8"))
    missing = [path for path in named if not (ROOT / path).exists()]
    assert missing == [], f"{document.name} names tests the repository lacks: {missing}"


def test_a_test_path_is_read_without_the_full_stop_after_it() -> None:
    words = "held by tests/bot/test_x.py. See tests/storage/ and (tests/data/shots.txt)"
    assert TEST_PATH.findall(words) == [
        "tests/bot/test_x.py",
        "tests/storage/",
        "tests/data/shots.txt",
    ]
