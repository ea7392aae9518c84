"""The console at an interactive terminal: line editing, history, Ctrl-C, output that arrives
by itself.

The typed line is read by `input()` with the standard library's `readline` (where Python has
it) in the main thread, which is where Ctrl-C arrives: it clears the line and gives a fresh
prompt; Ctrl-D (the end of input) quits. The bot runs its event loop in a second thread and
asks for each line when the one before is done. Text printed while the person types (a
notice of the scheduler) goes above the prompt, and the prompt comes back with what was typed.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TextIO

try:
    import readline
except ImportError:  # Windows without pyreadline: plain input() still works
    readline = None  # type: ignore[assignment]

PROMPT = "> "
# Erase the line the cursor is on, from its start.
CLEAR_LINE = "\r\x1b[K"


class Terminal:
    """Lines from the person at the main thread to the bot's loop in another thread."""

    def __init__(self, output: TextIO = sys.stdout) -> None:
        self.output = output
        self._wanted = threading.Event()
        self._line: asyncio.Future[str | None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._prompting = False
        self._writing = threading.Lock()

    async def next_line(self) -> str | None:
        """The next line the person enters (None at the end of input). Called in the loop."""
        self._loop = asyncio.get_running_loop()
        self._line = self._loop.create_future()
        self._wanted.set()
        return await self._line

    def write(self, message: str) -> None:
        """Print a message, above the prompt while the person is typing."""
        with self._writing:
            if not self._prompting:
                print(message, file=self.output, flush=True)
                return
            typed = readline.get_line_buffer() if readline is not None else ""
            self.output.write(f"{CLEAR_LINE}{message}\n{PROMPT}{typed}")
            self.output.flush()

    def _deliver(self, line: str | None) -> None:
        assert self._loop is not None
        assert self._line is not None
        waiting = self._line

        def answer() -> None:
            if not waiting.done():
                waiting.set_result(line)

        self._loop.call_soon_threadsafe(answer)

    def _read(self) -> str | None:
        with self._writing:
            self._prompting = True
        try:
            return input(PROMPT)
        except EOFError:
            print(file=self.output)
            return None
        finally:
            with self._writing:
                self._prompting = False

    def run(self, bot: Callable[[], Coroutine[Any, Any, int]]) -> int:
        """Run `bot` (which reads its lines with `next_line`) in a thread of its own until it
        ends; read the person's lines here."""
        status: list[int] = []
        failure: list[BaseException] = []
        finished = threading.Event()

        def serve() -> None:
            # Ctrl-C must reach the main thread, which waits in readline: a signal that the
            # OS handed to this thread (or to the threads it starts, which inherit the mask)
            # would only be seen there at the next key.
            if hasattr(signal, "pthread_sigmask"):
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                status.append(asyncio.run(bot()))
            except BaseException as error:
                failure.append(error)
            finally:
                finished.set()
                self._wanted.set()

        # Ctrl-C at the prompt is the console's even where the process was started with SIGINT
        # ignored (a parent without job control hands that on, and Python then never raises
        # KeyboardInterrupt): the person at the terminal still expects the line dropped.
        inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
        worker = threading.Thread(target=serve, name="damas-bot", daemon=True)
        worker.start()
        try:
            self._serve_lines(finished)
        finally:
            signal.signal(signal.SIGINT, inherited)
        worker.join()
        if failure:
            raise failure[0]
        return status[0] if status else 0

    def _serve_lines(self, finished: threading.Event) -> None:
        """Read the person's lines until the bot ends or the input does."""
        while True:
            try:
                self._wanted.wait()
                if finished.is_set():
                    break
                self._wanted.clear()
                line = self._read()
            except KeyboardInterrupt:
                # Ctrl-C: the typed line is dropped; a fresh prompt (while a command runs,
                # nothing happens: its answer comes).
                print(file=self.output)
                if not self._wanted.is_set() and self._line is not None and not self._line.done():
                    self._wanted.set()
                continue
            self._deliver(line)
            if line is None:
                break
