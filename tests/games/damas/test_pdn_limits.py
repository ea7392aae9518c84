"""PDN read as a stream (issue 22, item 8): records are read one at a time from text that
comes in pieces, a tag value over MAX_TAG_VALUE or a record over MAX_RECORD is refused with a
line that names it (and what follows is read), and what the reader holds stays bounded
whatever the input."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.damas.pdn import (
    MAX_RECORD,
    MAX_TAG_VALUE,
    PdnError,
    PdnGame,
    UnreadRecord,
    read_games,
    stream_records,
)

GAME = '[Event "Good"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
CHUNK = 1 << 16


def repeated(text: str, characters: int) -> Iterator[str]:
    """`characters` of `text` repeated, in CHUNK pieces made as they are asked for."""
    block = (text * (CHUNK // len(text) + 1))[:CHUNK]
    for _ in range(characters // CHUNK):
        yield block
    yield block[: characters % CHUNK]


def long_tag_file(characters: int) -> Iterator[str]:
    """A record whose Event tag holds `characters` x's, then a good game."""
    yield '[Event "'
    yield from repeated("x", characters)
    yield '"]\n[GameType "20"]\n1. 32-28 *\n\n'
    yield GAME


def test_a_tag_value_over_the_limit_is_refused_naming_it_and_the_next_game_is_read() -> None:
    records = list(stream_records(long_tag_file(MAX_TAG_VALUE + 1)))
    assert len(records) == 2
    refused, game = records
    assert refused == UnreadRecord(
        1,
        f"line 1: tag Event is {MAX_TAG_VALUE + 1:,} characters long; a tag value may have "
        f"at most {MAX_TAG_VALUE:,}",
    )
    assert isinstance(game, PdnGame)
    assert game.tags["Event"] == "Good"
    assert game.line == 5
    # A value at the limit is read.
    (at_limit, _) = stream_records(long_tag_file(MAX_TAG_VALUE))
    assert isinstance(at_limit, PdnGame)
    assert len(at_limit.tags["Event"]) == MAX_TAG_VALUE


def test_read_games_refuses_a_long_tag_value_too() -> None:
    with pytest.raises(PdnError, match="line 2: tag Annotator is 5,000 characters long"):
        read_games(f'[Event "a"]\n[Annotator "{"y" * 5000}"]\n1. 32-28 *')


def test_a_tag_of_megabytes_is_refused_without_holding_it() -> None:
    tracemalloc.start()
    try:
        records = list(stream_records(long_tag_file(20 * MAX_RECORD)))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [type(record) for record in records] == [UnreadRecord, PdnGame]
    line = len('[Event "') + 20 * MAX_RECORD + len('"]\n')
    assert records[0] == UnreadRecord(
        1,
        f"line 1: tag Event is on a line of {line:,} characters; a tag value may have at "
        f"most {MAX_TAG_VALUE:,}",
    )
    # Twenty million characters went by; at most one record's worth was held.
    assert peak < 4 * MAX_RECORD


def test_a_record_over_the_limit_is_refused_and_the_next_one_is_read() -> None:
    comment_line = "{" + "a long comment " * 9 + "}\n"
    lines = MAX_RECORD // len(comment_line) + 10

    def text() -> Iterator[str]:
        yield '[Event "Long"]\n1. 32-28\n'
        for _ in range(lines):
            yield comment_line
        yield "*\n\n"
        yield GAME

    refused, game = stream_records(text())
    assert isinstance(refused, UnreadRecord)
    assert refused.line == 1
    assert refused.reason.startswith(f"the record is over {MAX_RECORD:,} characters (at line ")
    assert isinstance(game, PdnGame)
    assert game.tags["Event"] == "Good"
    assert game.line == 3 + lines + 2


def test_records_are_read_as_the_text_comes() -> None:
    pulled = 0

    def counted(pieces: Iterator[str]) -> Iterator[str]:
        nonlocal pulled
        for piece in pieces:
            pulled += len(piece)
            yield piece

    games = 100_000
    records = stream_records(counted(repeated(GAME, games * len(GAME))))
    first = next(records)
    assert isinstance(first, PdnGame)
    assert first.moves == ("32-28", "19-23", "28x19", "14x23")
    # The first game came after one piece of the text, not the whole of it.
    assert pulled <= CHUNK
    assert sum(1 for _ in records) == games - 1
    assert pulled == games * len(GAME)


def test_check_pdn_refuses_an_oversized_tag_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "big-tag.pdn"
    with path.open("w", encoding="utf-8") as out:
        out.writelines(long_tag_file(3 * MAX_RECORD))
    done = subprocess.run(
        [sys.executable, "-m", "games.damas", "check-pdn", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr == ""
    assert done.stdout.splitlines() == [
        f"{path}: line 1: not readable as PDN: line 1: tag Event is on a line of "
        f"{3 * MAX_RECORD + 11:,} characters; a tag value may have at most {MAX_TAG_VALUE:,}",
        "games=1 moves=4 illegal=0 unread=1",
    ]


def test_check_pdn_reads_a_latin_1_byte_far_into_the_file(tmp_path: Path) -> None:
    path = tmp_path / "latin.pdn"
    games = 2 * CHUNK // len(GAME)
    path.write_bytes(
        GAME.encode() * games + '[Dati "69° ASSOLUTO"]\n1. 21-17 12-15 *\n'.encode("latin-1")
    )
    done = subprocess.run(
        [sys.executable, "-m", "games.damas", "check-pdn", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines() == [
        f"games={games + 1} moves={4 * games + 2} illegal=0 unread=0"
    ]


def test_an_unknown_default_variant_is_refused_before_any_text_is_read() -> None:
    with pytest.raises(KeyError):
        stream_records(repeated(GAME, 10 * len(GAME)), "chess")
