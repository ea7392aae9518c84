"""Filesystems that say no, for the tests of what the bot and its commands do then (issue 34,
item 8): a disk that fills up, and a folder that may not be written.

Two ways to the error a full disk gives, SQLite's SQLITE_FULL ("database or disk is full"):
- `GrowthLimit`: `PRAGMA max_page_count` on the store's writing connection, so that the
  database may not grow: a write that needs a new page fails as on a full disk, whatever
  this run may do. A refused write changes nothing, so the same command is refused again
  until the limit is lifted (space freed).
- `small_disk`: a real full filesystem, a tmpfs of 4 MB filled up by a file; where this run
  may not mount one (not root, a container without the right), the test is skipped.

A read-only folder (`read_only`) is one by its mode for a user other than root; root, whom
modes do not stop, gets the folder mounted again read-only over itself, or the test is
skipped. Either way the folder is first checked to refuse a new file.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import Store

# SQLite's largest page count: no limit.
NO_LIMIT = 4_294_967_294


class GrowthLimit:
    """Stops and lets again the growth of the SQLite database of a store, on its writing
    connection (call at a quiet moment: between commands, once background work is idle)."""

    def __init__(self, store: Store) -> None:
        self._writer = store._engine._writer  # type: ignore[attr-defined]

    async def stop(self) -> None:
        [(pages,)] = await self._writer.execute_fetchall("PRAGMA page_count")
        await self._writer.execute_fetchall(f"PRAGMA max_page_count = {pages}")

    async def lift(self) -> None:
        await self._writer.execute_fetchall(f"PRAGMA max_page_count = {NO_LIMIT}")


def mount_tmpfs(folder: Path, megabytes: int) -> None:
    """Mount a tmpfs of `megabytes` on `folder`; skip the test where this run may not."""
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"no filesystem of its own can be mounted here: {mounted.stderr.strip()}")


@contextlib.contextmanager
def small_disk(folder: Path, megabytes: int = 4) -> Iterator[Path]:
    """`folder` as a filesystem of its own, of `megabytes`, unmounted at the end."""
    folder.mkdir(parents=True, exist_ok=True)
    mount_tmpfs(folder, megabytes)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=False)


def fill(disk: Path) -> Path:
    """Fill the disk up with one file, until it refuses more; the file, to free it."""
    filler = disk / "filler"
    # Unbuffered: a buffered file would flush its last refused block again on closing, and
    # raise there, outside the loop that expects the refusal.
    with filler.open("wb", buffering=0) as file, contextlib.suppress(OSError):
        while True:
            file.write(b"\0" * 4096)
    return filler


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[Path]:
    """`folder`, with what it holds, read-only to this process while the block runs."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield _refusing(folder)
        finally:
            folder.chmod(0o755)
        return
    bound = subprocess.run(
        ["mount", "--bind", str(folder), str(folder)], capture_output=True, text=True, check=False
    )
    if bound.returncode != 0:
        pytest.skip(f"root, and no read-only mount can be made here: {bound.stderr.strip()}")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], check=True)
        yield _refusing(folder)
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=False)


def _refusing(folder: Path) -> Path:
    try:
        (folder / "probe").touch()
    except OSError:
        return folder
    raise AssertionError(f"{folder} is meant to be read-only, and a file was made in it")
