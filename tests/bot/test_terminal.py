"""The console at a terminal (a pseudo-terminal here): line editing and history by readline,
Ctrl-C clears the line, Ctrl-D quits, text that arrives by itself keeps the typed line."""

from __future__ import annotations

import fcntl
import io
import os
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.terminal import CLEAR_LINE, PROMPT, Terminal
from tests.processes import bot_environment


def take_terminal(sigint: signal.Handlers) -> Callable[[], None]:
    """In the child: a session of its own whose controlling terminal is the pseudo-terminal,
    so that Ctrl-C there sends SIGINT, as at a real terminal; SIGINT's disposition as the
    child inherits it (a shell's foreground job: the default; a script's background job
    without job control: ignored, whatever the test runner's own)."""

    def prepare() -> None:
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        signal.signal(signal.SIGINT, sigint)

    return prepare


class Pty:
    """`python -m bot` on a pseudo-terminal: type keys, read the screen's text."""

    def __init__(self, database: Path, sigint: signal.Handlers = signal.SIG_DFL) -> None:
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "--db", str(database)],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=database.parent,
            env=bot_environment(TERM="xterm"),
            preexec_fn=take_terminal(sigint),
        )
        os.close(slave)
        self.screen = ""
        self.seen = 0

    def read_until(self, expected: str, timeout: float = 30) -> str:
        """What the screen shows after the last text read, up to and with `expected`."""
        start = self.seen
        deadline = time.monotonic() + timeout
        while expected not in self.screen[start:]:
            left = deadline - time.monotonic()
            assert left > 0, f"{expected!r} never came; the screen ends: {self.screen[-800:]!r}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.screen += os.read(self.master, 65536).decode(errors="replace")
                except OSError:  # the bot ended and closed the terminal
                    break
        self.seen = self.screen.index(expected, start) + len(expected)
        return self.screen[start : self.seen]

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        os.close(self.master)


@pytest.mark.parametrize("sigint", [signal.SIG_DFL, signal.SIG_IGN], ids=["default", "ignored"])
def test_ctrl_c_history_and_ctrl_d_at_a_terminal(tmp_path: Path, sigint: signal.Handlers) -> None:
    terminal = Pty(tmp_path / "bot.sqlite3", sigint)
    try:
        terminal.read_until("/new brazilian vs computer.")
        terminal.read_until(PROMPT)
        # Ctrl-C drops the half-typed line at once: a fresh prompt, no game started.
        terminal.type("/new brazilian vs comp")
        terminal.read_until("comp")
        # A person's Ctrl-C comes some time after the last key; sent within the same
        # millisecond, readline may still be redrawing the line and the signal is seen late.
        time.sleep(0.2)
        terminal.type("\x03")
        terminal.read_until(PROMPT, timeout=8)
        terminal.type("/games\r")
        shown = terminal.read_until(PROMPT)
        assert "#1" not in shown
        assert "comp/games" not in shown
        # The Up key brings the last line back to run again, not "^[[A" as a move.
        terminal.type("/moves\r")
        first = terminal.read_until(PROMPT)
        terminal.type("\x1b[A\r")
        again = terminal.read_until(PROMPT)
        assert "[A" not in again
        assert "not a move" not in again
        assert again.strip().endswith(first.strip()[-40:].strip()) or first.strip() in again
        # Ctrl-D: the end of input ends the session.
        terminal.type("\x04")
        assert terminal.process.wait(15) == 0
    finally:
        terminal.close()


def test_text_that_arrives_while_typing_keeps_the_prompt_below_it() -> None:
    screen = io.StringIO()
    terminal = Terminal(screen)
    terminal.write("before any prompt")
    terminal._prompting = True  # the person is at the prompt
    terminal.write("Game #3: Bia ran out of time.")
    assert screen.getvalue() == (
        f"before any prompt\n{CLEAR_LINE}Game #3: Bia ran out of time.\n{PROMPT}"
    )


def test_a_bad_database_at_a_terminal_ends_the_start_at_once(tmp_path: Path) -> None:
    terminal = Pty(tmp_path)  # a folder
    try:
        terminal.read_until("is a folder, not a database file")
        assert terminal.process.wait(15) == 2
        assert PROMPT not in terminal.screen
    finally:
        terminal.close()
