"""The console front end: play in the terminal, interactive or with commands piped in.

Lines are the same commands as in the chats (`/new brazilian vs computer`, `/move c3-d4`,
a bare `32-28`), plus `/as NAME` to switch between the people at one keyboard, `/png [FILE]`
to save the board picture, `/review FILE.pdn` to review a PDN file, and `/quit`. A PDN
pasted over several lines is read whole (bot/pasted_pdn.py). Every game is stored, so it
goes on the next day.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from bot.i18n import Text, text, translate
from bot.i18n.commands import CONSOLE_COMMANDS, Names, name_in
from bot.pasted_pdn import pdn_ends, starts_pdn
from bot.recent import REMEMBERED_BOARDS, Recent
from bot.service import boards
from bot.service.boards import thinking_line
from bot.service.command_table.commands import CommandError, CommandLine, parse_command
from bot.service.command_table.dispatch import dispatch
from bot.service.command_table.review import REVIEW
from bot.service.command_table.spec import everyone_administers
from bot.service.game_service import GameService, player_seats
from bot.service.kernel.events import (
    Actor,
    BoardChanged,
    BoardUpdate,
    ChallengeUpdate,
    ClubMatchUpdate,
    ComputerThinking,
    Event,
    FileReady,
    GameState,
    PlayerNotice,
    Reply,
    ServiceError,
    SimulDesk,
    SimulUpdate,
    TournamentUpdate,
    TurnNotice,
)
from bot.service.kernel.game_flow.clocks import ManualClock, parse_span
from bot.service.kernel.ids import game_number, known_id
from bot.service.kernel.players.names import is_reserved
from bot.service.kernel.words.file_names import file_name
from bot.service.kernel.words.text_boards import text_board
from bot.settings import WebSettings
from bot.showing import show_events
from bot.terminal import Terminal
from bot.web.links import game_link, page_label, page_link, reply_text
from games.base import CHANCE
from storage import ChatRef

logger = logging.getLogger(__name__)

PLATFORM = "console"
CHAT = ChatRef(PLATFORM, "terminal")
# The console's own commands by every word typed for them (bot/i18n/commands.py names them).
CONSOLE_WORDS = {word: key for key, names in CONSOLE_COMMANDS.items() for word in names} | {
    "exit": "quit"
}
# The person at the keyboard when no name is given (--player), named in the console's
# language; each language's word names the same person.
DEFAULT_PLAYER: Names = ("player", "jogador", "giocatore")
# /help's lines for the commands only the console has (after the table's).
CONSOLE_HELP = (
    text("{/as} NAME - play as another person at this keyboard"),
    text("{/png} [GAME] [FILE] - save the board's picture as a PNG file"),
    text("{/clock} [+2d] - the time; with --fake-clock, move it on"),
    text("{/quit} - leave the console (your games are kept)"),
)


class Console:
    """One terminal session: a local player (switchable with /as) talking to the service.
    It shows the events of every platform (bot/showing.py's `Front`): everyone who plays
    here sits at its one keyboard, and a console process serves every platform's notices."""

    platform: str | None = None

    def __init__(
        self,
        service: GameService,
        output: TextIO,
        player: str | None = None,
        language: str | None = None,
        folder: Path | None = None,
        tag: str = "",
        write: Callable[[str], None] | None = None,
        web: WebSettings | None = None,
    ) -> None:
        self.service = service
        # The web companion (WEB_URL), whose pages the answers link.
        self.web = web
        # How text reaches the person (an interactive terminal keeps its prompt below it).
        self.write = write or self._print
        # Put before the names of the files written (the database's name).
        self.tag = tag
        self.output = output
        # Without a name given, the person is named in the console's language at `begin`.
        self._named = player is not None
        self.actor = self._actor(player or DEFAULT_PLAYER[0], language)
        self.folder = folder or Path.cwd()
        self.language: str | None = language
        # While a command runs: the computers' notices that wait for its answer to be shown
        # first, each with the board (game and version) its computer is thinking on.
        self._answering: list[tuple[int, int, Text]] | None = None
        # Per game, the version of the last board shown: a computer's notice that it thinks
        # is stale once its move is on the screen (a fast search answers at once). Only the
        # games of the latest boards matter: a notice comes right after its game's board.
        self._shown: Recent[int, int] = Recent(REMEMBERED_BOARDS)
        # The lines of a PDN being pasted, until it ends.
        self._pasting: list[str] | None = None
        # The games whose board this console has printed (with the version printed last).
        self._printed: Recent[int, int] = Recent(REMEMBERED_BOARDS)
        service.kernel.bus.subscribe(self._show_later)
        service.kernel.one_keyboard.add(CHAT)

    async def begin(self) -> None:
        """The person at the keyboard at the start reads his own language, else the chat's,
        else the system's (LANG)."""
        place = await self._place_language()
        name = self.actor.display_name if self._named else name_in(DEFAULT_PLAYER, place)
        self.actor = self._actor(name, place)
        self.language = await self.service.identities.language(self.actor)

    @staticmethod
    def _actor(name: str, language: str | None) -> Actor:
        """The person typing as `name`; the default person by his name in any language."""
        folded = name.lower()
        return Actor(
            PLATFORM, DEFAULT_PLAYER[0] if folded in DEFAULT_PLAYER else folded, name, language
        )

    def _print(self, message: str) -> None:
        print(message, file=self.output, flush=True)

    def say(self, message: Text | str) -> None:
        self.write(translate(self.language, message))

    async def _resolve_opponent(self, name: str) -> Actor | None:
        return self._actor(name.lstrip("@"), await self._place_language())

    async def _place_language(self) -> str | None:
        """The language of the people at this keyboard, which a person without a language of
        his own reads: the one chosen for the chat (/lang chat), else that of the person at
        the keyboard now."""
        return await self.service.chats.chat_language(CHAT, place_language=self.language)

    async def _show_later(self, event: Event) -> None:
        await self.show([event])

    def _reply(self, reply: Reply) -> None:
        """The reply, and the address of its page (with WEB_URL) on a line of its own."""
        self.say(reply_text(self.web, reply))
        if self.web is not None and reply.page is not None:
            label = translate(self.language, page_label(reply.page))
            self.write(f"{label}: {page_link(self.web, reply.page)}")

    async def show(self, events: list[Event]) -> None:
        await show_events(self, events, None)

    async def show_reply(self, event: Reply, _: None) -> None:
        self._reply(event)

    async def show_tournament(self, event: TournamentUpdate, _: None) -> None:
        self.say(event.text)

    async def show_simul(self, event: SimulUpdate, _: None) -> None:
        self.say(event.text)

    async def show_desk(self, event: SimulDesk, _: None) -> None:
        self.say(event.text)

    async def show_club_match(self, event: ClubMatchUpdate, _: None) -> None:
        self.say(event.text)

    async def show_board(self, event: BoardUpdate, _: None) -> None:
        await self._board(event.state, await self._headline(event))

    async def show_challenge(self, event: ChallengeUpdate, _: None) -> None:
        self.say(event.text)
        if event.challenge.status == "open":
            self.say(
                text(
                    "Challenge {id}: {/as} NAME then {/accept} {id} or {/decline} {id}.",
                    id=event.challenge.id,
                )
            )

    async def show_turn_notice(self, event: TurnNotice, _: None) -> None:
        player = await self.service.identities.player_by_id(event.player_id)
        if player.id != (await self.service.kernel.roster.player(self.actor)).id:
            self.say(
                text(
                    "{name}: your turn in game #{game} ({/as} {name}).",
                    name=player.display_name,
                    game=event.state.id,
                )
            )

    async def show_player_notice(self, event: PlayerNotice, _: None) -> None:
        player = await self.service.identities.player_by_id(event.player_id)
        self.say(text("[to {name}] {notice}", name=player.display_name, notice=event.text))

    async def show_file(self, event: FileReady, _: None) -> None:
        self._save(event.name, event.content, event.caption)

    async def show_thinking(self, event: ComputerThinking, _: None) -> None:
        self._thinking(event.state)

    def _thinking(self, state: GameState) -> None:
        """Say that the computer thinks; while a command runs, after its answer (the game's
        start, the person's move), which the computer's search may begin before. Not once
        its move is shown."""
        if self._shown.get(state.id, -1) > state.version:
            return
        if self._answering is not None:
            self._answering.append((state.id, state.version, thinking_line(state)))
        else:
            self.say(thinking_line(state))

    async def _headline(self, event: BoardUpdate) -> Text | None:
        """The board's headline as the person at the keyboard reads it."""
        seats = player_seats(event.state, (await self.service.kernel.roster.player(self.actor)).id)
        return boards.addressed_headline(event, seats)

    async def _board(self, state: GameState, headline: Text | None) -> None:
        self._shown[state.id] = max(state.version, self._shown.get(state.id, -1))
        if self._answering:
            self._answering = [
                (game, version, line)
                for game, version, line in self._answering
                if game != state.id or version >= state.version
            ]
        if boards.played_out_by_computers(state):
            # The computers play out a game nobody plays in any more: its result is enough.
            if headline is not None and (state.last_move or "").startswith("leave"):
                self.say(headline)
                self.say(text("The computers play the game out; only its result is shown."))
            return
        if headline is not None:
            self.say(headline)
        asked = headline is None  # /board, or a click on a board that changed
        if asked or not state.active:
            await self._full_board(state)
        elif self._rolls_on_a_shown_board(state):
            # A roll is no choice: its board comes with the die.
            self.say(boards.caption(state))
        elif boards.waits_for_a_person(state):
            await self._full_board(state)
        # else the computer acts: one board per turn, the next one when a person is to act.
        if asked or not state.active or state.plies == 0:
            self._game_link(state)
        steps = boards.next_steps(state)
        if steps is not None:
            self.say(steps)

    def _rolls_on_a_shown_board(self, state: GameState) -> bool:
        """Whether a person is to roll in a game whose board this console has shown."""
        rolls = state.position.to_move() == CHANCE and boards.waits_for_a_person(state)
        return rolls and state.id in self._printed

    async def _full_board(self, state: GameState) -> None:
        self._printed[state.id] = state.version
        self.write(text_board(state, await self._viewer_seat(state), self.language))
        self.say(boards.caption(state))

    def _game_link(self, state: GameState) -> None:
        """The game's web page (with WEB_URL), as the chats link it under its board: at its
        start, at its end and when asked for."""
        if self.web is None:
            return
        label = text("Watch on the web") if state.active else text("Replay on the web")
        link = game_link(self.web, state.id, self.language)
        self.write(f"{translate(self.language, label)}: {link}")

    async def _viewer_seat(self, state: GameState) -> int | None:
        """The side the board is drawn from: the local player's, by the service's policy."""
        seats = player_seats(state, (await self.service.kernel.roster.player(self.actor)).id)
        return boards.viewer_seat(state, seats)

    def _file_name(self, name: str) -> str:
        """`game-3.pdn` as `TAG-game-3.pdn`: the files of two databases in one folder differ."""
        return f"{self.tag}-{name}" if self.tag else name

    def _write(self, path: Path, content: bytes) -> None:
        """Write the file of one subject (a game's PDN, a player's chart), replacing the one
        written before: the folder keeps one file per subject, the newest."""
        replaced = path.exists()
        partial = path.with_name(f".{path.name}.partial")
        partial.write_bytes(content)
        partial.replace(path)
        if replaced:
            self.say(text("Saved to {path} (the earlier file replaced).", path=str(path)))
        else:
            self.say(text("Saved to {path}.", path=str(path)))

    def _save(self, name: str, content: bytes, caption: Text) -> None:
        self.say(caption)
        self._write(self.folder / self._file_name(name), content)

    async def _png(self, args: tuple[str, ...]) -> None:
        number = game_number(args[0]) if args else None
        game_id = known_id(number) if number is not None else None
        events = await self.service.records.board(self.actor, game_id)
        state = next(event.state for event in events if isinstance(event, BoardUpdate))
        name = next((word for word in args if game_number(word) is None), None)
        saved = file_name("game", state.id, "png", self.language)
        path = Path(name) if name else self.folder / self._file_name(saved)
        self._write(path, boards.picture(state, await self._viewer_seat(state)))

    async def _clock(self, args: tuple[str, ...]) -> None:
        """/clock shows the time; with --fake-clock, /clock +2d moves it on and runs what
        falls due (reminders, losses on time)."""
        clock = self.service.clock
        if args:
            span = parse_span(args[0]) if len(args) == 1 else None
            if not isinstance(clock, ManualClock):
                raise ServiceError(text("The clock moves by hand only with --fake-clock."))
            if span is None:
                raise ServiceError(text("Usage: {/clock} +2d (or +5h, +30m)"))
            clock.advance(span)
            await self.service.scheduler.run_due()
        self.say(text("Now: {now}", now=clock().strftime("%Y-%m-%d %H:%M UTC")))

    async def _progress(self, stage: Text) -> None:
        self.say(stage)

    def _with_pdn_file(self, command: CommandLine) -> CommandLine:
        """`/review games.pdn`: the console reads a PDN file named by its path (the chats
        take the PDN's text itself)."""
        if command.name != "review" or len(command.args) != 1:
            return command
        path = Path(command.args[0]).expanduser()
        if path.suffix.lower() != ".pdn":
            return command
        try:
            content = path.read_text(encoding="utf-8", errors="replace")
        except OSError as error:
            raise ServiceError(
                text(
                    "Could not read {path}: {reason}",
                    path=str(path),
                    reason=error.strerror or error,
                )
            ) from None
        return CommandLine(command.name, tuple(content.split()), command.raw)

    async def _console_command(self, command: CommandLine) -> bool:
        """The console's own commands (/as, /png, /clock); False for any other."""
        if command.name == "as":
            if len(command.args) != 1:
                raise ServiceError(text("Usage: {/as} NAME"))
            if is_reserved(command.args[0]):
                raise ServiceError(text("That name is the computer's: choose another."))
            self.actor = self._actor(command.args[0], await self._place_language())
            # Confirmed in the language of the person now at the keyboard.
            self.language = await self.service.identities.language(self.actor)
            self.say(text("You are now {name}.", name=self.actor.display_name))
        elif command.name == "png":
            await self._png(command.args)
        elif command.name == "clock":
            await self._clock(command.args)
        else:
            return False
        return True

    async def handle(self, line: str) -> bool:
        """Take one input line; False when the person asked to quit. A PDN pasted after
        /review, or alone, arrives line by line: it is gathered until it ends (its result, a
        blank line after its moves: bot/pasted_pdn.py), then reviewed whole."""
        if self._pasting is not None:
            if not line.lstrip().startswith("/"):
                self._pasting.append(line)
                if not pdn_ends("\n".join(self._pasting), blank_line=not line.strip()):
                    return True
                return await self._run(self._pasted())
            # A command cuts the paste short: what came is reviewed, then the command runs.
            await self._run(self._pasted())
        else:
            pdn = self._pdn_begun(line)
            if pdn is not None:
                self._pasting = [pdn]
                if pdn_ends(pdn):
                    return await self._run(self._pasted())
                self.say(
                    text(
                        "Reading the pasted PDN: it ends at its result (such as 2-0, 1-1 or *) "
                        "or at a blank line."
                    )
                )
                return True
        return await self._run(line)

    async def finish(self) -> None:
        """At the end of the input: a PDN still being pasted is reviewed as it came."""
        if self._pasting is not None:
            await self._run(self._pasted())

    @staticmethod
    def _pdn_begun(line: str) -> str | None:
        """The PDN a line begins: its tags alone, or after /review (any of its names)."""
        if starts_pdn(line):
            return line
        words = line.split(maxsplit=1)
        if len(words) < 2 or not words[0].startswith("/") or not starts_pdn(words[1]):
            return None
        try:
            return words[1] if parse_command(line).name == REVIEW.name else None
        except CommandError:
            return None

    def _pasted(self) -> str:
        """The pasted PDN as one /review line."""
        assert self._pasting is not None
        pasted, self._pasting = "\n".join(self._pasting), None
        return f"/{REVIEW.name} {pasted}"

    async def _run(self, line: str) -> bool:
        """Run one command line; False when the person asked to quit."""
        if not line.strip():
            return True
        self._answering = []
        try:
            typed = parse_command(line, extra=tuple(CONSOLE_WORDS))
            command = replace(typed, name=CONSOLE_WORDS.get(typed.name, typed.name))
            if command.name == "quit":
                return False
            if not await self._console_command(command):
                events = await dispatch(
                    self.service,
                    self.actor,
                    CHAT,
                    self._with_pdn_file(command),
                    self._resolve_opponent,
                    everyone_administers,
                    self._progress,
                )
                # After /lang the answer is in the new language.
                self.language = await self.service.identities.language(self.actor)
                await self.show(events)
                if command.name == "help":
                    for console_line in CONSOLE_HELP:
                        self.say(console_line)
        except CommandError as error:
            self.say(error.reason)
        except BoardChanged as error:
            self.say(error.reason)
            await self._board(error.state, None)
        except ServiceError as error:
            self.say(error.reason)
        except OSError as error:
            self.say(text("Could not write the file: {reason}", reason=error.strerror or error))
        except Exception as error:
            # A bug (or a full disk) must not end the session: the stored games are safe.
            failures = self.service.kernel.failures
            self.say(failures.reason(error, logger, "the command %r failed", line))
        self.language = await self.service.identities.language(self.actor)
        waiting, self._answering = self._answering, None
        for _, _, waiting_line in waiting:
            self.say(waiting_line)
        # The computer answers before the next line is read: piped games stay in order.
        await self.service.kernel.background.idle()
        return True


async def run_console(
    service: GameService,
    *,
    input_stream: TextIO = sys.stdin,
    output: TextIO = sys.stdout,
    player: str | None = None,
    announce: Callable[[Console], None] | None = None,
    tag: str = "",
    terminal: Terminal | None = None,
    web: WebSettings | None = None,
    language: str | None = None,
) -> None:
    """Read commands until the end of input (or /quit): from `terminal` when the person types
    at one, else line by line from `input_stream`; `language`: the system's (LANG), which
    the console speaks until a language is chosen."""
    write = terminal.write if terminal is not None else None
    console = Console(service, output, player, language=language, tag=tag, write=write, web=web)
    await console.begin()
    if announce is not None:
        announce(console)
    loop = asyncio.get_running_loop()
    while True:
        if terminal is not None:
            line = await terminal.next_line()
        else:
            line = await loop.run_in_executor(None, input_stream.readline) or None
        if line is None:
            break
        if not await console.handle(line):
            return
    await console.finish()
