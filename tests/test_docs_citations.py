"""The documents cite only what the repository holds: every markdown link of README.md and
docs/ to a file, and every document named by its file name (`RULES.md`), is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.processes import ROOT

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
# A document named in prose: an upper-case markdown file name such as RULES.md.
NAMED = re.compile(r"\b([A-Z][A-Z_]+\.md)\b")


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
