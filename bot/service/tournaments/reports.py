"""Seeing a tournament: the standings or the bracket (text and picture), the round's
pairings with the coin tosses, the games of an entry, and the exports (every game in one PDN
file, the standings as CSV). Everything is rebuilt from the stored facts."""

from __future__ import annotations

import asyncio
import logging

from bot.i18n import text, translate
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import (
    Actor,
    Event,
    FileReady,
    GameRow,
    Reply,
    ServiceError,
    TournamentPage,
    TournamentRow,
)
from bot.service.kernel.families import family_of, game_line, game_title
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.words.counts import entries_count
from bot.service.kernel.words.file_names import file_name
from bot.service.tournaments.arena_state import ArenaView, arena_csv, leaderboard, view_of
from bot.service.tournaments.lookup import EVERY, entry_names, pick, reader_language
from bot.service.tournaments.options import GROUP, board_place
from bot.service.tournaments.pictures import picture
from bot.service.tournaments.state import entry_of, rebuild
from bot.service.tournaments.text import (
    FORMAT_NAMES,
    STATUS_NAMES,
    bye_line,
    games_lines,
    joined,
    round_notice,
    standings_csv,
    standings_lines,
    table_games,
)
from bot.service.tournaments.verification import verification
from competition.pairing.tournament import Format, Tournament
from games.base import find_game
from storage import (
    ChatRef,
    TournamentFacts,
    TournamentRecord,
    TournamentStatus,
    TournamentStore,
)

logger = logging.getLogger(__name__)

# The tournaments a page lists: those taking entries or under way.
UNDER_WAY: tuple[TournamentStatus, ...] = ("registering", "running", "paused")


class TournamentReports(Capability):
    """What people see of a tournament."""

    def __init__(self, kernel: Kernel, tournaments: TournamentStore) -> None:
        super().__init__(kernel)
        self.tournaments = tournaments

    async def tournament_of_game(self, game_id: int) -> int | None:
        """The number of the tournament a game belongs to, if any."""
        return await self.tournaments.tournament_of_game(game_id)

    async def board_place(self, game_id: int) -> str:
        """Where the boards of a game go (tournament_options: GROUP, THREADS or PRIVATE, as
        its tournament's organiser chose); a game of no tournament is shown in its chat."""
        tournament_id = await self.tournament_of_game(game_id)
        if tournament_id is None:
            return GROUP
        return board_place((await self.tournaments.get_tournament(tournament_id)).options)

    async def listed(self, chat: ChatRef | None) -> list[TournamentRow]:
        """The tournaments taking entries or under way, a line each, for a page to link:
        those of `chat`, or (None) those created `open`, which every chat sees."""
        rows = []
        for record in await self.tournaments.tournaments(UNDER_WAY, chat):
            open_to_all = bool(record.options.get("open"))
            if chat is None and not open_to_all:
                continue
            line = text(
                "Tournament #{id}: {game}, {format} ({status})",
                id=record.id,
                game=game_title(record.kind),
                format=FORMAT_NAMES[Format(record.format)],
                status=STATUS_NAMES[record.status],
            )
            rows.append(TournamentRow(line, record.id, open_to_all))
        return rows

    async def open_games(self) -> list[GameRow]:
        """The live games of the tournaments created `open` (every chat sees them, their
        games too: `Kernel.check_visible`), a line each with its game."""
        rows = []
        for tournament in await self.listed(None):
            facts = await self.tournaments.tournament_facts(tournament.tournament_id)
            for table in facts.games:
                if table.game_id is None or table.status != "active":
                    continue
                try:
                    state = await self.kernel.state(table.game_id)
                except ServiceError as error:  # a stored game that cannot be read: said so
                    rows.append(GameRow(error.reason, None))
                    continue
                rows.append(GameRow(game_line(state), table.game_id))
        return rows

    async def _facts(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None
    ) -> tuple[TournamentFacts, Tournament | None, dict[str, str]]:
        record = await pick(self.kernel, self.tournaments, chat, tournament_id, EVERY, actor)
        facts = await self.tournaments.tournament_facts(record.id)
        paired = record.seed is not None and record.format != Format.ARENA
        state = rebuild(facts) if paired else None
        return facts, state, await entry_names(self.kernel, facts)

    def _arena(self, facts: TournamentFacts) -> ArenaView | None:
        """An arena under way or over, as its leaderboard sees it; None for the others."""
        if facts.tournament.format != Format.ARENA or facts.tournament.seed is None:
            return None
        return view_of(facts, self.kernel.clock())

    @routed
    async def show(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None = None
    ) -> list[Event]:
        """The standings (score, tie-breaks, games) with the picture; before the start, the
        entries."""
        facts, state, names = await self._facts(actor, chat, tournament_id)
        record = facts.tournament
        head = text(
            "Tournament #{id}: {game}, {format}, {entries} ({status}).",
            id=record.id,
            game=game_title(record.kind),
            format=FORMAT_NAMES[Format(record.format)],
            entries=entries_count(len(facts.entries)),
            status=STATUS_NAMES[record.status],
        )
        page = TournamentPage(record.id, bool(record.options.get("open")))
        arena = self._arena(facts)
        if arena is not None:
            board = leaderboard(facts, arena, names, self.kernel.clock(), len(arena.ranking))
            return [Reply(joined([head, board]), page)]
        if state is None:
            listing = ", ".join(names.values()) or "-"
            return [Reply(joined([head, text("Entries: {names}", names=listing)]), page)]
        knockout = record.format == Format.KNOCKOUT
        final = state.final.number if state.final else None
        lines = (
            games_lines(facts, names, None, final=final)
            if knockout
            else standings_lines(state, names)
        )
        if state.winner is not None:
            lines.append(text("The winner: {name}", name=names[state.winner]))
        events: list[Event] = [Reply(joined([head, *lines]), page)]
        language = await reader_language(self.kernel, actor)
        try:
            png = await asyncio.to_thread(picture, facts, state, names, language)
        except ValueError:
            logger.exception("no picture of tournament %s", record.id)
        else:
            caption = text("Tournament #{id}", id=record.id)
            name = file_name("tournament", record.id, "png", language)
            events.append(FileReady(name, png, caption))
        return events

    @routed
    async def pairings(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None = None
    ) -> list[Event]:
        """The tables of the round being played (else the last one), with the coin tosses."""
        facts, state, names = await self._facts(actor, chat, tournament_id)
        if self._arena(facts) is not None:
            playing = [
                line for game, line in table_games(facts, names, None) if game.status == "active"
            ]
            head = text("Arena #{id}: the games going on.", id=facts.tournament.id)
            return [Reply(joined([head, *playing]))]
        if state is None or not state.rounds:
            raise ServiceError(text("Tournament #{id} has not started.", id=facts.tournament.id))
        paired = state.current_round or state.rounds[-1]
        return [Reply(round_notice(facts, paired, names, paired is state.final))]

    @routed
    async def verify(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None = None
    ) -> list[Event]:
        """The draw and the coin tosses of a finished tournament checked against the seed
        revealed at its end and the commitment published at its start."""
        record = await pick(self.kernel, self.tournaments, chat, tournament_id, EVERY, actor)
        if record.status != "finished":
            raise ServiceError(
                text(
                    "The seed of tournament #{id} is revealed when it is over; it can be "
                    "checked then.",
                    id=record.id,
                )
            )
        return [Reply(verification(await self.tournaments.tournament_facts(record.id)))]

    @routed
    async def games(
        self,
        actor: Actor,
        chat: ChatRef | None,
        tournament_id: int | None = None,
        everyone: bool = False,
    ) -> list[Event]:
        """The games of the actor's entry (or of every entry), with their results; to an entry
        without a game in the round being played (a bye, or out of a knockout), that round's
        games too."""
        facts, state, names = await self._facts(actor, chat, tournament_id)
        player = await self.kernel.roster.player(actor)
        entry = None if everyone else entry_of(facts, player.id)
        final = state.final.number if state is not None and state.final else None
        lines = games_lines(facts, names, entry, final=final)
        playing = state.current_round if state is not None else None
        # An entry without a game in the round being played (a bye, or out of a knockout).
        if (
            entry is not None
            and playing is not None
            and not games_lines(facts, names, entry, playing.number)
        ):
            if playing.bye == str(entry):
                lines.append(bye_line(facts, names[str(entry)]))
            lines += [
                text("The games of round {round}:", round=playing.number),
                *games_lines(facts, names, None, playing.number, final),
            ]
        if not lines:
            return [Reply(text("No games yet in tournament #{id}.", id=facts.tournament.id))]
        return [Reply(joined(lines))]

    async def game_rows(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int
    ) -> list[GameRow]:
        """Every game of the tournament, a line each (as `games` writes it) with its game
        where the actor may see that game from `chat` (`Kernel.check_visible`), for a page to
        link; no rows before the first round."""
        facts, state, names = await self._facts(actor, chat, tournament_id)
        final = state.final.number if state is not None and state.final else None
        rows = []
        for table, line in table_games(facts, names, None, final=final):
            seen = table.game_id is not None and await self._seen(
                facts.tournament, table.game_id, actor, chat
            )
            rows.append(GameRow(line, table.game_id if seen else None))
        return rows

    async def _seen(
        self, tournament: TournamentRecord, game_id: int, actor: Actor, chat: ChatRef | None
    ) -> bool:
        """Whether the actor may see a game of `tournament` from `chat`. Seen from anywhere
        (`chat` None) or an open tournament's: every game, without reading each one."""
        if chat is None or tournament.options.get("open"):
            return True
        player = await self.kernel.roster.player(actor)
        try:
            await self.kernel.lookup.check_visible(
                await self.kernel.state(game_id), player.id, chat
            )
        except ServiceError:
            return False
        return True

    @routed
    async def export_pdn(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None = None
    ) -> list[Event]:
        """Every game in one PDN file, each tagged with the tournament (Event) and its round
        and table (Round), the names in the reader's language."""
        facts, _, _ = await self._facts(actor, chat, tournament_id)
        record = facts.tournament
        language = await reader_language(self.kernel, actor)
        event = translate(
            language,
            text(
                "Tournament #{id}: {game}, {format}",
                id=record.id,
                game=game_title(record.kind),
                format=FORMAT_NAMES[Format(record.format)],
            ),
        )
        parts = []
        for game in facts.games:
            if game.game_id is None:
                continue
            state = await self.kernel.state(game.game_id)
            tags = {"Event": event, "Round": f"{game.round}.{game.table}"}
            content = family_of(find_game(state.record.kind)).pdn(state, state.log, language, tags)
            if content is not None:
                parts.append(content.strip() + "\n")
        if not parts:
            raise ServiceError(text("No games yet in tournament #{id}.", id=record.id))
        return [
            FileReady(
                file_name("tournament", record.id, "pdn", language),
                "\n".join(parts).encode(),
                text("Every game of tournament #{id} in PDN.", id=record.id),
            )
        ]

    @routed
    async def export_csv(
        self, actor: Actor, chat: ChatRef | None, tournament_id: int | None = None
    ) -> list[Event]:
        facts, state, names = await self._facts(actor, chat, tournament_id)
        record = facts.tournament
        arena = self._arena(facts)
        if state is None and arena is None:
            raise ServiceError(text("Tournament #{id} has not started.", id=record.id))
        language = await reader_language(self.kernel, actor)
        content = (
            arena_csv(arena, names, language)
            if arena is not None
            else standings_csv(state, names, language)
            if state is not None
            else ""
        )
        return [
            FileReady(
                file_name("tournament", record.id, "csv", language),
                content.encode(),
                text("The standings of tournament #{id} as CSV.", id=record.id),
            )
        ]
